import { BarChartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/back-office-card';
import AnalysisMapSection from '../components/analysis-map/analysis-map-section';
import { ReportModal } from '../components/report/report-modal';

const isPhone = () => Boolean(window.matchMedia?.('(max-width: 767px)').matches);

/**
 * /analyze/report, 'Bản đồ chuyên đề' (back-office §2.10): the analysis flood map with a 'Báo cáo' button
 * opening the monthly water report and the yearly rain report by month.
 */
export default function ReportPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [mobile, setMobile] = useState(false);
  return (
    <div className="page-stack">
      <PageHeading title={t('page.report')} />
      <AnalysisMapSection
        actions={
          <Button
            type="primary"
            icon={<BarChartOutlined aria-hidden />}
            onClick={() => {
              setMobile(isPhone());
              setOpen(true);
            }}
            data-testid="report-open"
          >
            {t('floodReport.open')}
          </Button>
        }
      />
      <ReportModal open={open} mobile={mobile} onClose={() => setOpen(false)} />
    </div>
  );
}
