/**
 * The "new map" form's arithmetic: designers give the size in area tiles (hexes or squares,
 * as on a classic map), and an AL-FORM map gets the grid of SPEC §3 derived from it (M×N →
 * (2M−1)×(2N−1), D → 2D−1, L → 2L+1; a wrapped axis doubles). The sizes, counts and checks
 * are core's, so the form shows the same message the main process would give, before
 * anything is sent.
 *
 * Renderer layer, no DOM needed.
 */
import type { GridKind, GridSize, HexOrientation, Wrap } from '../../../core/grid/types.js';
import { planMapSize } from '../../../core/grid/alform-size.js';
import { formatSize, MAX_APP_TILES, orientSize, orientWrap, tileCountOf } from '../../../core/grid/size.js';

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
  /** Hex kinds: flat-topped columns or pointy-topped rows (the size is then hexes across × rows). */
  orientation: HexOrientation;
  fill: string;
}

export const KIND_LABELS: Record<GridKind, { label: string; hint: string }> = {
  square: { label: 'Square', hint: 'Squares; 8 neighbours' },
  'offset-square': { label: 'Offset square', hint: 'Brick rows; hex topology' },
  'hex-rectangle': { label: 'Hex rectangle', hint: 'Hexes filling a rectangle' },
  'hex-hexagon': { label: 'Hex hexagon', hint: 'Hexes filling a big hexagon' },
  icosahedron: { label: 'Globe', hint: 'A planet: hexes + 12 pentagons' },
};

export function isHexKind(kind: GridKind): boolean {
  return kind === 'hex-rectangle' || kind === 'hex-hexagon';
}

/** The orientation `maps.create` is asked for: the form's on hex kinds, none on the others. */
export function orientationOf(f: NewMapForm): HexOrientation | undefined {
  return isHexKind(f.kind) && f.orientation === 'pointy' ? 'pointy' : undefined;
}

export function isRectangular(kind: GridKind): boolean {
  return kind === 'square' || kind === 'offset-square' || kind === 'hex-rectangle';
}

/** The classic (area-tile) grid size the form describes (a pointy-top map's rows are its grid's columns). */
export function classicSize(f: NewMapForm): GridSize {
  if (isRectangular(f.kind)) return orientSize({ kind: f.kind as 'square', width: f.width, height: f.height }, orientationOf(f));
  if (f.kind === 'hex-hexagon') return { kind: 'hex-hexagon', diameter: f.diameter };
  return { kind: 'icosahedron', side: f.side };
}

export function wrapOf(f: NewMapForm): Wrap {
  return isRectangular(f.kind) ? orientWrap(f.kind, { x: f.wrapX, y: f.wrapY }, orientationOf(f)) : { x: false, y: false };
}

export interface SizePlan {
  /** The grid size string for `maps.create`. */
  size: string;
  tileCount: number;
  areaTiles: number;
  error: string | null;
}

/**
 * The grid the form asks for, or the reason it cannot be made: core/alform/dimensions.ts
 * planMapSize, with the app's limit (core/grid/size.ts MAX_APP_TILES), so the form refuses
 * what `maps.create` would refuse, in the core's words.
 */
export function planSize(f: NewMapForm): SizePlan {
  try {
    const plan = planMapSize(classicSize(f), wrapOf(f), f.alform, MAX_APP_TILES);
    return { size: formatSize(plan.size), tileCount: plan.tileCount, areaTiles: plan.areaTiles, error: null };
  } catch (e) {
    return { size: '', tileCount: 0, areaTiles: 0, error: (e as Error).message };
  }
}

/** Tiles of a grid of this size (core/grid/size.ts tileCountOf). */
export function countTiles(size: GridSize): number {
  return tileCountOf(size);
}
