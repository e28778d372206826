/**
 * offset-square maps (SPEC §2): square tiles in columns, alternate columns offset by half a
 * tile (brick). Each square touches six others — two in its own column, two half-edges in
 * each adjoining column — so the topology is exactly hex-rectangle's (the patent: identical
 * transformation sets); only the geometry differs. Preferred coordinates 120° axial; 60° axial
 * converts (no cube: the tiles are not hexagons).
 *
 * Geometry (unit frame): squares of side 1; column x is centred on ux = x and a tile's centre
 * is (x, y − x/2), so adjoining columns are offset by exactly half a tile and share half
 * edges. The layout's `size` is the side (= column spacing = spacing within a column).
 * `corners` are the square's 4 corners; `pick` tests the point against the squares exactly.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Layout, ModelPoint, Wrap } from '../types.js';
import type { CoordSystem } from '../coordinates.js';
import type { IndexXYGrid } from '../capabilities.js';
import { NO_WRAP } from '../types.js';
import { fromModel, toModel } from '../layout.js';
import type { ColumnShape } from '../hex/column-grid.js';
import { ColumnGrid } from '../hex/column-grid.js';

export class OffsetSquareGrid extends ColumnGrid implements IndexXYGrid {
  readonly coordSystems: readonly CoordSystem[] = ['axial120', 'axial60'];

  constructor(width: number, height: number, wrap: Wrap = NO_WRAP, shape: ColumnShape = 'classic') {
    super('offset-square', width, height, wrap, shape);
  }

  center(index: number, layout?: Layout): number[] {
    const [x, y] = this.coord(index) as [number, number];
    return toModel(x, y - x / 2, layout);
  }

  corners(index: number, layout?: Layout): number[][] {
    const [x, y] = this.coord(index) as [number, number];
    const cy = y - x / 2;
    return [toModel(x - 0.5, cy - 0.5, layout), toModel(x + 0.5, cy - 0.5, layout), toModel(x + 0.5, cy + 0.5, layout), toModel(x - 0.5, cy + 0.5, layout)];
  }

  pick(point: ModelPoint, layout?: Layout): number {
    if (point.length < 2) throw new Error(`a model-space point is [x, y], got ${JSON.stringify(point)}`);
    const [ux, uy] = fromModel(point[0]!, point[1]!, layout);
    // Column x covers ux ∈ [x − ½, x + ½); inside it, tile y covers uy + x/2 ∈ [y − ½, y + ½).
    const x = Math.floor(ux + 0.5);
    const y = Math.floor(uy + x / 2 + 0.5);
    return this.indexXY(x, y);
  }
}
