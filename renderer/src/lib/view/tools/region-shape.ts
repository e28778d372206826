/**
 * The region tools ('marquee', 'lasso'): a rectangle or a lasso drawn in screen space (the
 * view turns the shape into tiles: core/map/region-select.ts), combined with the region
 * selection — shift adds, alt subtracts. A press that does not move selects the tile under it.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import { rectanglePolygon, selectionOp, type SelectionOp } from '../../../../../core/map/region-select.js';
import type { Gesture, Modifiers, Picked, ToolContext } from './types.js';

/** Pixels a press must move before a region press becomes a shape rather than a click. */
const SHAPE_SLOP = 4;

export class RegionShape implements Gesture {
  /** The shape so far (screen x, y pairs). */
  private readonly points: number[];
  private readonly op: SelectionOp;
  /** The tile pressed on. */
  private readonly tile: number;
  private moved = false;

  constructor(
    private readonly ctx: ToolContext,
    p: Picked,
    private readonly lasso: boolean,
    mods: Modifiers,
  ) {
    const [x, y] = p.screen ?? [0, 0];
    this.points = [x, y];
    this.op = selectionOp({ shift: mods.shift, alt: mods.alt ?? false });
    this.tile = p.tile;
  }

  move(p: Picked): void {
    const [x, y] = p.screen ?? [0, 0];
    const pts = this.points;
    const dx = x - pts[pts.length - 2]!;
    const dy = y - pts[pts.length - 1]!;
    if (!this.moved && Math.hypot(x - pts[0]!, y - pts[1]!) < SHAPE_SLOP) return;
    this.moved = true;
    if (!this.lasso) {
      pts.length = 2;
      pts.push(x, y);
    } else if (Math.hypot(dx, dy) >= 2) pts.push(x, y);
    this.ctx.host.marquee(this.closed());
  }

  async up(): Promise<void> {
    this.ctx.host.marquee(null);
    let tiles: ArrayLike<number>;
    if (!this.moved) tiles = this.tile >= 0 ? [this.tile] : []; // a click selects the tile under it
    else tiles = this.ctx.host.tilesInShape(this.closed());
    // A click off the map with nothing added clears, as a click beside a selection does in image editors.
    this.ctx.actions.selectRegion(tiles, this.op);
  }

  cancel(): void {
    this.ctx.host.marquee(null);
  }

  /** The shape as a closed polygon: a rectangle's four corners, or the lasso's points. */
  private closed(): number[] {
    const p = this.points;
    if (this.lasso) return p;
    return Array.from(rectanglePolygon(p[0]!, p[1]!, p[2] ?? p[0]!, p[3] ?? p[1]!));
  }
}
