import {
  alertThresholds,
  DISCONNECTED_LABEL,
  effectiveLevels,
  floodEventDefaultName,
  hourTrend,
  isDisconnected,
  levelOf,
  NO_DATA_LABEL,
  type PolygonalGeometry,
  parseDateVi,
  RAIN_STATUS_LABELS,
  READING_TYPES,
  rainStatus,
  type StationReading,
  type StationSeries,
  stationUnitCode,
  WATER_STATUS_LABELS,
  type WaterQuery,
  type WebParameters,
  wallClock,
  waterStatus,
  zonedToUtc,
} from '@flood/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { allStations, findStationByCode } from '../stations/stations.repository';
import type { StationRow } from '../stations/stations.table';
import { districtDayRange } from './reading-rules';
import {
  type HourValue,
  hourlySeries,
  latestShownReadings,
  latestValues,
  readingsBetween,
  stationFloodPeak,
  suspectReadingsBetween,
  valuesAtHour,
} from './readings.repository';

export interface ReadingsServiceDeps {
  db: Db;
  webParameters: () => Promise<WebParameters>;
  timeZone: string;
  now: () => Date;
  /** The area's units with their boundaries (#26): each reading names its station's unit. */
  units?: () => Promise<readonly { code: string; geometry: PolygonalGeometry }[]>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `GET /api/water`: every station's value at an hour (or now), or one station's hourly series. */
export function createReadingsService({
  db,
  webParameters,
  timeZone,
  now,
  units = async () => [],
}: ReadingsServiceDeps) {
  type Shown = Awaited<ReturnType<typeof latestShownReadings>> extends Map<number, infer V> ? V : never;

  /**
   * The latest value as people may see it (#22): water shows its latest reading that is not bad at once — a
   * suspect one marked 'nghi ngờ', a level not confirmed yet (above the open confirmed alert's, or with none)
   * 'chưa xác nhận'; rain keeps the hour's trusted sum, marked 'nghi ngờ' when its newest report is doubted.
   */
  function shown(
    s: StationRow,
    v: HourValue | undefined,
    raw: Shown | undefined,
    p: WebParameters,
  ): { v: HourValue | undefined; quality: StationReading['quality'] } {
    if (!raw) return { v, quality: v ? 'good' : null };
    const newer = !v || raw.observedAt.getTime() > v.lastAt.getTime();
    if (s.kind === 'rain') return { v, quality: v ? (newer && raw.quality === 'suspect' ? 'suspect' : 'good') : null };
    const value: HourValue = {
      stationId: s.id,
      value: raw.value,
      lastAt: raw.observedAt,
      hour: new Date(Math.floor(raw.observedAt.getTime() / 3_600_000) * 3_600_000),
    };
    if (raw.quality === 'suspect') return { v: value, quality: 'suspect' };
    const level = levelOf(raw.value, alertThresholds('WATER_LEVEL', s, p));
    return { v: value, quality: level > (raw.alertLevel ?? 0) ? 'unconfirmed' : 'good' };
  }

  function describe(
    s: StationRow,
    hourValue: HourValue | undefined,
    p: WebParameters,
    current: boolean,
    unitCode: string | null,
    raw?: Shown,
  ): StationReading {
    const { v, quality } = current ? shown(s, hourValue, raw, p) : { v: hourValue, quality: null };
    const t = now();
    const disconnected = current && isDisconnected(v?.lastAt ?? null, t, p);
    let status: string;
    let statusLabel: string;
    if (disconnected) {
      status = 'disconnected';
      statusLabel = DISCONNECTED_LABEL.vi;
    } else if (!v) {
      status = 'noData';
      statusLabel = NO_DATA_LABEL.vi;
    } else if (s.kind === 'rain') {
      status = rainStatus(v.value, p);
      statusLabel = RAIN_STATUS_LABELS[status as keyof typeof RAIN_STATUS_LABELS].vi;
    } else {
      status = waterStatus(v.value, s, p);
      statusLabel = WATER_STATUS_LABELS[status as keyof typeof WATER_STATUS_LABELS].vi;
    }
    const w = v ? wallClock(v.hour, timeZone) : null;
    return {
      stationId: s.id,
      stationCode: s.code,
      stationName: s.name,
      kind: s.kind,
      lat: s.latitude,
      long: s.longitude,
      unitCode,
      value: v ? Math.round(v.value * 100) / 100 : null,
      observedAt: v ? v.lastAt.toISOString() : null,
      date: w ? `${pad(w.day)}/${pad(w.month)}/${w.year}` : null,
      hour: w ? pad(w.hour) : null,
      status,
      statusLabel,
      disconnected,
      warningLevel1: s.warningLevel1,
      warningLevel2: s.warningLevel2,
      warningLevel3: s.warningLevel3,
      quality: disconnected ? null : quality,
      trend:
        current && s.kind === 'water' && v && raw?.hourAgo && !disconnected && quality !== 'suspect'
          ? hourTrend([raw.hourAgo, { at: v.lastAt, value: v.value }])
          : null,
    };
  }

  return {
    /** Every station of the type at the district hour `date` + `hour`, or the latest values when absent. */
    /** Every station's value of the type at an hour (or now); `unit`: that unit's stations only (#26 point 4). */
    async byType(
      type: keyof typeof READING_TYPES,
      date?: string,
      hour?: number,
      unit?: string,
    ): Promise<StationReading[]> {
      const kind = READING_TYPES[type];
      const p = await webParameters();
      const current = !date;
      let values: HourValue[];
      if (date) {
        const day = parseDateVi(date)!;
        values = await valuesAtHour(db, kind, zonedToUtc({ ...day, hour: hour ?? 0, minute: 0 }, timeZone));
      } else values = await latestValues(db, kind);
      const byStation = new Map(values.map((v) => [v.stationId, v]));
      const raw = current ? await latestShownReadings(db, kind) : new Map<number, Shown>();
      // A stopped station leaves the live map and lists; its past hours still show.
      const stations = (await allStations(db, kind)).filter((s) => !current || s.status === 'active');
      const areaUnits = await units();
      const out: StationReading[] = [];
      for (const s of stations) {
        const code = stationUnitCode(areaUnits, { unitCode: s.unitCode, lat: s.latitude, long: s.longitude });
        if (unit === undefined || code === unit)
          out.push(describe(s, byStation.get(s.id), p, current, code, raw.get(s.id)));
      }
      return out;
    },

    /**
     * Hourly series of one station over whole district days `from`…`to` (inclusive), else the last 24 h (a
     * water station's readings then at their own times).
     */
    async series(q: WaterQuery): Promise<StationSeries> {
      const station = await findStationByCode(db, q.stationCode!);
      if (!station) {
        throw new AppError('NOT_FOUND', 'Không tìm thấy trạm', [
          { field: 'stationCode', message: 'Không tìm thấy trạm' },
        ]);
      }
      const range = districtDayRange(q, timeZone, now(), { days: 3 * 366, message: 'Khoảng thời gian tối đa 3 năm' });
      if ('field' in range) throw new AppError('VALIDATION_FAILED', `Dữ liệu không hợp lệ: ${range.field}`, [range]);
      const { from, to } = range;
      // The last 24 hours of a water station (the map's station card): every reading at its own time, so the
      // line ends on the level the card shows; an hourly mean would lag a rising river. Rain stays in mm/h.
      const raw = !q.from && !q.to && station.kind === 'water';
      const p = await webParameters();
      const peak = station.kind === 'water' ? await stationFloodPeak(db, station.id) : null;
      return {
        stationCode: station.code,
        stationName: station.name,
        kind: station.kind,
        points: raw
          ? await readingsBetween(db, station.id, from, to)
          : [
              ...(await hourlySeries(db, station.id, station.kind, from, to)),
              // The hours hold trusted readings only; the doubted ones are drawn apart (#22).
              ...(await suspectReadingsBetween(db, station.id, from, to)),
            ].sort((a, b) => a.time.localeCompare(b.time)),
        levels: station.kind === 'water' ? effectiveLevels(station, p) : null,
        floodPeak: peak && {
          value: peak.value,
          at: peak.at.toISOString(),
          event: peak.name ?? floodEventDefaultName(peak.startAt, timeZone),
        },
      };
    },
  };
}
export type ReadingsService = ReturnType<typeof createReadingsService>;
