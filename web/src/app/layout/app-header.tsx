import { LoginOutlined, MenuOutlined } from '@ant-design/icons';
import { PUBLIC_ROUTES } from '@flood/domain';
import { Button, Drawer, Layout } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { PortalLogo } from '../../components/portal-logo';
import { UserMenu } from '../../features/auth/components/user-menu';
import { ViewSwitch } from '../../features/auth/components/view-switch';
import { isAuthenticated, useSession } from '../../lib/session/session-store';
import { useCurrentRouteDef } from '../route-handle';

const LoginModal = lazy(() => import('../../features/auth/components/login-modal'));

const NAV_ROUTES = PUBLIC_ROUTES.filter((r) => r.nav);

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className="nav-list">
      {NAV_ROUTES.map((r) => (
        <li key={r.path}>
          <NavLink to={r.path} className="nav-link" onClick={onNavigate}>
            {t(r.title)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function AppHeader() {
  const { t } = useTranslation();
  const session = useSession();
  const route = useCurrentRouteDef();
  const [loginOpen, setLoginOpen] = useState(false);
  const [loginMounted, setLoginMounted] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const signedIn = isAuthenticated(session);

  const openLogin = () => {
    setLoginMounted(true);
    setLoginOpen(true);
  };

  return (
    <Layout.Header className="app-header">
      <div className="app-header-top">
        <Button
          type="text"
          className="header-button header-burger"
          icon={<MenuOutlined />}
          aria-label={t('header.menu')}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
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
            <>
              <ViewSwitch session={session} currentView={route?.view} />
              <UserMenu session={session} />
            </>
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
      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        placement="left"
        size={280}
        title={t('app.name')}
        className="nav-drawer"
      >
        <nav aria-label={t('header.mainNav')}>
          <NavLinks onNavigate={() => setDrawerOpen(false)} />
        </nav>
      </Drawer>
      {loginMounted && !signedIn && (
        <Suspense fallback={null}>
          <LoginModal open={loginOpen} onClose={() => setLoginOpen(false)} />
        </Suspense>
      )}
    </Layout.Header>
  );
}
