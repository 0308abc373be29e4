import type { Language, WaterReport as WaterReportData } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyChart } from '../../../../components/lazy-chart';
import { districtToday } from '../../../../lib/format/date';
import { fetchWaterReport, reportKeys, waterReportExportPath } from '../../api/reports-api';
import {
  formatReportNumber,
  metres,
  waterReportHasData,
  waterReportOption,
  waterStationsWithData,
} from './report-chart-options';
import { ReportExportButton, ReportNoData, useReportTexts } from './report-parts';

/**
 * (a) The monthly water report (back-office §2.10): a month picker (MM/YYYY), the daily mean level of each
 * water station in metres as lines, the figures as a table (days × stations, with the month's average)
 * and the Excel file of `/api/report-water/export`.
 */
export function WaterReport() {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const texts = useReportTexts();
  const [day, setDay] = useState<Dayjs>(() => districtToday().startOf('month'));
  const month = day.format('MM/YYYY');
  const query = useQuery({ queryKey: reportKeys.water(month), queryFn: () => fetchWaterReport(month) });
  const report = query.data;
  const option = useMemo(
    () => (waterReportHasData(report) ? waterReportOption(report, lang, texts) : null),
    [report, lang, texts],
  );
  const title = t('floodReport.waterChart', { month });

  return (
    <div className="report-panel" data-testid="water-report">
      <div className="comparison-filters">
        <DatePicker
          picker="month"
          format="MM/YYYY"
          value={day}
          allowClear={false}
          onChange={(v) => v && setDay(v.startOf('month'))}
          aria-label={t('floodReport.month')}
          data-testid="water-report-month"
        />
        {option && (
          <ReportExportButton
            path={waterReportExportPath(month)}
            fallbackName={`bao-cao-muc-nuoc-${month.replace('/', '-')}.xlsx`}
            testId="water-report-export"
          />
        )}
      </div>
      <h3 className="report-title">{title}</h3>
      {option && report ? (
        <>
          <LazyChart option={option} loading={query.isFetching} ariaLabel={title} data-testid="water-report-chart" />
          <WaterTable report={report} lang={lang} />
        </>
      ) : query.isPending ? (
        <LazyChart option={{}} loading ariaLabel={title} />
      ) : (
        <ReportNoData testId="water-report-empty" />
      )}
    </div>
  );
}

function WaterTable({ report, lang }: { report: WaterReportData; lang: Language }) {
  const { t } = useTranslation();
  const stations = waterStationsWithData(report);
  const dates = stations[0]?.days.map((d) => d.date) ?? [];
  const m = (cm: number | null) => {
    const v = metres(cm);
    return v === null ? '–' : formatReportNumber(v, lang, 2);
  };
  return (
    <details className="report-table-details" data-testid="water-report-table">
      <summary>{t('floodReport.tableToggle')}</summary>
      <div className="report-table-scroll">
        <table className="report-table">
          <caption className="visually-hidden">{t('floodReport.waterTableCaption', { month: report.month })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('floodReport.day')}</th>
              {stations.map((s) => (
                <th scope="col" key={s.stationCode}>{`${s.stationName} (${s.stationCode})`}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((date, i) => (
              <tr key={date}>
                <th scope="row">{date}</th>
                {stations.map((s) => (
                  <td key={s.stationCode}>{m(s.days[i]?.average ?? null)}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('floodReport.average')}</th>
              {stations.map((s) => (
                <td key={s.stationCode} data-testid={`water-report-average-${s.stationCode}`}>
                  {m(s.average)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </details>
  );
}
