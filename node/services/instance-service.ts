/**
 * Maps made of vector tile instances (`maps.placeInstances`, `maps.assemble`): placing and
 * clearing instances by hand, and storing an automatic assembly into a map — each one undo
 * step in the project's journal, planned by core/assemble (instance-edit.ts: the instance
 * values and the terrain derived from them) and recorded before the open copy changes, as
 * paint edits are. The tiles come from the app's library (its vector tiles); the tile table
 * records that library as their source. An AL-FORM map is assembled across its linear tiles
 * (core/assemble alform-assemble.ts) with its current linear layer; the empty blocking tiles
 * rerouting adds go into the same undo step as the area instances. The painting constrains
 * the assembly (assemble-task.ts); painted tiles no library tile honours come back named.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { basename, extname } from 'node:path';
import type { ArgsOf, EditResult, Results } from '../../contract/contract.js';
import type { InstancePlacement } from '../../core/assemble/index.js';
import { AssemblyLibrary, InstanceLayer, LinearLayer, applyInstancePlan, buildAlFormTopology, buildTopology, linearChanges, placementsOf, planInstances, tileShapesFor } from '../../core/assemble/index.js';
import type { InstancePlan, LinearChange } from '../../core/assemble/index.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { catalogueToJson } from '../../core/terrain/catalogue.js';
import { vectorTileToJson } from '../../core/vector/json.js';
import type { AssembleRequest } from './assemble-task.js';
import { packMap } from './job-protocol.js';
import { matchOptionsFrom } from '../../core/vector/terrain-rules.js';
import type { VectorTile } from '../../core/vector/types.js';
import type { VectorShape } from '../store/index.js';
import { InputError } from '../../core/util/input-error.js';
import type { AppLibrary, CurrentCatalogue, Queue } from './collaborators.js';
import type { MapJournal } from './editing-service.js';
import type { ProjectJobs } from './project-jobs.js';
import type { HandlersFor } from './router.js';
import { editResult } from './editing-service.js';

export type InstanceOperation = 'maps.placeInstances' | 'maps.assemble';

/** What placing the app library's vector tiles on a map needs (here and placing-service.ts). */
export interface InstancePlacing extends MapJournal {
  readonly queue: Queue;
  readonly catalogue: CurrentCatalogue;
  /** Whose vector tiles are placed. */
  readonly library: AppLibrary;
}

export interface InstanceDeps extends InstancePlacing {
  readonly jobs: Pick<ProjectJobs, 'runAssembly'>;
}

export function instanceService(deps: InstanceDeps): HandlersFor<InstanceOperation> {
  return {
    'maps.placeInstances': ({ id, placements }) =>
      deps.queue.exclusive(() => {
        const open = deps.maps.get(id);
        const wanted = placements.filter((p) => p.vectorTile !== null).map((p) => p.vectorTile!);
        const library = new AssemblyLibrary(libraryTiles(deps.library, { ids: wanted }), { match: matchOptionsFrom(deps.catalogue()) });
        const plan = guard('maps.placeInstances', () =>
          planInstances(open.map, library, placements.map((p): InstancePlacement => ({ cell: p.tile, tile: p.vectorTile, code: p.placement ?? 0 })), { library: libraryLabel(deps.library) }),
        );
        const cleared = placements.every((p) => p.vectorTile === null);
        return recordInstancePlan(deps, id, plan, cleared ? 'Clear tiles' : placements.length === 1 ? 'Place tile' : `Place ${placements.length} tiles`);
      }),
    'maps.assemble': (args) => assembleJob(deps, args),
  };
}

/**
 * Assembly as a job (assemble-task.ts): the request is read from the open map and the library
 * inside the queue, the solver runs in a worker (progress, `jobs.cancel`), and the result is
 * journalled as one undo step inside the queue again — only if the map's instances are still
 * those it was assembled against; a cancelled or failed job changes nothing.
 */
