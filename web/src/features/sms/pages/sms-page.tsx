import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/back-office-card';
import { HistoryCard } from '../components/history-card';
import { RecipientsCard } from '../components/recipients-card';
import { SubscribersCard } from '../components/subscribers-card';
import { TemplatesCard } from '../components/templates-card';

/**
 * /system/sms: the warning message templates, who receives them (staff, and residents subscribed, #24) and what was
 * sent.
 */
export default function SmsPage() {
  const { t } = useTranslation();
  return (
    <div className="page-stack">
      <PageHeading title={t('page.sms')} />
      <TemplatesCard />
      <RecipientsCard />
      <SubscribersCard />
      <HistoryCard />
    </div>
  );
}
