import { useTranslation } from 'react-i18next';
import { useAreaNames } from '../../lib/area/use-area';

/** The footer: the area and who runs the portal (the area's settings, #26), and the copyright. */
export function AppFooter() {
  const { t } = useTranslation();
  const names = useAreaNames();
  const year = new Date().getFullYear();
  return (
    <footer className="app-footer">
      <div className="app-footer-inner">
        <div>
          <p className="app-footer-district">{names.footerArea}</p>
          <p>{names.owner}</p>
          <p>{t('footer.portal')}</p>
        </div>
        <p className="app-footer-copy">{names.copyright(year)}</p>
      </div>
    </footer>
  );
}
