/**
 * Reading and writing import/export files from disk for the pure parsers in core/formats:
 * size-capped reads, strict UTF-8 decoding (UTF-16 and Latin-1 files get a clear error),
 * Tiled external tilesets resolved next to the map, zlib through node:zlib. The store and the
 * CLI call these; every error names the file.
 *
 * Node only; no Electron, no DOM.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join } from 'node:path';
import { InputError } from '../../core/util/input-error.js';
import { decodeUtf8, encodeUtf8 } from '../../core/formats/text.js';
import { parseTiled } from '../../core/formats/tiled/read.js';
import { writeTmx } from '../../core/formats/tiled/tmx.js';
import { writeTmj } from '../../core/formats/tiled/tmj.js';
import type { TiledMap } from '../../core/formats/tiled/types.js';
import type { WesnothMapData } from '../../core/formats/wesnoth/wesnoth-map.js';
import { parseWesnothMap, writeWesnothMap } from '../../core/formats/wesnoth/wesnoth-map.js';
import type { RailsGame } from '../../core/formats/rails/game.js';
import { importRailsGame } from '../../core/formats/rails/game.js';
import type { RailsOptions } from '../../core/formats/rails/options.js';
import { nodeDeflate, nodeInflate } from './inflate.js';

/** The largest file an import reads: far above any real map, far below a memory problem. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

/** Reads a whole file as strict UTF-8, refusing directories, missing and oversized files clearly. */
export function readTextFile(path: string, maxBytes = MAX_IMPORT_BYTES): string {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new InputError(path, 'file', 'expected a file, got a directory or a device');
    size = st.size;
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(path, 'file', `expected a readable file: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (size > maxBytes) throw new InputError(path, 'file', `expected at most ${maxBytes} bytes, got ${size}`);
  const bytes = readFileSync(path);
  return decodeUtf8(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), path);
}

/** A Tiled map (.tmx or .tmj), with its external tilesets read from beside it. */
export function loadTiledFile(path: string): TiledMap {
  const dir = dirname(path);
  return parseTiled(readTextFile(path), {
    source: path,
    inflate: nodeInflate,
    resolveTileset: (reference) => readTextFile(isAbsolute(reference) ? reference : join(dir, reference)),
  });
}

/** Writes TMX or TMJ by the file's extension, keeping each layer's compression. */
export function saveTiledFile(path: string, map: TiledMap): void {
  const ext = extname(path).toLowerCase();
  if (ext !== '.tmx' && ext !== '.tmj' && ext !== '.json') throw new Error(`a Tiled map is saved as .tmx or .tmj, got "${basename(path)}"`);
  const text = ext === '.tmx' ? writeTmx(map, { deflate: nodeDeflate }) : writeTmj(map, { deflate: nodeDeflate });
  writeFileSync(path, encodeUtf8(text));
}

export function loadWesnothFile(path: string): WesnothMapData {
  return parseWesnothMap(readTextFile(path), path);
}

export function saveWesnothFile(path: string, data: WesnothMapData): void {
  writeFileSync(path, encodeUtf8(writeWesnothMap(data)));
}

/**
 * A Rails game folder (e.g. `data/1830`): its Tiles.xml — or the shared one given in
 * `tilesXml` — plus TileSet.xml and Map.xml when present. The game is named after the folder.
 */
export function loadRailsGame(dir: string, options: RailsOptions = {}, tilesXml = join(dir, 'Tiles.xml')): RailsGame {
  const optional = (name: string) => {
    const p = join(dir, name);
    try {
      if (!statSync(p).isFile()) return undefined;
    } catch {
      return undefined;
    }
    return { text: readTextFile(p), source: p };
  };
  const tileSet = optional('TileSet.xml');
  const map = optional('Map.xml');
  return importRailsGame(
    { tiles: { text: readTextFile(tilesXml), source: tilesXml }, ...(tileSet ? { tileSet } : {}), ...(map ? { map } : {}) },
    basename(dir),
    options,
  );
}
