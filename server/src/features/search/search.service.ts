import {
  type BBox,
  buildPlaceIndex,
  foldVietnamese,
  type Place,
  type PlaceEntry,
  type PlaceIndex,
  type SearchQuery,
  type SearchResponse,
  STATIONS_CHANGED,
  searchPlaces,
} from '@flood/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { type GeoLayers, layerPlaces, type ParsedLayer, textProperty } from '../geodata/geodata-layers';
import { EVACUATION_NAME_KEYS } from '../routing/routing.service';
import { allStations } from '../stations/stations.repository';
import type { Geocoder } from './nominatim.client';

/**
 * Where the seeded layers keep names (public-portal §3: regions NAME_3, evacuation points ten, commune
 * offices Comune, flood marks diachi), then common alternatives for uploaded data.
 */
export const NAME_KEYS = {
  commune: ['NAME_3', 'name', 'Name', 'ten', 'Ten', 'TEN'],
  communeAliases: ['FULLNAME_3', 'VARNAME_3'],
  office: ['Comune', 'ten', 'Ten', 'name', 'Name'],
  floodMark: ['diachi', 'ten', 'name', 'Name'],
} as const;

/** Communes: the full name ('Xã Đồn Đạc') shown, found by the short one too; placed at their label point. */
function communePlaces(regions: ParsedLayer | undefined, labels: ParsedLayer | undefined): PlaceEntry[] {
  const labelAt = new Map(
    layerPlaces(labels, ['ID_3', 'NAME_3']).map((l) => [
      String(l.properties.ID_3 ?? l.properties.NAME_3),
      { lat: l.lat, lng: l.lng },
    ]),
  );
  return layerPlaces(regions, NAME_KEYS.commune).map((c) => {
    const full = textProperty(c.properties, ['FULLNAME_3']);
    const alias = textProperty(c.properties, ['VARNAME_3']);
    const label = labelAt.get(String(c.properties.ID_3 ?? c.name));
    return {
      kind: 'commune' as const,
      name: full ?? c.name,
      ...(label ?? { lat: c.lat, lng: c.lng }),
      ...(c.bbox ? { bbox: c.bbox } : {}),
      aliases: [c.name, ...(alias ? [alias] : [])],
    };
  });
}

function pointPlaces(layer: ParsedLayer | undefined, kind: Place['kind'], keys: readonly string[]): PlaceEntry[] {
  return layerPlaces(layer, keys).map((p) => ({ kind, name: p.name, lat: p.lat, lng: p.lng }));
}

/** Two results name the same place when their names fold alike and they lie within ~300 m. */
const samePlace = (a: Place, b: Place) =>
  foldVietnamese(a.name) === foldVietnamese(b.name) &&
  Math.abs(a.lat - b.lat) < 0.003 &&
  Math.abs(a.lng - b.lng) < 0.003;

/** Local results first, then the geocoder's that do not repeat one of them, at most `limit`. */
export function mergePlaces(local: readonly Place[], external: readonly Place[], limit: number): Place[] {
  const merged = [...local];
  for (const p of external) if (!merged.some((m) => samePlace(m, p))) merged.push(p);
  return merged.slice(0, limit);
}

/**
 * The map's place search: communes, stations (name or code), evacuation points, commune offices and flood
 * marks, from an in-memory index rebuilt when a layer or a station changes; then, when GEOCODER_URL is
 * set, the external geocoder's places after the local ones (its failure leaves the local results alone).
 */
export function createSearchService(deps: {
  db: Db;
  layers: GeoLayers;
  bus: EventBus;
  bounds: () => Promise<BBox | null>;
  geocoder?: Geocoder;
  logger?: FastifyBaseLogger;
  stationsTtlMs?: number;
}) {
  const { db, layers, geocoder, logger } = deps;
  const types = ['REGION', 'COMMUNE_LABEL', 'EVACUATION_POINT', 'COMMUNE_OFFICE', 'FLOOD_MARK'] as const;
  const placesOf = layers.derived(types, ([regions, labels, evacuation, offices, marks]) => [
    ...communePlaces(regions, labels),
    ...pointPlaces(evacuation, 'evacuation', EVACUATION_NAME_KEYS),
    ...pointPlaces(offices, 'office', NAME_KEYS.office),
    ...pointPlaces(marks, 'flood-mark', NAME_KEYS.floodMark),
  ]);

  let stations: { at: number; value: Promise<PlaceEntry[]> } | undefined;
  deps.bus.subscribe((e) => {
    if (e.type === STATIONS_CHANGED) stations = undefined;
  });
  const stationsTtlMs = deps.stationsTtlMs ?? 60_000;
  const stationPlaces = (): Promise<PlaceEntry[]> => {
    if (!stations || Date.now() - stations.at > stationsTtlMs) {
      const entry = {
        at: Date.now(),
        value: allStations(db).then((rows) =>
          rows.map((s) => ({
            kind: 'station' as const,
            name: s.name,
            lat: s.latitude,
            lng: s.longitude,
            aliases: [s.code],
          })),
        ),
      };
      entry.value.catch(() => {
        if (stations === entry) stations = undefined;
      });
      stations = entry;
    }
    return stations.value;
  };

  let built: { places: PlaceEntry[]; stations: PlaceEntry[]; index: PlaceIndex } | undefined;
  async function currentIndex(): Promise<PlaceIndex> {
    const [places, st] = await Promise.all([layers.versions(types).then(placesOf), stationPlaces()]);
    if (built?.places !== places || built.stations !== st) {
      built = { places, stations: st, index: buildPlaceIndex([...places, ...st]) };
    }
    return built.index;
  }

  return {
    async search(q: SearchQuery): Promise<SearchResponse> {
      const local = searchPlaces(await currentIndex(), q.q, q.limit);
      if (!geocoder || local.length >= q.limit) return { items: local };
      let external: Place[] = [];
      try {
        external = await geocoder.search(q.q, q.limit - local.length, await deps.bounds());
      } catch (err) {
        logger?.warn({ err }, 'geocoder failed; local results only');
      }
      return { items: mergePlaces(local, external, q.limit) };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
