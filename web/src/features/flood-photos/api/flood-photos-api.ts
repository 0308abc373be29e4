import { FLOOD_PHOTO_MAP_LIMIT, type FloodPhoto, type FloodPhotoPage, FloodPhotoPageSchema } from '@flood/domain';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

/** Query keys of flood photos: every read sits under `flood-photos`, so one invalidation refreshes them. */
export const floodPhotosKeys = {
  all: ['flood-photos'] as const,
  map: ['flood-photos', 'map'] as const,
  list: (q: FloodPhotoPageQuery) => ['flood-photos', 'list', q] as const,
};

/** A page of the back-office list (/analyze/flood-image), newest first. */
export interface FloodPhotoPageQuery {
  page: number;
  pageSize: number;
}

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

/** One page of the photos for the back office (`GET /api/flood?page&pageSize`, `{ items, total }`). */
export async function fetchFloodPhotoPage(q: FloodPhotoPageQuery): Promise<FloodPhotoPage> {
  return FloodPhotoPageSchema.parse(await api.get(`/flood${queryString({ ...q })}`));
}

/** `DELETE /api/flood/{id}` (staff with `analyze`); the caller shows the outcome. */
export async function deleteFloodPhoto(id: number): Promise<void> {
  await api.delete(`/flood/${id}`, { errorHandling: 'no-toast' });
}
