import type { LatLng } from '@flood/domain';

/** A route from an external router, positions [longitude, latitude]. */
export interface ExternalRoute {
  coordinates: [number, number][];
  lengthM: number;
  startGapM: number;
  endGapM: number;
}

/** An external routing service (ROUTING_URL); the built-in router is used when there is none. */
export interface ExternalRouter {
  /** The route between two points, or null when the service finds none. Throws when it fails. */
  route(from: LatLng, to: LatLng): Promise<ExternalRoute | null>;
  /** Road metres from one point to each target (null = unreachable). Throws when it fails. */
  distances(from: LatLng, targets: readonly LatLng[]): Promise<(number | null)[]>;
}

interface OsrmWaypoint {
  distance?: number;
}
interface OsrmRouteResponse {
  code: string;
  message?: string;
  routes?: { distance: number; geometry: { type: string; coordinates: [number, number][] } }[];
  waypoints?: OsrmWaypoint[];
}
interface OsrmTableResponse {
  code: string;
  message?: string;
  distances?: (number | null)[][];
}

const pos = (p: LatLng) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;

/**
 * An OSRM-compatible HTTP API (`/route/v1/{profile}/…` with GeoJSON geometry, `/table/v1/{profile}/…` with
 * distances), e.g. a district's own OSRM server with OpenStreetMap roads. `baseUrl` is the part before
 * `/route`.
 */
export function createOsrmRouter(opts: {
  baseUrl: string;
  profile: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): ExternalRouter {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  async function get<T extends { code: string; message?: string }>(service: string, coords: string, query: string) {
    const res = await doFetch(`${base}/${service}/v1/${encodeURIComponent(opts.profile)}/${coords}?${query}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    // OSRM answers 400 with a JSON code for "no route" and bad input; anything else is a failure.
    if (!res.ok && res.status !== 400) throw new Error(`routing service answered ${res.status}`);
    return (await res.json()) as T;
  }
  return {
    async route(from, to) {
      const body = await get<OsrmRouteResponse>(
        'route',
        `${pos(from)};${pos(to)}`,
        'overview=full&geometries=geojson&steps=false',
      );
      if (body.code === 'NoRoute') return null;
      const r = body.routes?.[0];
      if (body.code !== 'Ok' || !r || r.geometry?.type !== 'LineString') {
        throw new Error(`routing service: ${body.code} ${body.message ?? ''}`.trim());
      }
      return {
        coordinates: r.geometry.coordinates,
        lengthM: r.distance,
        startGapM: body.waypoints?.[0]?.distance ?? 0,
        endGapM: body.waypoints?.[1]?.distance ?? 0,
      };
    },
    async distances(from, targets) {
      if (targets.length === 0) return [];
      const body = await get<OsrmTableResponse>(
        'table',
        [from, ...targets].map(pos).join(';'),
        'sources=0&annotations=distance',
      );
      const row = body.distances?.[0];
      if (body.code !== 'Ok' || !row) throw new Error(`routing service: ${body.code} ${body.message ?? ''}`.trim());
      return row.slice(1).map((d) => (typeof d === 'number' ? d : null));
    },
  };
}
