import { useTranslation } from 'react-i18next';

export function AppFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="app-footer">
      <div className="app-footer-inner">
        <div>
          <p className="app-footer-district">{t('footer.district')}</p>
          <p>{t('footer.owner')}</p>
          <p>{t('footer.portal')}</p>
        </div>
        <p className="app-footer-copy">{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
