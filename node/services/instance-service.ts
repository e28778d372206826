/**
 * Maps made of vector tile instances (`maps.placeInstances`, `maps.assemble`): placing and
 * clearing instances by hand, and storing an automatic assembly into a map — each one undo
 * step in the project's journal, planned by core/assemble (instance-edit.ts: the instance
 * values and the terrain derived from them) and recorded before the open copy changes, as
 * paint edits are. The tiles come from the app's library (its vector tiles); the tile table
 * records that library as their source. An AL-FORM map is assembled across its linear tiles
 * (core/assemble alform-assemble.ts) with its current linear layer; the empty blocking tiles
 * rerouting adds go into the same undo step as the area instances.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { basename, extname } from 'node:path';
import type { EditResult, Results } from '../../electron/shared/contract.js';
import type { InstancePlacement } from '../../core/assemble/index.js';
import {
  ASSEMBLY_MODES,
  AssemblyLibrary,
  InstanceLayer,
  applyInstancePlan,
  assemble,
  assembleAlForm,
  buildAlFormTopology,
  buildTopology,
  linearChanges,
  shapeClassesOf,
  placementsOf,
  planInstances,
  tileShapesFor,
} from '../../core/assemble/index.js';
import type { AssemblyMode, InstancePlan, LinearChange, LinearLayer } from '../../core/assemble/index.js';
import { matchOptionsFrom } from '../../core/vector/terrain-rules.js';
import type { VectorTile } from '../../core/vector/types.js';
import type { VectorShape } from '../store/index.js';
import { InputError } from '../../core/util/input-error.js';
import type { ServiceContext } from './context.js';
import type { HandlersFor } from './router.js';
import { editResult } from './editing-service.js';

export type InstanceOperation = 'maps.placeInstances' | 'maps.assemble';

export function instanceService(ctx: ServiceContext): HandlersFor<InstanceOperation> {
  return {
    'maps.placeInstances': ({ id, placements }) =>
      ctx.queue.exclusive(() => {
        const open = ctx.maps.get(id);
        const wanted = placements.filter((p) => p.vectorTile !== null).map((p) => p.vectorTile!);
        const library = new AssemblyLibrary(libraryTiles(ctx, { ids: wanted }), { match: matchOptionsFrom(ctx.catalogue) });
        const plan = guard('maps.placeInstances', () =>
          planInstances(open.map, library, placements.map((p): InstancePlacement => ({ cell: p.tile, tile: p.vectorTile, code: p.placement ?? 0 })), { library: libraryLabel(ctx) }),
        );
        const cleared = placements.every((p) => p.vectorTile === null);
        return record(ctx, id, plan, cleared ? 'Clear tiles' : placements.length === 1 ? 'Place tile' : `Place ${placements.length} tiles`);
      }),
    'maps.assemble': ({ id, tiles, seed, connected, mode }) =>
      ctx.queue.exclusive((): Results['maps.assemble'] => {
        const open = ctx.maps.get(id);
        const m = ASSEMBLY_MODES[mode ?? 'classic'];
        if (open.map.spec.alform) return assembleAlFormMap(ctx, id, m, { tiles, seed, connected });
        const topology = buildTopology(open.map.grid);
        const library = new AssemblyLibrary(libraryTiles(ctx, { shapes: tileShapesFor(topology) as VectorShape[] }), m.library({ match: matchOptionsFrom(ctx.catalogue), shapeClasses: shapeClassesOf(topology) }));
        for (const t of tiles ?? []) if (t >= open.map.tileCount) throw new InputError('maps.assemble', '$.tiles', `tile index ${t} is outside the map (0…${open.map.tileCount - 1})`);
        const result = assemble(
          open.map.instances ?? new InstanceLayer(open.map.grid),
          library,
          m.assemble({ seed: seed ?? 0, topology, ...(tiles ? { region: [...new Set(tiles)] } : {}), ...(connected ? { connectivity: { terrains: connected } } : {}) }),
        );
        if (!result.ok) return { ok: false, reason: result.reason, region: [...result.region], message: result.message };
        const plan = planInstances(open.map, library, placementsOf(result.layer, tiles), { library: libraryLabel(ctx), topology });
        const edit = record(ctx, id, plan, 'Assemble tiles');
        return { ok: true, edit, tiles: tiles ? tiles.length : result.layer.placedCount(), backtracks: result.stats.backjumps };
      }),
  };
}

/**
 * AL-FORM: the area tiles assembled across the map's linear layer as it stands; the result's
 * instances, their terrain and the linear tiles rerouting added (empty blocking) are one undo step.
 */
