import { describe, expect, it } from 'vitest';
import { polygonAreaSquareMetres } from '../geo/area';
import {
  DEPTH_CLASSES,
  depthClassOf,
  measureFloodLayer,
  squareMetresToHectares,
  zonesOfRegionLayer,
} from './flood-area';

type Ring = [number, number][];
const rect = (x0: number, y0: number, x1: number, y1: number): Ring => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];
const feature = (properties: Record<string, unknown>, coordinates: unknown, type = 'Polygon') => ({
  type: 'Feature',
  properties,
  geometry: { type, coordinates },
});

describe('depth classes', () => {
  it('follow the §9 water bands (m), shallowest first, then unknown', () => {
    expect(DEPTH_CLASSES.map((c) => c.key)).toEqual([
      '0-0.5',
      '0.5-1',
      '1-1.5',
      '1.5-2',
      '2-2.5',
      '2.5-3',
      '3-3.5',
      '3.5-4',
      '4+',
      'unknown',
    ]);
    expect(DEPTH_CLASSES[0]!.vi).toBe('0–0,5 m');
    expect(DEPTH_CLASSES[8]!.vi).toBe('> 4 m');
  });

  it('a value belongs to the band it is above; missing, zero or text is unknown', () => {
    expect(depthClassOf(0.3)).toBe('0-0.5');
    expect(depthClassOf(0.5)).toBe('0-0.5');
    expect(depthClassOf('0.51')).toBe('0.5-1');
    expect(depthClassOf(4.2)).toBe('4+');
    expect(depthClassOf(0)).toBe('unknown');
    expect(depthClassOf(undefined)).toBe('unknown');
    expect(depthClassOf('sâu')).toBe('unknown');
  });
});

describe('a flood layer measured against two communes', () => {
  const west = rect(107, 21, 107.02, 21.02);
  const east = rect(107.02, 21, 107.04, 21.02);
  const zones = zonesOfRegionLayer({
    features: [
      feature({ NAME_3: 'Tây', ID_3: 1, GSO_CODE: '00001', FULLNAME_3: 'Xã Tây' }, [west]),
      feature({ NAME_3: 'Đông', ID_3: 2 }, [east]),
      feature({ NAME_3: 'Điểm', ID_3: 3 }, [107, 21], 'Point'),
      feature({ ID_3: 4 }, [rect(108, 21, 108.1, 21.1)]),
    ],
  });

  it('reads the communes by NAME_3 / ID_3, skipping other features', () => {
    expect(zones.map((z) => [z.id, z.code, z.name, z.fullName])).toEqual([
      ['1', '00001', 'Tây', 'Xã Tây'],
      ['2', null, 'Đông', 'Đông'],
    ]);
  });

  it('splits each polygon between communes, by depth class, with the Total and the part outside', () => {
    const across = rect(107.01, 21.005, 107.03, 21.015); // half in each commune
    const deep = rect(107.025, 21.0, 107.035, 21.004); // in the east, 2.7 m
    const outside = rect(107.04, 21.0, 107.05, 21.01); // east of both
    const r = measureFloodLayer(
      {
        features: [
          feature({ value: 0.8 }, [across]),
          feature({ value: '2.7' }, [deep]),
          feature({}, [outside]),
          feature({ value: 1 }, [107.01, 21.01], 'Point'),
        ],
      },
      zones,
    );
    const half = polygonAreaSquareMetres(rect(107.01, 21.005, 107.02, 21.015));
    const [w, e] = r.zones;
    expect(w!.floodedM2).toBeCloseTo(half, -1);
    expect(w!.byClass).toEqual({ '0.5-1': expect.closeTo(half, -1) });
    expect(e!.floodedM2).toBeCloseTo(half + polygonAreaSquareMetres(deep), -1);
    expect(e!.byClass['2.5-3']).toBeCloseTo(polygonAreaSquareMetres(deep), -1);
    expect(w!.areaM2).toBeCloseTo(polygonAreaSquareMetres(west), -1);
    expect(r.total.floodedM2).toBeCloseTo(w!.floodedM2 + e!.floodedM2, 3);
    expect(r.total.byClass['0.5-1']).toBeCloseTo(2 * half, -1);
    expect(r.total.byClass.unknown).toBeUndefined();
    expect(r.outsideM2).toBeCloseTo(polygonAreaSquareMetres(outside), -1);
    expect([r.features, r.skipped]).toEqual([3, 1]);
  });

  it('hectares have two decimals', () => {
    expect(squareMetresToHectares(123_456)).toBe(12.35);
  });
});
