import { mapPath } from '@flood/domain';
import { useCallback, useSyncExternalStore } from 'react';
import { usePublicUnit } from '../lib/area/public-unit';

/**
 * Phones get `/maps-mobile` (the map without the header, the whole screen for the map): a screen at most 767 px
 * wide — the width at which the map itself switches to its phone layout — by media query, so a phone turned to
 * landscape or a narrowed desktop window follow.
 */
export const PHONE_MAP_QUERY = '(max-width: 767px)';

export { mapPath } from '@flood/domain';

function phoneQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(PHONE_MAP_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/** Whether the screen is a phone's (`PHONE_MAP_QUERY`), following its changes. */
export function usePhoneScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => Boolean(phoneQuery()?.matches),
    () => false,
  );
}

/** `(stationCode?) => '/maps…'`: the map's address for this screen (`mapPath`), on a unit's pages that unit's. */
export function useMapPath(): (stationCode?: string) => string {
  const phone = usePhoneScreen();
  const { path } = usePublicUnit();
  return useCallback((stationCode?: string) => path(mapPath(phone, stationCode)), [phone, path]);
}
