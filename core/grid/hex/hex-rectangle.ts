/**
 * hex-rectangle maps (SPEC §2): flat-top hexagons filling a W×H rectangle of columns (or,
 * with orientation 'pointy', the same drawn a quarter turn clockwise: pointy-top rows), on the
 * column topology of `ColumnGrid` (classic or AL-FORM shape, optional x/y wrap). Preferred
 * coordinates are 120° axial; 60° axial and cube convert. The offset/doubled, Tiled, Wesnoth
 * and 18xx forms live in core/coords.
 *
 * Geometry (unit frame, adjoining centres 1 apart): centre = x·(√3/2, −1/2) + y·(0, 1);
 * corners at circumradius 1/√3 (see hex-geometry.ts).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { HexOrientation, Layout, ModelPoint, Wrap } from '../types.js';
import type { CoordSystem } from '../coordinates.js';
import type { IndexXYGrid } from '../capabilities.js';
import { NO_WRAP } from '../types.js';
import type { ColumnShape } from './column-grid.js';
import { ColumnGrid } from './column-grid.js';
import { checkOrientation, hexCenter, hexCorners, pickHex } from './hex-geometry.js';

export class HexRectangleGrid extends ColumnGrid implements IndexXYGrid {
  readonly coordSystems: readonly CoordSystem[] = ['axial120', 'axial60', 'cube'];

  constructor(
    width: number,
    height: number,
    wrap: Wrap = NO_WRAP,
    shape: ColumnShape = 'classic',
    /** Flat-top columns or pointy-top rows (types.ts `HexOrientation`): geometry only, the topology is the same. */
    readonly orientation: HexOrientation = 'flat',
  ) {
    super('hex-rectangle', width, height, wrap, shape);
    checkOrientation(orientation);
  }

  center(index: number, layout?: Layout): number[] {
    const [x, y] = this.coord(index);
    return hexCenter(x, y, layout, this.orientation);
  }

  corners(index: number, layout?: Layout): number[][] {
    const [x, y] = this.coord(index);
    return hexCorners(x, y, layout, this.orientation);
  }

  pick(point: ModelPoint, layout?: Layout): number {
    const [x, y] = pickHex(point, layout, this.orientation);
    return this.indexXY(x, y);
  }
}
