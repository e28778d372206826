/**
 * The choices a picture export takes — the same for the CLI flags, the app's Export dialog
 * and the contract op — with their defaults and bounds, checked in one place. Sizes are
 * refused with one line naming the value and the limit before anything is allocated.
 *
 * Print scale: `tileMm` is the width across flats of one map tile (an AL-FORM area tile) on
 * paper; 16 mm is the common hex-and-counter size (5/8 in), 18xx maps print near 25–38 mm.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { ExportRegion } from './scene.js';
import { EXPORT_LIMITS } from '../util/limits.js';
import { rangeCheck } from '../util/in-range.js';

export const PAPERS = { a4: [210, 297], letter: [215.9, 279.4], a3: [297, 420] } as const satisfies Record<string, readonly [number, number]>;
export type Paper = keyof typeof PAPERS;
export const PAPER_NAMES = Object.keys(PAPERS) as Paper[];

export interface ExportOptions {
  readonly region?: ExportRegion;
  readonly grid?: boolean;
  readonly numbers?: boolean;
  readonly symbols?: boolean;
  readonly legend?: boolean;
  /** PNG: the longest side in pixels (default 2048 unless `dpi` is given). */
  readonly size?: number;
  /** PNG: pixels per inch at the print scale `tileMm`. */
  readonly dpi?: number;
  /** Print scale: an area tile's width across flats on paper, millimetres (default 16). */
  readonly tileMm?: number;
  /** PDF */
  readonly paper?: Paper;
  readonly landscape?: boolean;
  /** PDF: map shared by neighbouring pages, millimetres (default 6). */
  readonly overlapMm?: number;
  /** PDF: map printed past the cut lines, millimetres (default 3). */
  readonly bleedMm?: number;
  /** SVG: lettering as stroked paths instead of <text> (no font needed to view or cut it). */
  readonly textAsPaths?: boolean;
  /** Heightmap: also cut the raster into square PNG tiles of this many cells, all on one scale. */
  readonly tileCells?: number;
  /** Rasters (heightmap, cover, relief): metres between neighbouring tile centres (default 100). */
  readonly metresPerTile?: number;
}

export class ExportOptionError extends Error {
  override name = 'ExportOptionError';
}

const inRange = rangeCheck((message) => new ExportOptionError(message));

/** Checks every option's range; returns the options with defaults filled in. */
export function checkExportOptions(o: ExportOptions): Required<Omit<ExportOptions, 'region' | 'size' | 'dpi' | 'tileCells' | 'metresPerTile'>> & Pick<ExportOptions, 'region' | 'size' | 'dpi' | 'tileCells' | 'metresPerTile'> {
  inRange('size', o.size, 16, EXPORT_LIMITS.maxSide, true);
  inRange('dpi', o.dpi, 10, EXPORT_LIMITS.maxDpi);
  inRange('tile size (mm)', o.tileMm, EXPORT_LIMITS.minTileMm, EXPORT_LIMITS.maxTileMm);
  inRange('overlap (mm)', o.overlapMm, 0, EXPORT_LIMITS.maxOverlapMm);
  inRange('bleed (mm)', o.bleedMm, 0, EXPORT_LIMITS.maxBleedMm);
  inRange('heightmap tile size (cells)', o.tileCells, 16, EXPORT_LIMITS.maxSide, true);
  inRange('metres per tile', o.metresPerTile, EXPORT_LIMITS.minMetresPerTile, EXPORT_LIMITS.maxMetresPerTile);
  if (o.size !== undefined && o.dpi !== undefined) throw new ExportOptionError('give either size (pixels) or dpi, not both');
  if (o.paper !== undefined && !(PAPER_NAMES as string[]).includes(o.paper)) throw new ExportOptionError(`paper must be one of ${PAPER_NAMES.join(', ')}, got ${String(o.paper).slice(0, 40)}`);
  return {
    region: o.region,
    size: o.size,
    dpi: o.dpi,
    grid: o.grid ?? true,
    numbers: o.numbers ?? true,
    symbols: o.symbols ?? true,
    legend: o.legend ?? true,
    tileMm: o.tileMm ?? 16,
    paper: o.paper ?? 'a4',
    landscape: o.landscape ?? false,
    overlapMm: o.overlapMm ?? 6,
    bleedMm: o.bleedMm ?? 3,
    textAsPaths: o.textAsPaths ?? false,
    tileCells: o.tileCells,
    metresPerTile: o.metresPerTile,
  };
}
