import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TOASTS, TOAST_MS } from '../lib/toast/toast';
import { theme } from './theme';

/** antd's toasts (message and notification) last as long as the shell's (lib/toast), in seconds. */
const TOAST_SECONDS = TOAST_MS / 1000;

/**
 * Ant Design's locale, theme and toast holders, around the parts that use antd: the back office, the map, the
 * signed-in menus and the login form. Not in the public shell: antd's theme engine alone is ~70 KB gzip, and the
 * pages residents open during a storm (/dashboard, /news) do without it. Imported lazily only.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : viVN} theme={theme}>
      <App
        component={false}
        message={{ duration: TOAST_SECONDS, maxCount: MAX_TOASTS }}
        notification={{ duration: TOAST_SECONDS }}
      >
        {children}
      </App>
    </ConfigProvider>
  );
}

/** A component wrapped in the antd scope (for `lazy(() => import(...).then(...))`). */
export function withAntd<P extends object>(Component: React.ComponentType<P>): React.ComponentType<P> {
  function WithAntd(props: P) {
    return (
      <AntdScope>
        <Component {...props} />
      </AntdScope>
    );
  }
  WithAntd.displayName = `WithAntd(${Component.displayName ?? Component.name})`;
  return WithAntd;
}
