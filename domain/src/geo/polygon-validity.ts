import { type Geom, union } from 'polyclip-ts';
import type { Position } from './geometry';
import { pointInRing } from './geometry';
import { type ParsedLayer, textProperty } from './layer-places';
import { ringProblems } from './polygon-check';

/**
 * Whether an uploaded layer's polygons are simple (#26 point 5): a ring whose edges cross (a bow-tie) has a signed
 * area that cancels out (0 m² for a symmetric one) and a point-in-polygon test that depends on the direction, and a
 * MultiPolygon whose parts overlap counts the shared ground twice, so the per-commune flooded area would be wrong.
 */
export type PolygonProblem = 'self-crossing' | 'overlapping-parts';

export interface FeatureProblem {
  /** The feature's place in the file (0-based). */
  index: number;
  /** Its name under one of the name keys, or null. */
  name: string | null;
  problem: PolygonProblem;
}

/** What the uploader reads, naming the feature ('Đối tượng 3' when it has no name). */
export function featureProblemText(p: FeatureProblem, lang: 'vi' | 'en' = 'vi'): string {
  const who = p.name ?? (lang === 'vi' ? `Đối tượng ${p.index + 1}` : `Feature ${p.index + 1}`);
  if (lang === 'en') {
    return p.problem === 'self-crossing'
      ? `${who}: the edges of its boundary cross each other`
      : `${who}: its parts overlap`;
  }
  return p.problem === 'self-crossing' ? `${who}: các cạnh của ranh giới cắt nhau` : `${who}: các phần chồng lên nhau`;
}

const cross = (o: Position, a: Position, b: Position) =>
  (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);

/** Whether two segments cross at a point inside both (touching at an end or along a line does not count). */
function properlyCross(p1: Position, p2: Position, q1: Position, q2: Position): boolean {
  const d1 = cross(q1, q2, p1);
  const d2 = cross(q1, q2, p2);
  const d3 = cross(p1, p2, q1);
  const d4 = cross(p1, p2, q2);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/** Whether a corner of `a` (not one of `b`'s own corners) lies inside ring `b`. */
function vertexInside(a: readonly Position[], b: readonly Position[]): boolean {
  const onB = new Set(b.map((p) => `${p[0]},${p[1]}`));
  return a.some((p) => !onB.has(`${p[0]},${p[1]}`) && pointInRing(p[0]!, p[1]!, b));
}

/**
 * Whether two parts (outer rings) share ground: their edges cross, or a corner of one lies inside the other.
 * Parts that only touch (a shared corner or a shared edge) do not overlap, as simple features allow.
 */
export function partsOverlap(a: readonly Position[], b: readonly Position[]): boolean {
  for (let i = 0; i < a.length - 1; i++)
    for (let j = 0; j < b.length - 1; j++) if (properlyCross(a[i]!, a[i + 1]!, b[j]!, b[j + 1]!)) return true;
  return vertexInside(a, b) || vertexInside(b, a);
}

type Geometry = { type?: unknown; coordinates?: unknown };

function polygonsOf(g: Geometry | null | undefined): Position[][][] {
  if (!g || !Array.isArray(g.coordinates)) return [];
  if (g.type === 'Polygon') return [g.coordinates as Position[][]];
  if (g.type === 'MultiPolygon') return g.coordinates as Position[][][];
  return [];
}

/** The problem of one feature (the first found), or null when its polygons are simple or it has none. */
export function featurePolygonProblem(f: unknown, index: number, nameKeys: readonly string[]): FeatureProblem | null {
  const feature = f as { properties?: Record<string, unknown> | null; geometry?: Geometry | null };
  const polygons = polygonsOf(feature?.geometry);
  if (polygons.length === 0) return null;
  const name = () => textProperty(feature.properties ?? {}, nameKeys);
  if (polygons.flat().some((ring) => ring.length >= 4 && ringProblems(ring, 99).includes('self-crossing'))) {
    return { index, name: name(), problem: 'self-crossing' };
  }
  const outers = polygons.map((p) => p[0]).filter((r): r is Position[] => Array.isArray(r) && r.length >= 4);
  for (let i = 0; i < outers.length; i++) {
    for (let j = i + 1; j < outers.length; j++) {
      if (partsOverlap(outers[i]!, outers[j]!)) return { index, name: name(), problem: 'overlapping-parts' };
    }
  }
  return null;
}

/** The problems of every polygon feature of a layer, each naming its feature (empty when all are simple). */
export function polygonProblems(layer: ParsedLayer | undefined, nameKeys: readonly string[]): FeatureProblem[] {
  return (layer?.features ?? [])
    .map((f, index) => featurePolygonProblem(f, index, nameKeys))
    .filter((p): p is FeatureProblem => p !== null);
}

/**
 * A polygon feature's geometry made simple, when the uploader chooses to repair (#26 point 5): the union of its
 * parts (polyclip-ts, the clipping library of Turf 7) splits a bow-tie at its crossing into two parts and merges
 * overlapping parts into one. The result is a Polygon when one part is left, else a MultiPolygon; rings are
 * closed and counter-clockwise as GeoJSON wants. Anything else is returned as it is.
 */
export function repairPolygonal(geometry: unknown): unknown {
  const polygons = polygonsOf(geometry as Geometry);
  if (polygons.length === 0) return geometry;
  const parts = polygons.map((p) => p.map((ring) => ring.map((c) => [c[0]!, c[1]!] as [number, number])));
  // Each part on its own first: polyclip reads a self-crossing ring by the even-odd rule.
  const [first, ...rest] = parts as Geom[];
  const merged = union(first!, ...rest);
  if (merged.length === 1) return { type: 'Polygon', coordinates: merged[0] };
  return { type: 'MultiPolygon', coordinates: merged };
}

/** A layer's features with their polygons repaired (the others as they are); a new object. */
export function repairLayerPolygons<T extends { features?: unknown[] }>(layer: T): T {
  return {
    ...layer,
    features: (layer.features ?? []).map((f) => {
      const feature = f as { geometry?: unknown };
      return feature.geometry ? { ...feature, geometry: repairPolygonal(feature.geometry) } : f;
    }),
  };
}
