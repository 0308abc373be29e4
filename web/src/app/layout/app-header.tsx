import { LoginOutlined, MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { PortalLogo } from '../../components/portal-logo';
import { isAuthenticated, useSession } from '../../lib/session/session-store';
import { useCurrentRouteDef } from '../route-handle';
import { NavLinks } from './nav-links';

// Loaded when needed: visitors who are not signed in (most of a storm night's crowd) never fetch the
// signed-in menus (antd Dropdown, Menu), the login form or the phone drawer.
const LoginModal = lazy(() => import('../../features/auth/components/login-modal'));
const UserMenu = lazy(async () => ({ default: (await import('../../features/auth/components/user-menu')).UserMenu }));
const ViewSwitch = lazy(async () => ({
  default: (await import('../../features/auth/components/view-switch')).ViewSwitch,
}));
const NavDrawer = lazy(() => import('./nav-drawer'));

export function AppHeader() {
  const { t } = useTranslation();
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
        <Button
          type="text"
          className="header-button header-burger"
          icon={<MenuOutlined />}
          aria-label={t('header.menu')}
          aria-expanded={drawerOpen}
          onClick={() => {
            setDrawerMounted(true);
            setDrawerOpen(true);
          }}
        />
        <Link to="/dashboard" className="brand">
          <PortalLogo className="brand-logo" />
          <span className="brand-text">
            <span className="brand-tagline">{t('app.tagline')}</span>
            <span className="brand-name">{t('app.name')}</span>
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
            <Button
              type="primary"
              className="header-login"
              icon={<LoginOutlined />}
              onClick={openLogin}
              data-testid="header-login"
            >
              <span className="header-button-text">{t('header.login')}</span>
            </Button>
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
