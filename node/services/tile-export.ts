/**
 * Tile packs out of a library (`tiles.export`, issue 13): a new library file holding the
 * chosen vector tiles (with the source's catalogues, so their terrains stay known), or a
 * folder of one `.svg` (core/vector exportSvg, the Inkscape form) or `.json` (native form)
 * file per tile. Every file is written whole or not at all (temporary file, then rename);
 * a library file is built under a temporary name and renamed when complete.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { exportSvg } from '../../core/vector/svg.js';
import { readVectorTile } from '../../core/vector/json.js';
import type { Library, VectorTileRecord } from '../store/index.js';
import { openLibrary } from '../store/index.js';
import { tempBeside, writeWhole } from './write-whole.js';

export type TilePackFormat = 'library' | 'svg' | 'json';

/** Writes `records` (from `lib.vector.export`) to `dest` (checked by the caller); answers the path written. */
export function writeTilePack(lib: Library, records: readonly VectorTileRecord[], dest: string, format: TilePackFormat): string {
  if (format === 'library') return writeLibraryFile(lib, records, dest);
  if (existsSync(dest) && !isDirectory(dest)) throw new Error(`${dest}: a file is there; a ${format.toUpperCase()} pack is a folder of tile files`);
  mkdirSync(dest, { recursive: true });
  const used = new Set<string>();
  const files = records.map((r) => {
    const tile = readVectorTile(JSON.stringify(r.tile), 'library tile');
    return { name: uniqueName(tile.id, format, used), text: format === 'svg' ? exportSvg(tile) : `${JSON.stringify(r.tile, null, 1)}\n` };
  });
  for (const f of files) writeWhole(join(dest, f.name), f.text);
  return dest;
}

function writeLibraryFile(lib: Library, records: readonly VectorTileRecord[], dest: string): string {
  if (existsSync(dest)) throw new Error(`${dest} already exists; choose a new file name for the library`);
  const tmp = tempBeside(dest);
  const out = openLibrary(tmp);
  try {
    out.transaction(() => {
      const info = lib.info();
      if (info.name) out.setInfo({ name: info.name });
      for (const c of lib.catalogues.list()) {
        const catalogue = lib.catalogues.get(c.id);
        if (catalogue) out.catalogues.put(c.id, catalogue);
      }
      out.vector.import(records);
    });
    out.close();
    renameSync(tmp, dest);
  } catch (e) {
    out.close();
    throw e;
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(tmp + suffix, { force: true });
  }
  return dest;
}

/** A file name from a tile id: characters outside [A-Za-z0-9._-] become "_", clashes get "-2", "-3"…. */
function uniqueName(id: string, ext: string, used: Set<string>): string {
  const stem = id.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_').slice(0, 120) || 'tile';
  let name = `${stem}.${ext}`;
  for (let k = 2; used.has(name.toLowerCase()); k++) name = `${stem}-${k}.${ext}`;
  used.add(name.toLowerCase());
  return name;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
