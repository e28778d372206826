/**
 * A library as a derivation's SubstituteSource (SPEC §7): `get(terrain, lattice, ratio)`
 * loads the map in the slot of one catalogue and reads it back as a Substitute
 * (core/derive/substitutes `substituteFromMap`). Substitutes are memoized; the memo is
 * dropped whenever the library's substitutes generation moves (any change to a slot or to a
 * slot's map, by this connection or another process: library-schema.ts version 5), so an
 * edited substitute is seen by the next derivation.
 *
 * A slot that still holds the default substitute the library was seeded with (generator seed
 * 0, variant 0) counts as no slot: the generators stand in, with their variants.
 *
 * `substitutesHash` condenses the substitutes a derivation could use into one hash, for the
 * derived-map cache (derived-store.ts): a terrain without a slot hashes as "default" (the
 * built-in generators stand in for it).
 *
 * Must not depend on: Electron, DOM.
 */
import { createHash } from 'node:crypto';
import type { Substitute, SubstituteLattice, SubstituteSource } from '../../core/derive/types.js';
import { substituteFromMap } from '../../core/derive/substitutes/substitute-map.js';
import { generateSubstitute } from '../../core/derive/substitutes/generate.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { InputError } from './args.js';
import type { Library } from './library.js';

export class LibrarySubstituteSource implements SubstituteSource {
  private readonly memo = new Map<string, Substitute | null>();
  private generation = -1;
  private readonly catalogue: TerrainCatalogue;
  /** Substitutes read from maps so far (each at most once per generation): tests count it. */
  loads = 0;

  constructor(
    private readonly library: Library,
    readonly catalogueId: string,
  ) {
    const catalogue = library.catalogues.get(catalogueId);
    if (!catalogue) throw new InputError('argument', 'catalogueId', `no catalogue "${catalogueId}" in library ${library.path}`);
    this.catalogue = catalogue;
  }

  /** One drawing per slot: a designer's substitute answers every variant. */
  get(terrain: string, lattice: SubstituteLattice, ratio: number, _variant?: number): Substitute | undefined {
    this.sync();
    const key = `${terrain}\u0000${lattice}\u0000${ratio}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known ?? undefined;
    const mapId = this.library.substitutes.get(this.catalogueId, terrain, lattice, ratio);
    let sub = mapId === null ? null : this.load(mapId, terrain, lattice, ratio);
    // A slot still holding the seeded default stands aside, so the built-in generators give
    // their variants (several drawings of one ground) exactly as with no library at all.
    if (sub !== null && sameGround(sub, this.defaultOf(terrain, lattice, ratio))) sub = null;
    this.memo.set(key, sub);
    return sub ?? undefined;
  }

  private defaultOf(terrain: string, lattice: SubstituteLattice, ratio: number): Substitute | null {
    try {
      return generateSubstitute(this.catalogue, terrain, lattice, ratio);
    } catch {
      return null; // an inadmissible ratio has no default to compare with
    }
  }

  private load(mapId: string, terrain: string, lattice: SubstituteLattice, ratio: number): Substitute {
    const where = `library ${this.library.path}: the ${lattice} 1:${ratio} substitute of "${terrain}" (map "${mapId}")`;
    let sub: Substitute;
    try {
      sub = substituteFromMap(this.library.maps.load(mapId), this.catalogue);
    } catch (e) {
      throw new Error(`${where}: ${(e as Error).message}`, { cause: e });
    }
    if (sub.terrain !== terrain || sub.lattice !== lattice || sub.ratio !== ratio) {
      throw new Error(`${where} is a ${sub.lattice} 1:${sub.ratio} substitute of "${sub.terrain}"; put it in its own slot`);
    }
    this.loads++;
    return sub;
  }

  private sync(): void {
    const g = this.library.substitutes.generation();
    if (g !== this.generation) {
      this.memo.clear();
      this.generation = g;
    }
  }
}

/**
 * SHA-256 over the substitutes of `terrains` on `lattice` at `ratio` that `source` gives
 * (terrain order does not matter; a terrain the source has none for counts as "default",
 * and so does every terrain when there is no source).
 */
export function substitutesHash(source: SubstituteSource | undefined, terrains: Iterable<string>, lattice: SubstituteLattice, ratio: number): string {
  const hash = createHash('sha256');
  hash.update(`sandtable substitutes 1 ${lattice} ${ratio}\n`);
  for (const terrain of [...new Set(terrains)].sort()) {
    const sub = source?.get(terrain, lattice, ratio);
    if (!sub) {
      hash.update(`${terrain}: default\n`);
      continue;
    }
    hash.update(`${terrain}: ${JSON.stringify(sub.palette)} ${sub.cells.byteLength}:`);
    hash.update(sub.cells);
    hash.update('\n');
  }
  return hash.digest('hex');
}

/** Whether two substitutes put the same terrain on every cell (palettes may be ordered differently). */
function sameGround(a: Substitute, b: Substitute | null): boolean {
  if (b === null || a.cells.length !== b.cells.length) return false;
  for (let i = 0; i < a.cells.length; i++) {
    const x = a.cells[i]!;
    const y = b.cells[i]!;
    if ((x === 0 ? '' : a.palette[x - 1]) !== (y === 0 ? '' : b.palette[y - 1])) return false;
  }
  return true;
}
