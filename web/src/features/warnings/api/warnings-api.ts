import { type CommuneItem, CommunesSchema, type PublicWarning, PublicWarningsSchema } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';
import { useReadUnit } from '../../../lib/area/public-unit';
import { usePortalEvents } from '../../../lib/events/use-portal-events';

/** Query keys of the public reads: the warnings in force and the communes to choose from. */
export const warningsKeys = {
  all: ['warnings'] as const,
  active: ['warnings', 'active'] as const,
  communes: ['communes'] as const,
};

/** The warnings in force are read again this often, stream or not: one may have expired or come into force. */
export const WARNING_REFRESH_MS = 60_000;

/** `GET /api/warnings/active` (public): the published warnings in force on the banner channel. */
export async function fetchActiveWarnings(unit?: string): Promise<PublicWarning[]> {
  return PublicWarningsSchema.parse(
    await api.get(`/warnings/active${queryString({ unit })}`, { anonymous: true, errorHandling: 'none' }),
  );
}

/**
 * The officers' warnings in force (banner, map), refreshed by the `warning` events of the stream and every
 * minute. A failure shows nothing rather than a toast on every page.
 */
export function useActiveWarnings() {
  usePortalEvents([warningsKeys.active], ['warning'], WARNING_REFRESH_MS);
  // On a unit's pages (#26 point 4), the warnings whose area takes in that unit.
  return useQuery({ ...activeWarningsQuery(useReadUnit()), refetchInterval: WARNING_REFRESH_MS });
}

/** The query of the warnings in force (whose area takes in `unit`, when given): the hook's, and the start's prefetch. */
export function activeWarningsQuery(unit: string | undefined) {
  return {
    queryKey: unit ? [...warningsKeys.active, unit] : warningsKeys.active,
    queryFn: () => fetchActiveWarnings(unit),
  };
}

/**
 * `GET /api/communes` (public): the district's communes with their GSO codes and outlines. A failure leaves the
 * lists empty (the choice is then 'all communes' or a drawn area) rather than toast on every form.
 */
export async function fetchCommunes(): Promise<CommuneItem[]> {
  return CommunesSchema.parse(await api.get('/communes', { anonymous: true, errorHandling: 'none' }));
}

/** The communes, read once a session (they change with a new boundary file, seldom). */
export function useCommunes(enabled = true) {
  return useQuery({
    queryKey: warningsKeys.communes,
    queryFn: fetchCommunes,
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
