/**
 * Sizes of AL-FORM maps (SPEC §3; patent "When an AL-FORM-MAP is derived from an existing
 * state-of-the-art MAP…"): M×N becomes (2M−1)×(2N−1), diameter D becomes 2D−1, side L
 * becomes 2L+1. A wrapped axis has no border, so the seam needs linear tiles too and the
 * axis becomes 2M. Only sizes that are such images are valid AL-FORM maps: anything else
 * would leave linear tiles on the border touching a single area tile.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridSize, Wrap } from './types.js';
import { checkClassicColumnWrap, checkSize, checkTileCount, formatSize, MAX_TILES, tileCountOf } from './size.js';

/** Size of the AL-FORM map derived from a classic map of `size`. */
export function alformSizeOf(size: GridSize, wrap: Wrap): GridSize {
  switch (size.kind) {
    case 'square':
    case 'offset-square':
    case 'hex-rectangle':
      return eachAxis(size, wrap, (v, wrapped) => (wrapped ? 2 * v : 2 * v - 1));
    case 'hex-hexagon':
      return { kind: 'hex-hexagon', diameter: 2 * size.diameter - 1 };
    case 'icosahedron':
      return { kind: 'icosahedron', side: 2 * size.side + 1 };
  }
}

/** Size of the classic map an AL-FORM map of `size` reverses to; throws if `size` is no AL-FORM size. */
export function classicSizeOf(size: GridSize, wrap: Wrap): GridSize {
  checkAlformSize(size, wrap);
  switch (size.kind) {
    case 'square':
    case 'offset-square':
    case 'hex-rectangle':
      return eachAxis(size, wrap, (v, wrapped) => (wrapped ? v / 2 : (v + 1) / 2));
    case 'hex-hexagon':
      return { kind: 'hex-hexagon', diameter: (size.diameter + 1) / 2 };
    case 'icosahedron':
      return { kind: 'icosahedron', side: (size.side - 1) / 2 };
  }
}

type RectangularSize = Extract<GridSize, { width: number }>;

/** A rectangular size with `axis` applied to its width (wrapped or not by `wrap.x`) and height (`wrap.y`). */
function eachAxis(size: RectangularSize, wrap: Wrap, axis: (length: number, wrapped: boolean) => number): RectangularSize {
  return { kind: size.kind, width: axis(size.width, wrap.x), height: axis(size.height, wrap.y) };
}

/** Throws a message naming what an AL-FORM map of this kind needs. */
export function checkAlformSize(size: GridSize, wrap: Wrap): void {
  const what = `AL-FORM ${size.kind} ${formatSize(size)}`;
  switch (size.kind) {
    case 'square':
    case 'offset-square':
    case 'hex-rectangle': {
      // Hex-topology columns also need the stagger to continue across an x seam (period 4 after doubling).
      const xStep = size.kind === 'square' ? 2 : 4;
      const axes = [
        ['width', size.width, wrap.x, xStep],
        ['height', size.height, wrap.y, 2],
      ] as const;
      for (const [name, v, wrapped, step] of axes) {
        if (wrapped && v % step !== 0) {
          throw new Error(`${what}: a wrapped ${name} must be a multiple of ${step} (twice the classic ${name}${step === 4 ? ', which must be even' : ''}), got ${v}`);
        }
        if (!wrapped && v % 2 !== 1) throw new Error(`${what}: ${name} must be odd (2M−1 for a classic ${name} M), got ${v}`);
      }
      return;
    }
    case 'hex-hexagon':
      if (size.diameter % 4 !== 1) throw new Error(`${what}: diameter must be 2D−1 for an odd classic diameter D (1, 5, 9, 13 …), got ${size.diameter}`);
      return;
    case 'icosahedron':
      if (size.side % 2 !== 1) {
        throw new Error(`${what}: side L must be odd so the 12 pentagons are area tiles (2L+1 of a classic globe: 1, 3, 5 …), got ${size.side}`);
      }
      return;
  }
}

/** The grid a new map of a classic size takes, with its counts. */
export interface MapSizePlan {
  /** The grid's size: the classic size, or its AL-FORM image. */
  readonly size: GridSize;
  readonly tileCount: number;
  /** Tiles that carry area terrain: the classic size's tiles, whichever form. */
  readonly areaTiles: number;
}

/**
 * The grid of a new map given, as designers give it, in area tiles (`classic`), or a thrown
 * message saying why it cannot be made: the classic size's checks, the AL-FORM size's
 * (SPEC §3), and at most `maxTiles` tiles.
 */
export function planMapSize(classic: GridSize, wrap: Wrap, alform: boolean, maxTiles: number = MAX_TILES): MapSizePlan {
  checkSize(classic, wrap);
  const size = alform ? alformSizeOf(classic, wrap) : classic;
  // The AL-FORM check says the same of a wrapped odd column count, in the AL-FORM map's terms.
  if (alform) checkAlformSize(size, wrap);
  else checkClassicColumnWrap(classic, wrap);
  const tileCount = checkTileCount(size, maxTiles);
  return { size, tileCount, areaTiles: tileCountOf(classic) };
}
