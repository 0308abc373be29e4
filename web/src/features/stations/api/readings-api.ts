import {
  type StationKind,
  type StationReading,
  StationReadingSchema,
  type StationSeries,
  StationSeriesSchema,
  WebParametersSchema,
} from '@flood/domain';
import { z } from 'zod';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

/** The legacy reading type of a station kind. */
export type ReadingType = 'CURRENT_RAIN' | 'CURRENT_HIGH';
export const READING_TYPE_OF: Record<StationKind, ReadingType> = { rain: 'CURRENT_RAIN', water: 'CURRENT_HIGH' };

/**
 * Query keys of everything that shows a reading or a status: `water` covers them all, so a new reading
 * (SSE) or new thresholds (configuration) refresh every one of them at once.
 */
export const waterKeys = {
  all: ['water'] as const,
  /** The latest values; on a unit's pages (#26 point 4) that unit's, under the same prefix (one invalidation). */
  current: (type: ReadingType, unit?: string) =>
    unit ? (['water', 'current', type, unit] as const) : (['water', 'current', type] as const),
  moment: (type: ReadingType, date: string, hour: number) => ['water', 'moment', type, date, hour] as const,
  series: (stationCode: string, from: string, to: string) => ['water', 'series', stationCode, from, to] as const,
};
export const webParametersKey = ['web-parameters'] as const;

const ReadingListSchema = z.array(StationReadingSchema);

/** Every station of the type with its latest value and status, or its value at a district hour. */
export async function fetchReadings(type: ReadingType, date?: string, hour?: number): Promise<StationReading[]> {
  return ReadingListSchema.parse(await api.get(`/water${queryString({ type, date, hour })}`));
}

/** One station's hourly series over whole district days (DD/MM/YYYY, inclusive). */
export async function fetchSeries(stationCode: string, from: string, to: string): Promise<StationSeries> {
  return StationSeriesSchema.parse(await api.get(`/water${queryString({ stationCode, history: true, from, to })}`));
}

export async function fetchWebParameters() {
  return WebParametersSchema.parse(await api.get('/web-parameters'));
}

export const seriesExportPath = (stationCode: string, from: string, to: string) =>
  `/water/export${queryString({ stationCode, from, to })}`;
export const momentExportPath = (type: ReadingType, date: string, hour: number) =>
  `/water/export-moment${queryString({ type, date, hour })}`;
