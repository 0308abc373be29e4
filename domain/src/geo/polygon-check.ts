import { type Position, pointInRing } from './geometry';

/**
 * Checks of a polygon ring for places that exchange warnings (#23): the CAP 1.2 profile of aggregators wants a
 * closed ring of at least four points, no edge crossing another, and coordinates of at most six decimals.
 */
export type RingProblem = 'too-few-points' | 'not-closed' | 'self-crossing' | 'too-many-decimals' | 'out-of-range';

/** What a problem means, said to the person who drew the polygon. */
export const RING_PROBLEM_TEXT: Record<RingProblem, { vi: string; en: string }> = {
  'too-few-points': { vi: 'Vùng cần ít nhất 3 đỉnh', en: 'The area needs at least 3 corners' },
  'not-closed': { vi: 'Vùng phải khép kín (đỉnh cuối trùng đỉnh đầu)', en: 'The area must be closed' },
  'self-crossing': { vi: 'Các cạnh của vùng không được cắt nhau', en: 'The edges of the area must not cross' },
  'too-many-decimals': { vi: 'Toạ độ có quá 6 chữ số thập phân', en: 'Coordinates have more than 6 decimals' },
  'out-of-range': { vi: 'Toạ độ nằm ngoài phạm vi hợp lệ', en: 'Coordinates out of range' },
};

const same = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

function decimals(n: number): number {
  if (Number.isInteger(n)) return 0;
  const s = String(n);
  if (s.includes('e')) return 99;
  return s.split('.')[1]?.length ?? 0;
}

const cross = (o: Position, a: Position, b: Position) =>
  (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);

function onSegment(p: Position, q: Position, r: Position): boolean {
  return (
    Math.min(p[0]!, r[0]!) <= q[0]! &&
    q[0]! <= Math.max(p[0]!, r[0]!) &&
    Math.min(p[1]!, r[1]!) <= q[1]! &&
    q[1]! <= Math.max(p[1]!, r[1]!)
  );
}

/** Whether segments p1–p2 and q1–q2 share a point (touching counts). */
export function segmentsIntersect(p1: Position, p2: Position, q1: Position, q2: Position): boolean {
  const d1 = cross(q1, q2, p1);
  const d2 = cross(q1, q2, p2);
  const d3 = cross(p1, p2, q1);
  const d4 = cross(p1, p2, q2);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  if (d1 === 0 && onSegment(q1, p1, q2)) return true;
  if (d2 === 0 && onSegment(q1, p2, q2)) return true;
  if (d3 === 0 && onSegment(p1, q1, p2)) return true;
  if (d4 === 0 && onSegment(p1, q2, p2)) return true;
  return false;
}

/** The problems of a ring of [lon, lat] (empty when it is valid). Quadratic: rings drawn by hand are small. */
export function ringProblems(ring: readonly Position[], maxDecimals = 6): RingProblem[] {
  const out: RingProblem[] = [];
  if (ring.length < 4) return ['too-few-points'];
  if (!same(ring[0]!, ring[ring.length - 1]!)) out.push('not-closed');
  if (ring.some((p) => Math.abs(p[0]!) > 180 || Math.abs(p[1]!) > 90 || !Number.isFinite(p[0]!)))
    out.push('out-of-range');
  if (ring.some((p) => decimals(p[0]!) > maxDecimals || decimals(p[1]!) > maxDecimals)) out.push('too-many-decimals');
  const n = ring.length - 1;
  let crossing = false;
  for (let i = 0; i < n && !crossing; i++) {
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a corner; the first and the last edge too.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsIntersect(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!)) {
        crossing = true;
        break;
      }
    }
  }
  if (crossing) out.push('self-crossing');
  return out;
}

/** A ring closed (the first corner repeated at the end) and rounded to `digits` decimals. */
export function closeRing(ring: readonly Position[], digits = 6): [number, number][] {
  const f = 10 ** digits;
  const out = ring.map((p) => [Math.round(p[0]! * f) / f, Math.round(p[1]! * f) / f] as [number, number]);
  if (out.length > 0 && !same(out[0]!, out[out.length - 1]!)) out.push([out[0]![0], out[0]![1]]);
  return out;
}

/** Whether two rings share ground: an edge of one meets an edge of the other, or one lies inside the other. */
export function ringsTouch(a: readonly Position[], b: readonly Position[]): boolean {
  for (let i = 0; i < a.length - 1; i++)
    for (let j = 0; j < b.length - 1; j++) if (segmentsIntersect(a[i]!, a[i + 1]!, b[j]!, b[j + 1]!)) return true;
  return pointInRing(a[0]![0]!, a[0]![1]!, b) || pointInRing(b[0]![0]!, b[0]![1]!, a);
}

/**
 * The groups of items that touch one another, directly or through others (connected components), in the
 * items' order: the contiguous parts of an area made of communes.
 */
export function touchingGroups<T>(items: readonly T[], touch: (a: T, b: T) => boolean): T[][] {
  const group = items.map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (group[r] !== r) r = group[r]!;
    return r;
  };
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++)
      if (find(i) !== find(j) && touch(items[i]!, items[j]!)) group[find(j)] = find(i);
  const out = new Map<number, T[]>();
  items.forEach((item, i) => {
    const root = find(i);
    out.set(root, [...(out.get(root) ?? []), item]);
  });
  return [...out.values()];
}
