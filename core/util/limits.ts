/**
 * The one set of size limits every importer, the store and the services check BEFORE they
 * allocate (docs/limits.md). A file is small; what it declares need not be: 253 bytes of
 * JSON can declare a 16384×16384 map, 234 bytes an AL-FORM globe whose classic image is
 * gigabytes. So every reader compares the declared sizes — width × height, layer, chunk
 * and tileset counts, the icosahedron's side, the sum of all layer tiles — against these
 * limits first, and refuses with a message that names the declared size and the limit:
 *
 *   big.json: $.size: declares 16384×16384 = 268435456 tiles; the limit is 16777216 tiles (docs/limits.md)
 *
 * The defaults are generous for real maps (the largest Wesnoth campaign maps are under
 * 200×200, Tiled maps rarely pass 2048×2048) and keep one import's memory in the hundreds
 * of megabytes. Callers with other needs pass their own `Limits`.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridKind, GridSize } from '../grid/types.js';
import { InputError } from './input-error.js';
// Tile counts by arithmetic (nothing is built) have their home with the grid sizes.
import { MAX_APP_TILES, tileCountOf } from '../grid/size.js';

export interface Limits {
  /** Tiles of one map, any grid kind, classic or AL-FORM: 16 777 216 (a 4096×4096 map; an AL-FORM 2048×2048). */
  readonly maxMapTiles: number;
  /** All tile layers and chunks of one Tiled map together (each tile id is 4 bytes while reading). */
  readonly maxTotalLayerTiles: number;
  /** Tile layers in one Tiled map (groups included). */
  readonly maxLayers: number;
  /** Chunks in one infinite Tiled map, all layers together. */
  readonly maxChunks: number;
  /** Tilesets referred to by one Tiled map. */
  readonly maxTilesets: number;
  /** Bytes of one file an import reads (after this, nothing is parsed). */
  readonly maxFileBytes: number;
  /** Bytes any one decompression may produce. */
  readonly maxInflateBytes: number;
  /** The V8 heap (MiB) of one import or conversion job's worker; past it the job is cancelled. */
  readonly jobHeapMiB: number;
  /**
   * How deep elements (XML) or group layers (TMJ) may nest in one file. Real files nest a
   * handful deep (Tiled groups, Rails IfOption); a crafted one nesting 100 000 deep would
   * otherwise end in "Maximum call stack size exceeded" without file or place.
   */
  readonly maxNesting: number;
}

export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxMapTiles: MAX_APP_TILES,
  maxTotalLayerTiles: 1 << 25,
  maxLayers: 1024,
  maxChunks: 1 << 16,
  maxTilesets: 1024,
  maxFileBytes: 256 * 1024 * 1024,
  maxInflateBytes: 256 * 1024 * 1024,
  jobHeapMiB: 2048,
  maxNesting: 256,
});

const NOTE = '(docs/limits.md)';


/** How the size reads in a message: `16384×16384`, `diameter 18001`, `side 5000`. */
export function describeDeclaredSize(size: GridSize): string {
  switch (size.kind) {
    case 'hex-hexagon':
      return `diameter ${size.diameter}`;
    case 'icosahedron':
      return `side ${size.side}`;
    default:
      return `${size.width}×${size.height}`;
  }
}

/** The largest icosahedron side whose globe fits `maxTiles` (10(L+1)²+2 tiles). */
export function maxIcosahedronSide(limits: Limits = DEFAULT_LIMITS): number {
  return Math.floor(Math.sqrt((limits.maxMapTiles - 2) / 10)) - 1;
}

/** The largest hex-hexagon diameter (odd) whose map fits `maxTiles` (3r(r+1)+1 tiles). */
export function maxHexDiameter(limits: Limits = DEFAULT_LIMITS): number {
  const r = Math.floor((-3 + Math.sqrt(9 + 12 * (limits.maxMapTiles - 1))) / 6);
  return 2 * r + 1;
}

