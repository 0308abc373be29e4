import '../analysis-map/analysis-map-section.css';
import { Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { RainReport } from './rain-report';
import { WaterReport } from './water-report';

export interface ReportModalProps {
  open: boolean;
  /** Phones: the modal takes the screen's width. */
  mobile: boolean;
  onClose: () => void;
}

/**
 * The thematic map's 'Báo cáo' (back-office §2.10): (a) the monthly water report and (b) the yearly rain
 * report by month, each a chart with its table and its Excel export.
 */
export function ReportModal({ open, mobile, onClose }: ReportModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('floodReport.title')}
      onCancel={onClose}
      footer={null}
      width={mobile ? '100%' : 1000}
      centered={!mobile}
      wrapClassName="report-modal"
      closable={{ 'aria-label': t('common.close') }}
    >
      <div data-testid="report-modal">
        <Tabs
          items={[
            { key: 'water', label: t('floodReport.waterTab'), children: <WaterReport /> },
            { key: 'rain', label: t('floodReport.rainTab'), children: <RainReport /> },
          ]}
        />
      </div>
    </Modal>
  );
}
