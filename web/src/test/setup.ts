// Browser APIs that jsdom lacks but antd uses (responsive observers, breakpoints).
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { ensureLanguage } from '../lib/i18n';

// The app fetches English on first use; tests that read English texts need it at once.
await ensureLanguage('en');

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

// Lazy pages load their chunk first; on a loaded 2-core machine that takes longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // The shell's toasts live in document.body, outside what cleanup unmounts: one test's toast must not leak.
  document.getElementById('portal-toasts')?.remove();
});

// React may still hold scheduled work (a deferred render started by the last test) when a file ends: let it
// run while jsdom's window still exists, instead of after the environment is torn down ('window is not defined').
afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)));
