/**
 * The maps service: the project's maps as wholes — list, create, load, delete, convert
 * classic → AL-FORM, import and export. Large maps are created and converted in a worker
 * (project-jobs.ts), imports always are; small ones are made in the queue.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { ArgsOf, MapPayload } from '../../contract/contract.js';
import { TerrainMap } from '../../core/map/terrain-map.js';
import type { MapSpec } from '../../core/map/terrain-map.js';
import { createGrid } from '../../core/grid/create.js';
import { checkTileCount, MAX_APP_TILES, parseSize, parseWrap } from '../../core/grid/size.js';
import { checkFillTerrain, fillArea } from '../../core/map/paint.js';
import { MAX_MAP_NAME } from '../../core/derive/options.js';
import { classicToAlform } from '../../core/alform/transfer.js';
import { areaTerrains } from '../../core/terrain/lookup.js';
import { resolvePalette } from '../../core/terrain/compiled.js';
import { InputError } from '../../core/util/input-error.js';
import { alformSizeOf } from '../../core/alform/dimensions.js';
import { checkMapSize } from '../../core/util/limits.js';
import { quoted } from '../../core/util/bounded.js';
import type { MapJobRequest } from './job-protocol.js';
import { packMap } from './job-protocol.js';
import { vectorTileToJson } from '../../core/vector/json.js';
import { exportMap } from './export-map.js';
import type { ServiceContext } from './context.js';
import type { HandlersFor } from './router.js';

/** Maps with at least this many tiles are created in a worker unless the options say otherwise (conversion: a quarter of it). */
export const DEFAULT_JOB_THRESHOLD_TILES = 250_000;

export type MapsOperation = 'maps.list' | 'maps.create' | 'maps.load' | 'maps.delete' | 'maps.convert' | 'maps.import' | 'maps.importFile' | 'maps.export';

export function mapsService(ctx: ServiceContext): HandlersFor<MapsOperation> {
  const { queue, maps, session } = ctx;
  const areas = () => areaTerrains(ctx.catalogue).map((t) => t.id);
  return {
    'maps.list': () => queue.exclusive(() => maps.projectInfo().maps),
    'maps.create': (args) => createMap(ctx, args),
    'maps.load': ({ id }) => queue.exclusive(() => withVectorTiles(ctx, maps.payload(id), maps.get(id).map)),
    'maps.delete': ({ id }) =>
      ctx.projectChange(() => {
        if (!session.current().maps.delete(id)) throw new Error(`no map with id "${id}" in this project`);
        maps.drop(id);
      }),
    'maps.convert': ({ id }) => convertMap(ctx, id),
    'maps.import': async ({ fileName, text, mapping, tilesets }) => runImport(ctx, { kind: 'import-text', fileName, text, mapping, areaTerrains: areas(), ...(tilesets ? { tilesets } : {}) }),
    'maps.importFile': async ({ path, mapping }) => runImport(ctx, { kind: 'import-file', path: ctx.files.check(session.resolvePath(path), 'import a map from'), mapping, areaTerrains: areas() }),
    'maps.export': ({ id, format }) => queue.exclusive(() => exportMap(maps.get(id).map, maps.summary(id).name, format, ctx.catalogue)),
  };
}

function threshold(ctx: ServiceContext): number {
  return ctx.options.jobThresholdTiles ?? DEFAULT_JOB_THRESHOLD_TILES;
}

async function createMap(ctx: ServiceContext, args: ArgsOf<'maps.create'>): Promise<MapPayload> {
  const size = parseSize(args.kind, args.size);
  const wrap = parseWrap(args.wrap);
  const spec: MapSpec = { kind: size.kind, size, wrap, alform: args.alform };
  const tileCount = checkTileCount(size, MAX_APP_TILES);
  createGrid(spec); // the kind's own size rules (AL-FORM sizes, wraps), after the arithmetic check: building a huge grid is itself heavy work
  const fill = args.fill ? args.fill : null;
  if (fill !== null) checkFillTerrain(ctx.catalogue, fill);
  let payload: MapPayload;
  if (tileCount < threshold(ctx)) {
    payload = await ctx.queue.exclusive(() => {
      const map = TerrainMap.create({ size, wrap, alform: args.alform, meta: { name: args.name } });
      if (fill !== null) fillArea(map, ctx.catalogue, fill);
      return ctx.maps.store(map, args.name);
    });
  } else {
    payload = (await ctx.jobs.run({ kind: 'create', spec, fill, name: args.name }, (map) => ctx.maps.store(map, args.name))).map;
  }
  await ctx.announceProject();
  return payload;
}

async function convertMap(ctx: ServiceContext, id: string): Promise<MapPayload> {
  const { map, name } = await ctx.queue.exclusive(() => ({ map: ctx.maps.get(id).map, name: ctx.maps.summary(id).name }));
  if (map.spec.alform) throw new Error(`map ${quoted(name)} is already AL-FORM`);
  // The AL-FORM map is about four times the classic one: refuse before the job, not in it.
  checkMapSize(alformSizeOf(map.spec.size, map.spec.wrap), `map ${quoted(name)}`, 'its AL-FORM conversion');
  const newName = `${name} (AL-FORM)`.slice(0, MAX_MAP_NAME);
  let payload: MapPayload;
  if (map.tileCount < threshold(ctx) / 4) {
    payload = await ctx.queue.exclusive(() => ctx.maps.store(classicToAlform(map), newName));
  } else {
    payload = (await ctx.jobs.run({ kind: 'convert', map: packMap(map, true) }, (map) => ctx.maps.store(map, newName))).map;
  }
  await ctx.announceProject();
  return payload;
}

async function runImport(ctx: ServiceContext, request: MapJobRequest): Promise<{ jobId: string; map: MapPayload }> {
  const result = await ctx.jobs.run(request, (map) => {
    // Before anything is stored: every terrain (a linear layer's or a native map's ids included) must be one the catalogue knows.
    try {
      resolvePalette(ctx.catalogue, map.palette);
    } catch (e) {
      throw new InputError(request.kind === 'import-text' ? request.fileName : request.kind === 'import-file' ? request.path : 'import', 'terrain', (e as Error).message);
    }
    return ctx.maps.store(map, typeof map.meta.name === 'string' && map.meta.name ? map.meta.name : 'Imported map');
  });
  await ctx.announceProject();
  return result;
}

/**
 * Issue 13, maps drawn as maps: a map of vector tile instances travels with the app library's
 * tiles its instances name (area and linear layers), so the view can draw them. Tiles the
 * library no longer holds are left out; those cells show their derived terrain.
 */
export function withVectorTiles(ctx: ServiceContext, payload: MapPayload, map: TerrainMap): MapPayload {
  const ids = new Set<string>([...(map.instances?.tileIds ?? []), ...(map.linear?.instances.tileIds ?? [])]);
  if (ids.size === 0) return payload;
  const vector = ctx.library().library.vector;
  const tiles: ReturnType<typeof vectorTileToJson>[] = [];
  for (const tileId of ids) {
    const tile = vector.tile(tileId);
    if (tile) tiles.push(vectorTileToJson(tile));
  }
  return tiles.length ? { ...payload, vectorTiles: tiles } : payload;
}
