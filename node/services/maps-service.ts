/**
 * The maps service: the project's maps as wholes — list, create, generate (a world, as a job), load, delete, convert
 * classic → AL-FORM, import and export. Large maps are created and converted in a worker
 * (project-jobs.ts), imports always are; small ones are made in the queue.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { ArgsOf, MapPayload } from '../../contract/contract.js';
import { TerrainMap } from '../../core/map/terrain-map.js';
import type { MapSpec } from '../../core/map/terrain-map.js';
import { createGrid } from '../../core/grid/create.js';
import { numberNewMap } from '../../core/map/numbering.js';
import { checkTileCount, MAX_APP_TILES, parseSize, parseWrap } from '../../core/grid/size.js';
import { checkFillTerrain, fillArea } from '../../core/map/paint.js';
import { MAX_MAP_NAME } from '../../core/derive/options.js';
import { classicToAlform } from '../../core/map/alform-transfer.js';
import { convertLinearNetworks } from '../../core/map/network-convert.js';
import { NetworkOpenOffers } from './network-open.js';
import { areaTerrains } from '../../core/terrain/lookup.js';
import { resolvePalette } from '../../core/terrain/compiled.js';
import { InputError } from '../../core/util/input-error.js';
import { alformSizeOf } from '../../core/grid/alform-size.js';
import { checkMapSize } from '../../core/util/limits.js';
import { bounded, quoted } from '../../core/util/bounded.js';
import type { MapJobRequest } from './job-protocol.js';
import { FolderGrantNeeded, folderQuestion } from '../files/path-capability.js';
import { FileAccessError } from './file-capabilities.js';
import { packMap } from './job-protocol.js';
import { vectorTileToJson } from '../../core/vector/json.js';
import { exportMap } from './export-map.js';
import { worldParams } from '../../core/generate/params.js';
import type { AppLibrary, CurrentCatalogue, PathCheck, ProjectAnnouncer, Queue } from './collaborators.js';
import type { OpenMaps } from './open-maps.js';
import type { ProjectJobs } from './project-jobs.js';
import type { ProjectSession } from './project-session.js';
import type { HandlersFor } from './router.js';

/** Maps with at least this many tiles are created in a worker unless the options say otherwise (conversion: a quarter of it). */
export const DEFAULT_JOB_THRESHOLD_TILES = 250_000;

export type MapsOperation = 'maps.list' | 'maps.create' | 'maps.generate' | 'maps.load' | 'maps.delete' | 'maps.convert' | 'maps.import' | 'maps.importFile' | 'maps.export' | 'project.grantFolder';

export interface MapsDeps {
  readonly queue: Queue;
  readonly maps: Pick<OpenMaps, 'projectInfo' | 'payload' | 'get' | 'summary' | 'store' | 'drop'>;
  readonly session: Pick<ProjectSession, 'current' | 'ensure' | 'isOpen' | 'resolvePath'>;
  readonly files: PathCheck;
  readonly jobs: Pick<ProjectJobs, 'run'>;
  readonly catalogue: CurrentCatalogue;
  /** Whose vector tiles travel with a map of instances (`withVectorTiles`). */
  readonly library: AppLibrary;
  readonly announcer: ProjectAnnouncer;
  /** Maps with at least this many tiles are created in a worker (conversion: a quarter of it). */
  readonly jobThresholdTiles: number;
}

export function mapsService(deps: MapsDeps): HandlersFor<MapsOperation> {
  const { queue, maps, session, files, catalogue } = deps;
  const areas = () => areaTerrains(catalogue()).map((t) => t.id);
  // Folders an import of this session asked about: the only ones `project.grantFolder` accepts.
  const asked = new Set<string>();
  const offers = new NetworkOpenOffers();
  return {
    'maps.list': () => queue.exclusive(() => maps.projectInfo().maps),
    'maps.create': (args) => createMap(deps, args),
    'maps.generate': (args) => generateMap(deps, args),
    'maps.load': ({ id }) =>
      queue.exclusive(() => {
        // A map from before through-tile networks: its linear-tile roads converted (one undo step), or why not.
        const notice = offers.onOpen(deps, id);
        const payload = withVectorTiles(deps.library, maps.payload(id), maps.get(id).map);
        return notice ? { ...payload, notice } : payload;
      }),
    'maps.delete': ({ id }) =>
      deps.announcer.projectChange(() => {
        if (!session.current().maps.delete(id)) throw new Error(`no map with id "${id}" in this project`);
        maps.drop(id);
      }),
    'maps.convert': ({ id }) => convertMap(deps, id),
    'maps.import': async ({ fileName, text, mapping, tilesets }) => runImport(deps, { kind: 'import-text', fileName, text, mapping, areaTerrains: areas(), ...(tilesets ? { tilesets } : {}) }),
    'maps.importFile': async ({ path, mapping }) => {
      const checked = files.check(session.resolvePath(path), 'import a map from');
      const allowedFolders = await queue.exclusive(() => (session.isOpen ? session.current().folderGrants.list() : []));
      try {
        return await runImport(deps, { kind: 'import-file', path: checked, mapping, areaTerrains: areas(), allowedFolders });
      } catch (e) {
        if (!(e instanceof FolderGrantNeeded)) throw e;
        for (const f of e.folders) asked.add(f);
        return { needsGrant: { folders: [...e.folders], question: folderQuestion(e.folders) } };
      }
    },
    'project.grantFolder': ({ folder }) => {
      if (!asked.has(folder)) throw new FileAccessError(`${bounded(folder, 200)}: Sandtable grants reading a folder only when an import asked for it`);
      return queue.exclusive(() => ({ folders: session.ensure().folderGrants.grant(folder) }));
    },
    'maps.export': ({ id, format }) => queue.exclusive(() => exportMap(maps.get(id).map, maps.summary(id).name, format, catalogue())),
  };
}

