/**
 * The editing service (`maps.paint`, `maps.paintEdge`, `maps.undo`, `maps.redo`): every
 * edit is one undo step in the project's journal (SPEC §10). The journal refuses an edit
 * whose "before" values differ from what is stored, so the open copy kept for speed
 * (open-maps.ts) can never silently diverge from the file. The AL-FORM paint rules are
 * core's (core/map/paint.ts planPaint, planEdgePaint).
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { EditResult } from '../../electron/shared/contract.js';
import { applyPlan, planEdgePaint, planPaint, writeValue } from '../../core/map/paint.js';
import type { PaintPlan } from '../../core/map/paint.js';
import type { ServiceContext } from './context.js';
import type { HandlersFor } from './router.js';

export type EditingOperation = 'maps.paint' | 'maps.paintEdge' | 'maps.undo' | 'maps.redo';

export function editingService(ctx: ServiceContext): HandlersFor<EditingOperation> {
  const { queue, maps, catalogue } = ctx;
  return {
    'maps.paint': ({ id, tiles, terrain }) => queue.exclusive(() => edit(ctx, id, planPaint(maps.get(id).map, catalogue, tiles, terrain), terrain === '' ? 'Erase' : `Paint ${terrain}`)),
    'maps.paintEdge': ({ id, tile, dir, terrain }) =>
      queue.exclusive(() => edit(ctx, id, planEdgePaint(maps.get(id).map, catalogue, tile, dir, terrain), terrain === '' ? 'Erase edge' : `Paint ${terrain} edge`)),
    'maps.undo': ({ id }) => queue.exclusive(() => replay(ctx, id, 'undo')),
    'maps.redo': ({ id }) => queue.exclusive(() => replay(ctx, id, 'redo')),
  };
}

/** Writes a planned edit to the journal (one undo step), then to the open copy. */
function edit(ctx: ServiceContext, id: string, plan: PaintPlan, label: string): EditResult {
  const open = ctx.maps.get(id);
  if (plan.changes.length) {
    const grew = plan.palette.length > open.map.palette.length;
    ctx.session.current().edit(id, plan.changes, { label, ...(grew ? { palette: plan.palette } : {}) });
    applyPlan(open.map, plan);
    open.invalidate();
  }
  return editResult(ctx, id, plan.changes.map((c) => ({ layer: c.layer, index: c.index, value: c.after })));
}

/**
 * Undo or redo one step of map `id`. Terrain and edge changes go back to the renderer as
 * patches; any other layer (only a re-derivation writes vertices or elevation) sets
 * `reload`: the renderer loads the map again instead of patching it.
 */
function replay(ctx: ServiceContext, id: string, which: 'undo' | 'redo'): EditResult {
  const open = ctx.maps.get(id);
  const project = ctx.session.current();
  const r = which === 'undo' ? project.undo(id) : project.redo(id);
  const changes: EditResult['changes'] = [];
  let reload = false;
  if (r) {
    for (const c of r.changes) {
      if (c.layer === 'terrain' || c.layer === 'edges') {
        writeValue(open.map, c.layer, c.index, c.after);
        changes.push({ layer: c.layer, index: c.index, value: c.after });
      } else {
        const values = open.map.layers[c.layer];
        if (!values) throw new Error(`the journal holds a ${c.layer} change, but map "${id}" has no ${c.layer} layer`);
        values[c.index] = c.after;
        reload = true;
      }
    }
    open.invalidate();
    // A re-derivation may have grown the palette: the open copy is read again (EditResult carries the palette).
    if (ctx.maps.summary(id).palette.length !== open.map.palette.length) ctx.maps.drop(id);
  }
  return { ...editResult(ctx, id, changes), ...(reload ? { reload } : {}) };
}

function editResult(ctx: ServiceContext, id: string, changes: EditResult['changes']): EditResult {
  const history = ctx.session.current().journal.history(id);
  return {
    changes,
    palette: [...ctx.maps.get(id).map.palette],
    canUndo: history.some((e) => !e.undone),
    canRedo: history.some((e) => e.undone),
  };
}
