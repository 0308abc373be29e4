import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnitNameOfPage } from '../lib/area/public-unit';

/** Sets the tab title to '{page title} – Cảnh báo lũ'; on a unit's pages '{page title} – Xã … – Cảnh báo lũ'. */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const unitName = useUnitNameOfPage();
  const suffix = unitName ? `${unitName} – ${t('app.titleSuffix')}` : t('app.titleSuffix');
  useEffect(() => {
    document.title = `${pageTitle} – ${suffix}`;
  }, [pageTitle, suffix]);
}
