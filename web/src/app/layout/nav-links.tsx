import { PUBLIC_ROUTES } from '@flood/domain';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useMapPath } from '../../components/use-map-path';

const NAV_ROUTES = PUBLIC_ROUTES.filter((r) => r.nav);

/** The public pages of the main navigation (the bar on wide screens, the drawer on phones). */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const mapPath = useMapPath();
  return (
    <ul className="nav-list">
      {NAV_ROUTES.map((r) => (
        <li key={r.path}>
          <NavLink to={r.path === '/maps' ? mapPath() : r.path} className="nav-link" onClick={onNavigate}>
            {t(r.title)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
