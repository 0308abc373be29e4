import {
  type BBox,
  bboxContains,
  buildRoadGraph,
  expandBBox,
  type LatLng,
  type LineFeatureCollection,
  nearestByRoad,
  ROUTE_TEXT,
  type RoadRoute,
  type RouteRequest,
  type RouteResponse,
  shortestPath,
} from '@flood/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import { type GeoLayers, type LayerVersions, layerBBox, layerPlaces } from '../geodata/geodata-layers';
import type { ExternalRouter } from './osrm.client';

/** How far around the communes a point may lie (~5.5 km): a road out of the district still routes. */
export const DISTRICT_MARGIN_DEG = 0.05;
/** Property names that hold an evacuation point's name: the seeded 'ten', then common alternatives. */
export const EVACUATION_NAME_KEYS = ['ten', 'Ten', 'TEN', 'name', 'Name', 'NAME', 'diachi'];

const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
const r1 = (v: number) => Math.round(v * 10) / 10;
const lngLat = (p: LatLng): [number, number] => [p.lng, p.lat];

function toResponse(r: RoadRoute, target: RouteResponse['target'], engine: RouteResponse['engine']): RouteResponse {
  return {
    geometry: { type: 'LineString', coordinates: r.coordinates.map(([x, y]) => [r6(x), r6(y)] as [number, number]) },
    lengthM: r1(r.lengthM),
    startGapM: r1(r.startGapM),
    endGapM: r1(r.endGapM),
    target,
    engine,
  };
}

/**
 * Route planning on the public map (issue #8): the built-in router over the current roads layer
 * ('Đường sơ tán'), or the external OSRM-compatible service when ROUTING_URL is set — falling back to the
 * built-in one when the service fails or finds nothing. The graph is built once per roads file.
 */
export function createRoutingService(deps: {
  layers: GeoLayers;
  external?: ExternalRouter;
  logger?: FastifyBaseLogger;
}) {
  const { layers, external, logger } = deps;
  const graphOf = layers.derived(['EVACUATION_ROAD'], ([roads]) =>
    roads ? buildRoadGraph(roads as LineFeatureCollection) : null,
  );
  // The communes' extent, or the roads' when there is no communes layer; null = no district data at all.
  const boundsOf = layers.derived(['REGION', 'EVACUATION_ROAD'], ([regions, roads]) => {
    const box = layerBBox(regions) ?? layerBBox(roads);
    return box ? expandBBox(box, DISTRICT_MARGIN_DEG) : null;
  });
  const evacuationOf = layers.derived(['EVACUATION_POINT'], ([points]) =>
    layerPlaces(points, EVACUATION_NAME_KEYS).map((p) => ({ name: p.name, lat: p.lat, lng: p.lng })),
  );
  const versionsFor = () => layers.versions(['EVACUATION_ROAD', 'REGION', 'EVACUATION_POINT']);

  function checkInside(bounds: BBox | null, field: string, p: LatLng | undefined): void {
    if (!p || !bounds || bboxContains(bounds, lngLat(p))) return;
    throw new AppError('VALIDATION_FAILED', `${ROUTE_TEXT.outside} (${field})`, [
      { field, message: ROUTE_TEXT.outside },
    ]);
  }

  async function builtIn(v: LayerVersions, from: LatLng, to: LatLng): Promise<RoadRoute | null> {
    const graph = await graphOf(v);
    if (!graph || graph.segmentCount === 0) throw new AppError('NOT_FOUND', ROUTE_TEXT.noRoads);
    return shortestPath(graph, lngLat(from), lngLat(to));
  }

  async function tryExternal<T>(call: (router: ExternalRouter) => Promise<T | null>): Promise<T | null> {
    if (!external) return null;
    try {
      return await call(external);
    } catch (err) {
      logger?.warn({ err }, 'external routing failed; using the built-in router');
      return null;
    }
  }

  async function toPoint(v: LayerVersions, from: LatLng, to: LatLng): Promise<RouteResponse> {
    const ext = await tryExternal((r) => r.route(from, to));
    if (ext) return toResponse(ext, null, 'external');
    const route = await builtIn(v, from, to);
    if (!route) throw new AppError('NOT_FOUND', ROUTE_TEXT.noRoute);
    return toResponse(route, null, 'built-in');
  }

  async function toNearestEvacuation(v: LayerVersions, from: LatLng): Promise<RouteResponse> {
    const points = await evacuationOf(v);
    if (points.length === 0) throw new AppError('NOT_FOUND', ROUTE_TEXT.noEvacuationPoints);
    const ext = await tryExternal(async (r) => {
      const d = await r.distances(from, points);
      let best = -1;
      d.forEach((m, i) => {
        if (m !== null && (best < 0 || m < d[best]!)) best = i;
      });
      if (best < 0) return null;
      const route = await r.route(from, points[best]!);
      return route ? { route, target: points[best]! } : null;
    });
    if (ext) return toResponse(ext.route, ext.target, 'external');
    const graph = await graphOf(v);
    if (!graph || graph.segmentCount === 0) throw new AppError('NOT_FOUND', ROUTE_TEXT.noRoads);
    const found = nearestByRoad(graph, lngLat(from), points.map(lngLat));
    if (!found) throw new AppError('NOT_FOUND', ROUTE_TEXT.noEvacuationRoute);
    const target = points[found.index]!;
    return toResponse(found, { name: target.name, lat: target.lat, lng: target.lng }, 'built-in');
  }

  return {
    /** The district's bounds with their margin (null when no communes or roads are loaded). */
    async bounds(): Promise<BBox | null> {
      return boundsOf(await versionsFor());
    },

    async route(body: RouteRequest): Promise<RouteResponse> {
      const v = await versionsFor();
      const bounds = await boundsOf(v);
      checkInside(bounds, 'from', body.from);
      checkInside(bounds, 'to', body.to);
      return body.to ? toPoint(v, body.from, body.to) : toNearestEvacuation(v, body.from);
    },
  };
}
export type RoutingService = ReturnType<typeof createRoutingService>;
