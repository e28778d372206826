/**
 * A map rasterized to a high-resolution cartesian grid (SPEC §6 "Rasterization"; the patent's
 * last two paragraphs: terrain grids for ray-cast line of sight and for heightmaps). Row-major,
 * row 0 at the top (north; the grids' unit frame has y up), one value per cell per channel:
 *  - elevation: ground height in metres (tile elevation + terrain elevation offset, smoothly
 *    interpolated; or interpolated between vector contours);
 *  - cover: the terrain on the ground, as the map's palette value (0 = none);
 *  - obstacle: metres above the ground that block sight there (a forest's canopy, a wall,
 *    hedgerow or ridge drawn as a thin line);
 *  - feature: the linear terrain drawn through the cell (palette value, 0 = none);
 *  - inside: 1 where the cell lies on the map.
 * Flat maps map pixel centres to the grid's unit frame (adjoining tile centres 1 apart);
 * the globe's equirectangular grid maps columns to longitude and rows to latitude.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** Where the raster lies: an axis-aligned window of the unit frame, or the globe's longitude × latitude. */
export type RasterFrame =
  | {
      readonly kind: 'flat';
      /** Unit-frame point of the raster's top-left corner. */
      readonly left: number;
      readonly top: number;
      /** Unit-frame size of one cell (square cells). */
      readonly cell: number;
    }
  | { readonly kind: 'equirectangular' };

export interface Raster {
  readonly width: number;
  readonly height: number;
  readonly frame: RasterFrame;
  /** Metres across one cell (flat maps: metresPerTile × cell; globe: along the equator). */
  readonly cellMetres: number;
  readonly elevation: Float32Array;
  readonly cover: Uint8Array;
  readonly obstacle: Float32Array;
  readonly feature: Uint8Array;
  readonly inside: Uint8Array;
  /** Terrain ids by palette value − 1 (the map's palette). */
  readonly palette: readonly string[];
}

export interface RasterSize {
  /** Cells across (1 … MAX_RASTER_SIDE). */
  readonly width: number;
  /** Cells down; default: as many as the map's aspect needs at `width`. */
  readonly height?: number;
  /** Metres between adjoining tile centres (default 100): the horizontal scale line of sight needs. */
  readonly metresPerTile?: number;
}

export const MAX_RASTER_SIDE = 16384;

export function allocRaster(width: number, height: number, frame: RasterFrame, cellMetres: number, palette: readonly string[]): Raster {
  const n = width * height;
  return {
    width,
    height,
    frame,
    cellMetres,
    elevation: new Float32Array(n),
    cover: new Uint8Array(n),
    obstacle: new Float32Array(n),
    feature: new Uint8Array(n),
    inside: new Uint8Array(n),
    palette,
  };
}

export function checkSide(v: number, what: string): void {
  if (!Number.isInteger(v) || v < 1 || v > MAX_RASTER_SIDE) throw new RangeError(`raster ${what} must be a whole number of cells, 1…${MAX_RASTER_SIDE}; got ${v}`);
}

/**
 * The flat frame that fits unit-frame bounds [x0, x1] × [y0, y1] into `size` (square cells,
 * the map centred on the spare axis).
 */
export function fitFlatFrame(x0: number, y0: number, x1: number, y1: number, size: RasterSize): { width: number; height: number; frame: RasterFrame; cellMetres: number } {
  checkSide(size.width, 'width');
  const metres = size.metresPerTile ?? 100;
  if (!(metres > 0) || !Number.isFinite(metres)) throw new RangeError(`metresPerTile must be a positive number, got ${metres}`);
  const spanX = x1 - x0;
  const spanY = y1 - y0;
  let cell: number;
  let height: number;
  if (size.height === undefined) {
    cell = spanX / size.width;
    height = Math.max(1, Math.min(MAX_RASTER_SIDE, Math.ceil(spanY / cell - 1e-9)));
  } else {
    checkSide(size.height, 'height');
    height = size.height;
    cell = Math.max(spanX / size.width, spanY / height);
  }
  const left = (x0 + x1) / 2 - (cell * size.width) / 2;
  const top = (y0 + y1) / 2 + (cell * height) / 2;
  return { width: size.width, height, frame: { kind: 'flat', left, top, cell }, cellMetres: cell * metres };
}

/** Unit-frame centre of cell (col, row) of a flat raster. */
export function cellCentre(frame: Extract<RasterFrame, { kind: 'flat' }>, col: number, row: number): [number, number] {
  return [frame.left + (col + 0.5) * frame.cell, frame.top - (row + 0.5) * frame.cell];
}

/** The cell holding unit-frame point (x, y), as fractional (col, row) of its centre grid. */
export function unitToCell(frame: Extract<RasterFrame, { kind: 'flat' }>, x: number, y: number): [number, number] {
  return [(x - frame.left) / frame.cell - 0.5, (frame.top - y) / frame.cell - 0.5];
}
