import { describe, expect, it } from 'vitest';
import { clusterPoints, type PixelPoint } from './cluster-points';

describe('clusterPoints', () => {
  it('returns nothing for no points and one cluster for one point', () => {
    expect(clusterPoints([], 100)).toEqual([]);
    expect(clusterPoints([{ x: 5, y: 7 }], 100)).toEqual([{ members: [0], x: 5, y: 7 }]);
  });

  it('groups points within the radius (inclusive) and keeps farther ones apart', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 60, y: 80 }, // exactly 100 px away
      { x: 0, y: 101 }, // 101 px away
    ];
    expect(clusterPoints(points, 100)).toEqual([
      { members: [0, 1], x: 30, y: 40 },
      { members: [2], x: 0, y: 101 },
    ]);
  });

  it('finds neighbours across grid cells', () => {
    // 99 and 101 fall in different 100 px cells but are 2 px apart.
    const clusters = clusterPoints(
      [
        { x: 99, y: 199 },
        { x: 101, y: 201 },
        { x: -1, y: -1 },
        { x: 1, y: 1 },
      ],
      100,
    );
    expect(clusters.map((c) => c.members)).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('seeds in input order: the first point of a chain takes its neighbour, the far end stays alone', () => {
    const chain = [
      { x: 0, y: 0 },
      { x: 80, y: 0 },
      { x: 160, y: 0 },
    ];
    expect(clusterPoints(chain, 100).map((c) => c.members)).toEqual([[0, 1], [2]]);
    // Starting from the middle, it takes both ends.
    const fromMiddle = [chain[1]!, chain[0]!, chain[2]!];
    expect(clusterPoints(fromMiddle, 100).map((c) => c.members)).toEqual([[0, 1, 2]]);
  });

  it('lists members ascending, so the seed (newest photo) comes first', () => {
    const points = [
      { x: 500, y: 500 },
      { x: 10, y: 10 },
      { x: 0, y: 0 },
      { x: 505, y: 500 },
    ];
    expect(clusterPoints(points, 50)).toEqual([
      { members: [0, 3], x: 502.5, y: 500 },
      { members: [1, 2], x: 5, y: 5 },
    ]);
  });

  it('keeps identical positions together and a radius of 0 leaves every point alone', () => {
    const same = [
      { x: 3, y: 3 },
      { x: 3, y: 3 },
    ];
    expect(clusterPoints(same, 100).map((c) => c.members)).toEqual([[0, 1]]);
    expect(clusterPoints(same, 0).map((c) => c.members)).toEqual([[0], [1]]);
  });

  it('takes every point exactly once, each within the radius of its seed (1000 random points)', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const points: PixelPoint[] = Array.from({ length: 1000 }, () => ({ x: random() * 3000, y: random() * 2000 }));
    const clusters = clusterPoints(points, 100);
    const all = clusters.flatMap((c) => c.members).sort((a, b) => a - b);
    expect(all).toEqual(points.map((_, i) => i));
    for (const c of clusters) {
      const s = points[c.members[0]!]!;
      for (const j of c.members) expect(Math.hypot(points[j]!.x - s.x, points[j]!.y - s.y)).toBeLessThanOrEqual(100);
    }
    // Seeds are never within the radius of an earlier seed (else the earlier one would have taken them).
    const seeds = clusters.map((c) => points[c.members[0]!]!);
    let closeSeeds = 0;
    for (let a = 0; a < seeds.length; a++) {
      for (let b = a + 1; b < seeds.length; b++) {
        if (Math.hypot(seeds[a]!.x - seeds[b]!.x, seeds[a]!.y - seeds[b]!.y) <= 100) closeSeeds++;
      }
    }
    expect(closeSeeds).toBe(0);
    expect(clusters.length).toBeGreaterThan(50);
    expect(clusters.length).toBeLessThan(1000);
  });
});
