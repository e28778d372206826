/**
 * The work of each long job (import, convert, create, derive, generate), as plain functions of a request
 * that report progress in steps. job-worker.ts runs them off the main thread; they return
 * the finished map and write nothing, so a cancelled job (its worker terminated) leaves
 * nothing half-written — the main thread stores the result in one transaction.
 *
 * Imports (SPEC §10): Tiled TMX/TMJ, Wesnoth .map and the native map JSON, told apart by
 * the content where it is unambiguous and by the file name otherwise. Without a mapping
 * from the designer, Tiled tiles get the terrain core proposes (a tile's "terrain"
 * property, its Wang colour), moved onto the catalogue: known ids and common names
 * ("grass", "water") map to catalogue terrains, the remaining tile kinds get distinct
 * unused area terrains, so tiles that differed still differ. The mapping used is kept in
 * the map's `meta.import` so the designer can edit it and import again.
 *
 * Node (node:zlib through node/formats); must not depend on Electron or DOM.
 */
import { basename, extname } from 'node:path';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { numberNewMap } from '../../core/map/numbering.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { classicToAlform } from '../../core/map/alform-transfer.js';
import { parseJsonText } from '../../core/util/json-text.js';
import { parseTiled } from '../../core/formats/tiled/read.js';
import type { TiledMap } from '../../core/formats/tiled/types.js';
import type { TiledMapping } from '../../core/map/import-mapping.js';
import { generateMapping, tiledToTerrainMap } from '../../core/formats/tiled/terrain.js';
import { readTiledMapping } from '../../core/map/import-mapping.js';
import { wesnothToTerrainMap } from '../../core/formats/wesnoth/terrain.js';
import { readWesnothMapping } from '../../core/map/import-mapping.js';
import { DEFAULT_WESNOTH_MAPPING } from '../../core/formats/wesnoth/default-mapping.js';
import { parseWesnothMap } from '../../core/formats/wesnoth/wesnoth-map.js';
import { fillGround } from '../../core/map/paint.js';
import { placeholderId } from '../../core/terrain/placeholder.js';
import type { UnmappedTiles } from '../../core/map/meta.js';
import { detectMapFormat, loadTiledFile, loadWesnothFile, readHead, readTextFile } from '../formats/files.js';
import { nodeInflate } from '../formats/inflate.js';
import type { MapJobRequest, Progress } from './job-protocol.js';
import { runDeriveTask } from './derive-task.js';
import { runGenerateTask } from './generate-task.js';
import { unpackMap } from './job-protocol.js';


export async function runJobTask(request: MapJobRequest, progress: Progress): Promise<TerrainMap> {
  switch (request.kind) {
    case 'import-text':
      return importMap({ source: request.fileName, text: request.text, path: null, tilesets: request.tilesets ?? [], allowed: [] }, request.mapping, request.areaTerrains, progress);
    case 'import-file':
      return importMap({ source: request.path, text: null, path: request.path, tilesets: [], allowed: request.allowedFolders }, request.mapping, request.areaTerrains, progress);
    case 'convert': {
      await progress('Converting to AL-FORM', 0, 2);
      const map = classicToAlform(unpackMap(request.map));
      await progress('Converting to AL-FORM', 2, 2);
      return map;
    }
    case 'create':
      return createMap(request.spec, request.fill, request.name, progress);
    case 'derive':
      return runDeriveTask(request, progress);
    case 'generate':
      return runGenerateTask(request, progress);
  }
}

async function createMap(spec: TerrainMap['spec'], fill: string | null, name: string, progress: Progress): Promise<TerrainMap> {
  await progress('Creating map', 0, 3);
  const map = numberNewMap(TerrainMap.create({ size: spec.size, wrap: spec.wrap, alform: spec.alform, orientation: spec.orientation, meta: { name } }));
  await progress('Creating map', 1, 3);
  // The caller checked `fill` with core/map/paint.ts checkFillTerrain (the worker has no catalogue).
  if (fill !== null) fillGround(map, fill);
  await progress('Creating map', 3, 3);
  return map;
}

type Format = 'tiled' | 'wesnoth' | 'native';

interface ImportSource {
  /** File name or path, for messages and the map's name. */
  source: string;
  text: string | null;
  path: string | null;
  /** Tilesets chosen with a map given as text (browser mode). */
  tilesets: readonly { name: string; text: string }[];
  /** Folders besides the file's own that its tilesets may come from; null: anywhere (the CLI). */
  allowed: readonly string[] | null;
}

