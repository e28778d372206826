/**
 * The ground tool ('select'): a press starts, extends (shift, or dragging on) and shrinks the
 * selection a derivation starts from (lib/selection.ts).
 *
 * Renderer layer: no DOM, no Three.js.
 */
import { isArea } from '../../targeting.js';
import { groundTileAt } from '../../selection.js';
import type { Gesture, Picked, ToolContext } from './types.js';

export class GroundPress implements Gesture {
  /** The ground tile the press started on. */
  private readonly start: number;
  private readonly wasSelected: boolean;
  /** Whether the pointer left the start tile. */
  private moved = false;
  /** The tile under the last sample (fast drags are filled in between). */
  private last: number;

  constructor(
    private readonly ctx: ToolContext,
    p: Picked,
    private readonly add: boolean,
  ) {
    const s = ctx.actions;
    const t = groundTileAt(ctx.loaded, p.tile, p.point);
    this.start = t;
    this.wasSelected = t >= 0 && s.selection.includes(t);
    this.last = p.tile;
    // A press on a selected tile removes it on release, unless the press becomes a drag.
    if (!this.wasSelected) s.selectGround(t, add);
  }

  move(p: Picked): void {
    if (p.tile < 0) return;
    const { actions: s, loaded } = this.ctx;
    const t = groundTileAt(loaded, p.tile, p.point);
    if (t === this.start && !this.moved) return;
    this.moved = true;
    // Area tiles the pointer swept across since the last sample, so fast drags leave no gaps.
    if (this.last >= 0 && this.last !== p.tile) {
      for (const u of loaded.map.grid.line(this.last, p.tile)) if (u !== p.tile && isArea(loaded, u)) s.extendGround(u);
    }
    this.last = p.tile;
    s.extendGround(t);
  }

  async up(): Promise<void> {
    if (this.wasSelected && !this.moved) this.ctx.actions.selectGround(this.start, this.add);
  }

  cancel(): void {}
}
