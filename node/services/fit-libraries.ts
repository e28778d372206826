/**
 * The library's vector tiles compiled for fitting (core/assemble `AssemblyLibrary`: every
 * tile × allowed placement with its integer edge signatures), kept between calls, so hovering
 * and choosing tiles on a map does not compile the library each time. Compiled per set of
 * the map's cell shape classes (a flat hex map does not warp every tile onto pentagons) and
 * dropped when the library's tiles or the catalogue change.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { AssemblyLibrary } from '../../core/assemble/index.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { matchOptionsFrom } from '../../core/vector/terrain-rules.js';
import type { Library, VectorShape } from '../store/index.js';

export class FitLibraries {
  private library: Library | null = null;
  private catalogue: TerrainCatalogue | null = null;
  private revision = '';
  private readonly compiled = new Map<string, AssemblyLibrary>();
  /** How many times a tile set was compiled (tests assert the cache works by this count). */
  compiles = 0;
  /** Per compiled set its tiles' tags (the library's categories: what a tile depicts, core/assemble painted.ts). */
  private readonly tagSets = new WeakMap<AssemblyLibrary, ReadonlyMap<string, readonly string[]>>();

  /** The compiled tiles of `shapes` for these shape classes, from the cache while the library is unchanged. */
  get(library: Library, catalogue: TerrainCatalogue, shapes: readonly VectorShape[], shapeClasses: readonly number[]): AssemblyLibrary {
    const revision = revisionOf(library);
    if (library !== this.library || catalogue !== this.catalogue || revision !== this.revision) {
      this.compiled.clear();
      this.library = library;
      this.catalogue = catalogue;
      this.revision = revision;
    }
    const key = `${shapes.join(',')}|${shapeClasses.join(',')}`;
    let out = this.compiled.get(key);
    if (!out) {
      out = new AssemblyLibrary(library.vector.tiles(shapes), { match: matchOptionsFrom(catalogue), shapeClasses });
      this.compiled.set(key, out);
      this.compiles++;
    }
    return out;
  }

  /** The tags of `compiled`'s tiles (from `get` of this library), read once per compiled set. */
  tags(library: Library, compiled: AssemblyLibrary): (tileId: string) => readonly string[] {
    let tags = this.tagSets.get(compiled);
    if (!tags) this.tagSets.set(compiled, (tags = new Map(compiled.tiles.map((t) => [t.id, library.vector.get(t.id)?.tags ?? []]))));
    const found = tags;
    return (id) => found.get(id) ?? [];
  }
}

/**
 * What changes whenever a vector tile is added, replaced, renamed or deleted: the rows this
 * connection has written (the app writes its library through this one connection; any write
 * counts, so an unrelated one only costs a recompile), and the count, newest row and latest
 * update for writes from elsewhere.
 */
function revisionOf(library: Library): string {
  const row = library.db.prepare('SELECT total_changes() AS w, count(*) AS n, max(vid) AS v, max(updated_at) AS u FROM vector_tiles').get() as { w: number; n: number; v: number | null; u: string | null };
  return `${row.w}:${row.n}:${row.v ?? 0}:${row.u ?? ''}`;
}
