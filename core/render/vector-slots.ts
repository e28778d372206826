/**
 * The vector layer's merged buffers laid out block by block with slack (issue 13, "a one-tile
 * edit updates buffers in place"). Three buffers, three draw calls whatever the block count:
 * - `fills`: one section — every block's fills;
 * - `strokes`: two sections — every block's `under` (area edges, contours, casings), then
 *   every block's `over` (lines). So a casing never covers a neighbour block's road: the
 *   draw order across blocks is all fills, all casings, all lines, as for one merged map;
 * - `points`: one section — the symbol quads, with their `uv` and `symbol` attributes.
 * Each (section, block) owns a slot: a vertex range and an index range, each with room to
 * grow. An edit writes the block's new triangles into its slots (unused index slots repeat
 * the slot's first vertex: degenerate, drawn as nothing) and reports the ranges written, so the
 * renderer uploads only those; a block that outgrows a slot lays the buffer out again
 * (`relaid`), copying every other slot.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { newParts, type VectorParts } from './vector-map.js';
import type { Sink } from './vector-sink.js';

/** Room a slot keeps beyond what it holds: a quarter more, and at least this many vertices (indices: 3×). */
export const SLOT_SLACK_VERTICES = 512;

/** A range written, in vertices and in indices (the renderer scales by each attribute's item size). */
export interface SlotRange {
  readonly vertexStart: number;
  readonly vertexCount: number;
  readonly indexStart: number;
  readonly indexCount: number;
}

export interface SlotWrite {
  /** The buffer was laid out again (its arrays are new): upload it whole. */
  readonly relaid: boolean;
  readonly ranges: readonly SlotRange[];
  /** Vertices copied into the buffer (a relayout copies every block's). */
  readonly vertices: number;
}

type SectionOf = (p: VectorParts) => Sink;

/** One merged buffer (positions xyz, colours rgba, indices; points also uv and symbol) in slots. */
export class SlotBuffer {
  positions: Float32Array;
  colors: Uint8Array;
  indices: Uint32Array;
  uv: Int8Array | null;
  symbol: Uint8Array | null;
  /** Per slot (section-major: section s, block i at s·blocks + i): vStart, vCap, vUsed, iStart, iCap, iUsed. */
  private slots: Uint32Array;

  /**
   * `sink` holds the sections one after another, each laid out block by block in its slots
   * (`table`: vStart, vCap, vUsed, iStart, iCap, iUsed per slot, section-major).
   */
  constructor(
    private readonly sections: readonly SectionOf[],
    private readonly blocks: number,
    sink: Sink,
    table: Uint32Array,
  ) {
    // The sink grew by doubling: copy out when a view would keep much unused memory alive.
    const fit = <T extends Float32Array | Uint8Array | Int8Array | Uint32Array>(a: T, n: number): T => (a.length > 1.25 * n ? (a.slice(0, n) as T) : (a.subarray(0, n) as T));
    this.positions = fit(sink.pos, 3 * sink.vertices);
    this.colors = fit(sink.col, 4 * sink.vertices);
    this.indices = fit(sink.idx, sink.indexCount);
    this.uv = sink.uv ? fit(sink.uv, 2 * sink.vertices) : null;
    this.symbol = sink.sym ? fit(sink.sym, 4 * sink.vertices) : null;
    this.slots = table;
  }

  get vertexCount(): number {
    return this.positions.length / 3;
  }

  /** Triangles drawn, degenerate slack excluded. */
  triangles(): number {
    let n = 0;
    for (let s = 0; s < this.slots.length; s += 6) n += this.slots[s + 5]!;
    return n / 3;
  }

