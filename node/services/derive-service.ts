/**
 * The derivation service (`maps.derive`, `maps.lineage`, SPEC §7). A derivation reads
 * substitutes from the app's own library (user-library.ts) and is cached in the project
 * (store/derived-store.ts, keyed by parent, selection, ratio and seed): while the parent's
 * ground the derivation reads (core/derive/dependency.ts: the selection, the blend margin,
 * the routes' reach) and the substitutes of the terrains there hash as they did, the stored
 * map answers; otherwise a worker
 * derives, and the result is a new derived map or the stale one derived again as one undo
 * step. Staleness itself is derived-status.ts's.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { ArgsOf, Lineage, Results } from '../../contract/contract.js';
import { catalogueToJson } from '../../core/terrain/catalogue.js';
import { substituteLattice } from '../../core/derive/geometry/ratios.js';
import type { Substitute } from '../../core/derive/types.js';
import type { DerivationHashes, DerivationKey, DerivedLink } from '../store/index.js';
import type { GroundDependency } from '../../core/derive/dependency.js';
import { groundDependency } from '../../core/derive/dependency.js';
import type { MapJobRequest } from './job-protocol.js';
import { packMap } from './job-protocol.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { requireDerivedMeta } from '../../core/map/meta.js';
import { InputError } from '../../core/util/input-error.js';
import { checkRatio } from '../../core/derive/geometry/ratios.js';
import { defaultRatio, derivedMapName } from '../../core/derive/options.js';
import { checkSelection, SelectionError } from '../../core/map/ground-selection.js';
import type { AppLibrary, CurrentCatalogue, CurrentProject, ProjectAnnouncer, Queue } from './collaborators.js';
import type { DerivedStatus } from './derived-status.js';
import type { OpenMaps } from './open-maps.js';
import type { ProjectJobs } from './project-jobs.js';
import type { HandlersFor } from './router.js';

export type DeriveOperation = 'maps.derive' | 'maps.lineage';

export interface DeriveDeps {
  readonly queue: Queue;
  readonly maps: Pick<OpenMaps, 'get' | 'summary' | 'payload' | 'drop'>;
  readonly session: CurrentProject;
  readonly status: Pick<DerivedStatus, 'substitutesHash' | 'current' | 'memo' | 'summary'>;
  readonly catalogue: CurrentCatalogue;
  /** Whose substitutes derivations read. */
  readonly library: AppLibrary;
  readonly jobs: Pick<ProjectJobs, 'run'>;
  readonly announcer: Pick<ProjectAnnouncer, 'announceProject'>;
}

export function deriveService(deps: DeriveDeps): HandlersFor<DeriveOperation> {
  return {
    'maps.derive': (args) => deriveMap(deps, args),
    'maps.lineage': ({ id }) => deps.queue.exclusive(() => lineage(deps, id)),
  };
}

/** What deriving asks for: the stored map when fresh, else the job and what storing its map needs. */
type DerivePlan = { cached: Results['maps.load'] } | { cached: null; request: MapJobRequest; key: DerivationKey; hashes: DerivationHashes; name: string };

