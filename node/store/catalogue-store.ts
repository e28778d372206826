/**
 * Terrain catalogues and their movement modes in a library (SPEC §4, §10). A catalogue is
 * validated by core/terrain (`parseCatalogue`) and stored as its canonical JSON text; the
 * modes and terrains tables are derived from it on every put, for listing and searching,
 * and for the substitute-map slots that reference terrains.
 *
 * Must not depend on: Electron, DOM.
 */
import type { MovementMode, TerrainCatalogue, TerrainClass } from '../../core/terrain/catalogue.js';
import { parseCatalogue, serializeCatalogue } from '../../core/terrain/catalogue.js';
import type { OnConflict } from './args.js';
import { ArgReader, InputError, nested, withRecordId } from './args.js';
import type { StoreContext } from './context.js';
import { containsPattern } from './search-key.js';
import { readTransaction, writeTransaction } from './sqlite.js';
import type { ImportOptions, ImportResult } from './import-result.js';
import { emptyImportResult, tally } from './import-result.js';

export interface CatalogueSummary {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly modeCount: number;
  readonly terrainCount: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface TerrainSummary {
  readonly catalogueId: string;
  readonly id: string;
  readonly class: TerrainClass;
  readonly name: string;
  readonly colour: string;
}

export interface TerrainFilter {
  catalogueId?: string;
  class?: TerrainClass;
  /** `#rrggbb`, any case. */
  colour?: string;
  /** Matches the name (case and accents ignored) or the id. */
  text?: string;
}

/** A catalogue as it travels in imports, exports and library packs. */
export interface CatalogueRecord {
  readonly id: string;
  /** The catalogue JSON (core/terrain format). */
  readonly catalogue: unknown;
}

interface SummaryRow {
  id: string;
  name: string;
  json: string;
  created_at: string;
  updated_at: string;
  modes: number;
  terrains: number;
}

const SUMMARY_SELECT = `
SELECT c.id, c.name, c.json, c.created_at, c.updated_at,
       (SELECT count(*) FROM movement_modes m WHERE m.catalogue_id = c.id) AS modes,
       (SELECT count(*) FROM terrains t WHERE t.catalogue_id = c.id) AS terrains
FROM catalogues c`;

export class CatalogueStore {
  private readonly db;

  constructor(private readonly ctx: StoreContext) {
    this.db = ctx.db;
  }

  list(): CatalogueSummary[] {
    return (this.db.prepare(`${SUMMARY_SELECT} ORDER BY c.id`).all() as SummaryRow[]).map(toSummary);
  }

  /** The validated catalogue, or null when there is none with this id. */
  get(id: string): TerrainCatalogue | null {
    const catalogueId = new ArgReader().id(id, 'id');
    const json = this.db.prepare('SELECT json FROM catalogues WHERE id = ?').pluck().get(catalogueId) as string | undefined;
    return json === undefined ? null : parseCatalogue(JSON.parse(json), `catalogue "${catalogueId}"`);
  }

  summary(id: string): CatalogueSummary | null {
    const catalogueId = new ArgReader().id(id, 'id');
    const row = this.db.prepare(`${SUMMARY_SELECT} WHERE c.id = ?`).get(catalogueId) as SummaryRow | undefined;
    return row ? toSummary(row) : null;
  }

  /** Adds or replaces a catalogue; `catalogue` is its JSON or an already parsed TerrainCatalogue. */
  put(id: string, catalogue: unknown): CatalogueSummary {
    const catalogueId = new ArgReader().id(id, 'id');
    this.importAs([{ id: catalogueId, catalogue }], { onConflict: 'replace' }, 'catalogue');
    return this.summary(catalogueId)!;
  }

  /**
   * The catalogue text an app last shipped into slot `id` (or null): lets the app tell a
   * catalogue the designer edited (stored ≠ shipped) from one an app update changed (shipped
   * ≠ what it shipped before). Kept in the library's meta table.
   */
  shippedText(id: string): string | null {
    const catalogueId = new ArgReader().id(id, 'id');
    return (this.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(`shipped_catalogue:${catalogueId}`) as string | undefined) ?? null;
  }