  /** Writes block slot `i`'s new parts in place, or lays the buffer out again when one outgrows its slot. */
  write(i: number, parts: VectorParts): SlotWrite {
    const fits = this.sections.every((sec, s) => {
      const o = 6 * (s * this.blocks + i);
      return sec(parts).vertices <= this.slots[o + 1]! && sec(parts).indexCount <= this.slots[o + 4]!;
    });
    if (fits) {
      const ranges = this.sections.map((sec, s) => this.put(s * this.blocks + i, sec(parts)));
      return { relaid: false, ranges, vertices: ranges.reduce((a, r) => a + r.vertexCount, 0) };
    }
    const caps = new Uint32Array(2 * this.slots.length / 6);
    for (let k = 0; k < caps.length / 2; k++) [caps[2 * k], caps[2 * k + 1]] = [this.slots[6 * k + 1]!, this.slots[6 * k + 4]!];
    this.sections.forEach((sec, s) => {
      const k = s * this.blocks + i;
      caps[2 * k] = Math.max(caps[2 * k]!, withSlack(sec(parts).vertices, 1));
      caps[2 * k + 1] = Math.max(caps[2 * k + 1]!, withSlack(sec(parts).indexCount, 3));
    });
    let vertices = this.allocate(caps, i);
    for (const [s, sec] of this.sections.entries()) vertices += this.put(s * this.blocks + i, sec(parts)).vertexCount;
    return { relaid: true, ranges: [], vertices };
  }

  /** New arrays with slot capacities `caps`; every slot's content copied over except block `skip`'s. Returns vertices copied. */
  private allocate(caps: Uint32Array, skip: number): number {
    const old = { pos: this.positions, col: this.colors, idx: this.indices, uv: this.uv, sym: this.symbol, slots: this.slots };
    let nv = 0;
    let ni = 0;
    const slots = new Uint32Array(this.slots.length);
    for (let k = 0; k < caps.length / 2; k++) {
      slots.set([nv, caps[2 * k]!, 0, ni, caps[2 * k + 1]!, 0], 6 * k);
      nv += caps[2 * k]!;
      ni += caps[2 * k + 1]!;
    }
    this.positions = new Float32Array(3 * nv);
    this.colors = new Uint8Array(4 * nv);
    this.indices = new Uint32Array(ni);
    if (this.uv) this.uv = new Int8Array(2 * nv);
    if (this.symbol) this.symbol = new Uint8Array(4 * nv);
    this.slots = slots;
    let copied = 0;
    for (let k = 0; k < caps.length / 2; k++) {
      const o = 6 * k;
      const [v0, , vUsed, i0, , iUsed] = old.slots.subarray(o, o + 6);
      const w0 = slots[o]!;
      const j0 = slots[o + 3]!;
      const iCap = slots[o + 4]!;
      if (k % this.blocks !== skip) {
        this.positions.set(old.pos.subarray(3 * v0!, 3 * (v0! + vUsed!)), 3 * w0);
        this.colors.set(old.col.subarray(4 * v0!, 4 * (v0! + vUsed!)), 4 * w0);
        if (this.uv && old.uv) this.uv.set(old.uv.subarray(2 * v0!, 2 * (v0! + vUsed!)), 2 * w0);
        if (this.symbol && old.sym) this.symbol.set(old.sym.subarray(4 * v0!, 4 * (v0! + vUsed!)), 4 * w0);
        for (let j = 0; j < iUsed!; j++) this.indices[j0 + j] = old.idx[i0! + j]! - v0! + w0;
        slots[o + 2] = vUsed!;
        slots[o + 5] = iUsed!;
        copied += vUsed!;
        this.indices.fill(w0, j0 + iUsed!, j0 + iCap);
      } else this.indices.fill(w0, j0, j0 + iCap);
    }
    return copied;
  }

  /** Copies `sink` into slot `k` (it fits) and makes the rest of its indices degenerate. */
  private put(k: number, sink: Sink): SlotRange {
    const o = 6 * k;
    const [v0, , , i0, , iUsedBefore] = this.slots.subarray(o, o + 6);
    const nv = sink.vertices;
    const ni = sink.indexCount;
    this.positions.set(sink.pos.subarray(0, 3 * nv), 3 * v0!);
    this.colors.set(sink.col.subarray(0, 4 * nv), 4 * v0!);
    if (this.uv && sink.uv) this.uv.set(sink.uv.subarray(0, 2 * nv), 2 * v0!);
    if (this.symbol && sink.sym) this.symbol.set(sink.sym.subarray(0, 4 * nv), 4 * v0!);
    for (let j = 0; j < ni; j++) this.indices[i0! + j] = sink.idx[j]! + v0!;
    const touched = Math.max(ni, iUsedBefore!);
    this.indices.fill(v0!, i0! + ni, i0! + touched);
    this.slots[o + 2] = nv;
    this.slots[o + 5] = ni;
    return { vertexStart: v0!, vertexCount: nv, indexStart: i0!, indexCount: touched };
  }
}

