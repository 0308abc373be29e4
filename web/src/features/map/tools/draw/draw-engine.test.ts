import { latLng } from 'leaflet';
import { describe, expect, it } from 'vitest';
import { dragged, handlePositions } from './draw-engine';
import type { DrawnShape } from './stations-in-shape';

const box: DrawnShape = { kind: 'rectangle', south: 21.2, west: 107.2, north: 21.3, east: 107.3 };
const ring: DrawnShape = { kind: 'circle', centre: [21.27, 107.27], radius: 1000 };

describe('editing a drawn shape', () => {
  it("puts a rectangle's handles on its corners and centre, a circle's on its centre and east edge", () => {
    expect(handlePositions(box)).toEqual([
      [21.2, 107.2],
      [21.2, 107.3],
      [21.3, 107.3],
      [21.3, 107.2],
      [21.25, 107.25],
    ]);
    const [centre, edge] = handlePositions(ring);
    expect(centre).toEqual([21.27, 107.27]);
    expect(edge![0]).toBe(21.27);
    expect(latLng(centre!).distanceTo(edge!)).toBeCloseTo(1000, -1);
  });

  it('a corner dragged keeps the opposite corner, even dragged past it', () => {
    expect(dragged(box, 2, latLng(21.4, 107.35))).toEqual({
      kind: 'rectangle',
      south: 21.2,
      west: 107.2,
      north: 21.4,
      east: 107.35,
    });
    // The north-east corner dragged south-west of the south-west one: the box turns over.
    expect(dragged(box, 2, latLng(21.1, 107.1))).toEqual({
      kind: 'rectangle',
      south: 21.1,
      west: 107.1,
      north: 21.2,
      east: 107.2,
    });
  });

  it('the centre handle moves a rectangle whole', () => {
    const moved = dragged(box, 4, latLng(21.35, 107.3)) as Extract<DrawnShape, { kind: 'rectangle' }>;
    expect(moved.south).toBeCloseTo(21.3, 9);
    expect(moved.north).toBeCloseTo(21.4, 9);
    expect(moved.west).toBeCloseTo(107.25, 9);
    expect(moved.east).toBeCloseTo(107.35, 9);
  });

  it("a circle's edge handle sets its radius (haversine metres), its centre handle moves it", () => {
    const wider = dragged(ring, 1, latLng(21.27 + 0.02, 107.27)) as Extract<DrawnShape, { kind: 'circle' }>;
    expect(wider.radius).toBeCloseTo(2224, -1);
    expect(wider.centre).toEqual([21.27, 107.27]);
    expect(dragged(ring, 0, latLng(21.3, 107.3))).toEqual({ kind: 'circle', centre: [21.3, 107.3], radius: 1000 });
  });
});
