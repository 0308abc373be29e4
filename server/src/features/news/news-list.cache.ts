import { type NewsListQuery, NewsPageSchema } from '@flood/domain';
import type { EventBus } from '../../lib/events';
import { createExpiringCache, type PreparedBody, prepareBody } from '../../lib/prepared-body';
import { NEWS_CHANGED, type NewsService } from './news.service';

/** A creator renamed elsewhere shows within this time (news changes themselves drop the cache at once). */
const KEEP_MS = 30_000;

/** The shape of an anonymous list query the cache answers: the public list ignores everything else. */
export type PublicNewsListQuery = Pick<NewsListQuery, 'page' | 'pageSize' | 'type' | 'unit'>;

const keyOf = (q: PublicNewsListQuery) => `${q.page}:${q.pageSize}:${q.type ?? ''}:${q.unit ?? ''}`;

/**
 * The anonymous news list (the warnings a storm night's visitors reload), serialised once per page and type:
 * the bytes the zod serializer sends. Kept 30 s at most and never past the publish date of the earliest
 * scheduled item, so that item appears on time; dropped on every news change (the bus reaches every process).
 */
export function createNewsListCache({
  news,
  bus,
  now,
}: {
  news: NewsService;
  bus: EventBus;
  /** The service's clock (scheduled items are compared with it). */
  now: () => Date;
}) {
  const cache = createExpiringCache<string, PreparedBody>(
    async (key) => {
      const [page = '1', pageSize = '1', type = '', unit = ''] = key.split(':');
      const loadedAt = now().getTime();
      const { page: list, until } = await news.publicList({
        page: Number(page),
        pageSize: Number(pageSize),
        type: (type || undefined) as PublicNewsListQuery['type'],
        unit: unit || undefined,
      });
      const body = JSON.stringify(NewsPageSchema.encode(list));
      const expiresAt = Math.min(loadedAt + KEEP_MS, until ? until.getTime() : Number.POSITIVE_INFINITY);
      return { value: await prepareBody(body, 'application/json; charset=utf-8'), expiresAt };
    },
    // Pages, types and a unit's pages (#26 point 4): the oldest go first.
    { now: () => now().getTime(), maxKeys: 256 },
  );
  bus.subscribe((e) => {
    if (e.type === NEWS_CHANGED) cache.drop();
  });
  return {
    /** Prepared bytes of one page of the anonymous list. */
    get: (q: PublicNewsListQuery): Promise<PreparedBody> => cache.get(keyOf(q)),
    /** The same bytes when ready and fresh, without waiting. */
    peek: (q: PublicNewsListQuery): PreparedBody | undefined => cache.peek(keyOf(q)),
  };
}
export type NewsListCache = ReturnType<typeof createNewsListCache>;
