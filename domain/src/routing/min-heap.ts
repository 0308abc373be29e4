/**
 * A binary min-heap of (node, key) pairs in typed arrays, the priority queue of Dijkstra: a node may be
 * pushed again with a smaller key (lazy decrease-key); the caller skips entries it has already settled.
 */
export class MinHeap {
  private nodes: Int32Array;
  private keys: Float64Array;
  private count = 0;

  constructor(capacity = 64) {
    this.nodes = new Int32Array(Math.max(4, capacity));
    this.keys = new Float64Array(Math.max(4, capacity));
  }

  get size(): number {
    return this.count;
  }

  /** The smallest key, or Infinity when empty. */
  peekKey(): number {
    return this.count > 0 ? this.keys[0]! : Number.POSITIVE_INFINITY;
  }

  push(node: number, key: number): void {
    if (this.count === this.nodes.length) this.grow();
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.nodes[i] = this.nodes[parent]!;
      this.keys[i] = this.keys[parent]!;
      i = parent;
    }
    this.nodes[i] = node;
    this.keys[i] = key;
  }

  /** Removes the entry with the smallest key and returns its node (-1 when empty). */
  pop(): number {
    if (this.count === 0) return -1;
    const top = this.nodes[0]!;
    const n = --this.count;
    if (n > 0) {
      const node = this.nodes[n]!;
      const key = this.keys[n]!;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && this.keys[r]! < this.keys[l]! ? r : l;
        if (this.keys[c]! >= key) break;
        this.nodes[i] = this.nodes[c]!;
        this.keys[i] = this.keys[c]!;
        i = c;
      }
      this.nodes[i] = node;
      this.keys[i] = key;
    }
    return top;
  }

  private grow(): void {
    const nodes = new Int32Array(this.nodes.length * 2);
    const keys = new Float64Array(this.keys.length * 2);
    nodes.set(this.nodes);
    keys.set(this.keys);
    this.nodes = nodes;
    this.keys = keys;
  }
}
