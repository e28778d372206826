/**
 * Substitute-map slots (SPEC §7): for a terrain of a catalogue, a small lattice and a
 * SCALE-RATIO admissible on it, the library map that stands in for one large tile of that
 * terrain. Derivation reads them (substitute-source.ts); here they are stored, listed and
 * kept consistent (removing the terrain from its catalogue, or deleting the map, empties the
 * slot). A slot's map must be a map of that lattice (square, offset-square, or a hex kind).
 *
 * Must not depend on: Electron, DOM.
 */
import type { GridKind } from '../../core/grid/types.js';
import type { SubstituteLattice } from '../../core/derive/types.js';
import { isAdmissibleRatio, ratioStep, substituteLattice } from '../../core/derive/geometry/ratios.js';
import type { OnConflict } from './args.js';
import { ArgReader, InputError } from './args.js';
import type { StoreContext } from './context.js';
import type { ImportOptions, ImportResult } from './import-result.js';
import { emptyImportResult, tally } from './import-result.js';
import { readTransaction, writeTransaction } from './sqlite.js';

export interface SubstituteSlot {
  readonly catalogueId: string;
  readonly terrainId: string;
  readonly lattice: SubstituteLattice;
  /** Admissible on the lattice: square even, offset-square a multiple of 4, hex of 6 (core/derive/geometry/ratios.ts). */
  readonly ratio: number;
  readonly mapId: string;
}

/** A slot as callers and library packs give it: without `lattice`, the lattice of the map's grid kind. */
export type SubstituteSlotInput = Omit<SubstituteSlot, 'lattice'> & { readonly lattice?: SubstituteLattice };

export const SUBSTITUTE_LATTICES: readonly SubstituteLattice[] = ['square', 'offset-square', 'hex'];
/** A grid kind standing for each lattice, for the ratio rules of core/derive/geometry/ratios.ts. */
const LATTICE_KIND: Record<SubstituteLattice, GridKind> = { square: 'square', 'offset-square': 'offset-square', hex: 'hex-rectangle' };
const MAX_RATIO = 1000;

interface SlotRow {
  catalogue_id: string;
  terrain_id: string;
  lattice: SubstituteLattice;
  ratio: number;
  map_id: string;
}

export class SubstituteStore {
  private readonly db;

  constructor(ctx: StoreContext) {
    this.db = ctx.db;
  }

  /** Slots, optionally of one catalogue, terrain, lattice, ratio or map. */
  list(filter: Partial<SubstituteSlot> = {}): SubstituteSlot[] {
    const r = new ArgReader();
    const f = r.strictObject(filter, 'filter', ['catalogueId', 'terrainId', 'lattice', 'ratio', 'mapId']);
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (column: string, value: unknown) => {
      where.push(`${column} = ?`);
      params.push(value);
    };
    if (f.catalogueId !== undefined) add('catalogue_id', r.id(f.catalogueId, 'filter.catalogueId'));
    if (f.terrainId !== undefined) add('terrain_id', r.id(f.terrainId, 'filter.terrainId'));
    if (f.lattice !== undefined) add('lattice', r.oneOf(f.lattice, 'filter.lattice', SUBSTITUTE_LATTICES));
    if (f.ratio !== undefined) add('ratio', readRatio(r, f.ratio, 'filter.ratio'));
    if (f.mapId !== undefined) add('map_id', r.id(f.mapId, 'filter.mapId'));
    const sql = `SELECT catalogue_id, terrain_id, lattice, ratio, map_id FROM substitutes ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY catalogue_id, terrain_id, lattice, ratio`;
    return (this.db.prepare(sql).all(...params) as SlotRow[]).map(toSlot);
  }

  /** The map in a slot, or null when the slot is empty. */
  get(catalogueId: string, terrainId: string, lattice: SubstituteLattice, ratio: number): string | null {
    const r = new ArgReader();
    const l = r.oneOf(lattice, 'lattice', SUBSTITUTE_LATTICES);
    const row = this.db
      .prepare('SELECT map_id FROM substitutes WHERE catalogue_id = ? AND terrain_id = ? AND lattice = ? AND ratio = ?')
      .pluck()
      .get(r.id(catalogueId, 'catalogueId'), r.id(terrainId, 'terrainId'), l, readLatticeRatio(r, l, ratio, 'ratio')) as string | undefined;
    return row ?? null;
  }

  /** Fills (or refills) a slot. */
  set(slot: SubstituteSlotInput): SubstituteSlot {
    const input = readSlot(new ArgReader(), slot, 'slot');
    return writeTransaction(this.db, () => {
      const valid = this.complete(input, 'slot');
      this.write(valid, 'replace', 'slot');
      return valid;
    });
  }

  remove(catalogueId: string, terrainId: string, lattice: SubstituteLattice, ratio: number): boolean {
    const r = new ArgReader();
    const l = r.oneOf(lattice, 'lattice', SUBSTITUTE_LATTICES);
    const args = [r.id(catalogueId, 'catalogueId'), r.id(terrainId, 'terrainId'), l, readLatticeRatio(r, l, ratio, 'ratio')];
    return writeTransaction(this.db, () => this.db.prepare('DELETE FROM substitutes WHERE catalogue_id = ? AND terrain_id = ? AND lattice = ? AND ratio = ?').run(...args).changes > 0);
  }

