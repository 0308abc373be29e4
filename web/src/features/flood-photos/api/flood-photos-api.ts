import { FLOOD_PHOTO_MAP_LIMIT, type FloodPhoto, FloodPhotoPageSchema } from '@flood/domain';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

/** Query keys of flood photos: every read sits under `flood-photos`, so one invalidation refreshes them. */
export const floodPhotosKeys = {
  all: ['flood-photos'] as const,
  map: ['flood-photos', 'map'] as const,
};

/**
 * The photos of the public map: the newest `FLOOD_PHOTO_MAP_LIMIT` in one call, without a bounding box, so
 * panning and zooming never wait for the network. A failed poll stays quiet (no toast every minute).
 */
export async function fetchMapFloodPhotos(): Promise<FloodPhoto[]> {
  const page = FloodPhotoPageSchema.parse(
    await api.get(`/flood${queryString({ pageSize: FLOOD_PHOTO_MAP_LIMIT })}`, { errorHandling: 'none' }),
  );
  return page.items;
}