async function assembleJob(deps: InstanceDeps, args: ArgsOf<'maps.assemble'>): Promise<Results['maps.assemble']> {
  const { id, tiles, seed, connected, mode, weights, strict } = args;
  const planned = await deps.queue.exclusive(() => {
    const open = deps.maps.get(id);
    for (const t of tiles ?? []) if (t >= open.map.tileCount) throw new InputError('maps.assemble', '$.tiles', `tile index ${t} is outside the map (0…${open.map.tileCount - 1})`);
    const alform = open.map.spec.alform === true;
    const topology = alform ? buildAlFormTopology(open.map.grid) : buildTopology(open.map.grid);
    const areaTiles = libraryTiles(deps.library, { shapes: tileShapesFor(topology) as VectorShape[] });
    const linear = open.map.linear;
    const linearTiles = linear ? libraryTiles(deps.library, { ids: linear.instances.tileIds }) : [];
    const request: AssembleRequest = {
      kind: 'assemble',
      map: packMap(open.map, true),
      tiles: areaTiles.map(vectorTileToJson),
      linearTiles: linearTiles.map(vectorTileToJson),
      catalogue: catalogueToJson(deps.catalogue()),
      mode: mode ?? 'classic',
      seed: seed ?? 0,
      ...(tiles ? { region: tiles } : {}),
      ...(connected?.length ? { connected } : {}),
      ...(weights?.length ? { weights: Object.fromEntries(weights.map((w) => [w.vectorTile, w.weight])) } : {}),
      tags: libraryTags(deps.library, areaTiles),
      ...(strict ? { strict } : {}),
    };
    return { request, before: instancesKey(open.map), tileSet: [...areaTiles, ...linearTiles] };
  });
  const { value } = await deps.jobs.runAssembly(planned.request, (outcome, jobId): Results['maps.assemble'] => {
    if (outcome.kind === 'refused') throw new InputError('maps.assemble', outcome.path, outcome.message);
    if (outcome.kind === 'failed') return { ok: false, jobId, reason: outcome.reason, region: outcome.region, message: outcome.message };
    if (outcome.kind === 'unhonoured') {
      const n = outcome.cells.length;
      const message = `${n} painted tile${n === 1 ? '' : 's'} no library tile honours`;
      return { ok: false, jobId, reason: 'painting', region: outcome.cells.map((c) => c.tile), message, refused: outcome.cells };
    }
    const open = deps.maps.get(id);
    if (instancesKey(open.map) !== planned.before) throw new Error("the map's tiles changed while the assembly ran; nothing was stored — assemble again");
    const layer = InstanceLayer.fromJSON(open.map.grid, outcome.instances, 'the assembly result');
    // Only the tiles' geometry is read from here on (terrain derivation): no candidates compiled.
    const library = new AssemblyLibrary(uniqueTiles(planned.tileSet), { match: matchOptionsFrom(deps.catalogue()), shapeClasses: [] });
    const plan = planInstances(open.map, library, placementsOf(layer, tiles), { library: libraryLabel(deps.library) });
    const linear = outcome.linear ? LinearLayer.fromJSON(open.map.grid, outcome.linear, 'the assembly result') : null;
    const edit = recordInstancePlan(deps, id, plan, 'Assemble tiles', linear ? { changes: linearChanges(open.map.linear, linear), layer: linear } : undefined);
    return { ok: true, jobId, edit, tiles: outcome.placed, backtracks: outcome.backjumps };
  });
  return value;
}

/** The instances of a map as they stand (sparse JSON), to see whether they changed while a job ran. */
function instancesKey(map: TerrainMap): string {
  return JSON.stringify([map.instances?.toJSON() ?? null, map.linear?.toJSON() ?? null]);
}

function uniqueTiles(tiles: readonly VectorTile[]): VectorTile[] {
  const seen = new Set<string>();
  return tiles.filter((t) => !seen.has(t.id) && (seen.add(t.id), true));
}

/**
 * Journals the plan (one undo step), with the linear layer's changes when an AL-FORM
 * assembly rerouted (the store holds the linear layers whenever the map has one), then
 * applies it to the open copy.
 */
export function recordInstancePlan(journal: MapJournal, id: string, plan: InstancePlan, label: string, linear?: { changes: LinearChange[]; layer: LinearLayer }): EditResult {
  const open = journal.maps.get(id);
  const changes = [...plan.changes, ...(linear?.changes ?? [])];
  if (changes.length) {
    const grew = plan.palette.length > open.map.palette.length;
    const tableGrew = plan.tiles.length > (open.map.instances?.tileIds.length ?? -1);
    // Painted linear features laid by the assembly bring their tiles into the linear table.
    const linearTable = linear?.layer.instances.tileTable() ?? [];
    const linearGrew = linear !== undefined && linear.changes.length > 0 && linearTable.length > (open.map.linear?.instances.tileIds.length ?? 0);
    journal.session.current().edit(id, changes, { label, ...(grew ? { palette: plan.palette } : {}), ...(tableGrew ? { tiles: plan.tiles } : {}), ...(linearGrew ? { linearTiles: linearTable } : {}) });
    applyInstancePlan(open.map, plan);
    if (linear?.changes.length) open.map.setLinear(linear.layer);
    open.invalidate();
  }
  return { ...editResult(journal, id, plan.changes), ...(linear?.changes.length ? { reload: true } : {}) };
}

/** The app library's vector tiles: those named (each must exist), or all of the shapes given. */
function libraryTiles(library: AppLibrary, which: { ids: readonly string[] } | { shapes: readonly VectorShape[] }): VectorTile[] {
  const vector = library().library.vector;
  if ('ids' in which) {
    return [...new Set(which.ids)].map((tileId) => vector.tile(tileId) ?? fail(`the app library has no vector tile "${tileId.slice(0, 80)}"`));
  }
  const out = vector.tiles(which.shapes);
  if (out.length === 0) fail(`the app library has no vector tiles of shape ${which.shapes.join(' or ')}`);
  return out;
}

/** The library's tags of these tiles, those that have any (what a tile depicts: core/assemble painted.ts). */
function libraryTags(library: AppLibrary, tiles: readonly VectorTile[]): Record<string, string[]> {
  const vector = library().library.vector;
  const out: Record<string, string[]> = {};
  for (const t of tiles) {
    const tags = vector.get(t.id)?.tags ?? [];
    if (tags.length) out[t.id] = tags;
  }
  return out;
}

function libraryLabel(library: AppLibrary): string {
  const path = library().library.path;
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
