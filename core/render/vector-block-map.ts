/**
 * A vector map drawn in blocks at two levels of detail (issue 13): the `coarse` level
 * (LEVEL_DETAIL.coarse samples per cubic) covers the blocks in view — the whole map, or part
 * of a big one, or the side of a globe facing the eye — in one set of slotted buffers
 * (vector-slots.ts: three draw calls), blocks coming into view built into the slots of those
 * that left (`coarseInView(visible)`; `coarse()`: the whole map); the `fine` level is built lazily per block
 * in view (`fine(visible)`), its blocks' parts cached and the least recently shown evicted, and
 * laid out in slots of its own — again three draw calls, the draw order (all fills, all
 * casings, all lines, points) kept across blocks; as the view pans, a block coming into view
 * takes the slot of one that left, so panning uploads a block, not the level. `edit(cells)` rebuilds only the blocks the
 * cells fall in, at each level built, and writes them into their slots in place; it returns
 * work counts (tests assert them; the bench times them).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { MapGeometry } from './map-geometry.js';
import { LEVEL_DETAIL, vectorBlocks, type VectorBlocks, type VectorLevel } from './vector-blocks.js';
import { instanceBuilder, newParts, vectorGround, type InstanceBuilder, type TileSource, type VectorParts } from './vector-map.js';
import { VectorSlots, type SlotWrite } from './vector-slots.js';

/** Fine blocks kept built beyond those in view (the least recently shown go first). */
export const FINE_CACHE_BLOCKS = 64;
/** More blocks than this in view and the view stays coarse (a wide globe view at close zoom). */
export const FINE_MAX_BLOCKS = 48;

export type LevelWrite = { readonly fills: SlotWrite; readonly strokes: SlotWrite; readonly points: SlotWrite };

export interface VectorEditWork {
  /** Distinct blocks the edited cells fall in. */
  readonly blocks: number;
  /** Block builds over the levels built (a block built coarse and fine counts twice). */
  readonly builds: number;
  /** Vertices written into the merged buffers (a relayout copies every block's). */
  readonly vertices: number;
  /** Levels whose buffers were laid out again because a block outgrew its slot. */
  readonly relaid: number;
  /** Tiles tessellated anew (0 when every tile edited in was cached). */
  readonly tessellated: number;
  /** What the coarse and the fine buffers wrote (null: that level is not laid out). */
  readonly coarse: LevelWrite | null;
  readonly fine: LevelWrite | null;
}

export class VectorBlockMap {
  readonly blocks: VectorBlocks;
  private readonly builders: Record<VectorLevel, InstanceBuilder>;
  private coarseSlots: VectorSlots | null = null;
  private fineSlots: VectorSlots | null = null;
  /** Built fine blocks, least recently shown first (Map keeps insertion order). */
  private readonly fineParts = new Map<number, VectorParts>();
  /** Fine blocks built so far (the bench and tests read it). */
  fineBuilds = 0;

  constructor(geo: MapGeometry, tiles: TileSource, options: { blockCells?: number; ground?: string | null } = {}) {
    this.blocks = vectorBlocks(geo, options.blockCells);
    const ground = options.ground === undefined ? vectorGround(geo) : options.ground;
    this.builders = { coarse: instanceBuilder(geo, tiles, LEVEL_DETAIL.coarse, ground), fine: instanceBuilder(geo, tiles, LEVEL_DETAIL.fine, ground) };
  }

  /** The whole map at the coarse level (built on first call). */
  coarse(): VectorSlots {
    return this.coarseInView(Array.from({ length: this.blocks.count }, (_, b) => b)).slots;
  }

  /**
   * The coarse level laid out for the `visible` blocks (ascending): a view of part of a big
   * map, or the side of a globe facing the eye, builds only those. Blocks coming into view
   * are built into the slots of blocks that left (`write`: upload those ranges); coarse blocks
   * are not cached apart from their slots (cheap to build again, and a whole map's worth), so
   * only a view showing more blocks than there are slots lays the level out again (`write`
   * null, `changed`: upload it whole).
   */
  coarseInView(visible: readonly number[]): { slots: VectorSlots; built: number; changed: boolean; write: LevelWrite | null } {
    const laid = this.coarseSlots;
    const entering = laid ? visible.filter((b) => !laid.has(b)) : [...visible];
    if (laid && entering.length === 0) return { slots: laid, built: 0, changed: false, write: null };
    const moved = laid ? intoFreedSlots(laid, visible, entering, (b) => this.build('coarse', b)) : undefined;
    if (laid && moved !== undefined) return { slots: laid, built: entering.length, changed: true, write: moved };
    this.coarseSlots = new VectorSlots(visible, (b, parts) => this.buildInto('coarse', b, parts));
    return { slots: this.coarseSlots, built: visible.length, changed: true, write: null };
  }

