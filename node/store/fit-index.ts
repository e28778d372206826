/**
 * The "which tiles and orientations fit these neighbours" index (SPEC §6 assembly by hand,
 * §10 "edge signatures indexed for what-fits-here queries", §12: < 5 ms at 100 k tiles).
 *
 * The library stores each tile's canonical edge labels as small integer label ids (one
 * column per edge). This index inverts them: for every (edge position, label) a sorted
 * posting list of tiles. A query "edge e must show label L" is answered for every
 * orientation `o` at once by looking up the canonical edge that `o` brings to `e`
 * (orientation.ts `sourceEdge`) and intersecting those posting lists; the tile's allowed
 * orientations are then checked with a bit mask. So the rotated and mirrored signatures of
 * every orientation are indexed without storing a row per orientation.
 *
 * Why in memory rather than an SQLite index with a row per (tile, orientation): measured on
 * the development machine, writing 8–12 index rows per tile costs 4–12 s per 100 k tiles
 * (docs/store.md), beyond the 5 s import budget, and an SQLite index cannot answer a query
 * whose most selective label still matches tens of thousands of rows in 5 ms. Posting-list
 * intersection does both: build ≈ 0.1 s per 100 k tiles, query well under 1 ms.
 *
 * Must not depend on: Electron, DOM. (Pure data structure; the store feeds it.)
 */
import type { RasterShape } from './orientation.js';
import { edgeCount, orientationCount, sourceEdge } from './orientation.js';

/** One tile as the index needs it: `labels[e]` is the label id on canonical edge e. */
export interface FitTile {
  readonly rid: number;
  readonly id: string;
  readonly shape: RasterShape;
  /** Bit c set ⇔ orientation code c is allowed. */
  readonly allowed: number;
  readonly labels: ArrayLike<number>;
}

/** A required label on one edge position of the place being filled. */
export interface EdgeRequirement {
  readonly edge: number;
  /** Label id; a label unknown to the library can match nothing (pass −1). */
  readonly label: number;
}

export interface FitHit {
  readonly id: string;
  readonly rid: number;
  /** Orientation code (orientation.ts). */
  readonly orientation: number;
}

export interface FitResult {
  /** Number of (tile, orientation) pairs that fit. */
  readonly total: number;
  /** Those pairs ordered by tile (insertion order) then orientation code, sliced by offset/limit. */
  readonly hits: FitHit[];
}

/** Tiles of one shape, in ascending rid order, with posting lists in CSR form. */
interface ShapeIndex {
  readonly edges: number;
  readonly rids: Int32Array;
  readonly ids: string[];
  readonly allowed: Uint16Array;
  readonly labelLimit: number;
  /** postings for (edge e, label l) are data[offsets[e·labelLimit + l] … offsets[… + 1]). */
  readonly offsets: Int32Array;
  readonly data: Int32Array;
}

export class FitIndex {
  private constructor(private readonly shapes: ReadonlyMap<RasterShape, ShapeIndex>) {}

  /** Builds the index; `tiles` must come in ascending rid order. */
  static build(tiles: Iterable<FitTile>): FitIndex {
    const grouped = new Map<RasterShape, FitTile[]>();
    for (const t of tiles) {
      let list = grouped.get(t.shape);
      if (!list) grouped.set(t.shape, (list = []));
      list.push(t);
    }
    const shapes = new Map<RasterShape, ShapeIndex>();
    for (const [shape, list] of grouped) shapes.set(shape, buildShape(shape, list));
    return new FitIndex(shapes);
  }

  tileCount(shape: RasterShape): number {
    return this.shapes.get(shape)?.rids.length ?? 0;
  }

  query(shape: RasterShape, requirements: readonly EdgeRequirement[], offset: number, limit: number): FitResult {
    const index = this.shapes.get(shape);
    if (!index) return { total: 0, hits: [] };
    const perOrientation = collect(shape, index, requirements);
    let total = 0;
    for (const list of perOrientation) total += list.length;
    // Merge the per-orientation lists (each sorted by slot) only as far as the page needs:
    // a one-neighbour query may fit 50 000 pairs, of which a page shows 100.
    const hits: FitHit[] = [];
    const cursors = new Int32Array(perOrientation.length);
    const end = Math.min(total, offset + limit);
    for (let k = 0; k < end; k++) {
      let best = -1;
      let bestSlot = Infinity;
      for (let o = 0; o < perOrientation.length; o++) {
        const list = perOrientation[o]!;
        if (cursors[o]! < list.length && list[cursors[o]!]! < bestSlot) {
          bestSlot = list[cursors[o]!]!;
          best = o;
        }
      }
      cursors[best]!++;
      if (k >= offset) hits.push({ id: index.ids[bestSlot]!, rid: index.rids[bestSlot]!, orientation: best });
    }
    return { total, hits };
  }
}