/** Capacity for `used` plus slack; index capacities (`step` 3) stay whole triangles, so every slot starts on one. */
export function withSlack(used: number, step: number): number {
  return used + step * Math.max(Math.ceil(used / 4 / step), SLOT_SLACK_VERTICES);
}

/** The three slotted buffers of one level (coarse: every block; fine: the blocks in view). */
export class VectorSlots {
  readonly fills: SlotBuffer;
  readonly strokes: SlotBuffer;
  readonly points: SlotBuffer;
  /** Block id in each slot, −1 for a free slot (the fine level reuses slots of blocks gone out of view). */
  readonly blocks: number[];
  private readonly slotOf: Map<number, number>;

  /**
   * Lays out `blocks` in order: `build(b, parts)` appends block b's triangles to `parts` (the
   * whole level's sinks), then each sink skips its slack. So the level is built in one pass,
   * without per-block copies; strokes then append the lines after the casings.
   */
  constructor(blocks: readonly number[], build: (block: number, parts: VectorParts) => void) {
    this.blocks = [...blocks];
    this.slotOf = new Map(blocks.map((b, i) => [b, i]));
    const n = blocks.length;
    const parts = newParts();
    const sinks = [parts.fills, parts.under, parts.over, parts.points];
    const tables = sinks.map(() => new Uint32Array(6 * n));
    blocks.forEach((b, i) => {
      const before = sinks.map((s) => [s.vertices, s.indexCount] as const);
      build(b, parts);
      sinks.forEach((s, k) => {
        const [v0, i0] = before[k]!;
        const [vUsed, iUsed] = [s.vertices - v0, s.indexCount - i0];
        const [vCap, iCap] = [withSlack(vUsed, 1), withSlack(iUsed, 3)];
        tables[k]!.set([v0, vCap, vUsed, i0, iCap, iUsed], 6 * i);
        s.pad(vCap - vUsed, iCap - iUsed, v0);
      });
    });
    // Lines after every block's casings: the over section's slots move past the under section.
    const [fills, under, over, points] = tables as [Uint32Array, Uint32Array, Uint32Array, Uint32Array];
    for (let o = 0; o < over.length; o += 6) {
      over[o] += parts.under.vertices;
      over[o + 3] += parts.under.indexCount;
    }
    parts.under.append(parts.over);
    const strokes = new Uint32Array(12 * n);
    strokes.set(under, 0);
    strokes.set(over, 6 * n);
    this.fills = new SlotBuffer([(p) => p.fills], n, parts.fills, fills);
    this.strokes = new SlotBuffer([(p) => p.under, (p) => p.over], n, parts.under, strokes);
    this.points = new SlotBuffer([(p) => p.points], n, parts.points, points);
  }

  has(block: number): boolean {
    return this.slotOf.has(block);
  }


  /**
   * Puts block `block` (−1: none, the slot freed and drawn as nothing) in slot `slot` in place
   * of what it held, written like an edit.
   */
  assign(slot: number, block: number, parts: VectorParts): { fills: SlotWrite; strokes: SlotWrite; points: SlotWrite } {
    const old = this.blocks[slot]!;
    if (old >= 0) this.slotOf.delete(old);
    this.blocks[slot] = block;
    if (block >= 0) this.slotOf.set(block, slot);
    return this.write(slot, parts, true);
  }

  /** Writes block `block`'s new parts (or slot `block` when `bySlot`); what each buffer wrote. */
  write(block: number, parts: VectorParts, bySlot = false): { fills: SlotWrite; strokes: SlotWrite; points: SlotWrite } {
    const i = bySlot ? block : this.slotOf.get(block);
    if (i === undefined) throw new Error(`block ${block} is not laid out here`);
    return { fills: this.fills.write(i, parts), strokes: this.strokes.write(i, parts), points: this.points.write(i, parts) };
  }
}
