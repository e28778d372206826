/**
 * The terrain symbols of symbols.ts as one texture atlas for the GPU: each pattern gets a
 * square cell holding its shapes as white with anti-aliased coverage in alpha, so the app's
 * area shader tints the cell with the terrain's symbol colour (area-symbols.ts gives each
 * vertex its cell and its place in the tile) — every terrain symbol in the one draw call of
 * element (A), at any map size. The shapes are the exports' own (one home: symbols.ts),
 * rasterized by the exports' software rasterizer, so the app and the printed map agree.
 *
 * Cell space: the cell spans symbol-space uv ∈ [−1, 1]² (uv = offset from the tile centre in
 * inradii, y down), the inscribed circle of the tile. The exports keep symbols in the band
 * y ∈ [−0.35, 0.75] to leave room for the tile number above; the app draws no numbers, so the
 * atlas centres that band and enlarges it by APP_SYMBOL_SCALE.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
// The rasterizer is a pure module of core/export with no imports of its own, so using it
// here adds no cycle in practice; symbols and the atlas are render's, the pixels are the
// exports' way of drawing them.
import { Raster } from './software-raster.js';
import { SYMBOL_PATTERNS, symbolByPattern } from './symbols.js';

/** Enlargement of the exports' symbols in the app (no number above them). */
export const APP_SYMBOL_SCALE = 1.2;
/** Strokes are drawn thicker than on paper: a screen tile is a few dozen pixels, not centimetres. */
export const APP_LINE_SCALE = 1.6;
/** Symbol-space y of the centre of the exports' symbol band, moved to the tile centre. */
export const APP_SYMBOL_CENTRE_Y = 0.2;

export interface SymbolAtlas {
  /** RGBA8, rows top to bottom; white, coverage in alpha. */
  readonly pixels: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** Cells per row and rows; cell k (0-based) is at column k mod cols, row ⌊k / cols⌋. */
  readonly cols: number;
  readonly rows: number;
  /** Cell edge in pixels. */
  readonly cell: number;
  /** Atlas slot of each pattern: cell index + 1 (0 = no symbol), in SYMBOL_PATTERNS order. */
  readonly slots: ReadonlyMap<string, number>;
}

/** Atlas slot of a pattern: its cell index + 1, or 0 when no symbol is drawn for it. */
export function symbolSlot(pattern: string | undefined): number {
  return pattern ? SYMBOL_PATTERNS.indexOf(pattern) + 1 : 0;
}

const cache = new Map<number, SymbolAtlas>();

/** The atlas at `cell` pixels a cell (power of two; built once per size). */
export function symbolAtlas(cell = 128): SymbolAtlas {
  const hit = cache.get(cell);
  if (hit) return hit;
  if (!(Number.isInteger(cell) && cell >= 16 && (cell & (cell - 1)) === 0)) throw new RangeError(`atlas cell must be a power of two ≥ 16 pixels, got ${cell}`);
  const n = SYMBOL_PATTERNS.length;
  // Power-of-two sides so the GPU can build mip levels.
  let cols = 1;
  while (cols * cols < n) cols *= 2;
  let rows = 1;
  while (cols * rows < n) rows *= 2;
  const raster = new Raster(cols * cell, rows * cell, [255, 255, 255, 0]);
  const white = [255, 255, 255, 255] as const;
  const slots = new Map<string, number>();
  // A margin of blank pixels round each cell keeps the mip levels of neighbours apart.
  const half = cell / 2 - 2;
  SYMBOL_PATTERNS.forEach((name, k) => {
    const sym = symbolByPattern(name)!;
    const ox = (k % cols) * cell + cell / 2;
    const oy = Math.floor(k / cols) * cell + cell / 2;
    const px = (x: number, y: number, out: number[]) => out.push(ox + x * APP_SYMBOL_SCALE * half, oy + (y - APP_SYMBOL_CENTRE_Y) * APP_SYMBOL_SCALE * half);
    for (const part of sym.parts) {
      const xy: number[] = [];
      for (let i = 0; i < part.xy.length; i += 2) px(part.xy[i]!, part.xy[i + 1]!, xy);
      if (part.kind === 'fill') raster.fillPolygon([xy], white, 'smooth');
      else raster.stroke(xy, sym.lineWidth * APP_LINE_SCALE * APP_SYMBOL_SCALE * half, white);
    }
    slots.set(name, symbolSlot(name));
  });
  const atlas: SymbolAtlas = { pixels: raster.rgba, width: cols * cell, height: rows * cell, cols, rows, cell, slots };
  cache.set(cell, atlas);
  return atlas;
}
