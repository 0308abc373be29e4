import { type GeodataType, MAP_LAYERS, MAX_PAGE_SIZE, type Station, type StationKind } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { fetchStations, READING_TYPE_OF, waterKeys } from '../../features/stations';
import { useReadUnit } from '../../lib/area/public-unit';
import { usePortalEvents } from '../../lib/events/use-portal-events';
import { fetchEnabledLayerNames, fetchGeodataList, fetchGeoJson, fetchLatestReadings, mapKeys } from '../api/map-api';
import { type LayerOption, TIMED_TYPES, type TimedOption } from '../model/layer-state';
import { GEOJSON_LIST_POLL_MS, READINGS_POLL_MS } from '../model/map-constants';

const LAYER_NAMES: Record<LayerOption, string> = {
  realRain: MAP_LAYERS.realRain.vi,
  satelliteRain: MAP_LAYERS.satelliteRain.vi,
  forecastRain: MAP_LAYERS.forecastRain.vi,
  realWater: MAP_LAYERS.realWater.vi,
  flood: MAP_LAYERS.flood.vi,
};
/** The menu's order (spec §2): real rain, satellite rain, forecast rain, real water, flood. */
export const MENU_ORDER: readonly LayerOption[] = ['realRain', 'satelliteRain', 'forecastRain', 'realWater', 'flood'];

/** The query of the data-layer list's names that are on: the hook's, and the map page's first reads. */
export const availableLayersQuery = {
  queryKey: mapKeys.dataLayers,
  queryFn: fetchEnabledLayerNames,
  staleTime: 5 * 60_000,
};

/** The layers the data-layer list holds by their exact Vietnamese name and has on (undefined while loading). */
export function useAvailableLayers(): LayerOption[] | undefined {
  const { data } = useQuery(availableLayersQuery);
  return data ? MENU_ORDER.filter((o) => data.has(LAYER_NAMES[o])) : undefined;
}

/**
 * The latest readings of one kind; while `follow`, live: the stream refreshes them, 60 s polling while it
 * is down.
 */
export function useLatestReadings(kind: StationKind | null, follow = true) {
  // On a unit's pages (#26 point 4), that unit's stations.
  const unit = useReadUnit();
  const query = latestReadingsQuery(kind ?? 'rain', unit);
  usePortalEvents(kind && follow ? [query.queryKey] : [], ['reading', 'config'], READINGS_POLL_MS);
  return useQuery({ ...query, enabled: kind !== null });
}

/** The query of the latest readings of one kind (of one unit's stations with `unit`): the hook's, and a prefetch's. */
export function latestReadingsQuery(kind: StationKind, unit: string | undefined) {
  const type = READING_TYPE_OF[kind];
  return {
    queryKey: waterKeys.current(type, unit),
    queryFn: () => fetchLatestReadings(type, unit),
    staleTime: READINGS_POLL_MS,
  };
}

/** The query of every station (of one unit's with `unit`): the hook's, and the map page's first reads. */
export function allStationsQuery(unit: string | undefined) {
  return {
    queryKey: ['map', 'stations', unit ?? ''],
    queryFn: async (): Promise<Station[]> => (await fetchStations({ page: 1, pageSize: MAX_PAGE_SIZE, unit })).items,
    staleTime: 5 * 60_000,
  };
}

/** Every station (names, descriptions, coordinates): the modal and the fit-all button. */
export function useAllStations() {
  return useQuery(allStationsQuery(useReadUnit()));
}

/** The items (times) of a timed layer, newest first, refreshed every 60 s while the layer is offered. */
export function useTimedItems(layer: TimedOption, enabled: boolean) {
  return useQuery({
    queryKey: mapKeys.geodataList(TIMED_TYPES[layer]),
    queryFn: () => fetchGeodataList(TIMED_TYPES[layer]),
    enabled,
    refetchInterval: GEOJSON_LIST_POLL_MS,
  });
}

/** A stored GeoJSON file by its URL (null: nothing to load). */
export function useGeoJson(url: string | null | undefined) {
  return useQuery({
    queryKey: mapKeys.geojson(url ?? ''),
    queryFn: () => fetchGeoJson(url!),
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
}

/** The query of the newest item of a base layer type: the hook's, and the map page's first reads. */
export function newestGeodataQuery(type: GeodataType) {
  return {
    queryKey: [...mapKeys.geodataList(type), 'newest'],
    queryFn: () => fetchGeodataList(type, 1),
    staleTime: 10 * 60_000,
  };
}

/** The newest item of a base layer type (regions, offices, flood marks...) and its GeoJSON. */
export function useNewestGeoJson(type: GeodataType, enabled = true) {
  const list = useQuery({ ...newestGeodataQuery(type), enabled });
  const item = list.data?.[0];
  const file = useGeoJson(enabled ? item?.url : null);
  return { item, data: file.data };
}
