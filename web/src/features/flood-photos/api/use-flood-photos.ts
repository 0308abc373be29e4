import { useQuery } from '@tanstack/react-query';
import { fetchMapFloodPhotos, floodPhotosKeys } from './flood-photos-api';

/** Like the map's other lists (public-portal §7), the photos are fetched again every 60 s. */
export const FLOOD_PHOTOS_POLL_MS = 60_000;

/** The photos of the public map, refreshed every minute. */
export function useMapFloodPhotos() {
  return useQuery({
    queryKey: floodPhotosKeys.map,
    queryFn: fetchMapFloodPhotos,
    refetchInterval: FLOOD_PHOTOS_POLL_MS,
    staleTime: FLOOD_PHOTOS_POLL_MS,
  });
}
