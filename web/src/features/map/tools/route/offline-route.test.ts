import { ROUTE_TEXT } from '@flood/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api/client';
import { jsonResponse, mockFetch } from '../../../../test/fixtures';
import { isRouteFromDevice, routeOnDevice } from './offline-route';

const item = (type: string, url: string) => ({
  id: 1,
  name: url,
  type,
  path: url.replace('/api/geojson/', ''),
  url,
  parentId: null,
  time: null,
  size: 1,
  contentType: 'application/geo+json',
  demo: false,
  childCount: 0,
  userId: null,
  userName: null,
  createdAt: '2026-11-26T00:00:00.000Z',
});
const list = (...items: unknown[]) => ({ items, total: items.length, folder: null });
const ROADS = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [107.2, 21.25],
          [107.25, 21.25],
          [107.3, 21.26],
          [107.33, 21.26],
        ],
      },
    },
  ],
};
const POINTS = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { ten: 'Trường THCS Ba Chẽ' },
      geometry: { type: 'Point', coordinates: [107.33, 21.26] },
    },
    { type: 'Feature', properties: { ten: 'Nhà văn hoá' }, geometry: { type: 'Point', coordinates: [107.2, 21.25] } },
  ],
};

/** The layers as the service worker's copies answer them; `roads: false` = no roads layer stored. */
function layers(options: { roads?: boolean; down?: boolean } = {}) {
  return mockFetch((path) => {
    if (options.down) throw new TypeError('Failed to fetch');
    if (path.startsWith('/api/geojson?type=EVACUATION_ROAD')) {
      return jsonResponse(
        200,
        options.roads === false ? list() : list(item('EVACUATION_ROAD', '/api/geojson/roads-7.geojson')),
      );
    }
    if (path.startsWith('/api/geojson?type=EVACUATION_POINT')) {
      return jsonResponse(200, list(item('EVACUATION_POINT', '/api/geojson/points-3.geojson')));
    }
    if (path.startsWith('/api/geojson?type=REGION')) return jsonResponse(200, list());
    if (path === '/api/geojson/roads-7.geojson') return jsonResponse(200, ROADS);
    if (path === '/api/geojson/points-3.geojson') return jsonResponse(200, POINTS);
    return jsonResponse(404, { code: 'NOT_FOUND', message: path, requestId: '' });
  });
}

describe('route planning on the device, without the server (#25, point 2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('routes to the evacuation point nearest by road from the kept roads and points, and says it was computed here', async () => {
    layers();
    const route = await routeOnDevice({ from: { lat: 21.258, lng: 107.29 }, nearest: 'evacuation' });
    expect(route.target?.name).toBe('Trường THCS Ba Chẽ');
    expect(route.geometry.coordinates.at(-1)).toEqual([107.33, 21.26]);
    expect(isRouteFromDevice(route)).toBe(true);
    expect(isRouteFromDevice({ ...route })).toBe(false);
  });

  it('answers as the server would: a point outside the district, no roads', async () => {
    layers();
    const outside = await routeOnDevice({ from: { lat: 21.258, lng: 107.6 }, nearest: 'evacuation' }).catch((e) => e);
    expect(outside).toBeInstanceOf(ApiError);
    expect(outside.body.fields).toEqual([{ field: 'from', message: ROUTE_TEXT.outside }]);
    layers({ roads: false });
    const none = await routeOnDevice({ from: { lat: 21.258, lng: 107.29 }, nearest: 'evacuation' }).catch((e) => e);
    expect(none).toMatchObject({ status: 404, body: { message: ROUTE_TEXT.noRoads } });
  });

  it('fails as a network failure when the layers were never kept', async () => {
    layers({ down: true });
    const failed = await routeOnDevice({ from: { lat: 21.258, lng: 107.29 }, nearest: 'evacuation' }).catch((e) => e);
    expect(failed).toMatchObject({ status: 0 });
  });
});
