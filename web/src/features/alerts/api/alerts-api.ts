import { ActiveAlertsSchema, type Alert } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';
import { useReadUnit } from '../../../lib/area/public-unit';
import { usePortalEvents } from '../../../lib/events/use-portal-events';

/** Query keys of the warnings. */
export const alertsKeys = {
  all: ['alerts'] as const,
  active: ['alerts', 'active'] as const,
};

/** Without the live stream the open warnings are checked this often (spec: "the alert station check every 30 s"). */
export const ALERT_POLL_MS = 30_000;

/** The open warnings, highest level first (public). A failure shows nothing rather than a toast on every page. */
export async function fetchActiveAlerts(unit?: string): Promise<Alert[]> {
  return ActiveAlertsSchema.parse(await api.get(`/alerts/active${queryString({ unit })}`, { errorHandling: 'none' }));
}

/** The query of the open warnings (of one unit's stations with `unit`): the hook's, and the start's prefetch. */
export function activeAlertsQuery(unit: string | undefined) {
  return {
    queryKey: unit ? [...alertsKeys.active, unit] : alertsKeys.active,
    queryFn: () => fetchActiveAlerts(unit),
  };
}

/** The open warnings, refreshed by the `alert` events of the stream, polled every 30 s while it is down. */
export function useActiveAlerts() {
  usePortalEvents([alertsKeys.active], ['alert'], ALERT_POLL_MS);
  // On a unit's pages (#26 point 4), that unit's alerts.
  return useQuery(activeAlertsQuery(useReadUnit()));
}
