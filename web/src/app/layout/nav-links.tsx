import { PUBLIC_ROUTES } from '@flood/domain';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useMapPath } from '../../components/use-map-path';
import { usePublicUnit } from '../../lib/area/public-unit';

const NAV_ROUTES = PUBLIC_ROUTES.filter((r) => r.nav);

/** The public pages of the main navigation (the bar on wide screens, the drawer on phones). */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const mapPath = useMapPath();
  // On a unit's pages (#26 point 4) the links stay on that unit's pages.
  const { path } = usePublicUnit();
  return (
    <ul className="nav-list">
      {NAV_ROUTES.map((r) => (
        <li key={r.path}>
          <NavLink to={r.path === '/maps' ? mapPath() : path(r.path)} className="nav-link" onClick={onNavigate}>
            {t(r.title)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
