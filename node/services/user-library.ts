/**
 * The app's own tile library (SPEC §7, §10): one library file in userData that holds the
 * terrain catalogue in use, its substitute maps, which `maps.derive` reads, and the starter
 * vector tiles. On first use it is created with the catalogue, every default substitute (all
 * terrains × lattices × default ratios) and the starter vector tiles, as `library init` does
 * (node/store seedDefaultSubstitutes, seedStarterVectorTiles); when the app's catalogue
 * changed since (an update added terrains), the catalogue is replaced, the new terrains'
 * slots are seeded and missing starter tiles added — slots that hold a map, the designer's
 * repainted substitutes included, and tiles already there are kept. All in one transaction.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { serializeCatalogue } from '../../core/terrain/catalogue.js';
import type { Library, LibrarySubstituteSource } from '../store/index.js';
import { openLibrary, seedStarterVectorTiles } from '../store/index.js';

/** File name of the app library in userData (the CLI and README name libraries `*.sandtable-library`). */
export const USER_LIBRARY_FILE = 'library.sandtable-library';
/** Id of the app's catalogue inside its library. */
export const APP_CATALOGUE_ID = 'default';
/** The starter vector tiles shipped with the app (resources/tiles/starter), as the CLI's `library init` seeds them. */
export const STARTER_VECTOR_TILES_DIR = fileURLToPath(new URL('../../resources/tiles/starter', import.meta.url));

export interface UserLibrary {
  readonly library: Library;
  readonly source: LibrarySubstituteSource;
  /** Default substitutes added while opening (0 when the library was up to date). */
  readonly seeded: number;
  /** Starter vector tiles added while opening (0 when the library was up to date). */
  readonly seededVectorTiles: number;
}

export interface UserLibraryOptions {
  now?: () => string;
  /** Folder of the starter vector tiles (default STARTER_VECTOR_TILES_DIR); none are seeded when it does not exist. */
  starterTilesDir?: string;
}

/** Opens (creating and seeding where needed) the library at `path` for `catalogue`. */
export function openUserLibrary(path: string, catalogue: TerrainCatalogue, options: UserLibraryOptions = {}): UserLibrary {
  mkdirSync(dirname(path), { recursive: true });
  const library = openLibrary(path, options.now ? { now: options.now } : {});
  try {
    const wanted = serializeCatalogue(catalogue);
    const stored = library.catalogues.get(APP_CATALOGUE_ID);
    let seeded = 0;
    let seededVectorTiles = 0;
    if (stored === null || serializeCatalogue(stored) !== wanted) {
      const starter = options.starterTilesDir ?? STARTER_VECTOR_TILES_DIR;
      [seeded, seededVectorTiles] = library.transaction(() => {
        library.catalogues.put(APP_CATALOGUE_ID, catalogue);
        const substitutes = library.seedDefaultSubstitutes(APP_CATALOGUE_ID).added;
        return [substitutes, existsSync(starter) ? seedStarterVectorTiles(library, APP_CATALOGUE_ID, starter).added : 0];
      });
    }
    return { library, source: library.substituteSource(APP_CATALOGUE_ID), seeded, seededVectorTiles };
  } catch (e) {
    library.close();
    throw e;
  }
}
