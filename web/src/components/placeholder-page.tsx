import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './use-document-title';

interface PlaceholderPageProps {
  /** i18n key of the page title, from the domain route table. */
  titleKey: string;
}

/** A page whose feature is not built yet: its title and a short notice. */
export function PlaceholderPage({ titleKey }: PlaceholderPageProps) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <Card className="page-card" variant="borderless">
      <Typography.Title level={1} className="page-title">
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('page.underConstruction')}</Typography.Paragraph>
    </Card>
  );
}
