/**
 * The window a blend works on: an AL-FORM map placed at a GLOBAL origin (SPEC §7: blending
 * is a function of global coordinates, so overlapping windows agree). Three kinds:
 *
 * - `square`: tile (x, y) of the map is global tile (originX + x, originY + y); area tiles
 *   have both global coordinates even, so the origin must be even.
 * - `hex-rectangle` and `offset-square`: the map's preferred coordinates are 120° axial
 *   (the 'alform' column shape of core/grid/hex/column-grid.ts); map tile (x, y) is global
 *   tile (originX + x, originY + y). originX ≡ 0 (mod 4) and originY even, so the column
 *   stagger (period 4 in x) and the AL-FORM classes line up with the global lattice.
 *
 * Wrapped maps are refused: a blend is a function of an unbounded plane, which a seam would
 * fold onto itself.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../../map/terrain-map.js';
import { columnStart } from '../../grid/hex/column-grid.js';
import type { LatticeKind } from './lattice.js';

export interface BlendWindow {
  readonly map: TerrainMap;
  /** Global coordinates of the map's tile (0, 0): even on square; originX ≡ 0 (mod 4) and originY even on the hex-topology kinds. */
  readonly originX: number;
  readonly originY: number;
}

/** A checked window: its lattice and the global coordinates of every tile, by tile index. */
export interface WindowTiles {
  readonly lattice: LatticeKind;
  readonly count: number;
  readonly gx: Int32Array;
  readonly gy: Int32Array;
  /** Bounds of the global coordinates (inclusive). */
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

const isEven = (v: number): boolean => Number.isInteger(v) && v % 2 === 0;

/** Checks a window can be blended and lists the global coordinates of its tiles. */
export function windowTiles(w: BlendWindow): WindowTiles {
  const { map, originX, originY } = w;
  const kind = map.spec.kind;
  if (!map.spec.alform) throw new Error(`blending works on AL-FORM maps; got a classic ${kind} map`);
  if (kind !== 'square' && kind !== 'hex-rectangle' && kind !== 'offset-square') {
    throw new Error(`blending works on square, hex-rectangle and offset-square AL-FORM maps; got ${kind}`);
  }
  if (map.spec.wrap.x || map.spec.wrap.y) {
    throw new Error(`blending works on unwrapped maps (a blend covers an open plane); got a ${kind} map wrapped along ${map.spec.wrap.x ? 'x' : 'y'}`);
  }
  if (kind === 'square') {
    if (!isEven(originX) || !isEven(originY)) {
      throw new Error(`window origin must be two even integers (area tiles sit on even global coordinates), got (${originX}, ${originY})`);
    }
  } else if (!Number.isInteger(originX) || originX % 4 !== 0 || !isEven(originY)) {
    throw new Error(
      `${kind} window origin must have x a multiple of 4 (the column stagger repeats every 4 columns) and y even, got (${originX}, ${originY})`,
    );
  }
  const { width, height } = map.spec.size as { width: number; height: number };
  const count = width * height;
  const gx = new Int32Array(count);
  const gy = new Int32Array(count);
  let minY = Infinity;
  let maxY = -Infinity;
  if (kind === 'square') {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        gx[y * width + x] = originX + x;
        gy[y * width + x] = originY + y;
      }
    }
    minY = originY;
    maxY = originY + height - 1;
  } else {
    // ColumnGrid storage: index = x·H + (y − Y0(x)).
    for (let x = 0; x < width; x++) {
      const y0 = originY + columnStart('alform', x);
      for (let k = 0; k < height; k++) {
        gx[x * height + k] = originX + x;
        gy[x * height + k] = y0 + k;
      }
      if (y0 < minY) minY = y0;
      if (y0 + height - 1 > maxY) maxY = y0 + height - 1;
    }
  }
  return {
    lattice: kind === 'square' ? 'square' : kind === 'hex-rectangle' ? 'hex' : 'brick',
    count,
    gx,
    gy,
    minX: originX,
    maxX: originX + width - 1,
    minY,
    maxY,
  };
}
