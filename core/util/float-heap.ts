/**
 * A binary min-heap of (key, value, tag) triples in typed arrays: float keys, integer values
 * and tags, ordered by key then value (so equal keys come out in a fixed order: deterministic
 * callers stay deterministic). No decrease-key: callers push a fresh entry and skip stale ones
 * by their tag when they reach the top (lazy deletion), as the assembly's choice heuristic does.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { doubled } from './doubled.js';

export class FloatHeap {
  private key: Float64Array;
  private val: Int32Array;
  private tag: Int32Array;
  size = 0;

  constructor(capacity = 64) {
    const n = Math.max(1, capacity);
    this.key = new Float64Array(n);
    this.val = new Int32Array(n);
    this.tag = new Int32Array(n);
  }

  push(key: number, value: number, tag: number): void {
    if (this.size === this.key.length) this.grow();
    let i = this.size++;
    const { key: K, val: V, tag: T } = this;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (K[p]! < key || (K[p] === key && V[p]! <= value)) break;
      K[i] = K[p]!;
      V[i] = V[p]!;
      T[i] = T[p]!;
      i = p;
    }
    K[i] = key;
    V[i] = value;
    T[i] = tag;
  }

  topKey(): number {
    return this.key[0]!;
  }
  topValue(): number {
    return this.val[0]!;
  }
  topTag(): number {
    return this.tag[0]!;
  }

  /** Removes the top (the heap must not be empty). */
  pop(): void {
    const n = --this.size;
    if (n === 0) return;
    const { key: K, val: V, tag: T } = this;
    const k = K[n]!;
    const v = V[n]!;
    const t = T[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      const r = c + 1;
      if (r < n && (K[r]! < K[c]! || (K[r] === K[c] && V[r]! < V[c]!))) c = r;
      if (k < K[c]! || (k === K[c] && v <= V[c]!)) break;
      K[i] = K[c]!;
      V[i] = V[c]!;
      T[i] = T[c]!;
      i = c;
    }
    K[i] = k;
    V[i] = v;
    T[i] = t;
  }

  clear(): void {
    this.size = 0;
  }

  private grow(): void {
    this.key = doubled(this.key);
    this.val = doubled(this.val);
    this.tag = doubled(this.tag);
  }
}