async function importMap(input: ImportSource, mapping: unknown, areaTerrains: readonly string[], progress: Progress): Promise<TerrainMap> {
  const total = 4;
  await progress('Reading file', 0, total);
  // The name and the first bytes decide the format before the whole file is read or parsed.
  const format = detectFormat(input.source, input.text ?? readHead(input.path!));
  const text = input.text ?? readTextFile(input.path!);
  await progress(`Reading ${format === 'tiled' ? 'Tiled' : format === 'wesnoth' ? 'Wesnoth' : 'Sandtable'} map`, 1, total);
  let map: TerrainMap;
  if (format === 'native') {
    map = mapFromJson(parseJsonText(text, input.source), input.source);
  } else if (format === 'tiled') {
    const tiled = input.path !== null ? loadTiledFile(input.path, input.allowed === null ? {} : { allowed: input.allowed }) : parseTiled(text, { source: input.source, inflate: nodeInflate, resolveTileset: chosenTileset(input.tilesets) });
    await progress('Mapping tiles to terrain', 2, total);
    const proposed = mapping === undefined ? catalogueTiledMapping(generateMapping(tiled), areaTerrains) : undefined;
    const used: TiledMapping = proposed ? { tiles: proposed.tiles, default: proposed.default } : readTiledMapping(mapping, 'mapping');
    map = tiledToTerrainMap(tiled, used, { source: input.source });
    map.meta.import = { format: 'tiled', file: basename(input.source), mapping: used, ...skipped(tiled), ...(proposed?.unmapped.length ? { unmapped: proposed.unmapped } : {}) };
  } else {
    const data = input.path !== null ? loadWesnothFile(input.path) : parseWesnothMap(text, input.source);
    await progress('Mapping codes to terrain', 2, total);
    const used = mapping === undefined ? DEFAULT_WESNOTH_MAPPING : readWesnothMapping(mapping, 'mapping');
    map = wesnothToTerrainMap(data, used, { source: input.source });
    map.meta.import = { format: 'wesnoth', file: basename(input.source), mapping: used };
  }
  if (typeof map.meta.name !== 'string' || !map.meta.name.trim()) map.meta.name = mapNameOf(input.source);
  await progress('Building terrain map', total, total);
  return map;
}

function skipped(tiled: TiledMap): { skipped?: readonly string[] } {
  return tiled.skipped.length ? { skipped: tiled.skipped } : {};
}

/**
 * External tilesets for a map given as text: those chosen with it, matched by the reference's
 * file name (a browser gives names, not folders: "../tilesets/desert.tsx" is "desert.tsx").
 */
export function chosenTileset(chosen: readonly { name: string; text: string }[]): (reference: string) => string {
  const byName = new Map(chosen.map((t) => [baseOf(t.name).toLowerCase(), t.text]));
  return (reference) => {
    const hit = byName.get(baseOf(reference).toLowerCase());
    if (hit !== undefined) return hit;
    throw new Error(`"${baseOf(reference)}" is an external tileset: choose it together with the map (select both files, or the map's folder), or import the map by its path`);
  };
}

function baseOf(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** The name a map gets from its file: "maps/Hex Mini.tmx" → "Hex Mini". */
export function mapNameOf(source: string): string {
  const base = basename(source);
  const stem = base.slice(0, base.length - extname(base).length);
  return (stem || base).slice(0, 200);
}

/** The format of an import: extension and header must agree (node/formats/files.ts detectMapFormat). */
export function detectFormat(source: string, text: string): Format {
  return detectMapFormat(source, text);
}

/** Common Tiled tile and Wang colour names → catalogue terrain ids. */
const SYNONYMS: Readonly<Record<string, string>> = {
  grass: 'clear',
  grassland: 'clear',
  meadow: 'clear',
  ground: 'clear',
  dirt: 'clear',
  plain: 'plains',
  water: 'lake',
  'shallow-water': 'coastal-ocean',
  'deep-water': 'ocean',
  sea: 'ocean',
  tree: 'forest',
  trees: 'forest',
  wood: 'forest',
  woods: 'forest',
  woodland: 'forest',
  mountain: 'mountains',
  hill: 'hills',
  desert: 'sand',
  dune: 'sand',
  dunes: 'sand',
  rock: 'rocky',
  rocks: 'rocky',
  stone: 'rocky',
  bog: 'swamp',
  town: 'urban',
  city: 'urban',
  building: 'urban',
  house: 'village',
  farm: 'fields',
  field: 'fields',
  snow: 'tundra',
  ice: 'glacier',
};

/**
 * Moves proposed terrain ids onto the catalogue's area terrains (a Tiled map becomes a
 * classic map, whose tiles hold area terrain). A proposal the catalogue does not know (by id
 * or synonym) gets its own placeholder terrain (core/terrain/placeholder.ts: neutral,
 * passable, a grey of its own), so tiles that differed still differ and none turns into
 * water; `unmapped` lists them for the import summary.
 */
export function catalogueTiledMapping(proposed: TiledMapping, areaTerrains: readonly string[]): TiledMapping & { unmapped: UnmappedTiles[] } {
  const known = new Set(areaTerrains);
  const tiles: Record<string, string> = {};
  const unmapped = new Map<string, string[]>();
  for (const [key, id] of Object.entries(proposed.tiles)) {
    const hit = known.has(id) ? id : SYNONYMS[id] !== undefined && known.has(SYNONYMS[id]!) ? SYNONYMS[id]! : null;
    if (hit !== null) {
      tiles[key] = hit;
      continue;
    }
    const placeholder = placeholderId(id);
    tiles[key] = placeholder;
    unmapped.set(placeholder, [...(unmapped.get(placeholder) ?? []), key]);
  }
  const fallback = known.has(proposed.default) ? proposed.default : (areaTerrains[0] ?? '');
  return { ...proposed, tiles, default: fallback, unmapped: [...unmapped].map(([terrain, keys]) => ({ terrain, tiles: keys })) };
}
