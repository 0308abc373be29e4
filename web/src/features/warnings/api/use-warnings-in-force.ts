import type { PublicWarning } from '@flood/domain';
import { useEffect, useMemo, useState } from 'react';
import { msUntilNextExpiry, warningsInForce } from '../model/warnings-in-force';
import { useActiveWarnings } from './warnings-api';

/** setTimeout's longest wait (about 24.8 days); a later expiry is waited for in steps. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * The officers' warnings in force now, most severe first; the list changes by itself at the moment the next one
 * expires (a timer, not a poll), so an expired warning leaves the banner and the map at once.
 */
export function useWarningsInForce(): PublicWarning[] {
  const { data } = useActiveWarnings();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const wait = msUntilNextExpiry(data ?? [], Math.max(now, Date.now()));
    if (wait === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait + 50, MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [data, now]);
  // A fresh list is judged by the clock of its arrival, not by the last tick's.
  return useMemo(() => warningsInForce(data ?? [], Math.max(now, Date.now())), [data, now]);
}
