import { describe, expect, it } from 'vitest';
import { buildRoadGraph } from './road-graph';
import { districtBounds, evacuationPointsOf, pointOutside, routeOnRoads } from './route-on-roads';
import { ROUTE_TEXT } from './routing.schemas';

// One road east along 21.25 from 107.2 to 107.3, and a piece far away (107.5) not joined to it.
const roads = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [107.2, 21.25],
          [107.3, 21.25],
        ],
      },
    },
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [107.5, 21.25],
          [107.51, 21.25],
        ],
      },
    },
  ],
};
const pointsLayer = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { ten: 'Trường THCS' },
      geometry: { type: 'Point', coordinates: [107.29, 21.2501] },
    },
    {
      type: 'Feature',
      properties: { name: 'Nhà văn hoá' },
      geometry: { type: 'Point', coordinates: [107.21, 21.2501] },
    },
    { type: 'Feature', properties: { other: 'no name' }, geometry: { type: 'Point', coordinates: [107.25, 21.25] } },
  ],
};
const graph = buildRoadGraph(roads);
const points = evacuationPointsOf(pointsLayer);

describe('the built-in router shared by the server and the offline browser (#25)', () => {
  it('reads the named evacuation points of their layer', () => {
    expect(points.map((p) => p.name)).toEqual(['Trường THCS', 'Nhà văn hoá']);
  });

  it('routes to the evacuation point nearest by road, as the API answers', () => {
    const found = routeOnRoads(graph, { from: { lat: 21.25, lng: 107.28 }, nearest: 'evacuation' }, points);
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.route.target).toEqual({ name: 'Trường THCS', lat: 21.2501, lng: 107.29 });
    expect(found.route.engine).toBe('built-in');
    expect(found.route.lengthM).toBeGreaterThan(1000);
    expect(found.route.lengthM).toBeLessThan(1050);
    expect(found.route.geometry.coordinates[0]).toEqual([107.28, 21.25]);
  });

  it('names why there is no route: no roads, no points, nothing joined', () => {
    const from = { lat: 21.25, lng: 107.28 };
    expect(routeOnRoads(null, { from, nearest: 'evacuation' }, points)).toEqual({
      ok: false,
      message: ROUTE_TEXT.noRoads,
    });
    expect(routeOnRoads(graph, { from, nearest: 'evacuation' }, [])).toEqual({
      ok: false,
      message: ROUTE_TEXT.noEvacuationPoints,
    });
    expect(routeOnRoads(graph, { from, to: { lat: 21.25, lng: 107.505 } }, [])).toEqual({
      ok: false,
      message: ROUTE_TEXT.noRoute,
    });
    const far = evacuationPointsOf({
      features: [pointsLayer.features[0]!].map((f) => ({
        ...f,
        geometry: { type: 'Point', coordinates: [107.505, 21.25] },
      })),
    });
    expect(routeOnRoads(graph, { from, nearest: 'evacuation' }, far)).toEqual({
      ok: false,
      message: ROUTE_TEXT.noEvacuationRoute,
    });
  });

  it("checks the points against the district's bounds (the roads' box when there are no communes)", () => {
    const bounds = districtBounds(null, roads);
    expect(pointOutside(bounds, { from: { lat: 21.25, lng: 107.3 }, nearest: 'evacuation' })).toBeNull();
    expect(pointOutside(bounds, { from: { lat: 21.25, lng: 107.7 }, nearest: 'evacuation' })).toBe('from');
    expect(pointOutside(bounds, { from: { lat: 21.25, lng: 107.3 }, to: { lat: 22, lng: 107.3 } })).toBe('to');
    expect(pointOutside(null, { from: { lat: 0, lng: 0 }, nearest: 'evacuation' })).toBeNull();
  });
});
