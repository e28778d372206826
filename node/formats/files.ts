/**
 * Reading and writing import/export files from disk for the pure parsers in core/formats:
 * size-capped reads, strict UTF-8 decoding (UTF-16 and Latin-1 files get a clear error),
 * Tiled external tilesets resolved relative to the map, zlib through node:zlib. The store and the
 * CLI call these; every error names the file.
 *
 * Node only; no Electron, no DOM.
 */
import { closeSync, openSync, readFileSync, readSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';
import { InputError } from '../../core/util/input-error.js';
import { decodeUtf8, encodeUtf8 } from '../../core/util/text.js';
import { parseTiled } from '../../core/formats/tiled/read.js';
import { writeTmx } from '../../core/formats/tiled/tmx.js';
import { writeTmj } from '../../core/formats/tiled/tmj.js';
import type { TiledMap } from '../../core/formats/tiled/types.js';
import type { WesnothMapData } from '../../core/formats/wesnoth/wesnoth-map.js';
import { parseWesnothMap, writeWesnothMap } from '../../core/formats/wesnoth/wesnoth-map.js';
import type { RailsGame } from '../../core/formats/rails/game.js';
import { importRailsGame, railsFileAdvice } from '../../core/formats/rails/game.js';
import type { RailsOptions } from '../../core/formats/rails/options.js';
import { nodeDeflate, nodeInflate } from './inflate.js';
import { DEFAULT_LIMITS } from '../../core/util/limits.js';
import { bounded } from '../../core/util/bounded.js';
import { MAP_FORMAT } from '../../core/map/map-json.js';
import { FolderFence, realIsInside } from '../files/path-capability.js';

/** The largest file an import reads (core/util/limits.ts): far above any real map, far below a memory problem. */
export const MAX_IMPORT_BYTES = DEFAULT_LIMITS.maxFileBytes;

/** The map formats an import tells apart. */
export type MapFileFormat = 'tiled' | 'wesnoth' | 'native';

/** What each extension may hold; a file is imported only when its extension AND its header agree. */
const MAP_EXTENSIONS: Readonly<Record<string, readonly MapFileFormat[]>> = {
  '.tmx': ['tiled'],
  '.tmj': ['tiled'],
  '.json': ['native', 'tiled'],
  '.map': ['wesnoth'],
};

/**
 * The format of an import, from its name and its first characters — never from the content
 * alone: a file without a map extension (`/etc/passwd`, `id_rsa`), or whose header is not
 * what its extension says, is refused before any parser sees it, and the message names the
 * file and what was expected without quoting a byte of it.
 */
export function detectMapFormat(source: string, head: string): MapFileFormat {
  const ext = extname(source).toLowerCase();
  const allowed = MAP_EXTENSIONS[ext];
  const name = bounded(basename(source), 120);
  if (!allowed) {
    const rails = ext === '.xml' ? railsFileAdvice(head.slice(0, 4096)) : null;
    if (rails) throw new InputError(bounded(source, 240), 'file', rails);
    throw new InputError(bounded(source, 240), 'file name', `expected a Tiled map (.tmx, .tmj), a Wesnoth map (.map) or a Sandtable map (.json); "${name}" has ${ext ? `the extension ${bounded(ext, 20)}` : 'no extension'}`);
  }
  const text = head.slice(0, 4096).replace(/^\uFEFF/, '');
  const start = text.trimStart();
  const refuse = (what: string): never => {
    throw new InputError(bounded(source, 240), 'header', `expected ${what}: the file's first characters are not (its content is not shown)`);
  };
  if (text.includes('\u0000')) refuse(`a text ${ext} file (it holds NUL bytes: binary, or UTF-16)`);
  if (ext === '.tmx') {
    if (!/^<(\?xml[\s?]|map[\s>]|!--)/.test(start)) refuse('a TMX file (XML starting with <?xml or <map)');
    return 'tiled';
  }
  if (ext === '.tmj' || ext === '.json') {
    if (!start.startsWith('{')) refuse(ext === '.tmj' ? 'a TMJ file (a JSON object)' : 'a Sandtable or Tiled map (a JSON object)');
    // A native map says so in a field near the top; any other JSON object is a Tiled TMJ.
    if (ext === '.json' && new RegExp(`"format"\\s*:\\s*"${MAP_FORMAT}"`).test(start)) return 'native';
    return 'tiled';
  }
  // Wesnoth: an old-style header line (key=value) or a row of comma-separated terrain codes.
  const first = start.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const codeRow = first.split(',').every((cell) => /^(\s*[A-Za-z0-9_]+\s+)*\s*[^\s,^=]{1,4}(\^[^\s,^]{1,4})?\s*$/.test(cell));
  if (!/^[a-z_]+\s*=/.test(first) && !codeRow) refuse('a Wesnoth map (rows of comma-separated terrain codes such as Gg, Gg^Fds)');
  return 'wesnoth';
}

/** The first `bytes` of a file as text (lossy: only for telling formats apart). */
export function readHead(path: string, bytes = 4096): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const n = readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

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
  if (size > maxBytes) throw new InputError(path, 'file', `expected at most ${maxBytes} bytes (docs/limits.md), got ${size}`);
  const bytes = readFileSync(path);
  return decodeUtf8(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), path);
}

export interface TilesetAccess {
  /**
   * Folders besides the map's own folder tree that its tilesets and images may be read from
   * (those the user allowed for the project). Given, a reference elsewhere is not read: the
   * load throws FolderGrantNeeded naming every such folder. Absent, references resolve
   * anywhere the user can read (the CLI: the user's own command names the file).
   */
  allowed?: readonly string[];
}

