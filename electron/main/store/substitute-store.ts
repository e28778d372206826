/**
 * Substitute-map slots (SPEC §7): for a terrain of a catalogue and an even SCALE-RATIO, the
 * library map that stands in for one large tile of that terrain. The multi-scale work fills
 * and reads them; here they are stored, listed and kept consistent (removing the terrain
 * from its catalogue, or deleting the map, empties the slot).
 *
 * Must not depend on: Electron, DOM.
 */
import type { OnConflict } from './args.js';
import { ArgReader, InputError } from './args.js';
import type { StoreContext } from './context.js';
import type { ImportOptions, ImportResult } from './import-result.js';
import { emptyImportResult } from './import-result.js';
import { readTransaction, writeTransaction } from './sqlite.js';

export interface SubstituteSlot {
  readonly catalogueId: string;
  readonly terrainId: string;
  /** Even, ≥ 2 (SPEC §7: ratio + 1 tiles along each axis). */
  readonly ratio: number;
  readonly mapId: string;
}

const MAX_RATIO = 1000;

interface SlotRow {
  catalogue_id: string;
  terrain_id: string;
  ratio: number;
  map_id: string;
}

export class SubstituteStore {
  private readonly db;

  constructor(ctx: StoreContext) {
    this.db = ctx.db;
  }

  /** Slots, optionally of one catalogue, terrain, ratio or map. */
  list(filter: Partial<SubstituteSlot> = {}): SubstituteSlot[] {
    const r = new ArgReader();
    const f = r.object(filter, 'filter');
    r.onlyKeys(f, 'filter', ['catalogueId', 'terrainId', 'ratio', 'mapId']);
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (column: string, value: unknown) => {
      where.push(`${column} = ?`);
      params.push(value);
    };
    if (f.catalogueId !== undefined) add('catalogue_id', r.id(f.catalogueId, 'filter.catalogueId'));
    if (f.terrainId !== undefined) add('terrain_id', r.id(f.terrainId, 'filter.terrainId'));
    if (f.ratio !== undefined) add('ratio', readRatio(r, f.ratio, 'filter.ratio'));
    if (f.mapId !== undefined) add('map_id', r.id(f.mapId, 'filter.mapId'));
    const sql = `SELECT catalogue_id, terrain_id, ratio, map_id FROM substitutes ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY catalogue_id, terrain_id, ratio`;
    return (this.db.prepare(sql).all(...params) as SlotRow[]).map(toSlot);
  }

  /** The map in a slot, or null when the slot is empty. */
  get(catalogueId: string, terrainId: string, ratio: number): string | null {
    const r = new ArgReader();
    const row = this.db
      .prepare('SELECT map_id FROM substitutes WHERE catalogue_id = ? AND terrain_id = ? AND ratio = ?')
      .pluck()
      .get(r.id(catalogueId, 'catalogueId'), r.id(terrainId, 'terrainId'), readRatio(r, ratio, 'ratio')) as string | undefined;
    return row ?? null;
  }

  /** Fills (or refills) a slot. */
  set(slot: SubstituteSlot): SubstituteSlot {
    const valid = readSlot(new ArgReader(), slot, 'slot');
    writeTransaction(this.db, () => this.write(valid, 'replace', 'slot'));
    return valid;
  }

  remove(catalogueId: string, terrainId: string, ratio: number): boolean {
    const r = new ArgReader();
    const args = [r.id(catalogueId, 'catalogueId'), r.id(terrainId, 'terrainId'), readRatio(r, ratio, 'ratio')];
    return writeTransaction(this.db, () => this.db.prepare('DELETE FROM substitutes WHERE catalogue_id = ? AND terrain_id = ? AND ratio = ?').run(...args).changes > 0);
  }

  /** Fills many slots in ONE transaction (library packs). */
  import(slots: readonly SubstituteSlot[], options: ImportOptions = {}): ImportResult {
    const r = new ArgReader();
    const o = r.object(options, 'options');
    r.onlyKeys(o, 'options', ['onConflict']);
    const onConflict = r.onConflict(o.onConflict, 'options.onConflict');
    const valid = r.array(slots, 'slots').map((s, k) => readSlot(r, s, `slots[${k}]`));
    return writeTransaction(this.db, () => {
      const result = emptyImportResult();
      valid.forEach((s, k) => result[this.write(s, onConflict, `slots[${k}]`)]++);
      return result;
    });
  }

  export(): SubstituteSlot[] {
    return readTransaction(this.db, () => this.list());
  }

  private write(s: SubstituteSlot, onConflict: OnConflict, path: string): 'added' | 'replaced' | 'skipped' {
    if (this.db.prepare('SELECT 1 FROM terrains WHERE catalogue_id = ? AND id = ?').get(s.catalogueId, s.terrainId) === undefined) {
      throw new InputError('argument', `${path}.terrainId`, `expected a terrain of catalogue "${s.catalogueId}" in this library, got "${s.terrainId}"`);
    }
    if (this.db.prepare('SELECT 1 FROM maps WHERE id = ?').get(s.mapId) === undefined) {
      throw new InputError('argument', `${path}.mapId`, `expected the id of a map in this library, got "${s.mapId}"`);
    }
    const existing = this.get(s.catalogueId, s.terrainId, s.ratio);
    if (existing !== null) {
      if (onConflict === 'skip') return 'skipped';
      if (onConflict === 'error') {
        throw new InputError('argument', path, `the ${s.ratio}:1 substitute slot of terrain "${s.terrainId}" (catalogue "${s.catalogueId}") already holds map "${existing}"`);
      }
    }
    this.db.prepare('INSERT OR REPLACE INTO substitutes (catalogue_id, terrain_id, ratio, map_id) VALUES (?, ?, ?, ?)').run(s.catalogueId, s.terrainId, s.ratio, s.mapId);
    return existing === null ? 'added' : 'replaced';
  }
}

function readRatio(r: ArgReader, value: unknown, path: string): number {
  const ratio = r.integer(value, path, 2, MAX_RATIO);
  if (ratio % 2 !== 0) r.fail(path, 'an even scale ratio (SPEC §7: a substitute has ratio + 1 tiles along each axis)', ratio);
  return ratio;
}

function readSlot(r: ArgReader, value: unknown, path: string): SubstituteSlot {
  const o = r.object(value, path);
  r.onlyKeys(o, path, ['catalogueId', 'terrainId', 'ratio', 'mapId']);
  return {
    catalogueId: r.id(o.catalogueId, `${path}.catalogueId`),
    terrainId: r.id(o.terrainId, `${path}.terrainId`),
    ratio: readRatio(r, o.ratio, `${path}.ratio`),
    mapId: r.id(o.mapId, `${path}.mapId`),
  };
}

function toSlot(row: SlotRow): SubstituteSlot {
  return { catalogueId: row.catalogue_id, terrainId: row.terrain_id, ratio: row.ratio, mapId: row.map_id };
}
