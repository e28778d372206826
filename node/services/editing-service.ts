/**
 * The editing service (`maps.paint`, `maps.paintEdge`, `maps.drawLinear`, `maps.drawEdges`, `maps.fillFeature`,
 * `maps.remapTerrain`, `maps.undo`, `maps.redo`): every
 * edit is one undo step in the project's journal (SPEC §10). The journal refuses an edit
 * whose "before" values differ from what is stored, so the open copy kept for speed
 * (open-maps.ts) can never silently diverge from the file. The AL-FORM paint rules are
 * core's (core/map/paint.ts planPaint, planEdgePaint; core/map/draw-linear.ts planLinearStroke:
 * a drawn chain of linear tiles, crossings made composites, as one undo step; core/map/remap.ts planRemap).
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { EditResult, InstancePatch } from '../../contract/contract.js';
import { applyPlan, planEdgePaint, planPaint, writeValue } from '../../core/map/paint.js';
import { planEdgeStroke, planLinearStroke } from '../../core/map/draw-linear.js';
import { planFeatureFill } from '../../core/map/feature-fill.js';
import { writeInstanceChanges } from '../../core/assemble/instance-edit.js';
import { planRemap } from '../../core/map/remap.js';
import type { StoredLayerName } from '../store/index.js';
import type { PaintPlan } from '../../core/map/paint.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { countTiles, formatTileCount } from '../../core/map/tile-counts.js';
import { tileClasses } from '../../core/alform/tile-classes.js';
import type { CurrentCatalogue, CurrentProject, Queue } from './collaborators.js';
import type { OpenMaps } from './open-maps.js';
import { undoState } from './undo-state.js';
import { applyNetworkChanges } from '../../core/map/network-plan.js';
import type { NetworkPatch } from '../../contract/contract.js';
import type { NetworkTileChange } from '../../core/map/network-layer.js';
import type { HandlersFor } from './router.js';

export type EditingOperation = 'maps.paint' | 'maps.paintEdge' | 'maps.undo' | 'maps.redo' | 'maps.drawLinear' | 'maps.drawEdges' | 'maps.fillFeature' | 'maps.remapTerrain';

/** What journalling an edit needs: the open copy of the map, and the project whose journal takes the step. */
export interface MapJournal {
  readonly maps: Pick<OpenMaps, 'get'>;
  readonly session: CurrentProject;
}

export interface EditingDeps {
  readonly queue: Queue;
  readonly maps: Pick<OpenMaps, 'get' | 'summary' | 'drop'>;
  readonly session: CurrentProject;
  readonly catalogue: CurrentCatalogue;
}

export function editingService(deps: EditingDeps): HandlersFor<EditingOperation> {
  // The catalogue is read on every call: catalogue.update replaces it.
  const { queue, maps, catalogue } = deps;
  return {
    'maps.paint': ({ id, tiles, terrain }) =>
      queue.exclusive(() => {
        const map = maps.get(id).map;
        const plan = planPaint(map, catalogue(), tiles, terrain);
        return edit(deps, id, plan, paintLabel(map, plan, terrain));
      }),
    'maps.paintEdge': ({ id, tile, dir, terrain }) =>
      queue.exclusive(() => edit(deps, id, planEdgePaint(maps.get(id).map, catalogue(), tile, dir, terrain), terrain === '' ? 'Erase edge' : `Paint ${terrain} edge`)),
    'maps.drawLinear': ({ id, tiles, terrain }) =>
      queue.exclusive(() => edit(deps, id, planLinearStroke(maps.get(id).map, catalogue(), tiles, terrain), `Draw ${terrain}`)),
    'maps.drawEdges': ({ id, slots, terrain }) =>
      queue.exclusive(() => edit(deps, id, planEdgeStroke(maps.get(id).map, catalogue(), slots, terrain), `Draw ${terrain}`)),
    'maps.fillFeature': ({ id, tile, terrain }) =>
      queue.exclusive(() => edit(deps, id, planFeatureFill(maps.get(id).map, catalogue(), tile, terrain), `Fill with ${terrain}`)),
    'maps.remapTerrain': ({ id, pairs }) =>
      queue.exclusive(() => edit(deps, id, planRemap(maps.get(id).map, catalogue(), pairs), pairs.length === 1 ? `Remap ${pairs[0]!.from} to ${pairs[0]!.to}` : `Remap ${pairs.length} terrains`)),
    'maps.undo': ({ id }) => queue.exclusive(() => replay(deps, id, 'undo')),
    'maps.redo': ({ id }) => queue.exclusive(() => replay(deps, id, 'redo')),
  };
}

/**
 * Writes a planned edit to the journal (one undo step), then to the open copy; a plan with
 * network changes (a region's paste or cut) journals them in the same step.
 */