function buildShape(shape: RasterShape, tiles: readonly FitTile[]): ShapeIndex {
  const edges = edgeCount(shape);
  const n = tiles.length;
  let labelLimit = 1;
  for (const t of tiles) for (let e = 0; e < edges; e++) labelLimit = Math.max(labelLimit, t.labels[e]! + 1);
  const offsets = new Int32Array(edges * labelLimit + 1);
  for (const t of tiles) for (let e = 0; e < edges; e++) offsets[e * labelLimit + t.labels[e]! + 1]!++;
  for (let k = 1; k < offsets.length; k++) offsets[k]! += offsets[k - 1]!;
  const data = new Int32Array(n * edges);
  const fill = offsets.slice(0, -1);
  const rids = new Int32Array(n);
  const ids = new Array<string>(n);
  const allowed = new Uint16Array(n);
  for (let slot = 0; slot < n; slot++) {
    const t = tiles[slot]!;
    rids[slot] = t.rid;
    ids[slot] = t.id;
    allowed[slot] = t.allowed;
    // Slots are visited in ascending order, so every posting list comes out sorted.
    for (let e = 0; e < edges; e++) data[fill[e * labelLimit + t.labels[e]!]!++] = slot;
  }
  return { edges, rids, ids, allowed, labelLimit, offsets, data };
}

/** For each orientation code, the slots (ascending) of the tiles that fit in that orientation. */
function collect(shape: RasterShape, index: ShapeIndex, requirements: readonly EdgeRequirement[]): Int32Array[] {
  const orientations = orientationCount(shape);
  const n = index.rids.length;
  const out: Int32Array[] = [];
  if (requirements.length === 0) {
    for (let o = 0; o < orientations; o++) {
      const list = new Int32Array(n);
      let count = 0;
      for (let slot = 0; slot < n; slot++) if (index.allowed[slot]! & (1 << o)) list[count++] = slot;
      out.push(list.subarray(0, count));
    }
    return out;
  }
  const starts = new Int32Array(requirements.length);
  const ends = new Int32Array(requirements.length);
  const order = requirements.map((_, k) => k);
  for (let o = 0; o < orientations; o++) {
    let empty = false;
    for (let k = 0; k < requirements.length; k++) {
      const { edge, label } = requirements[k]!;
      if (label < 0 || label >= index.labelLimit) {
        empty = true;
        break;
      }
      const key = sourceEdge(shape, o, edge) * index.labelLimit + label;
      starts[k] = index.offsets[key]!;
      ends[k] = index.offsets[key + 1]!;
      if (starts[k] === ends[k]) {
        empty = true;
        break;
      }
    }
    if (empty) {
      out.push(new Int32Array(0));
      continue;
    }
    order.sort((a, b) => ends[a]! - starts[a]! - (ends[b]! - starts[b]!));
    const list = new Int32Array(ends[order[0]!]! - starts[order[0]!]!);
    let count = 0;
    const bit = 1 << o;
    intersect(index, order, starts, ends, (slot) => {
      if (index.allowed[slot]! & bit) list[count++] = slot;
    });
    out.push(list.subarray(0, count));
  }
  return out;
}

/**
 * Walks the shortest list and gallops through the others (each has a moving lower bound),
 * so the cost is about |shortest| · log(|longer| / |shortest|).
 */
function intersect(index: ShapeIndex, order: readonly number[], starts: Int32Array, ends: Int32Array, emit: (slot: number) => void): void {
  const { data } = index;
  const first = order[0]!;
  const cursors = Int32Array.from(starts);
  outer: for (let i = starts[first]!; i < ends[first]!; i++) {
    const slot = data[i]!;
    for (let j = 1; j < order.length; j++) {
      const k = order[j]!;
      const end = ends[k]!;
      let lo = cursors[k]!;
      if (lo >= end) return;
      if (data[lo]! < slot) {
        let step = 1;
        let hi = lo + 1;
        while (hi < end && data[hi]! < slot) {
          lo = hi;
          step *= 2;
          hi = lo + step;
        }
        if (hi > end) hi = end;
        // data[lo] < slot ≤ data[hi] (or hi = end): binary search in (lo, hi].
        while (lo + 1 < hi) {
          const mid = (lo + hi) >>> 1;
          if (data[mid]! < slot) lo = mid;
          else hi = mid;
        }
        lo = hi;
      }
      cursors[k] = lo;
      if (lo >= end) return;
      if (data[lo]! !== slot) continue outer;
    }
    emit(slot);
  }
}
