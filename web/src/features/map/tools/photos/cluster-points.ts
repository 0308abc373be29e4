/** A point on the screen, in pixels at one zoom (Leaflet's `map.project(latlng, zoom)`). */
export interface PixelPoint {
  x: number;
  y: number;
}

/** A group of points drawn as one marker: the indices of its points (ascending) and their centre. */
export interface PointCluster {
  /** Indices into the input; the first is the seed, the earliest point of the input in the group. */
  members: number[];
  x: number;
  y: number;
}

/**
 * Greedy distance clustering on screen pixels (the photo markers, spec §9 "photo cluster radius 100"): in
 * input order, each point not yet taken starts a cluster and takes every free point within `radius` of it.
 * The input order decides the seeds (newest photo first), so clusters are stable while the map pans; a grid
 * of `radius`-sized cells keeps it linear for the few hundred photos of the map. Clusters come out in seed
 * order, each centred on the mean of its points.
 */
export function clusterPoints(points: readonly PixelPoint[], radius: number): PointCluster[] {
  if (!(radius > 0)) return points.map((p, i) => ({ members: [i], x: p.x, y: p.y }));
  const cellOf = (v: number) => Math.floor(v / radius);
  const grid = new Map<string, number[]>();
  points.forEach((p, i) => {
    const key = `${cellOf(p.x)},${cellOf(p.y)}`;
    const cell = grid.get(key);
    if (cell) cell.push(i);
    else grid.set(key, [i]);
  });

  const taken = new Uint8Array(points.length);
  const r2 = radius * radius;
  const clusters: PointCluster[] = [];
  points.forEach((seed, i) => {
    if (taken[i]) return;
    const members: number[] = [];
    const cx = cellOf(seed.x);
    const cy = cellOf(seed.y);
    for (let gx = cx - 1; gx <= cx + 1; gx++) {
      for (let gy = cy - 1; gy <= cy + 1; gy++) {
        for (const j of grid.get(`${gx},${gy}`) ?? []) {
          if (taken[j]) continue;
          const dx = points[j]!.x - seed.x;
          const dy = points[j]!.y - seed.y;
          if (dx * dx + dy * dy <= r2) {
            taken[j] = 1;
            members.push(j);
          }
        }
      }
    }
    members.sort((a, b) => a - b);
    let sx = 0;
    let sy = 0;
    for (const j of members) {
      sx += points[j]!.x;
      sy += points[j]!.y;
    }
    clusters.push({ members, x: sx / members.length, y: sy / members.length });
  });
  return clusters;
}
