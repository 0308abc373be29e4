import { READING_TYPES, STATIONS_CHANGED, StationReadingSchema, type WebParameters } from '@flood/domain';
import { z } from 'zod';
import type { EventBus } from '../../lib/events';
import { createExpiringCache, type PreparedBody, prepareBody } from '../../lib/prepared-body';
import type { ReadingsService } from './readings.service';

type ReadingType = keyof typeof READING_TYPES;

/** The bytes `GET /api/water?type=…` has always sent (the zod serializer's output), so nothing changes for clients. */
const ListSchema = z.array(StationReadingSchema);
/** Even without an event, values are rebuilt this often (a safety net, e.g. a write by another tool). */
const MAX_KEEP_MS = 60_000;

export interface LatestReadingsCacheDeps {
  readings: ReadingsService;
  webParameters: () => Promise<WebParameters>;
  bus: EventBus;
  now: () => Date;
}

/**
 * The latest readings the map polls (`/api/water?type=CURRENT_RAIN|CURRENT_HIGH`), serialised and compressed
 * once. Dropped when a reading is stored (per kind), an import ends, a station or the thresholds change —
 * events that reach every process through the bus — and rebuilt when a station would turn 'disconnected'
 * by the clock alone.
 */
export function createLatestReadingsCache({ readings, webParameters, bus, now }: LatestReadingsCacheDeps) {
  // Per type, and per unit for a unit's pages (#26 point 4): `${type}` or `${type}|${unit}`.
  const cache = createExpiringCache<string, PreparedBody>(
    async (key) => {
      const [type, unit] = key.split('|') as [ReadingType, string | undefined];
      const items = await readings.byType(type, undefined, undefined, unit);
      const p = await webParameters();
      const silentMs = p.disconnectAfterMinutes * 60_000;
      let expiresAt = now().getTime() + MAX_KEEP_MS;
      for (const r of items) {
        // isDisconnected: now − last > limit, so the status flips one millisecond after last + limit.
        if (!r.disconnected && r.observedAt) expiresAt = Math.min(expiresAt, Date.parse(r.observedAt) + silentMs + 1);
      }
      const body = JSON.stringify(ListSchema.encode(items));
      return { value: await prepareBody(body, 'application/json; charset=utf-8'), expiresAt };
    },
    // The types times the area's units (the route asks only for known units).
    { now: () => now().getTime(), maxKeys: 512 },
  );
  bus.subscribe((e) => {
    if (e.type === 'reading') {
      const kind = (e.data as { kind?: string } | null)?.kind;
      cache.drop((key) => !kind || READING_TYPES[key.split('|')[0] as ReadingType] === kind);
    } else if (
      e.type === 'import' ||
      e.type === 'config' ||
      e.type === STATIONS_CHANGED ||
      // Each value names its station's unit, which follows the area's units and their boundaries (#26).
      e.type === 'area' ||
      e.type === 'geodata-changed'
    ) {
      cache.drop();
    }
  });
  return {
    /** Prepared bytes of every station's latest value of the type (of one unit's stations, with `unit`). */
    get: (type: ReadingType, unit?: string): Promise<PreparedBody> => cache.get(unit ? `${type}|${unit}` : type),
    /** The same bytes when ready and fresh, without waiting. */
    peek: (type: ReadingType, unit?: string): PreparedBody | undefined => cache.peek(unit ? `${type}|${unit}` : type),
  };
}
export type LatestReadingsCache = ReturnType<typeof createLatestReadingsCache>;
