import {
  type RouteRequest,
  type RouteResponse,
  RouteResponseSchema,
  type SavedRoute,
  type SavedRouteBody,
  SavedRouteSchema,
  type SavedRoutes,
  SavedRoutesSchema,
} from '@flood/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api/client';

/** Query keys of route planning: the saved routes drawn in the evacuation roads overlay. */
export const routingKeys = {
  saved: ['routing', 'saved'] as const,
  route: (body: RouteRequest) => ['routing', 'route', body] as const,
};

/**
 * A route computed by the server (`POST /api/route`): between two points, or to the nearest evacuation
 * point by road. Failures are not toasted: the route panel shows the server's message (outside the
 * district, no route found).
 */
export async function fetchRoute(body: RouteRequest, signal?: AbortSignal): Promise<RouteResponse> {
  return RouteResponseSchema.parse(await api.post('/route', body, { errorHandling: 'no-toast', signal }));
}

/** The routes staff saved, newest first, as one GeoJSON FeatureCollection (public). */
export async function fetchSavedRoutes(): Promise<SavedRoutes> {
  return SavedRoutesSchema.parse(await api.get('/route/saved', { errorHandling: 'none' }));
}

/** 'Lưu thông tin tuyến' (staff with the database permission); the server measures the length. */
export async function saveRoute(body: SavedRouteBody): Promise<SavedRoute> {
  return SavedRouteSchema.parse(await api.post('/route/saved', body, { errorHandling: 'no-toast' }));
}

export async function deleteSavedRoute(id: number): Promise<void> {
  await api.delete(`/route/saved/${id}`);
}

/** The saved routes, fetched while the evacuation roads overlay is on. */
export function useSavedRoutes(enabled = true) {
  return useQuery({ queryKey: routingKeys.saved, queryFn: fetchSavedRoutes, enabled, staleTime: 60_000 });
}

/**
 * The route for a request (null: points not chosen yet). A query, not a mutation, although it is a POST:
 * the answer depends only on the points, and a newer request (a marker dragged again) cancels the older
 * one, whose late answer can then never replace the newer route. `onDevice`: how to compute it when the server
 * cannot be reached (the map's route panel: in the browser, from the kept roads layer).
 */
export function useRoute(body: RouteRequest | null, onDevice?: (body: RouteRequest) => Promise<RouteResponse>) {
  return useQuery({
    queryKey: body ? routingKeys.route(body) : ['routing', 'route', null],
    queryFn: async ({ signal }) => {
      try {
        return await fetchRoute(body!, signal);
      } catch (error) {
        // The server cannot be reached (offline, #25): the route computed in the browser, when the caller can.
        if (onDevice && error instanceof ApiError && error.status === 0 && !signal.aborted) return onDevice(body!);
        throw error;
      }
    },
    enabled: body !== null,
    // While a dragged marker's route loads, the previous one stays drawn; nothing once the points are cleared.
    placeholderData: (previous) => (body ? previous : undefined),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Saves a route and refreshes the overlay's list. */
export function useSaveRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRoute,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routingKeys.saved }),
  });
}

/** Deletes a saved route and refreshes the overlay's list. */
export function useDeleteSavedRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedRoute,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routingKeys.saved }),
  });
}
