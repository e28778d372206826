/**
 * Growable typed vertex and index output (doubling) for the vector layer (vector-map.ts,
 * vector-slots.ts): a 100 k-instance map never holds plain number arrays. Indices are local to
 * the sink (0 = its first vertex), so a block's triangles can be copied into any slot of a
 * merged buffer by adding the slot's first vertex. A points sink also carries element (A)'s
 * symbol attributes (`uv` Int8 × 2, `symbol` rgb + atlas slot, area-symbols.ts).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { UV_RANGE } from './area-symbols.js';
import type { Triangles2 } from './tessellate.js';

/** Triangles in a tile's frame with an rgba colour per vertex (vector-tile-mesh.ts). */
export type Coloured = Triangles2 & { rgba: number[] };

export class Sink {
  pos = new Float32Array(3 * 256);
  col = new Uint8Array(4 * 256);
  idx = new Uint32Array(3 * 256);
  /** Points sinks only. */
  uv: Int8Array | null;
  sym: Uint8Array | null;
  vertices = 0;
  indexCount = 0;

  constructor(points = false) {
    this.uv = points ? new Int8Array(2 * 256) : null;
    this.sym = points ? new Uint8Array(4 * 256) : null;
  }

  clear(): void {
    this.vertices = 0;
    this.indexCount = 0;
  }

  /** Appends `local` placed by `place` (globe cells: each vertex lifted onto its sphere). */
  add(local: Coloured, place: (x: number, y: number, out: number[]) => void, tmp: number[]): void {
    const nv = local.xy.length >> 1;
    this.reserve(nv, local.indices.length);
    const base = this.vertices;
    for (let i = 0; i < local.xy.length; i += 2) {
      tmp.length = 0;
      place(local.xy[i]!, local.xy[i + 1]!, tmp);
      this.pos.set(tmp, 3 * (base + (i >> 1)));
    }
    this.col.set(local.rgba, 4 * base);
    for (let i = 0; i < local.indices.length; i++) this.idx[this.indexCount + i] = base + local.indices[i]!;
    this.vertices += nv;
    this.indexCount += local.indices.length;
  }

  /** Flat maps: x′ = a·x + c·y + e, y′ = b·x + d·y + f, z = 0 (no per-vertex call). */
  addFlat(local: Coloured, a: number, b: number, c: number, d: number, e: number, f: number): void {
    const nv = local.xy.length >> 1;
    this.reserve(nv, local.indices.length);
    const base = this.vertices;
    const pos = this.pos;
    const xy = local.xy;
    for (let i = 0, o = 3 * base; i < xy.length; i += 2, o += 3) {
      const x = xy[i]!;
      const y = xy[i + 1]!;
      pos[o] = a * x + c * y + e;
      pos[o + 1] = b * x + d * y + f;
      pos[o + 2] = 0;
    }
    this.col.set(local.rgba, 4 * base);
    const idx = this.idx;
    const li = local.indices;
    for (let i = 0, o = this.indexCount; i < li.length; i++, o++) idx[o] = base + li[i]!;
    this.vertices += nv;
    this.indexCount += li.length;
  }

  /**
   * A symbol quad of half size `size` at tile point (x, y): corners left-top, right-top,
   * right-bottom, left-bottom, uv y down; `rgbSlot` = r, g, b, atlas slot. The quad's own
   * colour is the symbol's, fully transparent: only the symbol shows.
   */
  /** Every point of a tessellated tile (vector-tile-mesh.ts `points`: x, y, slot, r, g, b per point). */
  addPoints(points: readonly number[], size: number, at: (x: number, y: number, out: number[]) => void, tmp: number[]): void {
    const rgbSlot = [0, 0, 0, 0];
    for (let i = 0; i < points.length; i += 6) {
      rgbSlot[0] = points[i + 3]!;
      rgbSlot[1] = points[i + 4]!;
      rgbSlot[2] = points[i + 5]!;
      rgbSlot[3] = points[i + 2]!;
      this.addPoint(points[i]!, points[i + 1]!, size, rgbSlot, at, tmp);
    }
  }

  addPoint(x: number, y: number, size: number, rgbSlot: readonly number[], at: (x: number, y: number, out: number[]) => void, tmp: number[]): void {
    this.reserve(4, 6);
    const base = this.vertices;
    let v = base;
    for (const [dx, dy] of QUAD) {
      tmp.length = 0;
      at(x + dx * size, y + dy * size, tmp);
      this.pos.set(tmp, 3 * v);
      this.uv![2 * v] = Math.round((dx * 127) / UV_RANGE);
      this.uv![2 * v + 1] = Math.round((-dy * 127) / UV_RANGE);
      this.sym!.set(rgbSlot, 4 * v);
      this.col.set([rgbSlot[0]!, rgbSlot[1]!, rgbSlot[2]!, 0], 4 * v);
      v++;
    }
    this.idx.set([base, base + 3, base + 2, base, base + 2, base + 1], this.indexCount);
    this.vertices += 4;
    this.indexCount += 6;
  }

  /** Skips `nv` vertices and `ni` indices (a slot's slack): the indices all `at`, degenerate triangles. */
  pad(nv: number, ni: number, at: number): void {
    this.reserve(nv, ni);
    this.idx.fill(at, this.indexCount, this.indexCount + ni);
    this.vertices += nv;
    this.indexCount += ni;
  }

  /** Appends another sink's vertices and triangles after this one's. */
  append(o: Sink): void {
    this.reserve(o.vertices, o.indexCount);
    this.pos.set(o.pos.subarray(0, 3 * o.vertices), 3 * this.vertices);
    this.col.set(o.col.subarray(0, 4 * o.vertices), 4 * this.vertices);
    if (this.uv && o.uv) this.uv.set(o.uv.subarray(0, 2 * o.vertices), 2 * this.vertices);
    if (this.sym && o.sym) this.sym.set(o.sym.subarray(0, 4 * o.vertices), 4 * this.vertices);
    for (let i = 0; i < o.indexCount; i++) this.idx[this.indexCount + i] = this.vertices + o.idx[i]!;
    this.vertices += o.vertices;
    this.indexCount += o.indexCount;
  }

  private reserve(nv: number, ni: number): void {
    if (3 * (this.vertices + nv) > this.pos.length) {
      const cap = Math.max(2 * (this.pos.length / 3), this.vertices + nv);
      this.pos = grow(this.pos, 3 * cap, 3 * this.vertices);
      this.col = grow(this.col, 4 * cap, 4 * this.vertices);
      if (this.uv) this.uv = grow(this.uv, 2 * cap, 2 * this.vertices);
      if (this.sym) this.sym = grow(this.sym, 4 * cap, 4 * this.vertices);
    }
    if (this.indexCount + ni > this.idx.length) this.idx = grow(this.idx, Math.max(2 * this.idx.length, this.indexCount + ni), this.indexCount);
  }
}

const QUAD = [[-1, 1], [1, 1], [1, -1], [-1, -1]] as const;

function grow<T extends Float32Array | Uint8Array | Int8Array | Uint32Array>(a: T, length: number, used: number): T {
  const out = new (a.constructor as new (n: number) => T)(length);
  const kept: ArrayLike<number> = a.subarray(0, used);
  out.set(kept);
  return out;
}
