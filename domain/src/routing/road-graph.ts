import { haversineMetres } from '../geo/distance';
import type { Position } from '../geo/geometry';

/** Vertices closer than this are one node, so lines drawn to "the same" point still join. */
export const NODE_SNAP_METRES = 1;

/** A parsed line layer: LineString and MultiLineString features count, anything else is ignored. */
export interface LineFeatureCollection {
  features: readonly { geometry: { type: string; coordinates?: unknown } | null }[];
}

/**
 * A road network as an undirected graph in typed arrays: every vertex of the lines is a node (vertices
 * within NODE_SNAP_METRES merged), every piece of line between two vertices a segment weighted by its
 * haversine length. Adjacency in CSR form (`adjStart[n]..adjStart[n+1]` index `adjTo`/`adjW`).
 */
export interface RoadGraph {
  nodeCount: number;
  lon: Float64Array;
  lat: Float64Array;
  segmentCount: number;
  segA: Int32Array;
  segB: Int32Array;
  segLen: Float64Array;
  adjStart: Int32Array;
  adjTo: Int32Array;
  adjW: Float64Array;
}

const RAD = Math.PI / 180;
/** Degrees of latitude in one metre (the node grid's cell side). */
const CELL_DEG = NODE_SNAP_METRES / 111_320;

function linesOf(geometry: { type: string; coordinates?: unknown } | null): Position[][] {
  if (!geometry || !Array.isArray(geometry.coordinates)) return [];
  if (geometry.type === 'LineString') return [geometry.coordinates as Position[]];
  if (geometry.type === 'MultiLineString') return geometry.coordinates as Position[][];
  return [];
}

const isPosition = (p: unknown): p is Position =>
  Array.isArray(p) &&
  Number.isFinite(p[0]) &&
  Number.isFinite(p[1]) &&
  Math.abs(p[0] as number) <= 180 &&
  Math.abs(p[1] as number) <= 90;

/** Builds the routing graph of a line layer once; routing then needs no parsing or hashing. */
export function buildRoadGraph(layer: LineFeatureCollection): RoadGraph {
  const lon: number[] = [];
  const lat: number[] = [];
  // Grid of ~1 m cells: a row per CELL_DEG of latitude, columns scaled by that row's cos(latitude).
  const grid = new Map<string, number[]>();
  const rowOf = (y: number) => Math.floor(y / CELL_DEG);
  const colOf = (x: number, row: number) => Math.floor((x * Math.cos(row * CELL_DEG * RAD)) / CELL_DEG);

  const nodeAt = (p: Position): number => {
    const x = p[0]!;
    const y = p[1]!;
    const row = rowOf(y);
    for (let r = row - 1; r <= row + 1; r++) {
      const col = colOf(x, r);
      for (let c = col - 1; c <= col + 1; c++) {
        for (const n of grid.get(`${r}:${c}`) ?? []) {
          if (haversineMetres([lon[n]!, lat[n]!], p) <= NODE_SNAP_METRES) return n;
        }
      }
    }
    const id = lon.length;
    lon.push(x);
    lat.push(y);
    const key = `${row}:${colOf(x, row)}`;
    const cell = grid.get(key);
    if (cell) cell.push(id);
    else grid.set(key, [id]);
    return id;
  };

  const segA: number[] = [];
  const segB: number[] = [];
  const segLen: number[] = [];
  const seen = new Set<string>();
  for (const feature of layer.features) {
    for (const line of linesOf(feature.geometry)) {
      let prev = -1;
      for (const p of line) {
        if (!isPosition(p)) continue;
        const n = nodeAt(p);
        if (prev >= 0 && n !== prev) {
          const key = n < prev ? `${n}:${prev}` : `${prev}:${n}`;
          if (!seen.has(key)) {
            seen.add(key);
            segA.push(prev);
            segB.push(n);
            segLen.push(haversineMetres([lon[prev]!, lat[prev]!], [lon[n]!, lat[n]!]));
          }
        }
        prev = n;
      }
    }
  }

  const nodeCount = lon.length;
  const degree = new Int32Array(nodeCount + 1);
  for (let s = 0; s < segA.length; s++) {
    degree[segA[s]!]!++;
    degree[segB[s]!]!++;
  }
  const adjStart = new Int32Array(nodeCount + 1);
  for (let n = 0; n < nodeCount; n++) adjStart[n + 1] = adjStart[n]! + degree[n]!;
  const fill = adjStart.slice(0, nodeCount);
  const adjTo = new Int32Array(segA.length * 2);
  const adjW = new Float64Array(segA.length * 2);
  for (let s = 0; s < segA.length; s++) {
    const a = segA[s]!;
    const b = segB[s]!;
    adjTo[fill[a]!] = b;
    adjW[fill[a]!++] = segLen[s]!;
    adjTo[fill[b]!] = a;
    adjW[fill[b]!++] = segLen[s]!;
  }
  return {
    nodeCount,
    lon: Float64Array.from(lon),
    lat: Float64Array.from(lat),
    segmentCount: segA.length,
    segA: Int32Array.from(segA),
    segB: Int32Array.from(segB),
    segLen: Float64Array.from(segLen),
    adjStart,
    adjTo,
    adjW,
  };
}

/** Where a point meets the network: on segment `segment`, a fraction `t` of the way from segA to segB. */
export interface RoadSnap {
  segment: number;
  t: number;
  /** The point on the road, [longitude, latitude]. */
  point: [number, number];
  /** Straight-line metres from the given point to the road (the off-road leg). */
  distanceM: number;
}

/**
 * The nearest point of the network to a position: each segment is projected on in a local flat frame
 * around the position (exact enough at district scale), and split there virtually — the graph is never
 * changed. Null when the network has no segment.
 */
export function snapToRoad(graph: RoadGraph, p: Position): RoadSnap | null {
  const px = p[0]!;
  const py = p[1]!;
  const kx = Math.cos(py * RAD);
  let best: RoadSnap | null = null;
  let bestD2 = Number.POSITIVE_INFINITY;
  for (let s = 0; s < graph.segmentCount; s++) {
    const a = graph.segA[s]!;
    const b = graph.segB[s]!;
    const ax = (graph.lon[a]! - px) * kx;
    const ay = graph.lat[a]! - py;
    const dx = (graph.lon[b]! - graph.lon[a]!) * kx;
    const dy = graph.lat[b]! - graph.lat[a]!;
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const qx = ax + t * dx;
    const qy = ay + t * dy;
    const d2 = qx * qx + qy * qy;
    if (d2 < bestD2) {
      bestD2 = d2;
      best = { segment: s, t, point: [0, 0], distanceM: 0 };
    }
  }
  if (!best) return null;
  const a = graph.segA[best.segment]!;
  const b = graph.segB[best.segment]!;
  best.point = [
    graph.lon[a]! + best.t * (graph.lon[b]! - graph.lon[a]!),
    graph.lat[a]! + best.t * (graph.lat[b]! - graph.lat[a]!),
  ];
  best.distanceM = haversineMetres(p, best.point);
  return best;
}
