import { LoginOutlined, MenuOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { PortalLogo } from '../../components/portal-logo';
import { usePublicUnit } from '../../lib/area/public-unit';
import { useAreaNames } from '../../lib/area/use-area';
import { isAuthenticated, useSession } from '../../lib/session/session-store';
import { inAntdScope } from '../antd-lazy';
import { useCurrentRouteDef } from '../route-handle';
import { NavLinks } from './nav-links';

// Loaded when needed: visitors who are not signed in (most of a storm night's crowd) never fetch the
// signed-in menus (antd Dropdown, Menu), the login form or the phone drawer.
// Each comes with antd's scope (locale, theme, toasts), itself loaded only then.
const LoginModal = lazy(() => inAntdScope(import('../../features/auth/components/login-modal')));
// Named exports, read in a loader of their own (a `.then` inside `lazy` would be typed from lazy's side).
const loadUserMenu = async () => ({ default: (await import('../../features/auth/components/user-menu')).UserMenu });
const loadViewSwitch = async () => ({
  default: (await import('../../features/auth/components/view-switch')).ViewSwitch,
});
const UserMenu = lazy(() => inAntdScope(loadUserMenu()));
const ViewSwitch = lazy(() => inAntdScope(loadViewSwitch()));
const NavDrawer = lazy(() => inAntdScope(import('./nav-drawer')));

export function AppHeader() {
  const { t } = useTranslation();
  const names = useAreaNames();
  const unit = usePublicUnit();
  const session = useSession();
  const route = useCurrentRouteDef();
  const [loginOpen, setLoginOpen] = useState(false);
  const [loginMounted, setLoginMounted] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerMounted, setDrawerMounted] = useState(false);
  const signedIn = isAuthenticated(session);

  const openLogin = () => {
    setLoginMounted(true);
    setLoginOpen(true);
  };

  return (
    <header className="app-header">
      <div className="app-header-top">
        <button
          type="button"
          className="header-button header-burger"
          aria-label={t('header.menu')}
          aria-expanded={drawerOpen}
          onClick={() => {
            setDrawerMounted(true);
            setDrawerOpen(true);
          }}
        >
          <MenuOutlined aria-hidden />
        </button>
        <Link to={unit.path('/dashboard')} className="brand">
          <PortalLogo className="brand-logo" />
          <span className="brand-text">
            <span className="brand-tagline">{t('app.tagline')}</span>
            <span className="brand-name">{names.portalName}</span>
            {/* A unit's pages (#26 point 4) say whose they are. */}
            {unit.name && (
              <span className="brand-unit" data-testid="brand-unit">
                {unit.name}
              </span>
            )}
          </span>
        </Link>
        <div className="header-actions">
          <LanguageSwitch />
          {signedIn ? (
            <Suspense fallback={null}>
              <ViewSwitch session={session} currentView={route?.view} />
              <UserMenu session={session} />
            </Suspense>
          ) : (
            <button type="button" className="header-login" onClick={openLogin} data-testid="header-login">
              <LoginOutlined aria-hidden />
              <span className="header-button-text">{t('header.login')}</span>
            </button>
          )}
        </div>
      </div>
      <nav className="app-nav" aria-label={t('header.mainNav')}>
        <NavLinks />
      </nav>
      {drawerMounted && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      {loginMounted && !signedIn && (
        <Suspense fallback={null}>
          <LoginModal open={loginOpen} onClose={() => setLoginOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
