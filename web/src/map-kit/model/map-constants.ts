import { type GeodataType, isMobileAgent as isMobileUserAgent } from '@flood/domain';
import type { FitBoundsOptions, LatLngBoundsLiteral } from 'leaflet';

/** The district's view (spec §9): centre, first zoom and the deepest zoom. */
export const MAP_CENTRE: [number, number] = [21.274446, 107.267796];
export const MAP_ZOOM = 11;
export const MAP_MAX_ZOOM = 18;
/** The district's seven communes (seed/geo/communes.geojson), south-west and north-east corners. */
export const DISTRICT_BOUNDS: LatLngBoundsLiteral = [
  [21.13018, 106.97274],
  [21.389, 107.36015],
];

/** Below this width the map is a phone's: its tools collapse, its first view leaves less room around. */
export const NARROW_MAP_PX = 768;

/**
 * The room the first view leaves around the district: clear of the toolbars on the left (wide screens), of
 * the buttons and search along a phone's top and of its legend button at the foot.
 */
export function districtPadding(width: number): Pick<FitBoundsOptions, 'paddingTopLeft' | 'paddingBottomRight'> {
  const narrow = width < NARROW_MAP_PX;
  return {
    paddingTopLeft: narrow ? [8, 116] : [112, 16],
    paddingBottomRight: narrow ? [8, 88] : [16, 16],
  };
}

/** Commune names are drawn from this zoom on (spec §9 "region labels at zoom 11 and above"). */
export const REGION_LABEL_MIN_ZOOM = 11;

/** Polling while the live stream is down (spec §7): readings and the GeoJSON lists every 60 s. */
export const READINGS_POLL_MS = 60_000;
export const GEOJSON_LIST_POLL_MS = 60_000;

/** The base maps in the order the menu offers them (GLOSSARY); the first is the default. */
export const BASE_MAPS = ['national', 'satellite', 'street'] as const;
export type BaseMap = (typeof BASE_MAPS)[number];

/** The district's fixed layers, newest item of each type. */
export const BASE_LAYER_TYPES = {
  regions: 'REGION',
  regionLabels: 'COMMUNE_LABEL',
  communeOffices: 'COMMUNE_OFFICE',
  floodMarks: 'FLOOD_MARK',
  evacuationPoints: 'EVACUATION_POINT',
  evacuationRoads: 'EVACUATION_ROAD',
} as const satisfies Record<string, GeodataType>;

/** Spec §9: "Mobile is detected when the browser agent contains 'Mobi'" (the domain's rule), this browser's by default. */
export function isMobileAgent(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): boolean {
  return isMobileUserAgent(userAgent);
}

/** Markers created per task on a map's first drawing (#25, point 3): each is 2–4 ms of a phone's main thread. */
export const MARKERS_PER_TASK = 4;
