/**
 * The vector layer in spatial blocks (issue 13, "scale as before"): a map's cells sorted into
 * blocks of a few thousand — a k×k grid over a flat map, k×k patches of each cube face on the
 * globe (outline-chunks.ts `spatialBlocks`, the same split the outlines use) — so an edit
 * rebuilds one block and a zoomed-in view builds only the blocks it shows. Also the one rule
 * for how finely curves are sampled at a zoom (`vectorLevel`) and which blocks a view shows.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Box2 } from './drawn-tiles.js';
import type { MapGeometry } from './map-geometry.js';
import { capInView, chunkCaps, spatialBlocks } from './outline-chunks.js';
import { FINE_DETAIL } from './vector-map.js';

/** Cells per block, about: small enough that an edit or a newly shown block builds in a few ms at the fine level. */
export const BLOCK_CELLS = 512;

export interface VectorBlocks {
  readonly count: number;
  /** Block b holds cells[starts[b] .. starts[b + 1]) (no block is empty). */
  readonly starts: Uint32Array;
  readonly cells: Uint32Array;
  /** The block of each cell. */
  readonly blockOf: Uint32Array;
  /** Flat maps: minX, minY, maxX, maxY per block, round the whole of its cells; null on the globe. */
  readonly boxes: Float64Array | null;
  /** Globe: x, y, z, angular radius per block (outline-chunks.ts caps, widened by a cell); null on flat maps. */
  readonly caps: Float64Array | null;
}

/** Splits `geo`'s cells into spatial blocks of about `blockCells` cells. */
export function vectorBlocks(geo: MapGeometry, blockCells = BLOCK_CELLS): VectorBlocks {
  const globe = geo.radii !== null;
  const n = geo.map.tileCount;
  const centres = cellCentres(geo, n);
  const k = Math.max(1, Math.ceil(Math.sqrt(n / ((globe ? 6 : 1) * blockCells))));
  const sorted = spatialBlocks(centres, n, k, globe, 3);
  // Drop the empty bins.
  const starts: number[] = [0];
  for (let b = 0; b + 1 < sorted.starts.length; b++) if (sorted.starts[b + 1]! > sorted.starts[b]!) starts.push(sorted.starts[b + 1]!);
  const count = starts.length - 1;
  const startArr = Uint32Array.from(starts);
  const blockOf = new Uint32Array(n);
  for (let b = 0; b < count; b++) for (let i = startArr[b]!; i < startArr[b + 1]!; i++) blockOf[sorted.order[i]!] = b;
  const margin = geo.spacing;
  let boxes: Float64Array | null = null;
  let caps: Float64Array | null = null;
  if (globe) {
    const ordered = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) ordered.set(centres.subarray(3 * sorted.order[i]!, 3 * sorted.order[i]! + 3), 3 * i);
    caps = chunkCaps(ordered, startArr, 3);
    // A block reaches a cell beyond its centres (the globe's radius is about 1).
    for (let b = 0; b < count; b++) caps[4 * b + 3]! += margin;
  } else {
    boxes = new Float64Array(4 * count);
    for (let b = 0; b < count; b++) {
      let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let i = startArr[b]!; i < startArr[b + 1]!; i++) {
        const c = sorted.order[i]!;
        x0 = Math.min(x0, centres[3 * c]!);
        x1 = Math.max(x1, centres[3 * c]!);
        y0 = Math.min(y0, centres[3 * c + 1]!);
        y1 = Math.max(y1, centres[3 * c + 1]!);
      }
      boxes.set([x0 - margin, y0 - margin, x1 + margin, y1 + margin], 4 * b);
    }
  }
  return { count, starts: startArr, cells: sorted.order, blockOf, boxes, caps };
}

/** Each cell's centre: the mean of its (A) polygon's corners (the grid's centre where it has none). */
function cellCentres(geo: MapGeometry, n: number): Float32Array {
  const area = geo.area;
  const k = area.verticesPerPiece;
  const out = new Float32Array(3 * n);
  for (let c = 0; c < n; c++) {
    const p = area.firstPiece[c]!;
    if (p < 0) {
      const g = geo.map.grid.center(c);
      out.set([g[0]!, g[1]!, g[2] ?? 0], 3 * c);
      continue;
    }
    for (let v = p * k; v < (p + 1) * k; v++) for (let j = 0; j < 3; j++) out[3 * c + j]! += area.positions[3 * v + j]! / k;
  }
  return out;
}

/** How finely the vector layer samples its curves: `coarse` for the whole map, `fine` per block in view. */
export type VectorLevel = 'coarse' | 'fine';

/** Samples per cubic segment at each level. */
export const LEVEL_DETAIL: Readonly<Record<VectorLevel, number>> = { coarse: 3, fine: FINE_DETAIL };

/**
 * From this many CSS pixels across a tile the fine level draws: below it a cubic spanning a
 * tile has coarse chords under ~10 px, which read as curves; above it they show corners.
 */
export const FINE_FROM_PX = 32;

/**
 * Below this many CSS pixels across a tile the vector layer is not drawn at all: its narrowest
 * lines would be under half a pixel and its areas a few pixels, so the map shows its ground —
 * element (A), each cell's terrain derived from its tile, with the terrain symbols — and a
 * 100 k-instance map opened to fit the window builds no vector buffers.
 */
export const GROUND_BELOW_PX = 5;

/** What the vector layer draws: nothing over the ground, the coarse level, or the fine blocks in view. */
export type VectorShown = 'ground' | VectorLevel;

/** The level for a zoom of `pxPerTile` CSS pixels across a tile. */
export function vectorLevel(pxPerTile: number): VectorShown {
  return pxPerTile >= FINE_FROM_PX ? 'fine' : pxPerTile >= GROUND_BELOW_PX ? 'coarse' : 'ground';
}

/** What a view shows: a flat model-space box, or the globe's eye (model space, before the globe's turn). */
export type VectorView = { readonly box: Box2 } | { readonly eye: readonly [number, number, number] };

/**
 * The blocks `view` shows, ascending. Flat: blocks whose box meets the view box widened by
 * `margin` times its size on each side. Globe: blocks with a cell in front of the horizon.
 */
export function blocksInView(blocks: VectorBlocks, view: VectorView, margin = 0): number[] {
  const out: number[] = [];
  if ('eye' in view) {
    if (!blocks.caps) return out;
    for (let b = 0; b < blocks.count; b++) if (capInView(blocks.caps, b, view.eye)) out.push(b);
    return out;
  }
  const boxes = blocks.boxes;
  if (!boxes) return out;
  const { minX, minY, maxX, maxY } = view.box;
  const mx = (maxX - minX) * margin;
  const my = (maxY - minY) * margin;
  for (let b = 0; b < blocks.count; b++) {
    const o = 4 * b;
    if (boxes[o]! <= maxX + mx && boxes[o + 2]! >= minX - mx && boxes[o + 1]! <= maxY + my && boxes[o + 3]! >= minY - my) out.push(b);
  }
  return out;
}
