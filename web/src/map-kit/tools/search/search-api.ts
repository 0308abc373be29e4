import { type Place, SearchResponseSchema } from '@flood/domain';
import { API_PREFIX } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

/** Results a search shows at most. */
export const SEARCH_RESULTS = 8;

export const searchKeys = {
  places: (q: string) => ['map', 'search', q] as const,
};

/**
 * Places matching a text (`GET /api/search`): communes, stations, evacuation points, commune offices,
 * flood marks, then the geocoder's. A public read: no session, and a failure is shown in the box, not toasted.
 */
export async function fetchPlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  const response = await fetch(`${API_PREFIX}/search${queryString({ q, limit: SEARCH_RESULTS })}`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`${response.status} /search`);
  return SearchResponseSchema.parse(await response.json()).items;
}
