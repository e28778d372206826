/**
 * Seeding a library with the default substitutes of a catalogue (SPEC §7): for every
 * terrain, every lattice and every default ratio (core/derive/substitutes
 * `defaultSubstitutes`), a library map (`substituteToMap`) in its slot, so a designer finds
 * — and can repaint — the substitute of every terrain. Slots that hold a map already are
 * left alone (the designer's substitutes win); everything is ONE transaction.
 *
 * Must not depend on: Electron, DOM.
 */
import { defaultSubstitutes } from '../../core/derive/substitutes/generate.js';
import { substituteToMap } from '../../core/derive/substitutes/substitute-map.js';
import { ArgReader, InputError } from './args.js';
import type { Library } from './library.js';
import { MAX_SEED } from '../../core/derive/options.js';

export interface SeedOptions {
  /** Seed of the generators (default 0): the same seed gives the same substitutes. */
  seed?: number;
}

export interface SeedResult {
  /** Slots filled with a new default substitute map. */
  readonly added: number;
  /** Slots that already held a map, left as they were. */
  readonly kept: number;
}

/** Map id of a default substitute: stable, so seeding twice finds its own maps. */
export function defaultSubstituteMapId(catalogueId: string, terrain: string, lattice: string, ratio: number): string {
  return `substitute:${catalogueId}:${terrain}:${lattice}:${ratio}`;
}

export function seedDefaultSubstitutes(library: Library, catalogueId: string, options: SeedOptions = {}): SeedResult {
  const r = new ArgReader();
  const id = r.id(catalogueId, 'catalogueId');
  const o = r.strictObject(options, 'options', ['seed']);
  const seed = o.seed === undefined ? 0 : r.integer(o.seed, 'options.seed', 0, MAX_SEED);
  const catalogue = library.catalogues.get(id);
  if (!catalogue) throw new InputError('argument', 'catalogueId', `no catalogue "${id}" in library ${library.path}; put the catalogue first`);
  // Generated before the transaction: the write lock is held only while writing.
  const substitutes = defaultSubstitutes(catalogue, seed);
  return library.transaction(() => {
    let added = 0;
    let kept = 0;
    for (const sub of substitutes) {
      if (library.substitutes.get(id, sub.terrain, sub.lattice, sub.ratio) !== null) {
        kept++;
        continue;
      }
      const mapId = defaultSubstituteMapId(id, sub.terrain, sub.lattice, sub.ratio);
      const name = `${catalogue.terrains.find((t) => t.id === sub.terrain)?.name ?? sub.terrain} · ${sub.lattice} 1:${sub.ratio}`;
      library.maps.put(substituteToMap(sub), { id: mapId, name });
      library.substitutes.set({ catalogueId: id, terrainId: sub.terrain, lattice: sub.lattice, ratio: sub.ratio, mapId });
      added++;
    }
    return { added, kept };
  });
}
