import '../feedback.css';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/use-document-title';
import { FeedbackForm } from '../components/feedback-form';

/** /feedback (spec §2): 'Liên hệ và góp ý', the visitors' feedback form. Public: plain markup, no antd form. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const title = t('page.feedback');
  useDocumentTitle(title);
  return (
    <section className="page-card page-panel feedback-page" aria-labelledby="feedback-title">
      <h1 id="feedback-title" className="page-title">
        {title}
      </h1>
      <p className="page-muted">{t('feedback.intro')}</p>
      <FeedbackForm />
    </section>
  );
}