  /** Fills many slots in ONE transaction (library packs). */
  import(slots: readonly SubstituteSlotInput[], options: ImportOptions = {}): ImportResult {
    const r = new ArgReader();
    const o = r.strictObject(options, 'options', ['onConflict']);
    const onConflict = r.onConflict(o.onConflict, 'options.onConflict');
    const inputs = r.array(slots, 'slots').map((s, k) => readSlot(r, s, `slots[${k}]`));
    return writeTransaction(this.db, () => {
      const result = emptyImportResult();
      inputs.forEach((s, k) => {
        const slot = this.complete(s, `slots[${k}]`);
        tally(result, this.write(slot, onConflict, `slots[${k}]`), `${slot.catalogueId}/${slot.terrainId} ${slot.lattice} 1:${slot.ratio}`);
      });
      return result;
    });
  }

  export(): SubstituteSlot[] {
    return readTransaction(this.db, () => this.list());
  }

  /**
   * The number of changes to slots and slot maps so far (any process): equal numbers mean
   * every slot reads as it did (library-schema.ts version 5 triggers).
   */
  generation(): number {
    return Number(this.db.prepare(`SELECT value FROM meta WHERE key = 'substitutes_generation'`).pluck().get() ?? 0);
  }

  /** Checks the map and the terrain, and takes the lattice from the map when the slot does not say it. */
  private complete(s: SubstituteSlotInput, path: string): SubstituteSlot {
    const kind = this.db.prepare('SELECT kind FROM maps WHERE id = ?').pluck().get(s.mapId) as GridKind | undefined;
    if (kind === undefined) throw new InputError('argument', `${path}.mapId`, `expected the id of a map in this library, got "${s.mapId}"`);
    const mapLattice = substituteLattice(kind);
    if (s.lattice !== undefined && s.lattice !== mapLattice) {
      throw new InputError('argument', `${path}.mapId`, `expected a map on the ${s.lattice} lattice (a ${s.lattice === 'hex' ? 'hex-rectangle or hex-hexagon' : s.lattice} map), got "${s.mapId}", a ${kind} map`);
    }
    const r = new ArgReader();
    readLatticeRatio(r, mapLattice, s.ratio, `${path}.ratio`);
    if (this.db.prepare('SELECT 1 FROM terrains WHERE catalogue_id = ? AND id = ?').get(s.catalogueId, s.terrainId) === undefined) {
      throw new InputError('argument', `${path}.terrainId`, `expected a terrain of catalogue "${s.catalogueId}" in this library, got "${s.terrainId}"`);
    }
    return { catalogueId: s.catalogueId, terrainId: s.terrainId, lattice: mapLattice, ratio: s.ratio, mapId: s.mapId };
  }

  private write(s: SubstituteSlot, onConflict: OnConflict, path: string): 'added' | 'replaced' | 'skipped' {
    const existing = this.get(s.catalogueId, s.terrainId, s.lattice, s.ratio);
    if (existing !== null) {
      if (onConflict === 'skip') return 'skipped';
      if (onConflict === 'error') {
        throw new InputError('argument', path, `the ${s.lattice} 1:${s.ratio} substitute slot of terrain "${s.terrainId}" (catalogue "${s.catalogueId}") already holds map "${existing}"`);
      }
      if (existing === s.mapId) return 'replaced';
    }
    this.db.prepare('INSERT OR REPLACE INTO substitutes (catalogue_id, terrain_id, lattice, ratio, map_id) VALUES (?, ?, ?, ?, ?)').run(s.catalogueId, s.terrainId, s.lattice, s.ratio, s.mapId);
    return existing === null ? 'added' : 'replaced';
  }
}

function readRatio(r: ArgReader, value: unknown, path: string): number {
  const ratio = r.integer(value, path, 2, MAX_RATIO);
  if (ratio % 2 !== 0) r.fail(path, 'an even scale ratio (SPEC §7: a substitute has ratio + 1 tiles along each axis)', ratio);
  return ratio;
}

/** A ratio admissible on the lattice (SPEC §7: square even, offset-square ×4, hex ×6). */
function readLatticeRatio(r: ArgReader, lattice: SubstituteLattice, value: unknown, path: string): number {
  const ratio = r.integer(value, path, 2, MAX_RATIO);
  const kind = LATTICE_KIND[lattice];
  if (!isAdmissibleRatio(kind, ratio)) {
    const step = ratioStep(kind);
    r.fail(path, `a scale ratio admissible on the ${lattice} lattice (a multiple of ${step}: ${step}, ${2 * step}, ${3 * step} …)`, ratio);
  }
  return ratio;
}

function readSlot(r: ArgReader, value: unknown, path: string): SubstituteSlotInput {
  const o = r.strictObject(value, path, ['catalogueId', 'terrainId', 'lattice', 'ratio', 'mapId']);
  return {
    catalogueId: r.id(o.catalogueId, `${path}.catalogueId`),
    terrainId: r.id(o.terrainId, `${path}.terrainId`),
    ...(o.lattice === undefined ? {} : { lattice: r.oneOf(o.lattice, `${path}.lattice`, SUBSTITUTE_LATTICES) }),
    ratio: readRatio(r, o.ratio, `${path}.ratio`),
    mapId: r.id(o.mapId, `${path}.mapId`),
  };
}

function toSlot(row: SlotRow): SubstituteSlot {
  return { catalogueId: row.catalogue_id, terrainId: row.terrain_id, lattice: row.lattice, ratio: row.ratio, mapId: row.map_id };
}
