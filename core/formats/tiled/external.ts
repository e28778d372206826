/**
 * External tilesets: a map refers to a `.tsx` (XML) or `.tsj` (JSON) file; the caller's
 * resolver supplies its text (core reads no files), and errors inside it name that file.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from '../../util/input-error.js';
import type { ImageSizeOf, TilesetBody } from './tsx.js';
import { pngSize } from '../../util/png.js';
import { parseTsx } from './tsx.js';
import { parseTsj } from './tsj.js';
import type { TiledReadOptions } from './types.js';
import { quoted } from '../../util/bounded.js';

export function loadExternalTileset(reference: string, options: TiledReadOptions, where: string, skipped: string[]): TilesetBody {
  if (!options.resolveTileset) {
    throw new InputError(options.source, where, `the external tileset ${quoted(reference)} cannot be read: no tileset resolver was given to the parser`);
  }
  let text: string;
  try {
    text = options.resolveTileset(reference);
  } catch (e) {
    throw new InputError(options.source, where, `expected a readable external tileset ${quoted(reference)}: ${(e as Error).message}`);
  }
  const name = tilesetSource(options.source, reference);
  return /^\s*(\uFEFF)?\s*</.test(text) ? parseTsx(text, name, skipped, imageSizeReader(options, reference)) : parseTsj(text, name, skipped);
}

/** "maps/a.tmx" + "../ts/b.tsx" → "maps/../ts/b.tsx": a name for errors, not a resolved path. */
function tilesetSource(mapSource: string, reference: string): string {
  const slash = Math.max(mapSource.lastIndexOf('/'), mapSource.lastIndexOf('\\'));
  return slash < 0 || /^([a-zA-Z]:)?[\\/]/.test(reference) ? reference : mapSource.slice(0, slash + 1) + reference;
}

/** Reads a tileset image's size from its PNG header through the caller's `readImageHead`, if any. */
export function imageSizeReader(options: TiledReadOptions, tileset: string | undefined): ImageSizeOf | undefined {
  const read = options.readImageHead;
  return read ? (reference) => pngSize(read(reference, tileset)) : undefined;
}