/** Refuses a map whose declared size has more tiles than the limit; returns its tile count. */
export function checkMapSize(size: GridSize, source: string, where: string, limits: Limits = DEFAULT_LIMITS): number {
  const count = tileCountOf(size);
  if (!(count <= limits.maxMapTiles)) {
    throw new InputError(source, where, `declares ${describeDeclaredSize(size)}${size.kind === 'square' || size.kind === 'offset-square' || size.kind === 'hex-rectangle' ? '' : ` (${size.kind})`} = ${count} tiles; the limit is ${limits.maxMapTiles} tiles ${NOTE}`);
  }
  return count;
}

/** Refuses `width × height` over the map limit (a map, a layer, a chunk); returns the count. */
export function checkRectTiles(width: number, height: number, source: string, where: string, what = 'map', limits: Limits = DEFAULT_LIMITS): number {
  const count = width * height;
  if (!(count <= limits.maxMapTiles)) {
    throw new InputError(source, where, `the ${what} declares ${width}×${height} = ${count} tiles; the limit is ${limits.maxMapTiles} tiles ${NOTE}`);
  }
  return count;
}

/** Refuses a count over its limit: `declares 5000 layers; the limit is 1024 layers`. */
export function checkCount(count: number, limit: number, unit: string, source: string, where: string): void {
  if (!(count <= limit)) throw new InputError(source, where, `declares ${count} ${unit}; the limit is ${limit} ${unit} ${NOTE}`);
}

/**
 * What one file has declared so far, across its layers and chunks: a reader calls
 * `layer`, `chunk` and `tiles` as it meets each declaration, before decoding it, so the
 * sum is refused before the part that would pass it is allocated.
 */
export class DeclaredBudget {
  private layers = 0;
  private chunks = 0;
  private tiles = 0;

  constructor(
    readonly source: string,
    readonly limits: Limits = DEFAULT_LIMITS,
  ) {}

  layer(where: string): void {
    this.layers++;
    checkCount(this.layers, this.limits.maxLayers, 'tile layers', this.source, where);
  }

  chunk(where: string): void {
    this.chunks++;
    checkCount(this.chunks, this.limits.maxChunks, 'chunks', this.source, where);
  }

  /** Adds `count` declared tiles (one layer's or chunk's); refuses when the sum passes the limit. */
  addTiles(count: number, where: string): void {
    this.tiles += count;
    if (!(this.tiles <= this.limits.maxTotalLayerTiles)) {
      throw new InputError(this.source, where, `the layers declare ${this.tiles} tiles in all by here; the limit is ${this.limits.maxTotalLayerTiles} tiles over all layers ${NOTE}`);
    }
  }
}

/** Is `kind` a rectangle (W×H) kind? */
export function isRectKind(kind: GridKind): kind is 'square' | 'offset-square' | 'hex-rectangle' {
  return kind === 'square' || kind === 'offset-square' || kind === 'hex-rectangle';
}

/**
 * Picture exports (core/export): what one PNG, one PDF and the print scale may ask for. A map
 * of a million tiles at 300 dpi would want a 400 000-pixel-wide image; the export refuses it
 * with the size and the limit instead of trying.
 */
export const EXPORT_LIMITS = Object.freeze({
  /** Longest side of a PNG, pixels. */
  maxSide: 32768,
  /** Pixels of one PNG (1 GiB of RGBA). */
  maxPixels: 1 << 28,
  maxDpi: 2400,
  minTileMm: 2,
  maxTileMm: 200,
  maxPdfPages: 400,
  maxOverlapMm: 50,
  maxBleedMm: 10,
  /** Raster exports: metres between neighbouring tile centres. */
  minMetresPerTile: 0.1,
  maxMetresPerTile: 1_000_000,
});

/** Refuses a raster past EXPORT_LIMITS with the size asked for and the limit, before any pixel is allocated. */
export function checkRasterSize(width: number, height: number, source: string, where: string): void {
  if (!(width >= 1 && height >= 1)) throw new InputError(source, where, `the picture would be ${width}×${height} pixels: nothing to draw`);
  if (width > EXPORT_LIMITS.maxSide || height > EXPORT_LIMITS.maxSide || width * height > EXPORT_LIMITS.maxPixels) {
    throw new InputError(source, where, `the picture would be ${width}×${height} pixels; the limit is ${EXPORT_LIMITS.maxSide} pixels a side and ${EXPORT_LIMITS.maxPixels} pixels in all (lower the dpi or size, or export a region) ${NOTE}`);
  }
}
