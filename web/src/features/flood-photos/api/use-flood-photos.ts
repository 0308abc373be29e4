import { useQuery } from '@tanstack/react-query';
import { fetchMapFloodPhotos, floodPhotosKeys } from './flood-photos-api';

/** Like the map's other lists (public-portal §7), the photos are fetched again every 60 s. */
export const FLOOD_PHOTOS_POLL_MS = 60_000;

/** The query of the public map's photos: the hook's, and the map page's first reads. */
export const mapFloodPhotosQuery = {
  queryKey: floodPhotosKeys.map,
  queryFn: fetchMapFloodPhotos,
  staleTime: FLOOD_PHOTOS_POLL_MS,
};

/** The photos of the public map, refreshed every minute. */
export function useMapFloodPhotos() {
  return useQuery({ ...mapFloodPhotosQuery, refetchInterval: FLOOD_PHOTOS_POLL_MS });
}