  setShippedText(id: string, text: string): void {
    const catalogueId = new ArgReader().id(id, 'id');
    writeTransaction(this.db, () => this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(`shipped_catalogue:${catalogueId}`, text));
  }

  delete(id: string): boolean {
    const catalogueId = new ArgReader().id(id, 'id');
    return writeTransaction(this.db, () => this.db.prepare('DELETE FROM catalogues WHERE id = ?').run(catalogueId).changes > 0);
  }

  /** Catalogues whose name, or any of whose terrains' names or ids, contain `text`. */
  search(text: string): CatalogueSummary[] {
    const pattern = containsPattern(new ArgReader().string(text, 'text'));
    const rows = this.db
      .prepare(
        `${SUMMARY_SELECT} WHERE st_fold(c.name) LIKE ? ESCAPE '\\' OR c.id LIKE ? ESCAPE '\\'
           OR EXISTS (SELECT 1 FROM terrains t WHERE t.catalogue_id = c.id AND (st_fold(t.name) LIKE ? ESCAPE '\\' OR t.id LIKE ? ESCAPE '\\'))
         ORDER BY c.id`,
      )
      .all(pattern, pattern, pattern, pattern) as SummaryRow[];
    return rows.map(toSummary);
  }

  modes(catalogueId: string): MovementMode[] {
    const id = new ArgReader().id(catalogueId, 'catalogueId');
    const rows = this.db.prepare('SELECT id, name, description FROM movement_modes WHERE catalogue_id = ? ORDER BY position').all(id) as {
      id: string;
      name: string;
      description: string | null;
    }[];
    return rows.map((m) => (m.description === null ? { id: m.id, name: m.name } : { id: m.id, name: m.name, description: m.description }));
  }

  /** Terrains of one catalogue, or of all when `catalogueId` is undefined; optionally by class or colour. */
  terrains(filter: TerrainFilter = {}): TerrainSummary[] {
    const r = new ArgReader();
    const f = r.strictObject(filter, 'filter', ['catalogueId', 'class', 'colour', 'text']);
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.catalogueId !== undefined) {
      where.push('catalogue_id = ?');
      params.push(r.id(f.catalogueId, 'filter.catalogueId'));
    }
    if (f.class !== undefined) {
      where.push('class = ?');
      params.push(r.oneOf(f.class, 'filter.class', ['area', 'linear'] as const));
    }
    if (f.colour !== undefined) {
      const colour = r.string(f.colour, 'filter.colour');
      if (!/^#[0-9a-fA-F]{6}$/.test(colour)) r.fail('filter.colour', 'a colour "#rrggbb"', colour);
      where.push('colour = ?');
      params.push(colour.toLowerCase());
    }
    if (f.text !== undefined) {
      const pattern = containsPattern(r.string(f.text, 'filter.text'));
      where.push(`(st_fold(name) LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\')`);
      params.push(pattern, pattern);
    }
    const sql = `SELECT catalogue_id, id, class, name, colour FROM terrains ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY catalogue_id, position`;
    return (this.db.prepare(sql).all(...params) as { catalogue_id: string; id: string; class: TerrainClass; name: string; colour: string }[]).map((t) => ({
      catalogueId: t.catalogue_id,
      id: t.id,
      class: t.class,
      name: t.name,
      colour: t.colour,
    }));
  }

  /**
   * Imports catalogues in one transaction: every record is validated before anything is
   * written, and a failure anywhere leaves the library as it was.
   */
  import(records: readonly CatalogueRecord[], options: ImportOptions = {}): ImportResult {
    return this.importAs(records, options, 'catalogues');
  }

