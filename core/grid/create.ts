/**
 * One entry point that builds the grid for a map spec, so callers never switch on kinds.
 * AL-FORM maps of the hex-topology rectangles use the doubled ("alform") column shape — see
 * core/grid/hex — and every AL-FORM size is checked against SPEC §3 (2M−1, 2D−1, 2L+1).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid, GridSize, HexOrientation, Wrap } from './types.js';
import { NO_WRAP } from './types.js';
import { SquareGrid } from './square/square-grid.js';
import { HexRectangleGrid } from './hex/hex-rectangle.js';
import { HexHexagonGrid } from './hex/hex-hexagon.js';
import { OffsetSquareGrid } from './offset-square/offset-square.js';
import { IcosahedronGrid } from './icosahedron/icosahedron-grid.js';
import { checkAlformSize } from './alform-size.js';
import { checkSize } from './size.js';

export interface GridSpec {
  readonly size: GridSize;
  readonly wrap?: Wrap;
  readonly alform?: boolean;
  /** Hex kinds: flat-top columns (the default) or pointy-top rows. Refused on the other kinds. */
  readonly orientation?: HexOrientation;
}

export function createGrid(spec: GridSpec): Grid {
  const { size } = spec;
  const wrap = spec.wrap ?? NO_WRAP;
  const alform = spec.alform ?? false;
  checkSize(size, wrap);
  if (alform) checkAlformSize(size, wrap);
  const shape = alform ? 'alform' : 'classic';
  const orientation = spec.orientation ?? 'flat';
  if (orientation !== 'flat' && size.kind !== 'hex-rectangle' && size.kind !== 'hex-hexagon') {
    throw new Error(`only hex maps can be pointy-topped; a ${size.kind} map is drawn one way`);
  }
  switch (size.kind) {
    case 'square':
      return new SquareGrid(size.width, size.height, wrap);
    case 'offset-square':
      return new OffsetSquareGrid(size.width, size.height, wrap, shape);
    case 'hex-rectangle':
      return new HexRectangleGrid(size.width, size.height, wrap, shape, orientation);
    case 'hex-hexagon':
      return new HexHexagonGrid(size.diameter, NO_WRAP, orientation);
    case 'icosahedron':
      return new IcosahedronGrid(size.side);
  }
}
