import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { theme } from './theme';

/** Toasts (message and notification) close after 3 s. */
const TOAST_SECONDS = 3;

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { i18n: active } = useTranslation();
  return (
    <ConfigProvider locale={active.language === 'en' ? enUS : viVN} theme={theme}>
      <App message={{ duration: TOAST_SECONDS, maxCount: 3 }} notification={{ duration: TOAST_SECONDS }}>
        {children}
      </App>
    </ConfigProvider>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalisedAntd>{children}</LocalisedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
