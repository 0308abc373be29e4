import './alert-toasts.css';
import type { Alert } from '@flood/domain';
import { lazy, type ReactElement, Suspense, useEffect, useRef, useState } from 'react';
import { inAntdScope } from '../../../app/antd-lazy';
import { useActiveAlerts } from '../../alerts';
import { pickAlertsToToast, type ToastedLevels } from '../model/alert-toasts';

/** The toasts' holder (antd's notification), fetched with the antd scope when the first toast is due. */
const AlertToastHolder = lazy(() => inAntdScope(import('./alert-toast-holder')));

/**
 * Warning toasts of what is new while the map is open: each alert that opens or escalates after the page
 * loaded (the stream announces it; the 30 s check while it is down), once per alert and level, most severe on
 * top; never the warnings already open when the map loads (the banner lists those). Which alerts are new is
 * decided here, from the first answer on; the toasts' code (antd) is fetched only when one is due. Returns the
 * toasts' holder, to render in the page.
 */
export function useAlertToasts(onShowStation: (stationCode: string) => void): ReactElement | null {
  const { data } = useActiveAlerts();
  const seen = useRef<ToastedLevels>(null);
  const [due, setDue] = useState<readonly Alert[] | null>(null);

  useEffect(() => {
    if (!data) return;
    const picked = pickAlertsToToast(data, seen.current);
    seen.current = picked.toasted;
    // Added to those before: a batch that comes while the holder is still loading is not lost.
    if (picked.toast.length > 0) setDue((before) => [...(before ?? []), ...picked.toast]);
  }, [data]);

  // Once shown, the holder stays: removing it would take its open toasts with it.
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <AlertToastHolder alerts={due} onShowStation={onShowStation} />
    </Suspense>
  );
}
