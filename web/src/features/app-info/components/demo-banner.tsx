import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../api/app-info-api';

/** Says plainly, on every page, that the stations and readings are illustrative (demo mode). */
export function DemoBanner() {
  const { t } = useTranslation();
  const { data } = useAppInfo();
  if (!data?.demo) return null;
  return (
    <div className="demo-banner" role="note" data-testid="demo-banner">
      <ExperimentOutlined aria-hidden /> <strong>{t('demo.title')}</strong> — {t('demo.text')}
    </div>
  );
}