  /**
   * The fine level laid out for the `visible` blocks (ascending). When the view moves, blocks
   * that come into view take the slots of those that left, written in place (`write`: upload
   * those ranges); only a view showing more blocks than there are slots lays the level out
   * again (`write` null, `changed`: upload it whole).
   */
  fine(visible: readonly number[]): { slots: VectorSlots; built: number; changed: boolean; write: LevelWrite | null } {
    const laid = this.fineSlots;
    const entering = laid ? visible.filter((b) => !laid.has(b)) : [...visible];
    if (laid && entering.length === 0) return { slots: laid, built: 0, changed: false, write: null };
    let built = 0;
    const parts = new Map<number, VectorParts>();
    for (const b of visible) {
      let p = this.fineParts.get(b);
      if (!p) {
        p = this.build('fine', b);
        built++;
      }
      this.fineParts.delete(b);
      this.fineParts.set(b, p);
      parts.set(b, p);
    }
    for (const b of this.fineParts.keys()) {
      if (this.fineParts.size <= Math.max(FINE_CACHE_BLOCKS, visible.length)) break;
      this.fineParts.delete(b);
    }
    this.fineBuilds += built;
    const moved = laid ? intoFreedSlots(laid, visible, entering, (b) => parts.get(b)!) : undefined;
    if (laid && moved !== undefined) return { slots: laid, built, changed: true, write: moved };
    this.fineSlots = new VectorSlots(visible, (b, out) => {
      const p = parts.get(b)!;
      out.fills.append(p.fills);
      out.under.append(p.under);
      out.over.append(p.over);
      out.points.append(p.points);
    });
    return { slots: this.fineSlots, built, changed: true, write: null };
  }

  /** Fine blocks kept built. */
  fineCached(): number {
    return this.fineParts.size;
  }

  /** Placed or cleared instances on `cells`: their blocks rebuilt at each level built, written in place. */
  edit(cells: readonly number[]): VectorEditWork {
    // A placed or cleared tile can change how its neighbours snap to it (vector-map.ts): those
    // are drawn again too, in whatever block they lie.
    const around = [...cells, ...this.builders.coarse.edited(cells), ...this.builders.fine.edited(cells)];
    const touched = [...new Set(around.map((c) => this.blocks.blockOf[c]!))].sort((a, b) => a - b);
    const before = this.builders.coarse.stats.tessellated + this.builders.fine.stats.tessellated;
    let builds = 0;
    let vertices = 0;
    let relaid = 0;
    let coarse: LevelWrite | null = null;
    let fine: LevelWrite | null = null;
    const merge = (a: LevelWrite | null, w: LevelWrite): LevelWrite => (a ? mergeWrites(a, w) : w);
    const count = (w: LevelWrite): void => {
      vertices += w.fills.vertices + w.strokes.vertices + w.points.vertices;
      if (w.fills.relaid || w.strokes.relaid || w.points.relaid) relaid++;
    };
    for (const b of touched) {
      if (this.coarseSlots?.has(b)) {
        const w = this.coarseSlots.write(b, this.build('coarse', b));
        builds++;
        count(w);
        coarse = merge(coarse, w);
      }
      // Built fine, or still laid out in the fine slots (drawn again should it come back into view).
      if (this.fineParts.has(b) || this.fineSlots?.has(b)) {
        const p = this.build('fine', b);
        builds++;
        this.fineParts.set(b, p);
        if (this.fineSlots?.has(b)) {
          const w = this.fineSlots.write(b, p);
          count(w);
          fine = merge(fine, w);
        }
      }
    }
    const tessellated = this.builders.coarse.stats.tessellated + this.builders.fine.stats.tessellated - before;
    return { blocks: touched.length, builds, vertices, relaid, tessellated, coarse, fine };
  }

  /** Tile ids the source did not have. */
  missing(): string[] {
    return [...new Set([...this.builders.coarse.unknown, ...this.builders.fine.unknown])];
  }

  /** Tiles tessellated so far at `level`. */
  tessellated(level: VectorLevel): number {
    return this.builders[level].stats.tessellated;
  }

  private build(level: VectorLevel, b: number): VectorParts {
    const parts = newParts();
    this.buildInto(level, b, parts);
    return parts;
  }

  private buildInto(level: VectorLevel, b: number, parts: VectorParts): void {
    const { starts, cells } = this.blocks;
    const builder = this.builders[level];
    for (let i = starts[b]!; i < starts[b + 1]!; i++) builder.add(cells[i]!, parts);
  }
}

const EMPTY = newParts();

/**
 * Blocks `entering` the view written into the slots of blocks that left it (and slots left over
 * emptied), in place; what was written (null: nothing). Undefined when there are fewer freed
 * slots than entering blocks: the level must be laid out again.
 */
function intoFreedSlots(laid: VectorSlots, visible: readonly number[], entering: readonly number[], partsOf: (block: number) => VectorParts): LevelWrite | null | undefined {
  const shown = new Set(visible);
  const free = laid.blocks.flatMap((b, slot) => (b < 0 || !shown.has(b) ? [slot] : []));
  if (entering.length > free.length) return undefined;
  let write: LevelWrite | null = null;
  free.forEach((slot, k) => {
    const b = k < entering.length ? entering[k]! : -1;
    if (b < 0 && laid.blocks[slot]! < 0) return;
    const w = laid.assign(slot, b, b >= 0 ? partsOf(b) : EMPTY);
    write = write ? mergeWrites(write, w) : w;
  });
  return write;
}

function mergeWrites(a: LevelWrite, w: LevelWrite): LevelWrite {
  return { fills: join(a.fills, w.fills), strokes: join(a.strokes, w.strokes), points: join(a.points, w.points) };
}

function join(a: SlotWrite, b: SlotWrite): SlotWrite {
  return { relaid: a.relaid || b.relaid, ranges: [...a.ranges, ...b.ranges], vertices: a.vertices + b.vertices };
}

