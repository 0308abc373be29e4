import { type Place, SearchResponseSchema } from '@flood/domain';
import { api } from '../../../lib/api/client';
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
  const body = await api.get(`/search${queryString({ q, limit: SEARCH_RESULTS })}`, {
    anonymous: true,
    errorHandling: 'none',
    signal,
  });
  return SearchResponseSchema.parse(body).items;
}
