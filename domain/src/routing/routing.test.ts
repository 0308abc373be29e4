import { describe, expect, it } from 'vitest';
import { haversineMetres, lineLengthMetres } from '../geo/distance';
import type { Position } from '../geo/geometry';
import { MinHeap } from './min-heap';
import { buildRoadGraph, snapToRoad } from './road-graph';
import { nearestByRoad, shortestPath } from './shortest-path';

// A hand-made network in metres east/north of a point of the district (flat approximation, < 0.1 % off):
//
//   A(0,0) ──── B(1000,0) ──── C(2000,0) ──── H(3000,0)
//   │
//   D(0,-1000) ───────────── E(2000,-1000)        F(6000,0) ── G(7000,0)  (not joined)
//
// C and E are not joined, so E-side places are reached only round through A and D.
const LON0 = 107.2;
const LAT0 = 21.27;
const M_LAT = 1 / 111_194.9;
const M_LON = M_LAT / Math.cos((LAT0 * Math.PI) / 180);
const at = (east: number, north: number): [number, number] => [LON0 + east * M_LON, LAT0 + north * M_LAT];
const line = (...pts: [number, number][]) => ({
  type: 'Feature' as const,
  properties: {},
  geometry: { type: 'LineString', coordinates: pts.map(([e, n]) => at(e, n)) },
});
const A = at(0, 0);
const B = at(1000, 0);
const C = at(2000, 0);
const D = at(0, -1000);
const H = at(3000, 0);
const G = at(7000, 0);

const roads = {
  type: 'FeatureCollection',
  features: [
    line([0, 0], [1000, 0]),
    line([1000, 0], [2000, 0], [3000, 0]),
    line([0, 0], [0, -1000]),
    // Starts 0.6 m from D: still the same node.
    line([0.4, -1000.4], [1000, -1000], [2000, -1000]),
    line([6000, 0], [7000, 0]),
    { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: at(10, 10) } },
    { type: 'Feature', properties: {}, geometry: null },
  ],
};
const graph = buildRoadGraph(roads);
const near = (p: Position, q: Position, m = 1) => expect(haversineMetres(p, q)).toBeLessThan(m);

describe('haversine', () => {
  it('measures a degree of latitude and a polyline', () => {
    expect(haversineMetres([107, 21], [107, 22])).toBeCloseTo(111_195, -1);
    expect(lineLengthMetres([A, B, C])).toBeCloseTo(2000, 0);
    expect(lineLengthMetres([A])).toBe(0);
  });
});

describe('MinHeap', () => {
  it('pops keys in ascending order', () => {
    const heap = new MinHeap(2);
    const keys = Array.from({ length: 200 }, (_, i) => (i * 7919) % 211);
    keys.forEach((k, i) => {
      heap.push(i, k);
    });
    const out: number[] = [];
    while (heap.size > 0) {
      const key = heap.peekKey();
      heap.pop();
      out.push(key);
    }
    expect(out).toEqual([...keys].sort((a, b) => a - b));
    expect(heap.pop()).toBe(-1);
  });
});

describe('buildRoadGraph', () => {
  it('joins lines at shared vertices (within 1 m) and ignores other geometries', () => {
    // A B C H D E(1000,-1000) E(2000,-1000) F G
    expect(graph.nodeCount).toBe(9);
    expect(graph.segmentCount).toBe(7);
    expect(Array.from(graph.segLen).reduce((a, b) => a + b, 0)).toBeCloseTo(3000 + 1000 + 2000 + 1000, -1);
  });

  it('reads MultiLineString features', () => {
    const g = buildRoadGraph({
      features: [
        {
          geometry: {
            type: 'MultiLineString',
            coordinates: [
              [A, B],
              [B, C],
            ],
          },
        },
      ],
    });
    expect(g.nodeCount).toBe(3);
    expect(shortestPath(g, A, C)?.lengthM).toBeCloseTo(2000, 0);
  });
});

describe('snapToRoad', () => {
  it('projects a point onto the middle of the nearest segment', () => {
    const s = snapToRoad(graph, at(500, 30))!;
    near(s.point, at(500, 0));
    expect(s.t).toBeCloseTo(0.5, 3);
    expect(s.distanceM).toBeCloseTo(30, 0);
  });

  it('clamps to a segment end beyond it', () => {
    const s = snapToRoad(graph, at(-300, 50))!;
    near(s.point, A);
    expect(s.distanceM).toBeCloseTo(Math.hypot(300, 50), 0);
  });

  it('finds nothing on an empty network', () => {
    expect(snapToRoad(buildRoadGraph({ features: [] }), A)).toBeNull();
  });
});

describe('shortestPath', () => {
  it('takes the short way and gives its vertices and length', () => {
    const r = shortestPath(graph, A, C)!;
    expect(r.lengthM).toBeCloseTo(2000, 0);
    expect(r.coordinates).toHaveLength(3);
    [A, B, C].forEach((p, i) => {
      near(r.coordinates[i]!, p);
    });
    expect(r.startGapM).toBeLessThan(0.01);
  });

  it('goes round when there is no shorter way', () => {
    const r = shortestPath(graph, at(2000, -1000), B)!;
    // E → E' → D → A → B
    expect(r.lengthM).toBeCloseTo(2000 + 1000 + 1000, 0);
    expect(r.coordinates).toHaveLength(5);
  });

  it('starts from the snapped middle of a segment', () => {
    const r = shortestPath(graph, at(500, 30), C)!;
    near(r.coordinates[0]!, at(500, 0));
    near(r.coordinates.at(-1)!, C);
    expect(r.lengthM).toBeCloseTo(1500, 0);
    expect(r.startGapM).toBeCloseTo(30, 0);
  });

  it('stays on one segment when both points lie on it', () => {
    const r = shortestPath(graph, at(1200, -5), at(1800, 5))!;
    expect(r.lengthM).toBeCloseTo(600, 0);
    expect(r.coordinates).toHaveLength(2);
  });

  it('gives a zero-length line for the same point', () => {
    const r = shortestPath(graph, B, B)!;
    expect(r.lengthM).toBe(0);
    expect(r.coordinates).toHaveLength(2);
  });

  it('finds no route to a part of the network that is not joined', () => {
    expect(shortestPath(graph, A, G)).toBeNull();
    expect(shortestPath(graph, at(6500, 20), G)?.lengthM).toBeCloseTo(500, 0);
  });
});

describe('nearestByRoad', () => {
  // X is 1 km from B in a straight line but 3 km by road; Y is 2 km either way.
  const X = at(1000, -1000);
  const Y = H;

  it('picks the target closer by road, not by straight line', () => {
    expect(haversineMetres(B, X)).toBeLessThan(haversineMetres(B, Y));
    const r = nearestByRoad(graph, B, [X, Y])!;
    expect(r.index).toBe(1);
    expect(r.lengthM).toBeCloseTo(2000, 0);
    near(r.coordinates.at(-1)!, Y);
    // From D the other one wins.
    expect(nearestByRoad(graph, D, [X, Y])!.index).toBe(0);
  });

  it('skips unreachable targets and answers null when none is reachable', () => {
    expect(nearestByRoad(graph, A, [G, X])!.index).toBe(1);
    expect(nearestByRoad(graph, A, [G])).toBeNull();
    expect(nearestByRoad(graph, A, [])).toBeNull();
  });
});
