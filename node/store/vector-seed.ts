/**
 * Seeding a library with the starter vector tiles (resources/tiles/starter, SPEC §6): every
 * tile file under the folder, tagged "starter" and with its folders (`hex/river/…` → "hex",
 * "river"), its terrains checked against the library's catalogue: a tile that uses a terrain
 * the catalogue lacks is left out (counted, not an error, so a smaller catalogue still gets
 * the tiles it can draw). Tiles whose id is in the library already are left alone (the
 * designer's edits win). The one home of this step:
 * `library init` (CLI) and the app's own library (node/services/user-library.ts) both call it.
 *
 * Must not depend on: Electron, DOM.
 */
import { STARTER_TILE_TAG } from '../../core/vector/starter.js';
import { vectorTileRecords } from '../formats/vector-files.js';
import { ArgReader, InputError } from './args.js';
import type { ImportResult } from './import-result.js';
import type { Library } from './library.js';

/** The mark of a starter tile; they are read-only (core/vector starter.ts: saving over one saves a copy). */
export const STARTER_VECTOR_TAG = STARTER_TILE_TAG;

/**
 * Reads the starter tiles under `dir` (all of them, before anything is written; the first
 * bad file stops with its error) and imports them in one transaction, skipping ids present.
 */
export function seedStarterVectorTiles(library: Library, catalogueId: string, dir: string): StarterSeedResult {
  const id = new ArgReader().id(catalogueId, 'catalogueId');
  const catalogue = library.catalogues.get(id);
  if (!catalogue) throw new InputError('argument', 'catalogueId', `no catalogue "${id}" in library ${library.path}; put the catalogue first`);
  const terrains = new Set(catalogue.terrains.map((t) => t.id));
  const all = vectorTileRecords(dir, [STARTER_VECTOR_TAG]);
  const records = all.filter((r) => (r.tile as { elements: { terrain: string }[] }).elements.every((e) => terrains.has(e.terrain)));
  return { ...library.vector.import(records, { onConflict: 'skip', catalogueId: id }), unsupported: all.length - records.length };
}

export interface StarterSeedResult extends ImportResult {
  /** Starter tiles left out because they use a terrain the catalogue lacks. */
  readonly unsupported: number;
}
