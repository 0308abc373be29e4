import {
  DataLayerPageSchema,
  type GeodataItem,
  GeodataPageSchema,
  type GeodataType,
  MAX_PAGE_SIZE,
  type StationReading,
  StationReadingSchema,
  type StationSeries,
  StationSeriesSchema,
} from '@flood/domain';
import type { FeatureCollection } from 'geojson';
import { z } from 'zod';
import { type ReadingType, waterKeys } from '../../features/stations';
import { API_PREFIX, api } from '../../lib/api/client';
import { queryString } from '../../lib/api/query-string';

/** Query keys of the map's own reads (the readings use the shared `water` keys, so every refresh reaches them). */
export const mapKeys = {
  dataLayers: ['map', 'data-layers'] as const,
  geodataList: (type: GeodataType) => ['map', 'geodata', type] as const,
  geojson: (url: string) => ['map', 'geojson', url] as const,
  recentSeries: (stationCode: string) => waterKeys.series(stationCode, 'last-24h', ''),
};

/**
 * A public read of the map. `no-cache` revalidates with the server (a 304 when nothing changed): the hot
 * public reads may carry a short `max-age`, and a page told by the stream that a reading arrived must not
 * be answered from its own HTTP cache.
 */
async function publicJson(path: string, cache: RequestCache = 'default'): Promise<unknown> {
  // A stored file's URL already starts with `/api/`; the client puts the prefix in front of every path.
  const apiPath = path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : path;
  return api.get(apiPath, { anonymous: true, cache, errorHandling: 'none' });
}

const ReadingListSchema = z.array(StationReadingSchema);

/** The latest value and status of every station of a type (`GET /api/water?type=…`), of one unit's with `unit`. */
export async function fetchLatestReadings(type: ReadingType, unit?: string): Promise<StationReading[]> {
  return ReadingListSchema.parse(await publicJson(`/water${queryString({ type, unit })}`, 'no-cache'));
}

/** A station's hourly series over the last 24 hours (the modal's chart). */
export async function fetchRecentSeries(stationCode: string): Promise<StationSeries> {
  return StationSeriesSchema.parse(
    await publicJson(`/water${queryString({ stationCode, history: true })}`, 'no-cache'),
  );
}

/** The names of the data layers that are on: the map lists a layer only when this holds its exact name. */
export async function fetchEnabledLayerNames(): Promise<Set<string>> {
  const page = DataLayerPageSchema.parse(await publicJson(`/data-layer${queryString({ pageSize: MAX_PAGE_SIZE })}`));
  return new Set(page.items.filter((l) => l.enabled).map((l) => l.name));
}

/** Every item of a geodata type, newest time first (the time pickers; the newest base layer). */
export async function fetchGeodataList(type: GeodataType, pageSize: number = MAX_PAGE_SIZE): Promise<GeodataItem[]> {
  const page = GeodataPageSchema.parse(await publicJson(`/geojson${queryString({ type, pageSize })}`, 'no-cache'));
  return page.items.filter((i) => i.url !== null);
}

/** A stored GeoJSON file (compressed, cached by the browser: a stored file never changes). */
export async function fetchGeoJson(url: string): Promise<FeatureCollection> {
  const data = (await publicJson(url)) as FeatureCollection | null;
  if (data?.type !== 'FeatureCollection' || !Array.isArray(data.features)) {
    throw new Error(`not a FeatureCollection: ${url}`);
  }
  return data;
}
