import { STATIONS_CHANGED } from '@flood/domain';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { allStations } from '../stations/stations.repository';
import type { StationRow } from '../stations/stations.table';

/**
 * Stations by code for the push path, kept in memory: a storm of pushes must not read the stations table
 * each time. Dropped on every station change (the bus reaches every process) and refreshed at most every
 * `ttlMs` anyway.
 */
export function createStationLookup(db: Db, bus: EventBus, ttlMs = 30_000) {
  let cache: Promise<Map<string, StationRow>> | undefined;
  let loadedAt = 0;
  bus.subscribe((e) => {
    if (e.type === STATIONS_CHANGED) cache = undefined;
  });
  return {
    async byCode(code: string): Promise<StationRow | undefined> {
      if (!cache || Date.now() - loadedAt > ttlMs) {
        loadedAt = Date.now();
        cache = allStations(db).then((rows) => new Map(rows.map((r) => [r.code, r])));
        cache.catch(() => {
          cache = undefined;
        });
      }
      return (await cache).get(code.toUpperCase());
    },
  };
}
export type StationLookup = ReturnType<typeof createStationLookup>;