/**
 * A Tiled map (.tmx or .tmj), with its external tilesets read relative to it. Whatever the
 * folder, a tileset must be a .tsx/.tsj with the matching header (a map cannot make us read,
 * or echo the first character of, any other file), at most MAX_IMPORT_BYTES; with
 * `access.allowed` (the app's doors) only inside the map's folder tree and those folders,
 * symlinks resolved first (node/files/path-capability.ts).
 */
export function loadTiledFile(path: string, access: TilesetAccess = {}): TiledMap {
  const dir = dirname(resolve(path));
  const fence = access.allowed === undefined ? null : new FolderFence([dir, ...access.allowed]);
  let map: TiledMap;
  try {
    map = parseTiled(readTextFile(path), {
      source: path,
      inflate: nodeInflate,
      resolveTileset: (reference) => readTilesetFile(reference, dir, fence),
      readImageHead: (reference, tileset) => readImageHead(reference, tileset === undefined ? dir : dirname(resolve(dir, tileset)), fence),
    });
  } catch (e) {
    fence?.ask(); // a placeholder for a tileset not read may be what failed: the question comes first
    throw e;
  }
  fence?.ask();
  return map;
}

/** The real path of a reference relative to `dir`, or one clear line when it cannot be read. */
function realReference(reference: string, dir: string): string {
  try {
    return realpathSync(isAbsolute(reference) ? resolve(reference) : resolve(dir, reference));
  } catch (e) {
    throw new Error(`cannot read ${bounded(reference, 120)}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
}

/**
 * The first 32 bytes of a tileset image (a PNG), fenced like tilesets: only its header is
 * read, for tilesets that give neither tilecount nor the image's size.
 */
export function readImageHead(reference: string, dir: string, fence: FolderFence | null): Uint8Array {
  if (extname(reference).toLowerCase() !== '.png') throw new Error(`only a PNG image's size can be read; ${bounded(basename(reference), 80)} is not a .png`);
  const real = realReference(reference, dir);
  if (fence && !fence.admits(real)) throw new Error(`${bounded(reference, 120)} is outside the folders allowed for this project`);
  const fd = openSync(real, 'r');
  try {
    const buf = Buffer.alloc(32);
    const n = readSync(fd, buf, 0, 32, 0);
    return new Uint8Array(buf.buffer, buf.byteOffset, n);
  } finally {
    closeSync(fd);
  }
}

/** A tileset's PNG image whole (library import of a tileset, issue 13), confined to `roots` like readImageHead and capped at MAX_IMPORT_BYTES. */
export function readTilesetImage(reference: string, dir: string, roots: readonly string[]): Uint8Array {
  if (extname(reference).toLowerCase() !== '.png') throw new Error(`a tileset image is read as PNG; ${bounded(basename(reference), 80)} is not a .png`);
  const real = realReference(reference, dir);
  if (!roots.some((root) => realIsInside(real, root))) throw new Error(`images are read only from the tileset's folder and the folders below it; ${bounded(reference, 120)} is outside`);
  const size = statSync(real).size;
  if (size > MAX_IMPORT_BYTES) throw new Error(`${bounded(reference, 120)}: expected at most ${MAX_IMPORT_BYTES} bytes (docs/limits.md), got ${size}`);
  const bytes = readFileSync(real);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** What an external tileset not read yet stands in as, so one pass finds every folder to ask about. */
const PLACEHOLDER_TSX = '<tileset name="placeholder" tilewidth="1" tileheight="1" tilecount="1" columns="1"/>';
const PLACEHOLDER_TSJ = '{"name":"placeholder","tilewidth":1,"tileheight":1,"tilecount":1,"columns":1}';

/**
 * Reads an external tileset (real paths, so a symlink is judged by its target). Outside the
 * `fence` it is not read: the fence notes its folder and a placeholder stands in for it.
 */
export function readTilesetFile(reference: string, dir: string, fence: FolderFence | null): string {
  const ext = extname(reference).toLowerCase();
  if (ext !== '.tsx' && ext !== '.tsj' && ext !== '.json') throw new Error(`a tileset is a .tsx or .tsj file; this reference has ${ext ? `the extension ${bounded(ext, 20)}` : 'no extension'}`);
  const target = isAbsolute(reference) ? resolve(reference) : resolve(dir, reference);
  let real: string;
  try {
    real = realpathSync(target);
  } catch (e) {
    throw new Error(`cannot read it: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  if (fence && !fence.admits(real)) return ext === '.tsx' ? PLACEHOLDER_TSX : PLACEHOLDER_TSJ;
  const text = readTextFile(real);
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (ext === '.tsx' ? !head.startsWith('<') : !head.startsWith('{')) throw new Error(`expected a ${ext === '.tsx' ? 'TSX (XML)' : 'TSJ (JSON)'} tileset; its first characters are not (its content is not shown)`);
  return text;
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
 * `tilesXml` — plus TileSet.xml, Map.xml and GameOptions.xml (the option defaults) when present. The game is named after the folder.
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
  const gameOptions = optional('GameOptions.xml');
  return importRailsGame(
    { tiles: { text: readTextFile(tilesXml), source: tilesXml }, ...(tileSet ? { tileSet } : {}), ...(map ? { map } : {}), ...(gameOptions ? { gameOptions } : {}) },
    basename(dir),
    options,
  );
}
