import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title';

/**
 * Any unknown path (and `/news/:id` with a non-numeric id). Plain markup on purpose: it is in the shell,
 * and antd's Card and Result would bring their tabs and illustrations to every first load.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('page.notFound'));
  return (
    <section className="page-card page-panel not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found-title">{t('errors.notFoundTitle')}</h1>
      <p className="page-muted">{t('errors.notFoundSubtitle')}</p>
      <button type="button" className="btn-primary" onClick={() => navigate('/home')} data-testid="not-found-home">
        {t('errors.backHome')}
      </button>
    </section>
  );
}

export default NotFoundPage;
