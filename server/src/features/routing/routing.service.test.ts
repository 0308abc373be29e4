import { ROUTE_TEXT } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import type { GeoLayers, ParsedLayer } from '../geodata/geodata-layers';
import type { ExternalRouter } from './osrm.client';
import { createRoutingService } from './routing.service';

// Two roads meeting at (107.20, 21.27): west–east and south–north; two evacuation points at their ends.
const roads = {
  features: [
    {
      geometry: {
        type: 'LineString',
        coordinates: [
          [107.18, 21.27],
          [107.2, 21.27],
          [107.22, 21.27],
        ],
      },
    },
    {
      geometry: {
        type: 'LineString',
        coordinates: [
          [107.2, 21.25],
          [107.2, 21.27],
          [107.2, 21.3],
        ],
      },
    },
  ],
};
const points = {
  features: [
    { properties: { ten: 'Trường học phía Bắc' }, geometry: { type: 'Point', coordinates: [107.2, 21.3] } },
    { properties: { ten: 'Nhà văn hoá phía Đông' }, geometry: { type: 'Point', coordinates: [107.22, 21.27] } },
  ],
};

/** Layers held in memory, faked at the GeoLayers interface. */
function fakeLayers(layers: Record<string, ParsedLayer>): GeoLayers {
  return {
    versions: async () => new Map(),
    derived: (types, build) => async () => build(types.map((t) => layers[t] ?? null)),
  } as GeoLayers;
}

const service = (layers: Record<string, ParsedLayer>, external?: ExternalRouter) => {
  const warnings: unknown[] = [];
  const logger = { warn: (o: unknown) => warnings.push(o) } as never;
  return { s: createRoutingService({ layers: fakeLayers(layers), external, logger }), warnings };
};
const both = { EVACUATION_ROAD: roads, EVACUATION_POINT: points };
const from = { lat: 21.27, lng: 107.185 };

describe('routing service', () => {
  it('bounds the points by the roads when there is no communes layer', async () => {
    const { s } = service(both);
    const b = (await s.bounds())!;
    expect(b[0]).toBeCloseTo(107.13, 5);
    expect(b[3]).toBeCloseTo(21.35, 5);
    await expect(s.route({ from: { lat: 21.5, lng: 107.2 }, nearest: 'evacuation' })).rejects.toMatchObject({
      status: 400,
      fields: [{ field: 'from', message: ROUTE_TEXT.outside }],
    });
  });

  it('picks the evacuation point nearer by road with the built-in router', async () => {
    const r = await service(both).s.route({ from, nearest: 'evacuation' });
    expect(r.target).toEqual({ name: 'Nhà văn hoá phía Đông', lat: 21.27, lng: 107.22 });
    expect(r.engine).toBe('built-in');
    expect(r.geometry.coordinates.at(-1)).toEqual([107.22, 21.27]);
  });

  it('answers 404 when roads or evacuation points are missing', async () => {
    await expect(service({}).s.route({ from, to: from })).rejects.toMatchObject({
      status: 404,
      message: ROUTE_TEXT.noRoads,
    });
    await expect(service({ EVACUATION_ROAD: roads }).s.route({ from, nearest: 'evacuation' })).rejects.toMatchObject({
      status: 404,
      message: ROUTE_TEXT.noEvacuationPoints,
    });
  });

  it('uses the external router when it answers, the built-in one when it fails', async () => {
    const line: [number, number][] = [
      [107.185, 21.27],
      [107.2, 21.3],
    ];
    const good: ExternalRouter = {
      route: async () => ({ coordinates: line, lengthM: 4321.06, startGapM: 1, endGapM: 2 }),
      distances: async () => [900, 4000],
    };
    const ext = await service(both, good).s.route({ from, nearest: 'evacuation' });
    expect(ext).toMatchObject({ engine: 'external', lengthM: 4321.1, target: { name: 'Trường học phía Bắc' } });
    expect(ext.geometry.coordinates).toEqual(line);

    const broken: ExternalRouter = {
      route: async () => {
        throw new Error('timeout');
      },
      distances: async () => {
        throw new Error('timeout');
      },
    };
    const { s, warnings } = service(both, broken);
    expect((await s.route({ from, to: { lat: 21.3, lng: 107.2 } })).engine).toBe('built-in');
    expect((await s.route({ from, nearest: 'evacuation' })).engine).toBe('built-in');
    expect(warnings).toHaveLength(2);
  });
});
