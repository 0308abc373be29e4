import { IconProvider } from '@ant-design/icons';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';

/**
 * The icons' rules are in styles.css (`.anticon`): no icon injects them as it mounts (each one searched the head's
 * style sheets, ~10 ms of a phone's first commit, #25 point 3). antd's own scope (AntdScope) sets its icons' context
 * again, as antd needs.
 */
const ICONS = { zeroRuntime: true } as const;

/**
 * What every page needs: translations and the server-state cache. antd's locale, theme and toast holders are
 * not here: they come with `AntdScope` around the parts that use antd (back office, map, signed-in menus).
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <IconProvider value={ICONS}>{children}</IconProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
