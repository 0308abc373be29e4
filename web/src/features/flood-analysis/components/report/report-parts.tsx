import { DownloadOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../../lib/api/download';
import type { ReportTexts } from './report-chart-options';

/** 'Xuất Excel': downloads the report's workbook with the session's token (errors are toasted by the client). */
export function ReportExportButton({
  path,
  fallbackName,
  testId,
}: {
  path: string;
  fallbackName: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(path, fallbackName);
    } catch {
      // the API client toasted it
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={busy} onClick={() => void run()} data-testid={testId}>
      {t('floodReport.export')}
    </Button>
  );
}

/** A chart with nothing to draw (back-office §1: 'Không có dữ liệu'). */
export function ReportNoData({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('floodReport.noData')} data-testid={testId} />;
}

/** The report charts' axis names and labels in the current language. */
export function useReportTexts(): ReportTexts {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      axisDay: t('floodReport.axisDay'),
      axisWater: t('floodReport.axisWater'),
      axisMonth: t('floodReport.axisMonth'),
      axisRain: t('floodReport.axisRain'),
      noValue: t('floodReport.noValue'),
      monthLabel: (month: number) => t('floodReport.monthShort', { month }),
    }),
    [t],
  );
}