  private importAs(records: unknown, options: unknown, argName: string): ImportResult {
    const r = new ArgReader();
    const o = r.strictObject(options, 'options', ['onConflict']);
    const onConflict = r.onConflict(o.onConflict, 'options.onConflict');
    const list = r.array(records, argName);
    const seen = new Set<string>();
    const parsed = list.map((rec, k) => {
      const path = `${argName}[${k}]`;
      const obj = r.object(rec, path);
      return withRecordId(obj.id, () => {
        r.onlyKeys(obj, path, ['id', 'catalogue']);
        const id = r.id(obj.id, `${path}.id`);
        if (seen.has(id)) throw new InputError('argument', `${path}.id`, `catalogue "${id}" appears twice in this import`);
        seen.add(id);
        const catalogue = nested(`${path}.catalogue`, () => parseCatalogue(obj.catalogue, 'catalogue'));
        return { id, catalogue };
      });
    });
    return writeTransaction(this.db, () => {
      const result = emptyImportResult();
      for (const [k, { id, catalogue }] of parsed.entries()) {
        tally(result, this.write(id, catalogue, onConflict, `${argName}[${k}]`), id);
      }
      return result;
    });
  }

  export(): CatalogueRecord[] {
    return readTransaction(this.db, () =>
      (this.db.prepare('SELECT id, json FROM catalogues ORDER BY id').all() as { id: string; json: string }[]).map((row) => ({
        id: row.id,
        catalogue: JSON.parse(row.json) as unknown,
      })),
    );
  }

  stats(): { catalogues: number; modes: number; terrains: number } {
    return readTransaction(this.db, () => ({
      catalogues: this.db.prepare('SELECT count(*) FROM catalogues').pluck().get() as number,
      modes: this.db.prepare('SELECT count(*) FROM movement_modes').pluck().get() as number,
      terrains: this.db.prepare('SELECT count(*) FROM terrains').pluck().get() as number,
    }));
  }

  private write(id: string, catalogue: TerrainCatalogue, onConflict: OnConflict, path: string): 'added' | 'replaced' | 'skipped' {
    const now = this.ctx.now();
    const existing = this.db.prepare('SELECT created_at FROM catalogues WHERE id = ?').pluck().get(id) as string | undefined;
    if (existing !== undefined) {
      if (onConflict === 'skip') return 'skipped';
      if (onConflict === 'error') throw new InputError('argument', `${path}.id`, `a catalogue "${id}" already exists (import with onConflict "replace" or "skip")`);
    }
    const json = serializeCatalogue(catalogue);
    if (existing === undefined) {
      this.db.prepare('INSERT INTO catalogues (id, name, json, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(id, catalogue.name, json, now, now);
    } else {
      this.db.prepare('UPDATE catalogues SET name = ?, json = ?, updated_at = ? WHERE id = ?').run(catalogue.name, json, now, id);
    }
    // Derived rows: upsert the present terrains and delete only the removed ones, so the
    // substitute maps of terrains that stay keep their slots (a delete would cascade).
    this.db.prepare('DELETE FROM movement_modes WHERE catalogue_id = ?').run(id);
    const insertMode = this.db.prepare('INSERT INTO movement_modes (catalogue_id, id, position, name, description) VALUES (?, ?, ?, ?, ?)');
    catalogue.modes.forEach((m, k) => insertMode.run(id, m.id, k, m.name, m.description ?? null));
    const upsertTerrain = this.db.prepare(
      `INSERT INTO terrains (catalogue_id, id, position, class, name, colour) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (catalogue_id, id) DO UPDATE SET position = excluded.position, class = excluded.class, name = excluded.name, colour = excluded.colour`,
    );
    catalogue.terrains.forEach((t, k) => upsertTerrain.run(id, t.id, k, t.class, t.name, t.colour.toLowerCase()));
    const keep = JSON.stringify(catalogue.terrains.map((t) => t.id));
    this.db.prepare('DELETE FROM terrains WHERE catalogue_id = ? AND id NOT IN (SELECT value FROM json_each(?))').run(id, keep);
    return existing === undefined ? 'added' : 'replaced';
  }
}

function toSummary(row: SummaryRow): CatalogueSummary {
  const json = JSON.parse(row.json) as { description?: string };
  return {
    id: row.id,
    name: row.name,
    description: json.description ?? null,
    modeCount: row.modes,
    terrainCount: row.terrains,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
