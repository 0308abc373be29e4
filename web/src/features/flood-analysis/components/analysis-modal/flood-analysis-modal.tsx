import type { Language } from '@flood/domain';
import './flood-analysis-modal.css';
import {
  FLOOD_ANALYSIS_CHARTS,
  FLOOD_ANALYSIS_STATUS_LABELS,
  type FloodAnalysis,
  type FloodAnalysisArea,
} from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { Modal, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyChart } from '../../../../components/lazy-chart';
import { formatDistrictDateTime } from '../../../../lib/format/date';
import { fetchFloodAnalysis, floodAnalysisKey } from '../../api/flood-analysis-api';

import {
  analysisChartHeight,
  analysisHasData,
  areaByCommuneOption,
  formatAnalysisNumber,
  shareByCommuneOption,
  stackedByDepth,
} from './flood-analysis-chart-options';

/** While the server measures the layer, the modal asks again this often. */
export const FLOOD_ANALYSIS_POLL_MS = 2000;

const underWay = (a: FloodAnalysis | null | undefined) => a?.status === 'PENDING' || a?.status === 'RUNNING';

export interface FloodAnalysisModalProps {
  /** The chosen flood layer (its geodata item). */
  geodataId: number;
  open: boolean;
  mobile: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * The flood modal of the public map (public-portal §2): the flooded area per commune of the chosen flood
 * layer as two bar charts — hectares stacked by depth class, and the share of each commune flooded — with
 * the figures as a table under them. Polls while the analysis is under way. Loaded (with ECharts) only when a
 * flood polygon is clicked.
 */
export default function FloodAnalysisModal({ geodataId, open, mobile, onClose, afterClose }: FloodAnalysisModalProps) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const query = useQuery({
    queryKey: floodAnalysisKey(geodataId),
    queryFn: () => fetchFloodAnalysis(geodataId),
    refetchInterval: (q) => (underWay(q.state.data) ? FLOOD_ANALYSIS_POLL_MS : false),
  });
  const analysis = query.data;
  const title = analysis?.time
    ? t('floodAnalysisModal.titleAt', { time: formatDistrictDateTime(analysis.time) })
    : t('floodAnalysisModal.title');

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      afterClose={afterClose}
      footer={null}
      width={mobile ? '100%' : 820}
      centered={!mobile}
      wrapClassName="flood-analysis-modal"
      closable={{ 'aria-label': t('common.close') }}
    >
      <div data-testid="flood-analysis-modal" data-geodata={geodataId} data-status={analysis?.status ?? ''}>
        {query.isPending ? (
          <div className="flood-analysis-wait">
            <Spin description={t('common.loading')} />
          </div>
        ) : query.isError ? (
          <p className="flood-analysis-note" role="alert">
            {t('errors.generic')}
          </p>
        ) : underWay(analysis) ? (
          <div className="flood-analysis-wait" role="status" data-testid="flood-analysis-pending">
            <Spin />
            <strong>{FLOOD_ANALYSIS_STATUS_LABELS[analysis!.status][lang]}</strong>
            <span className="flood-analysis-note">{t('floodAnalysisModal.polling')}</span>
          </div>
        ) : analysis?.status === 'FAILED' ? (
          <div className="flood-analysis-wait" role="alert" data-testid="flood-analysis-failed">
            <strong>{FLOOD_ANALYSIS_STATUS_LABELS.FAILED[lang]}</strong>
            {analysis.error && <span className="flood-analysis-note">{analysis.error}</span>}
          </div>
        ) : analysisHasData(analysis) ? (
          <AnalysisCharts analysis={analysis} lang={lang} mobile={mobile} />
        ) : (
          <p className="flood-analysis-note" data-testid="flood-analysis-empty">
            {t('floodAnalysisModal.noData')}
          </p>
        )}
      </div>
    </Modal>
  );
}

function AnalysisCharts({ analysis, lang, mobile }: { analysis: FloodAnalysis; lang: Language; mobile: boolean }) {
  const { t } = useTranslation();
  const area = useMemo(
    () => areaByCommuneOption(analysis, lang, { floodedSeries: t('floodAnalysisModal.floodedSeries') }),
    [analysis, lang, t],
  );
  const share = useMemo(
    () => shareByCommuneOption(analysis, lang, { shareSeries: t('floodAnalysisModal.shareSeries') }),
    [analysis, lang, t],
  );
  // Roomier rows on a wide screen; the share chart has no legend above it.
  const extra = mobile ? 0 : 20;
  const areaHeight = analysisChartHeight(analysis, stackedByDepth(analysis)) + extra;
  const shareHeight = analysisChartHeight(analysis, false) + extra;
  const areaTitle = FLOOD_ANALYSIS_CHARTS.areaByCommune[lang];
  const shareTitle = FLOOD_ANALYSIS_CHARTS.shareByCommune[lang];
  return (
    <>
      <section className="flood-analysis-chart" aria-label={areaTitle}>
        <h3>{areaTitle}</h3>
        <LazyChart option={area} height={areaHeight} ariaLabel={areaTitle} data-testid="flood-analysis-area-chart" />
      </section>
      <section className="flood-analysis-chart" aria-label={shareTitle}>
        <h3>{shareTitle}</h3>
        <LazyChart
          option={share}
          height={shareHeight}
          ariaLabel={shareTitle}
          data-testid="flood-analysis-share-chart"
        />
      </section>
      <AnalysisTable analysis={analysis} lang={lang} />
    </>
  );
}

/** The charts' figures as a table (the text alternative), with the Total. */
function AnalysisTable({ analysis, lang }: { analysis: FloodAnalysis; lang: Language }) {
  const { t } = useTranslation();
  const classes = stackedByDepth(analysis) ? analysis.classes : [];
  const ha = (v: number) => formatAnalysisNumber(v, lang);
  const row = (a: FloodAnalysisArea, total = false) => {
    const Cell = total ? 'th' : 'td';
    return (
      <tr key={a.id} data-testid={`flood-analysis-row-${a.id}`}>
        <th scope="row">{total ? t('floodAnalysisModal.total') : a.fullName}</th>
        <Cell>{ha(a.floodedHa)}</Cell>
        <Cell>{formatAnalysisNumber(a.sharePercent, lang, 1)}</Cell>
        <Cell>{ha(a.areaHa)}</Cell>
        {classes.map((c) => (
          <Cell key={c.key}>{ha(a.byClass.find((b) => b.key === c.key)?.floodedHa ?? 0)}</Cell>
        ))}
      </tr>
    );
  };
  return (
    <details className="flood-analysis-details" data-testid="flood-analysis-table">
      <summary>{t('floodAnalysisModal.tableToggle')}</summary>
      <div className="flood-analysis-table-scroll">
        <table className="flood-analysis-table">
          <caption className="visually-hidden">{t('floodAnalysisModal.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('floodAnalysisModal.commune')}</th>
              <th scope="col">{t('floodAnalysisModal.flooded')}</th>
              <th scope="col">{t('floodAnalysisModal.share')}</th>
              <th scope="col">{t('floodAnalysisModal.communeArea')}</th>
              {classes.map((c) => (
                <th scope="col" key={c.key}>
                  {t('floodAnalysisModal.classColumn', { label: c[lang] })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{analysis.communes.map((c) => row(c))}</tbody>
          {analysis.total && <tfoot>{row(analysis.total, true)}</tfoot>}
        </table>
      </div>
      {analysis.outsideHa > 0 && (
        <p className="flood-analysis-note">{t('floodAnalysisModal.outside', { ha: ha(analysis.outsideHa) })}</p>
      )}
    </details>
  );
}
