import { useSyncExternalStore } from 'react';
import { isMobileAgent } from '../../../map-kit/model/map-constants';

/** Below this width the dashboard is a phone's: no comparison chart (spec §2 "hidden on mobile"). */
export const DESKTOP_QUERY = '(min-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(DESKTOP_QUERY);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/** A wide screen and no 'Mobi' agent (spec §9's phone rule): what the chart needs before it is even fetched. */
export function isDesktop(): boolean {
  return !isMobileAgent() && Boolean(window.matchMedia?.(DESKTOP_QUERY).matches);
}

/** `isDesktop`, following the window as it is resized. */
export function useDesktop(): boolean {
  return useSyncExternalStore(subscribe, isDesktop, () => false);
}
