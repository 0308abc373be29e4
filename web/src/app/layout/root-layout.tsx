import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { AlertBanner } from '../../features/alerts/components/alert-banner';
import { DemoBanner } from '../../features/app-info/components/demo-banner';
import { useRefreshUserOnStart } from '../../features/auth/hooks/use-refresh-user';
import { errorToastKey, registerApiHooks } from '../../lib/api/client';
import { useFollowArea } from '../../lib/area/use-area';
import { toast } from '../../lib/toast/toast';
import { useCurrentRouteDef } from '../route-handle';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { BareBar } from './bare-bar';
import { OfflineBanner } from './offline-banner';

/**
 * Header (unless the page hides it), the page, and the footer on pages that show it. Plain landmarks, not
 * antd's Layout: the public shell is on every first load and keeps antd to what it really uses.
 */
export function RootLayout() {
  const route = useCurrentRouteDef();
  const navigate = useNavigate();
  const { t } = useTranslation();

  useEffect(() => {
    registerApiHooks({
      navigate: (to) => navigate(to),
      toastError: (error) => void toast.error(t(errorToastKey(error))),
    });
    return () => registerApiHooks(null);
  }, [navigate, t]);

  useRefreshUserOnStart(() => navigate('/home'));
  useFollowArea();

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      {route?.noHeader ? <BareBar /> : <AppHeader />}
      <OfflineBanner />
      <AlertBanner />
      <DemoBanner />
      <main
        id="main-content"
        tabIndex={-1}
        className={route?.noHeader ? 'app-main app-main-bare' : route?.footer ? 'app-main app-main-footer' : 'app-main'}
      >
        <Outlet />
      </main>
      {route?.footer && <AppFooter />}
    </div>
  );
}
