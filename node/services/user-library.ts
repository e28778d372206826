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
 * A catalogue the designer edited (`putAppCatalogue`, the catalogue editor) is the one in
 * use from then on: opening keeps it as long as the app ships the catalogue it shipped when
 * it was last seeded (recorded in the library, CatalogueStore.shippedText).
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { serializeCatalogue } from '../../core/terrain/catalogue.js';
import type { Library, LibrarySubstituteSource, SubstituteSlot } from '../store/index.js';
import { openLibrary, seedStarterVectorTiles } from '../store/index.js';

/** File name of the app library in userData (the CLI and README name libraries `*.sandtable-library`). */
export const USER_LIBRARY_FILE = 'library.sandtable-library';
/** Id of the app's catalogue inside its library. */
export const APP_CATALOGUE_ID = 'default';
/** The starter vector tiles shipped with the app (resources/tiles/starter), as the CLI's `library init` seeds them. */
export const STARTER_VECTOR_TILES_DIR = fileURLToPath(new URL('../../resources/tiles/starter', import.meta.url));

export interface UserLibrary {
  readonly library: Library;
  /** The substitutes of the catalogue in use; replaced when the catalogue changes (putAppCatalogue). */
  source: LibrarySubstituteSource;
  /** The catalogue in use: the designer's edited one, else the one the app ships. */
  catalogue: TerrainCatalogue;
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

/** Opens (creating and seeding where needed) the library at `path` for `catalogue`, the one the app ships. */
export function openUserLibrary(path: string, catalogue: TerrainCatalogue, options: UserLibraryOptions = {}): UserLibrary {
  mkdirSync(dirname(path), { recursive: true });
  const library = openLibrary(path, options.now ? { now: options.now } : {});
  try {
    const wanted = serializeCatalogue(catalogue);
    const stored = library.catalogues.get(APP_CATALOGUE_ID);
    let seeded = 0;
    let seededVectorTiles = 0;
    const edited = stored !== null && library.catalogues.shippedText(APP_CATALOGUE_ID) === wanted;
    let inUse = stored ?? catalogue;
    if (!edited && (stored === null || serializeCatalogue(stored) !== wanted)) {
      const starter = options.starterTilesDir ?? STARTER_VECTOR_TILES_DIR;
      [seeded, seededVectorTiles] = library.transaction(() => {
        library.catalogues.put(APP_CATALOGUE_ID, catalogue);
        library.catalogues.setShippedText(APP_CATALOGUE_ID, wanted);
        const substitutes = library.seedDefaultSubstitutes(APP_CATALOGUE_ID).added;
        return [substitutes, existsSync(starter) ? seedStarterVectorTiles(library, APP_CATALOGUE_ID, starter).added : 0];
      });
      inUse = catalogue;
    }
    return { library, source: library.substituteSource(APP_CATALOGUE_ID), catalogue: inUse, seeded, seededVectorTiles };
  } catch (e) {
    library.close();
    throw e;
  }
}

/**
 * Makes `next` the catalogue in use, in one transaction: stored, `slots` (an earlier
 * state's, when undoing) put back where their maps still exist, and every slot still empty
 * — a new terrain's — seeded with its default substitute. A removed terrain's slots go with
 * it (the store cascades).
 */
export function putAppCatalogue(user: UserLibrary, next: TerrainCatalogue, slots: readonly SubstituteSlot[] = []): void {
  const { library } = user;
  library.transaction(() => {
    library.catalogues.put(APP_CATALOGUE_ID, next);
    const known = new Set(next.terrains.map((t) => t.id));
    const back = slots.filter((s) => known.has(s.terrainId) && library.maps.has(s.mapId));
    if (back.length > 0) library.substitutes.import(back, { onConflict: 'replace' });
    // Seeding generates every default substitute of the catalogue (most of a second): only when a terrain has no slot yet.
    const slotted = new Set(library.substitutes.list({ catalogueId: APP_CATALOGUE_ID }).map((s) => s.terrainId));
    if (next.terrains.some((t) => !slotted.has(t.id))) library.seedDefaultSubstitutes(APP_CATALOGUE_ID);
  });
  user.catalogue = next;
  // The source checks substitute maps against the catalogue it was made with.
  user.source = library.substituteSource(APP_CATALOGUE_ID);
}
