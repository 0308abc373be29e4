import {
  type BBox,
  buildRoadGraph,
  DISTRICT_MARGIN_DEG,
  districtBounds,
  EVACUATION_NAME_KEYS,
  type EvacuationPoint,
  evacuationPointsOf,
  expandBBox,
  type LatLng,
  type LineFeatureCollection,
  pointOutside,
  ROUTE_TEXT,
  type RouteRequest,
  type RouteResponse,
  routeOnRoads,
  routeResponseOf,
} from '@flood/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import type { GeoLayers, LayerVersions } from '../geodata/geodata-layers';
import type { ExternalRouter } from './osrm.client';

/** The district's margin and the evacuation points' name keys: the domain's (one rule for server and browser). */
export { DISTRICT_MARGIN_DEG, EVACUATION_NAME_KEYS };

/**
 * Route planning on the public map (issue #8): the built-in router over the current roads layer
 * ('Đường sơ tán'), or the external OSRM-compatible service when ROUTING_URL is set — falling back to the
 * built-in one when the service fails or finds nothing. The graph is built once per roads file.
 */
export function createRoutingService(deps: {
  layers: GeoLayers;
  external?: ExternalRouter;
  logger?: FastifyBaseLogger;
  /** The area's units' extent (#26): the bounds when known, else the layers'. */
  unitBounds?: () => Promise<BBox | null>;
}) {
  const { layers, external, logger } = deps;
  const graphOf = layers.derived(['EVACUATION_ROAD'], ([roads]) =>
    roads ? buildRoadGraph(roads as LineFeatureCollection) : null,
  );
  // The communes' extent, or the roads' when there is no communes layer; null = no district data at all.
  const boundsOf = layers.derived(['REGION', 'EVACUATION_ROAD'], ([regions, roads]) => districtBounds(regions, roads));
  const unitBoundsOr = async (v: LayerVersions): Promise<BBox | null> => {
    const units = await deps.unitBounds?.();
    return units ? expandBBox(units, DISTRICT_MARGIN_DEG) : boundsOf(v);
  };
  const evacuationOf = layers.derived(['EVACUATION_POINT'], ([points]) => evacuationPointsOf(points));
  const versionsFor = () => layers.versions(['EVACUATION_ROAD', 'REGION', 'EVACUATION_POINT']);

  function checkInside(bounds: BBox | null, body: RouteRequest): void {
    const field = pointOutside(bounds, body);
    if (!field) return;
    throw new AppError('VALIDATION_FAILED', `${ROUTE_TEXT.outside} (${field})`, [
      { field, message: ROUTE_TEXT.outside },
    ]);
  }

  /** The built-in router over the current roads; its failure is the API's 404 with the route text. */
  async function builtIn(v: LayerVersions, body: RouteRequest, points: readonly EvacuationPoint[] = []) {
    const found = routeOnRoads(await graphOf(v), body, points);
    if (!found.ok) throw new AppError('NOT_FOUND', found.message);
    return found.route;
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

  async function toPoint(v: LayerVersions, body: RouteRequest, to: LatLng): Promise<RouteResponse> {
    const ext = await tryExternal((r) => r.route(body.from, to));
    if (ext) return routeResponseOf(ext, null, 'external');
    return builtIn(v, body);
  }

  async function toNearestEvacuation(v: LayerVersions, body: RouteRequest): Promise<RouteResponse> {
    const from = body.from;
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
    if (ext) return routeResponseOf(ext.route, ext.target, 'external');
    return builtIn(v, body, points);
  }

  return {
    /** The district's bounds with their margin (null when no communes or roads are loaded). */
    async bounds(): Promise<BBox | null> {
      return unitBoundsOr(await versionsFor());
    },

    async route(body: RouteRequest): Promise<RouteResponse> {
      const v = await versionsFor();
      const bounds = await unitBoundsOr(v);
      checkInside(bounds, body);
      return body.to ? toPoint(v, body, body.to) : toNearestEvacuation(v, body);
    },
  };
}
export type RoutingService = ReturnType<typeof createRoutingService>;
