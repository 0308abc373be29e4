import { LeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicUnit } from '../../lib/area/public-unit';

/**
 * The slim bar of a page without the header (`/maps-mobile`): the way back to the portal, so that a phone that
 * opened the map is never at a dead end.
 */
export function BareBar() {
  const { t } = useTranslation();
  const { path } = usePublicUnit();
  return (
    <nav className="bare-bar" aria-label={t('app.shortName')} data-testid="bare-bar">
      <Link to={path('/dashboard')} className="bare-bar-back" data-testid="bare-bar-back">
        <LeftOutlined aria-hidden />
        {t('alerts.backToPortal')}
      </Link>
      <span className="bare-bar-title">{t('app.shortName')}</span>
    </nav>
  );
}
