/**
 * The vector tiles `assemble` and `check` work with (`--library LIB`): a library file
 * (node/store, its vector tiles and its terrain catalogue) or a folder of .svg/.json tiles
 * (node/formats/vector-files.ts, e.g. resources/tiles/starter/square). Also the small JSON
 * inputs of those commands (fixed tiles, counts), each read strictly with one-line errors.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, extname, relative, resolve, sep } from 'node:path';
import type { TerrainCatalogue } from '../core/terrain/catalogue.js';
import type { VectorTile } from '../core/vector/types.js';
import type { MatchOptions } from '../core/vector/match.js';
import { matchOptionsFrom } from '../core/vector/terrain-rules.js';
import { parseOrientation } from '../core/vector/orientation.js';
import { encodePlacement } from '../core/map/orientation-code.js';
import { JsonReader } from '../core/util/input-error.js';
import { parseJsonText } from '../core/util/json-text.js';
import { readVectorTiles } from '../node/formats/vector-files.js';
import { loadCatalogue } from './catalogue.js';
import { UsageError } from './io.js';
import type { Io } from './io.js';
import type { CoordCodec } from './coord-codec.js';
import { LIBRARY_CATALOGUE_ID, withLibrary } from './commands/library.js';

export interface TileSet {
  readonly tiles: VectorTile[];
  /** What the map's tile table records as the tiles' library: the file or folder name. */
  readonly label: string;
  readonly match: MatchOptions;
  readonly catalogue: TerrainCatalogue;
  /** Tile id → its tags: a library's, or a folder's subfolders (`hills/x.svg` → "hills"), as the app's library records them. */
  readonly tags: ReadonlyMap<string, readonly string[]>;
}

/** Reads LIB; `--catalogue` wins over a library's own catalogue, which wins over the default. */
export function readTileSet(command: string, path: unknown, cataloguePath: string | undefined): TileSet {
  if (typeof path !== 'string' || path === '') throw new UsageError(`${command}: missing --library (a library file or a folder of .svg/.json vector tiles)`);
  if (!existsSync(path)) throw new UsageError(`${command}: --library ${path} does not exist`);
  const label = basename(resolve(path), extname(path));
  let tiles: VectorTile[];
  let catalogue: TerrainCatalogue | undefined;
  const tags = new Map<string, readonly string[]>();
  if (statSync(path).isDirectory()) {
    const files = readVectorTiles(path);
    tiles = files.map((f) => f.tile);
    for (const f of files) tags.set(f.tile.id, relative(path, f.path).split(sep).slice(0, -1));
  } else {
    [tiles, catalogue] = withLibrary(path, (lib) => {
      const all = lib.vector.tiles();
      for (const t of all) tags.set(t.id, lib.vector.get(t.id)?.tags ?? []);
      return [all, lib.catalogues.get(LIBRARY_CATALOGUE_ID) ?? undefined] as const;
    });
  }
  if (tiles.length === 0) throw new UsageError(`${command}: --library ${path} holds no vector tiles`);
  const chosen = cataloguePath !== undefined || !catalogue ? loadCatalogue(cataloguePath) : catalogue;
  return { tiles, label, match: matchOptionsFrom(chosen), catalogue: chosen, tags };
}

export interface FixedTile {
  readonly cell: number;
  readonly tile: string;
  readonly code: number;
}

/**
 * `--fixed fixed.json`: `[{"at": "3,4", "tile": "sq-road-bend-1", "orientation": "r90"}, …]`
 * — coordinates in the map's coordinates, the orientation as `tile match` takes it (default r0).
 */
export function readFixed(io: Io, file: string, codec: CoordCodec, tiles: readonly VectorTile[]): FixedTile[] {
  const r = new JsonReader(file);
  const byId = new Map(tiles.map((t) => [t.id, t]));
  const seen = new Set<number>();
  return r.array(parseJsonText(io.readText(file), file), '$').map((e, k) => {
    const at = `$[${k}]`;
    const o = r.object(e, at);
    r.onlyKeys(o, at, ['at', 'tile', 'orientation']);
    const cell = codec.decode(r.string(o.at, `${at}.at`), `${file} ${at}.at`);
    if (seen.has(cell)) r.fail(`${at}.at`, 'each cell fixed once', o.at);
    seen.add(cell);
    const id = r.string(o.tile, `${at}.tile`);
    const tile = byId.get(id) ?? r.fail(`${at}.tile`, 'a tile id of --library', id);
    let code = 0;
    if (o.orientation !== undefined) {
      try {
        code = encodePlacement({ orientation: parseOrientation(tile.shape, r.string(o.orientation, `${at}.orientation`)) });
      } catch (err) {
        r.fail(`${at}.orientation`, (err as Error).message, o.orientation);
      }
    }
    return { cell, tile: id, code };
  });
}

/** `--counts counts.json`: `{"tile-id": most instances, …}`. */
export function readCounts(io: Io, file: string, tiles: readonly VectorTile[]): Record<string, number> {
  const r = new JsonReader(file);
  const o = r.object(parseJsonText(io.readText(file), file), '$');
  const ids = new Set(tiles.map((t) => t.id));
  const out: Record<string, number> = {};
  for (const [id, n] of Object.entries(o)) {
    if (!ids.has(id)) r.fail(`$.${id}`, 'a tile id of --library', id);
    out[id] = r.integer(n, `$.${id}`, 0, 1_000_000_000);
  }
  return out;
}

/** `--connected road,river` → terrain ids. */
export function readConnected(command: string, text: unknown): string[] | undefined {
  if (text === undefined) return undefined;
  const list = String(text).split(',').map((s) => s.trim());
  if (list.some((t) => t === '')) throw new UsageError(`${command}: --connected must be terrain ids separated by commas, got "${String(text)}"`);
  return list;
}