/** Checks the request on the parent and answers from the project's cache when it can. */
function plan(deps: DeriveDeps, args: ArgsOf<'maps.derive'>): DerivePlan {
  const project = deps.session.current();
  const parent = deps.maps.get(args.id).map;
  const parentName = deps.maps.summary(args.id).name;
  const kind = parent.spec.kind;
  const ratio = args.ratio ?? defaultRatio(kind);
  checkRatio(kind, ratio);
  const seed = args.seed ?? 0; // the contract bounds it (core/derive/options.ts MAX_SEED)
  const tiles = selection(parent, args.tiles);
  const key: DerivationKey = { parentId: args.id, selection: tiles, ratio, seed };
  const link = project.derived.find(key);
  if (link && link.dependency === null && fresh(link, { groundHash: project.derived.groundHash(args.id), substitutesHash: deps.status.substitutesHash(parent.palette, kind, ratio) })) {
    return { cached: deps.maps.payload(link.mapId) };
  }
  // What this derivation reads of the parent (a function of the grid, selection and ratio, so a
  // stored link's is this key's); its hashes are the ground the child goes stale by.
  const dependency = link?.dependency ?? groundDependencyOf(parent, tiles, ratio);
  const hashes = deps.status.current(project, args.id, kind, ratio, dependency);
  if (link && fresh(link, hashes)) return { cached: deps.maps.payload(link.mapId) };
  const source = deps.library().source;
  const lattice = substituteLattice(kind);
  const substitutes = parent.palette.map((t) => source.get(t, lattice, ratio)).filter((s): s is Substitute => s !== undefined);
  const name = derivedMapName(parentName, ratio, parent.grid.coord(tiles[0]!).join(','));
  const request: MapJobRequest = { kind: 'derive', map: packMap(parent, true), catalogue: catalogueToJson(deps.catalogue()), substitutes, tiles, ratio, seed };
  return { cached: null, request, key, hashes, name };
}

/** The link's content was derived from the ground and substitutes as they are now. */
function fresh(link: DerivedLink, hashes: DerivationHashes): boolean {
  return link.groundHash === hashes.groundHash && link.substitutesHash === hashes.substitutesHash;
}

/** core's dependency rule, its refusals (a selection one flat map cannot hold) placed on the argument as deriving would. */
function groundDependencyOf(parent: TerrainMap, tiles: readonly number[], ratio: number): GroundDependency {
  try {
    return groundDependency(parent, tiles, ratio);
  } catch (e) {
    if (e instanceof SelectionError) throw new InputError('maps.derive', e.at >= 0 ? `tiles[${e.at}]` : 'tiles', e.message);
    throw e;
  }
}

/** The selection as core's rule takes it (core/alform/selection.ts), its refusals placed on the argument. */
function selection(parent: TerrainMap, tiles: readonly number[]): number[] {
  try {
    checkSelection(parent, tiles);
  } catch (e) {
    if (e instanceof SelectionError) throw new InputError('maps.derive', e.at >= 0 ? `tiles[${e.at}]` : 'tiles', e.message);
    throw e;
  }
  return [...tiles];
}

async function deriveMap(deps: DeriveDeps, args: ArgsOf<'maps.derive'>): Promise<Results['maps.derive']> {
  const planned = await deps.queue.exclusive(() => plan(deps, args));
  if (planned.cached) return { jobId: '', map: planned.cached, cached: true };
  const { key, hashes, name } = planned;
  const result = await deps.jobs.run(planned.request, (map) => {
    const project = deps.session.current();
    if (!project.maps.has(key.parentId)) throw new Error(`map "${key.parentId}" was deleted while the job ran; the derived map was not stored`);
    map.meta.derived = { ...requireDerivedMeta(map.meta, 'the result of a derive job'), parent: key.parentId };
    map.meta.name = name;
    // Found again here: another derivation of the same key may have finished meanwhile.
    const link = project.derived.find(key);
    let id: string;
    if (link) {
      project.derived.refresh(link.mapId, map, hashes, 'Derive again');
      id = link.mapId;
      deps.maps.drop(id);
    } else {
      id = project.derived.add(map, key, hashes, { name }).id;
    }
    return deps.maps.payload(id);
  });
  await deps.announcer.announceProject();
  return { ...result, cached: false };
}

/** The breadcrumb (root first) and the maps derived from `id`, with their staleness. */
function lineage(deps: DeriveDeps, id: string): Lineage {
  const project = deps.session.current();
  const name = (mapId: string) => project.maps.get(mapId)?.name ?? mapId;
  const chain = project.derived.chain(id).map((mapId) => ({ id: mapId, name: name(mapId) }));
  const memo = deps.status.memo();
  const children = project.derived.children(id).map((link) => ({
    id: link.mapId,
    name: name(link.mapId),
    tiles: link.selection,
    stale: deps.status.summary(project, link, memo).stale,
  }));
  return { chain, children };
}
