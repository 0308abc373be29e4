import { type BBox, bboxContains, expandBBox } from '../geo/distance';
import { layerBBox, layerPlaces, type ParsedLayer } from '../geo/layer-places';
import type { RoadGraph } from './road-graph';
import { ROUTE_TEXT, type RouteRequest, type RouteResponse } from './routing.schemas';
import { nearestByRoad, type RoadRoute, shortestPath } from './shortest-path';

/**
 * The built-in router's rules, one place for the server (`POST /api/route`) and the browser (#25: offline, the
 * route to the nearest evacuation point from the cached roads layer): the district's bounds, the evacuation points
 * of their layer, and the route over a road graph as the API answers it.
 */

/** How far around the communes a point may lie (~5.5 km): a road out of the district still routes. */
export const DISTRICT_MARGIN_DEG = 0.05;
/** Property names that hold an evacuation point's name: the seeded 'ten', then common alternatives. */
export const EVACUATION_NAME_KEYS = ['ten', 'Ten', 'TEN', 'name', 'Name', 'NAME', 'diachi'];

export interface EvacuationPoint {
  name: string;
  lat: number;
  lng: number;
}

/** The named evacuation points of their layer ('EVACUATION_POINT'). */
export function evacuationPointsOf(layer: ParsedLayer | undefined): EvacuationPoint[] {
  return layerPlaces(layer, EVACUATION_NAME_KEYS).map((p) => ({ name: p.name, lat: p.lat, lng: p.lng }));
}

/** The communes' extent with its margin, or the roads' when there is no communes layer; null = no district data. */
export function districtBounds(regions: ParsedLayer | undefined, roads: ParsedLayer | undefined): BBox | null {
  const box = layerBBox(regions) ?? layerBBox(roads);
  return box ? expandBBox(box, DISTRICT_MARGIN_DEG) : null;
}

/** The first point of a request outside the district ('from', then 'to'), or null (also when no bounds are known). */
export function pointOutside(bounds: BBox | null, body: RouteRequest): 'from' | 'to' | null {
  if (!bounds) return null;
  if (!bboxContains(bounds, [body.from.lng, body.from.lat])) return 'from';
  if (body.to && !bboxContains(bounds, [body.to.lng, body.to.lat])) return 'to';
  return null;
}

const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
const r1 = (v: number) => Math.round(v * 10) / 10;

/** A route as `POST /api/route` answers it: positions to ~10 cm, lengths to 10 cm. */
export function routeResponseOf(
  r: RoadRoute,
  target: RouteResponse['target'],
  engine: RouteResponse['engine'],
): RouteResponse {
  return {
    geometry: { type: 'LineString', coordinates: r.coordinates.map(([x, y]) => [r6(x), r6(y)] as [number, number]) },
    lengthM: r1(r.lengthM),
    startGapM: r1(r.startGapM),
    endGapM: r1(r.endGapM),
    target,
    engine,
  };
}

/** Why the built-in router found no route: one of the route texts (the API's 404 message). */
export type RouteFailure =
  | typeof ROUTE_TEXT.noRoads
  | typeof ROUTE_TEXT.noRoute
  | typeof ROUTE_TEXT.noEvacuationPoints
  | typeof ROUTE_TEXT.noEvacuationRoute;

/**
 * The built-in router over a road graph: between the two points of the request, or from its start to the
 * evacuation point nearest by road. The request's points are not checked against the district here
 * (`pointOutside`).
 */
export function routeOnRoads(
  graph: RoadGraph | null,
  body: RouteRequest,
  points: readonly EvacuationPoint[],
): { ok: true; route: RouteResponse } | { ok: false; message: RouteFailure } {
  if (!body.to && points.length === 0) return { ok: false, message: ROUTE_TEXT.noEvacuationPoints };
  if (!graph || graph.segmentCount === 0) return { ok: false, message: ROUTE_TEXT.noRoads };
  const from: [number, number] = [body.from.lng, body.from.lat];
  if (body.to) {
    const route = shortestPath(graph, from, [body.to.lng, body.to.lat]);
    return route
      ? { ok: true, route: routeResponseOf(route, null, 'built-in') }
      : { ok: false, message: ROUTE_TEXT.noRoute };
  }
  const found = nearestByRoad(
    graph,
    from,
    points.map((p) => [p.lng, p.lat]),
  );
  if (!found) return { ok: false, message: ROUTE_TEXT.noEvacuationRoute };
  const target = points[found.index]!;
  return {
    ok: true,
    route: routeResponseOf(found, { name: target.name, lat: target.lat, lng: target.lng }, 'built-in'),
  };
}
