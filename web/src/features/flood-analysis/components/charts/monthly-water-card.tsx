import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/back-office-card';
import { LazyChart } from '../../../../components/lazy-chart';
import { downloadFile } from '../../../../lib/api/download';
import { districtToday } from '../../../../lib/format/date';
import { fetchWaterReport, reportKeys, waterReportExportPath } from '../../api/reports-api';
import { ChartTable } from './chart-table';
import { monthlyWaterOption, monthlyWaterRows, stationsWithData } from './flood-chart-options';

/**
 * 'Mực nước trung bình theo tháng' (back-office §2.9): a month picker and each water station's daily mean level
 * over that month in metres (`/api/report-water`), with its table and the Excel file of the same numbers.
 */
export function MonthlyWaterCard() {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Dayjs>(() => districtToday().startOf('month'));
  const month = picked.format('MM/YYYY');
  const report = useQuery({
    queryKey: reportKeys.water(month),
    queryFn: () => fetchWaterReport(month),
    placeholderData: keepPreviousData,
  });
  const stations = useMemo(() => stationsWithData(report.data), [report.data]);
  const option = useMemo(() => monthlyWaterOption(stations, t), [stations, t]);
  const [exporting, setExporting] = useState(false);
  const hasData = stations.length > 0;
  const title = t('floodAnalysis.monthlyTitle');

  const exportExcel = async () => {
    setExporting(true);
    try {
      await downloadFile(waterReportExportPath(month), `bao-cao-muc-nuoc-${month.replace('/', '-')}.xlsx`);
    } catch {
      // the API client toasted it
    } finally {
      setExporting(false);
    }
  };

  return (
    <SectionCard
      title={title}
      data-testid="monthly-water-card"
      actions={
        <>
          <DatePicker
            picker="month"
            value={picked}
            format="MM/YYYY"
            allowClear={false}
            onChange={(v) => v && setPicked(v)}
            aria-label={t('floodAnalysis.month')}
            data-testid="monthly-water-month"
          />
          {hasData && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void exportExcel()}
              data-testid="monthly-water-export"
            >
              {t('statistics.export')}
            </Button>
          )}
        </>
      }
    >
      {hasData || report.isPending ? (
        <>
          <LazyChart
            option={option}
            loading={report.isFetching}
            ariaLabel={t('floodAnalysis.monthlyChartLabel', { month })}
            data-testid="monthly-water-chart"
          />
          {hasData && (
            <ChartTable
              caption={t('floodAnalysis.monthlyChartLabel', { month })}
              head={[t('floodAnalysis.day'), ...stations.map((s) => `${s.stationName} (m)`)]}
              rows={monthlyWaterRows(stations, t)}
              data-testid="monthly-water-table"
            />
          )}
        </>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('statistics.noData')}
          data-testid="monthly-water-empty"
        />
      )}
    </SectionCard>
  );
}
