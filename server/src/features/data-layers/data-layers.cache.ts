import { type DataLayerListQuery, DataLayerPageSchema } from '@flood/domain';
import type { EventBus } from '../../lib/events';
import { createExpiringCache, type PreparedBody, prepareBody } from '../../lib/prepared-body';
import { DATA_LAYERS_CHANGED, type DataLayersService } from './data-layers.service';

/** A creator renamed elsewhere shows within this time (layer changes themselves drop the cache at once). */
const KEEP_MS = 30_000;

/**
 * The layer list the public map loads, serialised once per page: the bytes the zod serializer has always
 * sent, dropped on every layer change (the bus reaches every process).
 */
export function createDataLayersCache({
  dataLayers,
  bus,
  now = () => Date.now(),
}: {
  dataLayers: DataLayersService;
  bus: EventBus;
  now?: () => number;
}) {
  const cache = createExpiringCache<string, PreparedBody>(
    async (key) => {
      const [page = 1, pageSize = 1] = key.split(':').map(Number);
      const body = JSON.stringify(DataLayerPageSchema.encode(await dataLayers.list({ page, pageSize })));
      return { value: await prepareBody(body, 'application/json; charset=utf-8'), expiresAt: now() + KEEP_MS };
    },
    { now },
  );
  bus.subscribe((e) => {
    if (e.type === DATA_LAYERS_CHANGED) cache.drop();
  });
  return {
    /** Prepared bytes of one page of the list. */
    get: (q: DataLayerListQuery): Promise<PreparedBody> => cache.get(`${q.page}:${q.pageSize}`),
    /** The same bytes when ready and fresh, without waiting. */
    peek: (q: DataLayerListQuery): PreparedBody | undefined => cache.peek(`${q.page}:${q.pageSize}`),
  };
}
export type DataLayersCache = ReturnType<typeof createDataLayersCache>;
