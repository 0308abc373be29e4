import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './use-document-title';

interface PlaceholderPageProps {
  /** i18n key of the page title, from the domain route table. */
  titleKey: string;
}

/** A page whose feature is not built yet: its title and a short notice (plain markup: public pages use it). */
export function PlaceholderPage({ titleKey }: PlaceholderPageProps) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <section className="page-card page-panel">
      <h1 className="page-title">{title}</h1>
      <p className="page-muted">{t('page.underConstruction')}</p>
    </section>
  );
}
