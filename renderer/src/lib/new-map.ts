/**
 * The "new map" form's arithmetic: designers give the size in area tiles (hexes or squares,
 * as on a classic map), and an AL-FORM map gets the grid of SPEC §3 derived from it (M×N →
 * (2M−1)×(2N−1), D → 2D−1, L → 2L+1; a wrapped axis doubles). Checks come from core, so the
 * form shows the same message the main process would give, before anything is sent.
 *
 * Renderer layer, no DOM needed.
 */
import type { GridKind, GridSize, Wrap } from '../../../core/grid/types.js';
import { alformSizeOf, checkAlformSize } from '../../../core/alform/dimensions.js';
import { checkRectangle, formatSize, MAX_TILES } from '../../../core/grid/size.js';
import { createGrid } from '../../../core/grid/create.js';

export interface NewMapForm {
  name: string;
  kind: GridKind;
  width: number;
  height: number;
  diameter: number;
  side: number;
  alform: boolean;
  wrapX: boolean;
  wrapY: boolean;
  fill: string;
}

export const KIND_LABELS: Record<GridKind, { label: string; hint: string }> = {
  square: { label: 'Square', hint: 'Squares; 8 neighbours' },
  'offset-square': { label: 'Offset square', hint: 'Brick rows; hex topology' },
  'hex-rectangle': { label: 'Hex rectangle', hint: 'Hexes filling a rectangle' },
  'hex-hexagon': { label: 'Hex hexagon', hint: 'Hexes filling a big hexagon' },
  icosahedron: { label: 'Globe', hint: 'A planet: hexes + 12 pentagons' },
};

export function isRectangular(kind: GridKind): boolean {
  return kind === 'square' || kind === 'offset-square' || kind === 'hex-rectangle';
}

/** The classic (area-tile) size the form describes. */
export function classicSize(f: NewMapForm): GridSize {
  if (isRectangular(f.kind)) return { kind: f.kind as 'square', width: f.width, height: f.height };
  if (f.kind === 'hex-hexagon') return { kind: 'hex-hexagon', diameter: f.diameter };
  return { kind: 'icosahedron', side: f.side };
}

export function wrapOf(f: NewMapForm): Wrap {
  return isRectangular(f.kind) ? { x: f.wrapX, y: f.wrapY } : { x: false, y: false };
}

export interface SizePlan {
  /** The grid size string for `maps.create`. */
  size: string;
  tileCount: number;
  areaTiles: number;
  error: string | null;
}

/** The grid the form asks for, or the reason it cannot be made. */
export function planSize(f: NewMapForm): SizePlan {
  const classic = classicSize(f);
  const wrap = wrapOf(f);
  try {
    checkClassic(classic, wrap);
    const grid = f.alform ? alformSizeOf(classic, wrap) : classic;
    if (f.alform) checkAlformSize(grid, wrap);
    const tileCount = countTiles(grid);
    if (tileCount > MAX_TILES) throw new Error(`${tileCount.toLocaleString()} tiles is more than the limit of ${MAX_TILES.toLocaleString()}`);
    // Small grids are cheap to build, and building one runs every rule core has (wrap seams…).
    if (tileCount <= 200_000) createGrid({ size: grid, wrap, alform: f.alform });
    return { size: formatSize(grid), tileCount, areaTiles: countTiles(classic), error: null };
  } catch (e) {
    return { size: '', tileCount: 0, areaTiles: 0, error: (e as Error).message };
  }
}

function checkClassic(size: GridSize, wrap: Wrap): void {
  switch (size.kind) {
    case 'square':
    case 'offset-square':
    case 'hex-rectangle':
      checkRectangle(size.kind, size.width, size.height, wrap);
      return;
    case 'hex-hexagon':
      if (!Number.isInteger(size.diameter) || size.diameter < 1 || size.diameter % 2 === 0) {
        throw new Error(`hex-hexagon diameter must be an odd integer ≥ 1, got ${size.diameter}`);
      }
      return;
    case 'icosahedron':
      if (!Number.isInteger(size.side) || size.side < 0) throw new Error(`globe side L must be an integer ≥ 0, got ${size.side}`);
      return;
  }
}

/** Tiles of a grid of this size, by the closed forms of SPEC §2. */
export function countTiles(size: GridSize): number {
  switch (size.kind) {
    case 'square':
    case 'offset-square':
    case 'hex-rectangle':
      return size.width * size.height;
    case 'hex-hexagon': {
      const r = (size.diameter - 1) / 2;
      return 3 * r * (r + 1) + 1;
    }
    case 'icosahedron': {
      const n = size.side + 1;
      return 10 * n * n + 2;
    }
  }
}