export function edit(journal: MapJournal, id: string, plan: PaintPlan & { readonly networks?: readonly NetworkTileChange[] }, label: string): EditResult {
  const open = journal.maps.get(id);
  const networks = plan.networks ?? [];
  if (plan.changes.length || networks.length) {
    const grew = plan.palette.length > open.map.palette.length;
    journal.session.current().edit(id, plan.changes, { label, ...(grew ? { palette: plan.palette } : {}), ...(networks.length ? { networks } : {}) });
    applyPlan(open.map, plan);
    applyNetworkChanges(open.map, networks, 'forward');
    open.invalidate();
  }
  const patches: NetworkPatch[] = networks.map((c) => ({ tile: c.tile, codes: [...c.after] }));
  return { ...editResult(journal, id, plan.changes), ...(patches.length ? { networks: patches } : {}) };
}

/**
 * Undo or redo one step of map `id`. Terrain and edge changes go back to the renderer as
 * patches, instance changes as instance patches; any other layer (only a re-derivation
 * writes vertices or elevation) sets `reload`: the renderer loads the map again instead of
 * patching it.
 */
function replay(journal: Pick<EditingDeps, 'maps' | 'session'>, id: string, which: 'undo' | 'redo'): EditResult {
  const open = journal.maps.get(id);
  const project = journal.session.current();
  const r = which === 'undo' ? project.undo(id) : project.redo(id);
  let reload = false;
  let reread = false;
  let labels: EditResult['labels'];
  if (r?.document?.kind === 'labels') {
    open.map.labels = r.document.labels;
    labels = r.document.labels;
  } else if (r?.document?.kind === 'map') {
    // A resize undone or redone: the whole map changed size; the open copy is read again.
    reread = true;
    reload = true;
  }
  if (r) {
    for (const c of r.changes) {
      if (c.layer === 'terrain' || c.layer === 'edges') writeValue(open.map, c.layer, c.index, c.after);
      else if (c.layer === 'instance_tiles' || c.layer === 'instance_codes') writeInstanceChanges(open.map, [{ ...c, layer: c.layer }], 'after');
      else if (c.layer === 'linear_class' || c.layer === 'linear_tiles' || c.layer === 'linear_codes') {
        // Only an AL-FORM assembly that rerouted writes the linear layer: the open copy is read again.
        reread = true;
        reload = true;
      } else {
        const values = open.map.layers[c.layer];
        if (!values) throw new Error(`the journal holds a ${c.layer} change, but map "${id}" has no ${c.layer} layer`);
        values[c.index] = c.after;
        reload = true;
      }
    }
    // Network changes come back written in the direction applied: play them forward.
    applyNetworkChanges(open.map, r.networks, 'forward');
    open.invalidate();
    // A re-derivation may have grown the palette (a resize replaced the map): the open copy is read again (EditResult carries the palette).
    if (reread || journal.maps.summary(id).palette.length !== open.map.palette.length) journal.maps.drop(id);
  }
  const networks: NetworkPatch[] = (r?.networks ?? []).map((c) => ({ tile: c.tile, codes: [...c.after] }));
  return { ...editResult(journal, id, r?.changes ?? []), ...(networks.length ? { networks } : {}), ...(reload ? { reload } : {}), ...(labels ? { labels } : {}), ...(r ? { label: r.label } : {}) };
}

/** The journal's name of a paint: "Paint 12 hexes forest", "Erase 3 squares (+ 2 linear tiles)" (core/map/tile-counts.ts nouns). */
function paintLabel(map: TerrainMap, plan: PaintPlan, terrain: string): string {
  const tiles = plan.changes.filter((c) => c.layer === 'terrain').map((c) => c.index);
  const count = formatTileCount(map.spec.kind, countTiles(map.spec.alform ? tileClasses(map.grid) : null, tiles));
  return terrain === '' ? `Erase ${count}` : `Paint ${count} ${terrain}`;
}

/**
 * What the renderer needs after an edit already applied to the open copy: terrain and edge
 * values as patches, and the instance of every tile whose instance changed.
 */
export function editResult(journal: MapJournal, id: string, applied: readonly { layer: StoredLayerName; index: number; after: number }[]): EditResult {
  const map = journal.maps.get(id).map;
  const changes: EditResult['changes'] = [];
  const cells = new Set<number>();
  for (const c of applied) {
    if (c.layer === 'terrain' || c.layer === 'edges') changes.push({ layer: c.layer, index: c.index, value: c.after });
    else if (c.layer === 'instance_tiles' || c.layer === 'instance_codes') cells.add(c.index);
  }
  const instances: InstancePatch[] = [...cells].sort((a, b) => a - b).map((tile) => {
    const p = map.instances?.get(tile) ?? null;
    return { tile, vectorTile: p ? p.tile : null, placement: p ? p.code : 0 };
  });
  return {
    changes,
    ...(instances.length ? { instances } : {}),
    palette: [...map.palette],
    ...undoState(journal.session.current().journal, id),
  };
}
