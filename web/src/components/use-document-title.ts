import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to '{page title} – Cảnh báo lũ'. */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const suffix = t('app.titleSuffix');
  useEffect(() => {
    document.title = `${pageTitle} – ${suffix}`;
  }, [pageTitle, suffix]);
}
