import type { ReadingQuality } from '@flood/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * Raw readings of one station from `since` (inclusive), oldest first, at most `limit` — one range scan of
 * the (station_id, observed_at) primary key.
 */
export async function readingsSince(
  db: Db,
  stationId: number,
  since: Date,
  limit: number,
): Promise<{ observedAt: Date; value: number; quality: ReadingQuality }[]> {
  const result = await db.execute(sql`
    select observed_at as "observedAt", value, quality from readings
    where station_id = ${stationId} and observed_at >= ${since.toISOString()}::timestamptz
    order by observed_at
    limit ${limit}`);
  return rowsOf<{ observedAt: string | Date; value: number; quality: ReadingQuality }>(result).map((r) => ({
    observedAt: new Date(r.observedAt),
    value: Number(r.value),
    quality: r.quality,
  }));
}
