import { ActiveAlertsSchema, type Alert } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { usePortalEvents } from '../../../lib/events/use-portal-events';

/** Query keys of the warnings. */
export const alertsKeys = {
  all: ['alerts'] as const,
  active: ['alerts', 'active'] as const,
};

/** Without the live stream the open warnings are checked this often (spec: "the alert station check every 30 s"). */
export const ALERT_POLL_MS = 30_000;

/** The open warnings, highest level first (public). A failure shows nothing rather than a toast on every page. */
export async function fetchActiveAlerts(): Promise<Alert[]> {
  return ActiveAlertsSchema.parse(await api.get('/alerts/active', { errorHandling: 'none' }));
}

/** The open warnings, refreshed by the `alert` events of the stream, polled every 30 s while it is down. */
export function useActiveAlerts() {
  usePortalEvents([alertsKeys.active], ['alert'], ALERT_POLL_MS);
  return useQuery({ queryKey: alertsKeys.active, queryFn: fetchActiveAlerts });
}
