import type { Language } from '@flood/domain';
import { FLOOD_ANALYSIS_CHARTS, FLOOD_ANALYSIS_STATUS_LABELS, type FloodAnalysis } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyChart } from '../../../../components/lazy-chart';
import { formatDistrictDateTime } from '../../../../lib/format/date';
import { fetchFloodAnalysis, floodAnalysisKey } from '../../api/flood-analysis-api';
import {
  analysisChartHeight,
  analysisHasData,
  areaByCommuneOption,
  formatAnalysisNumber,
} from '../analysis-modal/flood-analysis-chart-options';
import type { AnalysisLayerState } from './analysis-layer-state';

/** While the server measures the layer, ask again this often. */
const POLL_MS = 2000;
const underWay = (a: FloodAnalysis | null | undefined) => a?.status === 'PENDING' || a?.status === 'RUNNING';

/**
 * Under the analysis map: the flooded area per commune of the chosen flood event or scenario
 * (`GET /api/flood-analysis/{geodataId}`), as the public flood modal's first bar chart (hectares stacked by
 * depth) with its figures as a small table.
 */
export function CommuneAnalysis({ chosen }: { chosen: AnalysisLayerState['chosen'] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  const geodataId = chosen?.itemId ?? null;
  const query = useQuery({
    queryKey: floodAnalysisKey(geodataId ?? 0),
    queryFn: () => fetchFloodAnalysis(geodataId!),
    enabled: geodataId !== null,
    refetchInterval: (q) => (underWay(q.state.data) ? POLL_MS : false),
  });
  const analysis = query.data;

  let body: ReactNode;
  if (geodataId === null) {
    body = <p className="commune-analysis-muted">{t('floodAnalysisMap.analysisHint')}</p>;
  } else if (query.isPending) {
    body = <Spin description={t('common.loading')} />;
  } else if (query.isError) {
    body = (
      <p className="commune-analysis-muted" role="alert">
        {t('errors.generic')}
      </p>
    );
  } else if (underWay(analysis) || analysis?.status === 'FAILED') {
    body = (
      <p className="commune-analysis-muted" role="status" data-testid="commune-analysis-status">
        {FLOOD_ANALYSIS_STATUS_LABELS[analysis!.status][lang]}
        {analysis?.error ? ` – ${analysis.error}` : ''}
      </p>
    );
  } else if (analysisHasData(analysis)) {
    body = <AnalysisFigures analysis={analysis} lang={lang} />;
  } else {
    body = (
      <p className="commune-analysis-muted" data-testid="commune-analysis-empty">
        {t('floodAnalysisMap.noAnalysis')}
      </p>
    );
  }

  return (
    <section className="commune-analysis" aria-labelledby="commune-analysis-title" data-testid="commune-analysis">
      <div className="commune-analysis-head">
        <h3 id="commune-analysis-title">{FLOOD_ANALYSIS_CHARTS.areaByCommune[lang]}</h3>
        {analysis?.time && (
          <span className="commune-analysis-muted">
            {t('floodAnalysisMap.analysisOf', { time: formatDistrictDateTime(analysis.time), name: analysis.name })}
          </span>
        )}
      </div>
      {body}
    </section>
  );
}

function AnalysisFigures({ analysis, lang }: { analysis: FloodAnalysis; lang: Language }) {
  const { t } = useTranslation();
  const option = useMemo(
    () => areaByCommuneOption(analysis, lang, { floodedSeries: t('floodAnalysisMap.floodedSeries') }),
    [analysis, lang, t],
  );
  const ha = (v: number) => formatAnalysisNumber(v, lang);
  const rows = analysis.total ? [...analysis.communes, analysis.total] : analysis.communes;
  return (
    <>
      <LazyChart
        option={option}
        height={analysisChartHeight(analysis)}
        ariaLabel={FLOOD_ANALYSIS_CHARTS.areaByCommune[lang]}
        data-testid="commune-analysis-chart"
      />
      <details className="report-table-details" data-testid="commune-analysis-table">
        <summary>{t('floodAnalysisMap.tableToggle')}</summary>
        <div className="report-table-scroll">
          <table className="report-table">
            <thead>
              <tr>
                <th scope="col">{t('floodAnalysisMap.commune')}</th>
                <th scope="col">{t('floodAnalysisMap.flooded')}</th>
                <th scope="col">{t('floodAnalysisMap.share')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id}>
                  <th scope="row" className="report-table-text">
                    {a.id === 'TOTAL' ? t('floodAnalysisMap.total') : a.fullName}
                  </th>
                  <td>{ha(a.floodedHa)}</td>
                  <td>{formatAnalysisNumber(a.sharePercent, lang, 1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