function assembleAlFormMap(ctx: ServiceContext, id: string, m: AssemblyMode, args: { tiles?: number[]; seed?: number; connected?: string[] }): Results['maps.assemble'] {
  const open = ctx.maps.get(id);
  const { tiles, seed, connected } = args;
  for (const t of tiles ?? []) if (t >= open.map.tileCount) throw new InputError('maps.assemble', '$.tiles', `tile index ${t} is outside the map (0…${open.map.tileCount - 1})`);
  const topology = buildAlFormTopology(open.map.grid);
  const library = new AssemblyLibrary(libraryTiles(ctx, { shapes: tileShapesFor(topology) as VectorShape[] }), m.library({ match: matchOptionsFrom(ctx.catalogue), shapeClasses: shapeClassesOf(topology) }));
  const linear = open.map.linear;
  const linearTiles = linear ? libraryTiles(ctx, { ids: linear.instances.tileIds }) : [];
  let result: ReturnType<typeof assembleAlForm>;
  try {
    result = assembleAlForm(open.map.instances ?? new InstanceLayer(open.map.grid), library, {
      ...m.assemble({ seed: seed ?? 0, ...(connected ? { connectivity: { terrains: connected } } : {}) }),
      topology,
      ...(tiles ? { region: [...new Set(tiles)] } : {}),
      ...(linear ? { linear, linearTiles } : {}),
    });
  } catch (e) {
    if (e instanceof RangeError) throw new InputError('maps.assemble', tiles ? '$.tiles' : '$.id', e.message);
    throw e;
  }
  if (!result.ok) return { ok: false, reason: result.reason, region: [...result.region], message: result.message };
  const plan = planInstances(open.map, library, placementsOf(result.layer, tiles), { library: libraryLabel(ctx) });
  const edit = record(ctx, id, plan, 'Assemble tiles', { changes: linearChanges(linear, result.linear), layer: result.linear });
  return { ok: true, edit, tiles: tiles ? tiles.length : result.layer.placedCount(), backtracks: result.stats.backjumps };
}

/**
 * Journals the plan (one undo step), with the linear layer's changes when an AL-FORM
 * assembly rerouted (the store holds the linear layers whenever the map has one), then
 * applies it to the open copy.
 */
function record(ctx: ServiceContext, id: string, plan: InstancePlan, label: string, linear?: { changes: LinearChange[]; layer: LinearLayer }): EditResult {
  const open = ctx.maps.get(id);
  const changes = [...plan.changes, ...(linear?.changes ?? [])];
  if (changes.length) {
    const grew = plan.palette.length > open.map.palette.length;
    const tableGrew = plan.tiles.length > (open.map.instances?.tileIds.length ?? -1);
    ctx.session.current().edit(id, changes, { label, ...(grew ? { palette: plan.palette } : {}), ...(tableGrew ? { tiles: plan.tiles } : {}) });
    applyInstancePlan(open.map, plan);
    if (linear?.changes.length) open.map.setLinear(linear.layer);
    open.invalidate();
  }
  return { ...editResult(ctx, id, plan.changes), ...(linear?.changes.length ? { reload: true } : {}) };
}

/** The app library's vector tiles: those named (each must exist), or all of the shapes given. */
function libraryTiles(ctx: ServiceContext, which: { ids: readonly string[] } | { shapes: readonly VectorShape[] }): VectorTile[] {
  const vector = ctx.library().library.vector;
  if ('ids' in which) {
    return [...new Set(which.ids)].map((tileId) => vector.tile(tileId) ?? fail(`the app library has no vector tile "${tileId.slice(0, 80)}"`));
  }
  const out = vector.tiles(which.shapes);
  if (out.length === 0) fail(`the app library has no vector tiles of shape ${which.shapes.join(' or ')}`);
  return out;
}

function libraryLabel(ctx: ServiceContext): string {
  const path = ctx.library().library.path;
  return basename(path, extname(path));
}

/** Core's RangeErrors about placements become one line naming the argument. */
function guard<T>(op: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof RangeError) throw new InputError(op, '$.placements', e.message);
    throw e;
  }
}

function fail(message: string): never {
  throw new Error(message);
}
