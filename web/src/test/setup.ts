// Registered as the web projects' `setupFiles` (vitest.config.ts): it runs before every test file. The `web` project
// does not isolate its files (antd, React and the app load once per worker, not once per file), so the jsdom window,
// the module stores and the timers are shared by the files a worker runs: this file hands each one the state a
// fresh window would have, and takes back what a file stubbed when it ends.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { ensureBackOfficeTexts, ensureLanguage, i18n } from '../lib/i18n';
import { reloadSessionFromStorage } from '../lib/session/session-store';

// The app fetches English on first use; tests that read English texts need it at once.
await ensureLanguage('en');
// The back office's texts come with its layout in the app; its components are tested alone here.
await ensureBackOfficeTexts();

// A file may ask for the node environment (`// @vitest-environment node`): no window to prepare then.
const browser = typeof window !== 'undefined';

// Browser APIs that jsdom lacks but antd uses (responsive observers, breakpoints).
if (browser && !window.matchMedia) {
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

if (browser && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

// Lazy pages load their chunk first; on a loaded 2-core machine that takes longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// --- What a file starts with, as in a fresh window -------------------------------------------------------------
if (browser) {
  // The window's own width, kept by the first file of the worker: files set `innerWidth` with defineProperty.
  const widthKey = Symbol.for('flood.test.innerWidth');
  const store = globalThis as unknown as Record<symbol, PropertyDescriptor | undefined>;
  store[widthKey] ??= Object.getOwnPropertyDescriptor(window, 'innerWidth');
  const width = store[widthKey];
  if (width) Object.defineProperty(window, 'innerWidth', width);
  // Module-level caches of the width (the carousel's) are dropped on a resize.
  window.dispatchEvent(new Event('resize'));
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.title = '';
  // antd's CSS-in-JS adds a <style> per component and theme and never takes it out: a shared window would hold the
  // styles of every file before, and jsdom's getComputedStyle (Testing Library calls it for each role query) gets
  // slower with each rule. Components mounted later add theirs again (cssinjs re-injects a missing node on mount).
  for (const style of document.head.querySelectorAll('style[data-css-hash], style[data-token-hash]')) style.remove();
}
vi.useRealTimers();
// React's act() environment flag, which Testing Library's waitFor and act switch and restore, as a new window has it.
Reflect.deleteProperty(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
// Nobody signed in, Vietnamese (the app's default; `LANGUAGE_STORAGE_KEY` was just cleared).
reloadSessionFromStorage();
if (i18n.language !== 'vi') await i18n.changeLanguage('vi');

afterEach(() => {
  if (!browser) return;
  cleanup();
  // The shell's toasts live in document.body, outside what cleanup unmounts: one test's toast must not leak.
  document.getElementById('portal-toasts')?.remove();
});

afterAll(async () => {
  // What a file stubbed does not reach the next file of the worker (vitest restores its spies by itself).
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // React may still hold scheduled work (a deferred render started by the last test) when a file ends, or a lazy
  // page still loading (its import cut by the teardown: EnvironmentTeardownError, CI 27/11/2026): let it run now,
  // before the next file (or the teardown of jsdom: 'window is not defined'). 500 ms: a page's modules on a loaded
  // 2-core machine; ~25 s over the web files of a run.
  await new Promise((resolve) => setTimeout(resolve, 500));
});
