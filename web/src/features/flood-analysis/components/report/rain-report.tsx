import type { Language, RainReport as RainReportData } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyChart } from '../../../../components/lazy-chart';
import { districtToday } from '../../../../lib/format/date';
import { fetchRainReport, rainReportExportPath, reportKeys } from '../../api/reports-api';
import { formatReportNumber, rainReportHasData, rainReportOption, rainStationsWithData } from './report-chart-options';
import { ReportExportButton, ReportNoData, useReportTexts } from './report-parts';

/**
 * (b) The yearly rain report by month (back-office §2.10): a year picker, each rain station's total rain
 * per month in mm as bars, the figures as a table (stations × months, with the year's total) and the Excel
 * file of `/api/report-rain/export`.
 */
export function RainReport() {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const texts = useReportTexts();
  const [day, setDay] = useState<Dayjs>(() => districtToday().startOf('year'));
  const year = day.year();
  const query = useQuery({ queryKey: reportKeys.rain(year), queryFn: () => fetchRainReport(year) });
  const report = query.data;
  const option = useMemo(
    () => (rainReportHasData(report) ? rainReportOption(report, lang, texts) : null),
    [report, lang, texts],
  );
  const title = t('floodReport.rainChart', { year });

  return (
    <div className="report-panel" data-testid="rain-report">
      <div className="comparison-filters">
        <DatePicker
          picker="year"
          format="YYYY"
          value={day}
          allowClear={false}
          onChange={(v) => v && setDay(v.startOf('year'))}
          aria-label={t('floodReport.year')}
          data-testid="rain-report-year"
        />
        {option && (
          <ReportExportButton
            path={rainReportExportPath(year)}
            fallbackName={`bao-cao-mua-${year}.xlsx`}
            testId="rain-report-export"
          />
        )}
      </div>
      <h3 className="report-title">{title}</h3>
      {option && report ? (
        <>
          <LazyChart option={option} loading={query.isFetching} ariaLabel={title} data-testid="rain-report-chart" />
          <RainTable report={report} lang={lang} />
        </>
      ) : query.isPending ? (
        <LazyChart option={{}} loading ariaLabel={title} />
      ) : (
        <ReportNoData testId="rain-report-empty" />
      )}
    </div>
  );
}

function RainTable({ report, lang }: { report: RainReportData; lang: Language }) {
  const { t } = useTranslation();
  const mm = (v: number) => formatReportNumber(v, lang, 1);
  return (
    <details className="report-table-details" data-testid="rain-report-table">
      <summary>{t('floodReport.tableToggle')}</summary>
      <div className="report-table-scroll">
        <table className="report-table">
          <caption className="visually-hidden">{t('floodReport.rainTableCaption', { year: report.year })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('floodReport.station')}</th>
              {Array.from({ length: 12 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the twelve months
                <th scope="col" key={i}>
                  {t('floodReport.monthShort', { month: i + 1 })}
                </th>
              ))}
              <th scope="col">{t('floodReport.total')}</th>
            </tr>
          </thead>
          <tbody>
            {rainStationsWithData(report).map((s) => (
              <tr key={s.stationCode} data-testid={`rain-report-row-${s.stationCode}`}>
                <th scope="row" className="report-table-text">{`${s.stationName} (${s.stationCode})`}</th>
                {s.months.map((v, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the twelve months
                  <td key={i}>{mm(v)}</td>
                ))}
                <td>{mm(s.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
