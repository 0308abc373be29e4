import {
  buildRoadGraph,
  districtBounds,
  evacuationPointsOf,
  type LineFeatureCollection,
  pointOutside,
  ROUTE_TEXT,
  type RoadGraph,
  type RouteRequest,
  type RouteResponse,
  routeOnRoads,
} from '@flood/domain';
import type { FeatureCollection } from 'geojson';
import { ApiError } from '../../../../lib/api/client';
import { fetchGeodataList, fetchGeoJson } from '../../../../map-kit/api/map-api';

/**
 * Route planning without the server (#25, point 2): when `POST /api/route` cannot be reached (no network, the
 * server down), the route is computed in the browser by the domain's built-in router (`routeOnRoads`, the server's
 * own rules) over the newest roads and evacuation points layers — offline, the service worker's copies of them,
 * kept at each visit. Its failures are the server's answers (the same texts in the panel).
 */

/** The newest file of a layer type, or null when the type has none. Throws when it cannot be read at all. */
async function newestLayer(type: 'EVACUATION_ROAD' | 'EVACUATION_POINT' | 'REGION') {
  const [item] = await fetchGeodataList(type, 1);
  return item?.url ? { url: item.url, data: await fetchGeoJson(item.url) } : null;
}

/** The graph of the last roads file: built once per file (a stored file never changes under its URL). */
let built: { url: string; graph: RoadGraph } | null = null;
function graphOf(roads: { url: string; data: FeatureCollection } | null): RoadGraph | null {
  if (!roads) return null;
  if (built?.url !== roads.url) built = { url: roads.url, graph: buildRoadGraph(roads.data as LineFeatureCollection) };
  return built.graph;
}

/** The routes computed here: the panel says so. */
const computedHere = new WeakSet<RouteResponse>();

/** Whether a route was computed in the browser (offline) rather than by the server. */
export function isRouteFromDevice(route: RouteResponse | null | undefined): boolean {
  return Boolean(route && computedHere.has(route));
}

/** The route of a request from the layers the browser can read (offline: the service worker's copies). */
export async function routeOnDevice(body: RouteRequest): Promise<RouteResponse> {
  const [roads, points, regions] = await Promise.all([
    newestLayer('EVACUATION_ROAD'),
    body.to ? Promise.resolve(null) : newestLayer('EVACUATION_POINT'),
    // The communes only bound the points: without them, the roads' box does.
    newestLayer('REGION').catch(() => null),
  ]);
  const outside = pointOutside(districtBounds(regions?.data, roads?.data), body);
  if (outside) {
    throw new ApiError(400, {
      code: 'VALIDATION_FAILED',
      message: `${ROUTE_TEXT.outside} (${outside})`,
      fields: [{ field: outside, message: ROUTE_TEXT.outside }],
      requestId: '',
    });
  }
  const found = routeOnRoads(graphOf(roads), body, evacuationPointsOf(points?.data));
  if (!found.ok) throw new ApiError(404, { code: 'NOT_FOUND', message: found.message, requestId: '' });
  computedHere.add(found.route);
  return found.route;
}
