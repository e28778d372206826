/**
 * The ground tool ('select'): a click puts the ground tile under the pointer into the one
 * selection (stores/selection.svelte.ts) — plain starts over with it as the reference, shift
 * adds, alt subtracts — and dragging on adds (alt: takes out) every ground tile swept over.
 * Whether the result is ground a derivation takes is said when deriving, not here.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import { isArea } from '../../targeting.js';
import { groundTileAt } from '../../selection.js';
import { selectionOp, type SelectionOp } from '../../../../../core/map/region-select.js';
import type { Gesture, Modifiers, Picked, ToolContext } from './types.js';

export class GroundPress implements Gesture {
  /** What a drag does to the tiles swept over. */
  private readonly drag: SelectionOp;
  /** The tile under the last sample (fast drags are filled in between). */
  private last: number;

  constructor(
    private readonly ctx: ToolContext,
    p: Picked,
    mods: Modifiers,
  ) {
    const op = selectionOp({ shift: mods.shift, alt: mods.alt ?? false });
    this.drag = op === 'subtract' ? 'subtract' : 'add';
    this.last = p.tile;
    ctx.actions.selectGround(groundTileAt(ctx.loaded, p.tile, p.point), op);
  }

  move(p: Picked): void {
    if (p.tile < 0 || p.tile === this.last) return;
    const { actions: s, loaded } = this.ctx;
    // Area tiles the pointer swept across since the last sample, so fast drags leave no gaps.
    if (this.last >= 0) {
      for (const u of loaded.map.grid.line(this.last, p.tile)) if (u !== p.tile && isArea(loaded, u)) s.extendGround(u, this.drag);
    }
    this.last = p.tile;
    s.extendGround(groundTileAt(loaded, p.tile, p.point), this.drag);
  }

  async up(): Promise<void> {}

  cancel(): void {}
}
