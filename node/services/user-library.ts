/**
 * The app's own tile library (SPEC §7, §10): one library file in userData that holds the
 * terrain catalogue in use and its substitute maps, which `maps.derive` reads. On first use
 * it is created with the catalogue and every default substitute (all terrains × lattices ×
 * default ratios); when the app's catalogue changed since (an update added terrains), the
 * catalogue is replaced and the new terrains' slots are seeded — slots that hold a map,
 * the designer's repainted substitutes included, are kept. Both happen in one transaction.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { serializeCatalogue } from '../../core/terrain/catalogue.js';
import type { Library, LibrarySubstituteSource } from '../store/index.js';
import { openLibrary } from '../store/index.js';

/** File name of the app library in userData (the CLI and README name libraries `*.sandtable-library`). */
export const USER_LIBRARY_FILE = 'library.sandtable-library';
/** Id of the app's catalogue inside its library. */
export const APP_CATALOGUE_ID = 'default';

export interface UserLibrary {
  readonly library: Library;
  readonly source: LibrarySubstituteSource;
  /** Default substitutes added while opening (0 when the library was up to date). */
  readonly seeded: number;
}

/** Opens (creating and seeding where needed) the library at `path` for `catalogue`. */
export function openUserLibrary(path: string, catalogue: TerrainCatalogue, options: { now?: () => string } = {}): UserLibrary {
  mkdirSync(dirname(path), { recursive: true });
  const library = openLibrary(path, options.now ? { now: options.now } : {});
  try {
    const wanted = serializeCatalogue(catalogue);
    const stored = library.catalogues.get(APP_CATALOGUE_ID);
    let seeded = 0;
    if (stored === null || serializeCatalogue(stored) !== wanted) {
      seeded = library.transaction(() => {
        library.catalogues.put(APP_CATALOGUE_ID, catalogue);
        return library.seedDefaultSubstitutes(APP_CATALOGUE_ID).added;
      });
    }
    return { library, source: library.substituteSource(APP_CATALOGUE_ID), seeded };
  } catch (e) {
    library.close();
    throw e;
  }
}
