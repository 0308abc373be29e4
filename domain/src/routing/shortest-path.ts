import type { Position } from '../geo/geometry';
import { MinHeap } from './min-heap';
import { type RoadGraph, type RoadSnap, snapToRoad } from './road-graph';

/** A route along the roads, from the point where the start meets the network to where the end does. */
export interface RoadRoute {
  /** [longitude, latitude] positions, GeoJSON LineString order; first = start snap, last = end snap. */
  coordinates: [number, number][];
  /** Metres along the roads (the off-road legs below are not included). */
  lengthM: number;
  /** Straight-line metres from the given start to the road. */
  startGapM: number;
  /** Straight-line metres from the road to the given end. */
  endGapM: number;
}

export interface NearestRoute extends RoadRoute {
  /** Index of the chosen target in the list given. */
  index: number;
}

interface Candidate {
  target: number;
  /** Cost of the search: road metres + the target's off-road leg. */
  cost: number;
  roadM: number;
  /** The settled node the route ends through, or -1 when it stays on the start's own segment. */
  via: number;
}

/**
 * Multi-target Dijkstra from a snapped start over the graph with a binary heap, stopping as soon as no
 * unsettled node can beat the best target found. Each target is reached through either end of its
 * segment, or directly along the start's segment when both lie on the same one.
 */
function search(
  graph: RoadGraph,
  start: RoadSnap,
  targets: readonly RoadSnap[],
): { best: Candidate; prev: Int32Array } | null {
  const n = graph.nodeCount;
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const prev = new Int32Array(n).fill(-1);
  const settled = new Uint8Array(n);
  // Node → the targets whose segment ends there, with the remaining metres along that segment.
  const endings = new Map<number, { target: number; rest: number }[]>();
  const addEnding = (node: number, target: number, rest: number) => {
    const list = endings.get(node);
    if (list) list.push({ target, rest });
    else endings.set(node, [{ target, rest }]);
  };
  const found: { best: Candidate | null } = { best: null };
  const offer = (c: Candidate) => {
    if (!found.best || c.cost < found.best.cost) found.best = c;
  };
  targets.forEach((t, i) => {
    const len = graph.segLen[t.segment]!;
    addEnding(graph.segA[t.segment]!, i, t.t * len);
    addEnding(graph.segB[t.segment]!, i, (1 - t.t) * len);
    if (t.segment === start.segment) {
      const roadM = Math.abs(t.t - start.t) * len;
      offer({ target: i, cost: roadM + t.distanceM, roadM, via: -1 });
    }
  });

  const heap = new MinHeap(64);
  const sLen = graph.segLen[start.segment]!;
  const relaxStart = (node: number, d: number) => {
    if (d < dist[node]!) {
      dist[node] = d;
      heap.push(node, d);
    }
  };
  relaxStart(graph.segA[start.segment]!, start.t * sLen);
  relaxStart(graph.segB[start.segment]!, (1 - start.t) * sLen);

  while (heap.size > 0) {
    if (found.best && heap.peekKey() >= found.best.cost) break;
    const u = heap.pop();
    if (settled[u]) continue;
    settled[u] = 1;
    const du = dist[u]!;
    for (const e of endings.get(u) ?? []) {
      const roadM = du + e.rest;
      offer({ target: e.target, cost: roadM + targets[e.target]!.distanceM, roadM, via: u });
    }
    for (let k = graph.adjStart[u]!; k < graph.adjStart[u + 1]!; k++) {
      const v = graph.adjTo[k]!;
      if (settled[v]) continue;
      const dv = du + graph.adjW[k]!;
      if (dv < dist[v]!) {
        dist[v] = dv;
        prev[v] = u;
        heap.push(v, dv);
      }
    }
  }
  return found.best ? { best: found.best, prev } : null;
}

function assemble(
  graph: RoadGraph,
  start: RoadSnap,
  end: RoadSnap,
  found: { best: Candidate; prev: Int32Array },
): RoadRoute {
  const coords: [number, number][] = [start.point];
  if (found.best.via >= 0) {
    const nodes: number[] = [];
    for (let v = found.best.via; v >= 0; v = found.prev[v]!) nodes.push(v);
    for (let i = nodes.length - 1; i >= 0; i--) coords.push([graph.lon[nodes[i]!]!, graph.lat[nodes[i]!]!]);
  }
  coords.push(end.point);
  const deduped = coords.filter((c, i) => i === 0 || c[0] !== coords[i - 1]![0] || c[1] !== coords[i - 1]![1]);
  // A start and end at the same spot still make a (zero-length) line of two positions.
  if (deduped.length === 1) deduped.push([...deduped[0]!]);
  return { coordinates: deduped, lengthM: found.best.roadM, startGapM: start.distanceM, endGapM: end.distanceM };
}

/** The shortest route along the roads between two positions, or null when the network does not join them. */
export function shortestPath(graph: RoadGraph, from: Position, to: Position): RoadRoute | null {
  const start = snapToRoad(graph, from);
  const end = snapToRoad(graph, to);
  if (!start || !end) return null;
  const found = search(graph, start, [end]);
  return found ? assemble(graph, start, end, found) : null;
}

/**
 * The target nearest by road (road metres + the target's own off-road leg), not by straight line: one
 * search from the start reaches all targets. Null when none is reachable.
 */
export function nearestByRoad(graph: RoadGraph, from: Position, targets: readonly Position[]): NearestRoute | null {
  const start = snapToRoad(graph, from);
  if (!start) return null;
  const snaps: RoadSnap[] = [];
  const indexOf: number[] = [];
  targets.forEach((t, i) => {
    const s = snapToRoad(graph, t);
    if (s) {
      snaps.push(s);
      indexOf.push(i);
    }
  });
  if (snaps.length === 0) return null;
  const found = search(graph, start, snaps);
  if (!found) return null;
  return { ...assemble(graph, start, snaps[found.best.target]!, found), index: indexOf[found.best.target]! };
}
