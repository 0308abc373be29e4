import type { StationReading } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { type DrawnShape, readingsInShape, shapeContains, shapeSize } from './stations-in-shape';

function reading(code: string, name: string, lat: number, long: number): StationReading {
  return {
    stationId: 1,
    stationCode: code,
    stationName: name,
    kind: code.startsWith('F00') ? 'rain' : 'water',
    lat,
    long,
    value: 1,
    observedAt: null,
    date: null,
    hour: null,
    status: 'low',
    statusLabel: '',
    disconnected: false,
    warningLevel1: null,
    warningLevel2: null,
    warningLevel3: null,
    quality: null,
  };
}

const box: DrawnShape = { kind: 'rectangle', south: 21.2, west: 107.2, north: 21.3, east: 107.3 };
/** One kilometre around the map's centre. */
const ring: DrawnShape = { kind: 'circle', centre: [21.274446, 107.267796], radius: 1000 };

describe('shapeContains', () => {
  it('a rectangle holds what lies in its box, edges included', () => {
    expect(shapeContains(box, 21.25, 107.25)).toBe(true);
    expect(shapeContains(box, 21.3, 107.2)).toBe(true);
    expect(shapeContains(box, 21.31, 107.25)).toBe(false);
    expect(shapeContains(box, Number.NaN, 107.25)).toBe(false);
  });

  it('a circle holds what lies within its radius in metres', () => {
    // 0.008° of latitude ≈ 890 m; 0.01° ≈ 1112 m.
    expect(shapeContains(ring, 21.274446 + 0.008, 107.267796)).toBe(true);
    expect(shapeContains(ring, 21.274446 + 0.01, 107.267796)).toBe(false);
  });
});

describe('readingsInShape', () => {
  it('keeps the stations inside, rain first, then by name', () => {
    const list = [
      reading('F01002', 'Cầu Ba Chẽ', 21.22, 107.22),
      reading('F00002', 'Thanh Sơn', 21.25, 107.25),
      reading('F00001', 'Đồn Đạc', 21.26, 107.28),
      reading('F00009', 'Ngoài vùng', 21.4, 107.25),
    ];
    expect(readingsInShape(box, list).map((r) => r.stationCode)).toEqual(['F00001', 'F00002', 'F01002']);
  });
});

describe('shapeSize', () => {
  it("gives a circle's radius in m, then km with a decimal comma", () => {
    expect(shapeSize({ ...ring, radius: 850 } as DrawnShape, 'vi')).toEqual({ key: 'radius', value: '850 m' });
    expect(shapeSize({ ...ring, radius: 2345 } as DrawnShape, 'vi')).toEqual({ key: 'radius', value: '2,35 km' });
    expect(shapeSize({ ...ring, radius: 2345 } as DrawnShape, 'en')).toEqual({ key: 'radius', value: '2.35 km' });
  });

  it("gives a rectangle's area: 0.01° × 0.01° near Ba Chẽ is about 115 ha", () => {
    const small: DrawnShape = { kind: 'rectangle', south: 21.27, west: 107.26, north: 21.28, east: 107.27 };
    // 1111.95 m × 1036.5 m (cos 21.275°) ≈ 1.1525 km².
    expect(shapeSize(small, 'vi')).toEqual({ key: 'area', value: '1,15 km²' });
  });
});
