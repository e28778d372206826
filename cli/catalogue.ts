/**
 * The terrain catalogue a command works with: `--catalogue file.json`, or the default one
 * shipped in resources/terrain/default.json (found relative to this module, which sits one
 * folder below the package root both as source, cli/, and bundled, dist/).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCatalogue, type TerrainCatalogue } from '../core/terrain/catalogue.js';
import { parseJsonText } from '../core/util/json-text.js';

export const DEFAULT_CATALOGUE_PATH = fileURLToPath(new URL('../resources/terrain/default.json', import.meta.url));
/** The starter vector tiles `library init` imports (resources/tiles/starter, README there). */
export const STARTER_TILES_PATH = fileURLToPath(new URL('../resources/tiles/starter', import.meta.url));

export function loadCatalogue(path: string | undefined): TerrainCatalogue {
  const file = path ?? DEFAULT_CATALOGUE_PATH;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`cannot read the terrain catalogue ${file}`);
  }
  return parseCatalogue(parseJsonText(text, file), file);
}