async function createMap(deps: MapsDeps, args: ArgsOf<'maps.create'>): Promise<MapPayload> {
  const size = parseSize(args.kind, args.size);
  const wrap = parseWrap(args.wrap);
  const spec: MapSpec = { kind: size.kind, size, wrap, alform: args.alform, ...(args.orientation === 'pointy' ? { orientation: args.orientation } : {}) };
  const tileCount = checkTileCount(size, MAX_APP_TILES);
  createGrid(spec); // the kind's own size rules (AL-FORM sizes, wraps), after the arithmetic check: building a huge grid is itself heavy work
  const fill = args.fill ? args.fill : null;
  if (fill !== null) checkFillTerrain(deps.catalogue(), fill);
  let payload: MapPayload;
  if (tileCount < deps.jobThresholdTiles) {
    payload = await deps.queue.exclusive(() => {
      const map = numberNewMap(TerrainMap.create({ size, wrap, alform: args.alform, orientation: spec.orientation, meta: { name: args.name } }));
      if (fill !== null) fillArea(map, deps.catalogue(), fill);
      return deps.maps.store(map, args.name);
    });
  } else {
    payload = (await deps.jobs.run({ kind: 'create', spec, fill, name: args.name }, (map) => deps.maps.store(map, args.name))).map;
  }
  await deps.announcer.announceProject();
  return payload;
}

/** A generated world, always as a job (every stage reports progress; cancel stores nothing). */
async function generateMap(deps: MapsDeps, args: ArgsOf<'maps.generate'>): Promise<{ jobId: string; map: MapPayload }> {
  const size = parseSize(args.kind, args.size);
  checkTileCount(size, MAX_APP_TILES);
  createGrid({ size, alform: args.alform }); // the kind's own size rules (AL-FORM sizes)
  const { name, alform } = args;
  const params = worldParams({
    seed: args.seed,
    ...(args.land !== undefined && { land: args.land }),
    ...(args.rivers !== undefined && { rivers: args.rivers }),
    ...(args.mountains !== undefined && { mountains: args.mountains }),
    ...(args.settlements !== undefined && { settlements: args.settlements }),
    ...(args.climate !== undefined && { climate: args.climate }),
  });
  const result = await deps.jobs.run({ kind: 'generate', size, alform, params, name }, (map) => deps.maps.store(map, name));
  await deps.announcer.announceProject();
  return result;
}

async function convertMap(deps: MapsDeps, id: string): Promise<MapPayload> {
  const { map, name } = await deps.queue.exclusive(() => ({ map: deps.maps.get(id).map, name: deps.maps.summary(id).name }));
  if (map.spec.alform) throw new Error(`map ${quoted(name)} is already AL-FORM`);
  // The AL-FORM map is about four times the classic one: refuse before the job, not in it.
  checkMapSize(alformSizeOf(map.spec.size, map.spec.wrap), `map ${quoted(name)}`, 'its AL-FORM conversion');
  const newName = `${name} (AL-FORM)`.slice(0, MAX_MAP_NAME);
  let payload: MapPayload;
  if (map.tileCount < deps.jobThresholdTiles / 4) {
    payload = await deps.queue.exclusive(() => deps.maps.store(classicToAlform(map), newName));
  } else {
    payload = (await deps.jobs.run({ kind: 'convert', map: packMap(map, true) }, (map) => deps.maps.store(map, newName))).map;
  }
  await deps.announcer.announceProject();
  return payload;
}

async function runImport(deps: MapsDeps, request: MapJobRequest): Promise<{ jobId: string; map: MapPayload }> {
  const result = await deps.jobs.run(request, (map) => {
    // Before anything is stored: every terrain (a linear layer's or a native map's ids included) must be one the catalogue knows.
    try {
      resolvePalette(deps.catalogue(), map.palette);
    } catch (e) {
      throw new InputError(request.kind === 'import-text' ? request.fileName : request.kind === 'import-file' ? request.path : 'import', 'terrain', (e as Error).message);
    }
    // A native map file without networks (older than map JSON version 3): its linear-tile roads become
    // through-tile roads by this catalogue. Tiled and Wesnoth imports (meta.import) carry their own.
    if (map.networks === null && map.meta.import === undefined) convertLinearNetworks(map, deps.catalogue());
    return deps.maps.store(map, typeof map.meta.name === 'string' && map.meta.name ? map.meta.name : 'Imported map');
  });
  await deps.announcer.announceProject();
  return result;
}

/**
 * Issue 13, maps drawn as maps: a map of vector tile instances travels with the app library's
 * tiles its instances name (area and linear layers), so the view can draw them. Tiles the
 * library no longer holds are left out; those cells show their derived terrain.
 */
export function withVectorTiles(library: AppLibrary, payload: MapPayload, map: TerrainMap): MapPayload {
  const ids = new Set<string>([...(map.instances?.tileIds ?? []), ...(map.linear?.instances.tileIds ?? [])]);
  if (ids.size === 0) return payload;
  const vector = library().library.vector;
  const tiles: ReturnType<typeof vectorTileToJson>[] = [];
  for (const tileId of ids) {
    const tile = vector.tile(tileId);
    if (tile) tiles.push(vectorTileToJson(tile));
  }
  return tiles.length ? { ...payload, vectorTiles: tiles } : payload;
}
