/**
 * Vector-form tile files on disk (docs/vector-tiles.md): `.svg` (Inkscape, Illustrator) and
 * `.json` (native form), one tile a file, and folders of them (the starter library in
 * resources/tiles/starter/<shape>/<category>/). Reading is capped and strict UTF-8
 * (files.ts); every error is core/vector's one InputError naming the file and the element.
 *
 * Must not depend on: Electron, DOM.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, extname, join, relative, sep } from 'node:path';
import { readVectorTile, VECTOR_LIMITS, vectorTileToJson } from '../../core/vector/json.js';
import { importSvg } from '../../core/vector/svg.js';
import type { VectorTile } from '../../core/vector/types.js';
import type { ValidateOptions } from '../../core/vector/validate.js';
import { InputError } from '../../core/util/input-error.js';
import { readTextFile } from './files.js';

export const VECTOR_TILE_EXTENSIONS = ['.svg', '.json'] as const;

export interface VectorTileFile {
  readonly path: string;
  readonly tile: VectorTile;
  /** What the SVG reader ignored (text, images …), one line each. */
  readonly warnings: readonly string[];
}

/** One tile from an .svg or .json file; the SVG's tile id defaults to the file name. */
export function readVectorTileFile(path: string, options: ValidateOptions = {}): VectorTileFile {
  checkVectorTileName(path);
  return readVectorTileText(path, readTextFile(path, VECTOR_LIMITS.textLength * 4), options);
}

/** One tile from the text of a file named `name` (.svg or .json; an upload in browser mode). */
export function readVectorTileText(name: string, text: string, options: ValidateOptions = {}): VectorTileFile {
  const ext = checkVectorTileName(name);
  if (ext === '.json') return { path: name, tile: readVectorTile(text, name, options), warnings: [] };
  const { tile, warnings } = importSvg(text, name, { ...options, id: basename(name, extname(name)) });
  return { path: name, tile, warnings };
}

function checkVectorTileName(name: string): '.svg' | '.json' {
  const ext = extname(name).toLowerCase();
  if (ext !== '.svg' && ext !== '.json') throw new InputError(name, 'file', 'expected a vector tile as .svg or .json');
  return ext;
}

/** Every .svg and .json file under `dir`, recursively, in a stable (sorted) order. */
export function listVectorTileFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, depth: number) => {
    if (depth > 20) throw new InputError(dir, relative(dir, d) || '.', 'folders nested at most 20 deep');
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.name.startsWith('.')) continue;
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p, depth + 1);
      else if (entry.isFile() && (VECTOR_TILE_EXTENSIONS as readonly string[]).includes(extname(entry.name).toLowerCase())) out.push(p);
    }
  };
  walk(dir, 0);
  return out;
}

/** A file or a folder of tile files; the first bad file stops the read with its error. */
export function readVectorTiles(path: string, options: ValidateOptions = {}): VectorTileFile[] {
  return statSync(path).isDirectory() ? listVectorTileFiles(path).map((p) => readVectorTileFile(p, options)) : [readVectorTileFile(path, options)];
}

/**
 * A folder of tiles as library records: each tile tagged with `tags` and with the folders
 * between `dir` and its file (`hex/river/x.svg` → "hex", "river"), so the starter library's
 * categories become tags.
 */
export function vectorTileRecords(dir: string, tags: readonly string[] = [], options: ValidateOptions = {}): { tile: unknown; tags: string[] }[] {
  return listVectorTileFiles(dir).map((p) => {
    const folders = relative(dir, p).split(sep).slice(0, -1);
    return { tile: vectorTileToJson(readVectorTileFile(p, options).tile), tags: [...new Set([...tags, ...folders])] };
  });
}
