import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title';

/** Any unknown path (and `/news/:id` with a non-numeric id). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('page.notFound'));
  return (
    <Card className="page-card" variant="borderless">
      <Result
        status="404"
        title={<h1 className="not-found-title">{t('errors.notFoundTitle')}</h1>}
        subTitle={t('errors.notFoundSubtitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/home')} data-testid="not-found-home">
            {t('errors.backHome')}
          </Button>
        }
      />
    </Card>
  );
}

export default NotFoundPage;
