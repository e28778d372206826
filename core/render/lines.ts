/**
 * Line-segment buffers for the outline elements (C) and (D) of SPEC §5, ready for a Three.js
 * `LineSegments` (or fat-line) geometry:
 * - positions: Float32Array, 2 vertices × xyz per segment;
 * - colors: Uint8Array, rgba per vertex (both ends of a segment alike);
 * - terrain: Uint8Array, the palette index whose style (outline-style.ts: width, dash) the
 *   segment uses — the renderer groups or instances by it;
 * - tile: Int32Array, the owner the segment outlines (tile index; edge/vertex slot on classic maps).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

export interface LineBuffers {
  readonly segmentCount: number;
  readonly positions: Float32Array;
  readonly colors: Uint8Array;
  readonly terrain: Uint8Array;
  readonly tile: Int32Array;
}

/** A growable segment list; hot loops write its arrays directly after `reserve`. */
export class LineWriter {
  count = 0;
  pos: Float32Array;
  colors: Uint8Array;
  /** `colors` as one 32-bit word per vertex. */
  col32: Uint32Array;
  terrain: Uint8Array;
  tile: Int32Array;
  /** rgba of each palette index packed in the platform's byte order, for `col32`. */
  readonly packed: Uint32Array;

  constructor(capacity: number, rgba: Uint8Array) {
    const cap = Math.max(16, capacity);
    this.pos = new Float32Array(6 * cap);
    this.colors = new Uint8Array(8 * cap);
    this.col32 = new Uint32Array(this.colors.buffer);
    this.terrain = new Uint8Array(cap);
    this.tile = new Int32Array(cap);
    this.packed = new Uint32Array(rgba.slice().buffer);
  }

  /** Room for `extra` more segments. */
  reserve(extra: number): void {
    if (this.count + extra <= this.tile.length) return;
    const cap = Math.max(this.tile.length * 2, this.count + extra);
    const grow = <T extends Float32Array | Uint8Array | Int32Array>(a: T, len: number): T => {
      const out = new (a.constructor as new (n: number) => T)(len);
      out.set(a);
      return out;
    };
    this.pos = grow(this.pos, 6 * cap);
    this.colors = grow(this.colors, 8 * cap);
    this.col32 = new Uint32Array(this.colors.buffer);
    this.terrain = grow(this.terrain, cap);
    this.tile = grow(this.tile, cap);
  }

  /** One segment (call `reserve` first). */
  add(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, t: number, owner: number): void {
    const k = this.count++;
    const p = this.pos;
    const o = 6 * k;
    p[o] = x0;
    p[o + 1] = y0;
    p[o + 2] = z0;
    p[o + 3] = x1;
    p[o + 4] = y1;
    p[o + 5] = z1;
    const c = this.packed[t]!;
    this.col32[2 * k] = c;
    this.col32[2 * k + 1] = c;
    this.terrain[k] = t;
    this.tile[k] = owner;
  }

  finish(): LineBuffers {
    const n = this.count;
    return {
      segmentCount: n,
      positions: this.pos.subarray(0, 6 * n),
      colors: this.colors.subarray(0, 8 * n),
      terrain: this.terrain.subarray(0, n),
      tile: this.tile.subarray(0, n),
    };
  }
}
