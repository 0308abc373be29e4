import {
  effectiveLevels,
  levelDistance,
  levelDistancePhrase,
  OPEN_READINGS_DEFAULT_WINDOW_MS,
  type OpenReadings,
  type OpenReadingsQuery,
  type OpenStation,
  type OpenStationList,
  openDataValue,
  type StationReading,
  statusLabels,
  type WebParameters,
} from '@flood/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ReadingsService } from '../readings/readings.service';
import { allStations, findStationByCode } from '../stations/stations.repository';
import { readingsSince } from './open-data.repository';

export interface OpenDataServiceDeps {
  db: Db;
  readings: ReadingsService;
  webParameters: () => Promise<WebParameters>;
  now: () => Date;
}

const unitOf = (kind: 'rain' | 'water') => (kind === 'rain' ? ('mm' as const) : ('m' as const));
const metres = (cm: number) => openDataValue('water', cm);

/**
 * Open data for other systems (issue #7): every station with its latest value and status — the same
 * values and classification as the map, from the same queries — and a station's raw readings.
 */
export function createOpenDataService({ db, readings, webParameters, now }: OpenDataServiceDeps) {
  return {
    async stations(): Promise<OpenStationList> {
      const [rows, rain, water, p] = await Promise.all([
        allStations(db),
        readings.byType('CURRENT_RAIN'),
        readings.byType('CURRENT_HIGH'),
        webParameters(),
      ]);
      const latest = new Map<number, StationReading>([...rain, ...water].map((r) => [r.stationId, r]));
      const items = rows.map((s): OpenStation => {
        const r = latest.get(s.id);
        const levels = s.kind === 'water' ? effectiveLevels(s, p) : null;
        const status = r?.status ?? 'noData';
        const labels = statusLabels(status);
        const live = s.kind === 'water' && r && r.value !== null && !r.disconnected ? r.value : null;
        const distance =
          live === null
            ? null
            : levelDistance(live, { level1: s.warningLevel1, level2: s.warningLevel2, level3: s.warningLevel3 });
        return {
          code: s.code,
          name: s.name,
          kind: s.kind,
          description: s.description,
          lat: s.latitude,
          long: s.longitude,
          unit: unitOf(s.kind),
          warningLevel1: levels && metres(levels.level1),
          warningLevel2: levels && metres(levels.level2),
          warningLevel3: levels && metres(levels.level3),
          latestValue: r && r.value !== null ? openDataValue(s.kind, r.value) : null,
          latestObservedAt: r?.observedAt ?? null,
          status,
          statusLabel: labels.vi,
          statusLabelEn: labels.en,
          trend: r?.trend ?? null,
          levelDistance: distance && levelDistancePhrase(distance, 'vi'),
          levelDistanceEn: distance && levelDistancePhrase(distance, 'en'),
        };
      });
      return { items, total: items.length };
    },

    /** Raw readings from `since` (default: the last 24 hours), oldest first; `next` pages on. */
    async readings(q: OpenReadingsQuery): Promise<OpenReadings> {
      const station = await findStationByCode(db, q.station);
      if (!station) {
        throw new AppError('NOT_FOUND', 'Không tìm thấy trạm', [{ field: 'station', message: 'Không tìm thấy trạm' }]);
      }
      const since = q.since ? new Date(q.since) : new Date(now().getTime() - OPEN_READINGS_DEFAULT_WINDOW_MS);
      // One more than asked tells whether another page follows.
      const rows = await readingsSince(db, station.id, since, q.limit + 1);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        stationCode: station.code,
        stationName: station.name,
        kind: station.kind,
        unit: unitOf(station.kind),
        since: since.toISOString(),
        limit: q.limit,
        items: page.map((r) => ({
          time: r.observedAt.toISOString(),
          value: openDataValue(station.kind, r.value),
          quality: r.quality,
        })),
        next: rows.length > q.limit && last ? new Date(last.observedAt.getTime() + 1).toISOString() : null,
      };
    },
  };
}
export type OpenDataService = ReturnType<typeof createOpenDataService>;
