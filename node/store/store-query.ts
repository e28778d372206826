/**
 * What the entity stores (maps, raster, vector and track tiles) share when they list, search,
 * import and export records: paging, WHERE clauses built per filter, batches read with their
 * duplicate check, "find or insert" interning, rows fetched by a list of ids, counts per shape.
 * One copy each, so the stores cannot drift apart in how they page, match text or name a
 * missing record.
 *
 * Must not depend on: Electron, DOM.
 */
import type Database from 'better-sqlite3';
import { ArgReader, InputError } from './args.js';
import { containsPattern } from './search-key.js';
import type { SqliteDb } from './sqlite.js';

const MAX_PAGE = 10_000;

type Statement = Database.Statement<unknown[]>;

/** Reads `limit` (1…10 000, default 1000) and `offset` (default 0) from an options object. */
export function page(r: ArgReader, value: unknown, path: string): { limit: number; offset: number } {
  const o = r.object(value, path);
  const limit = o.limit === undefined ? 1000 : r.integer(o.limit, `${path}.limit`, 1, MAX_PAGE);
  const offset = o.offset === undefined ? 0 : r.integer(o.offset, `${path}.offset`, 0, Number.MAX_SAFE_INTEGER);
  return { limit, offset };
}

/** A `list` call's options: an object with the store's filter keys, `limit` and `offset`, nothing else (the search reads the values). */
export function listOptions(options: unknown, filters: readonly string[]): Record<string, unknown> {
  return new ArgReader().strictObject(options, 'options', [...filters, 'limit', 'offset']);
}

/** The record with id `id` (checked first): the row `sql` (ending in `= ?`) reads, converted by `to`; null when there is none. */
export function oneById<R, T>(db: SqliteDb, sql: string, id: unknown, to: (row: R) => T): T | null {
  const row = db.prepare(sql).get(new ArgReader().id(id, 'id')) as R | undefined;
  return row ? to(row) : null;
}

/**
 * The start of every store's search: the query (`text`, the store's own `filters`, `limit`,
 * `offset`, nothing else) and its conditions with the text match added; `alias` is the table's.
 */
export function searchQuery(query: unknown, filters: readonly string[], alias: string): { r: ArgReader; q: Record<string, unknown>; f: Filters } {
  const r = new ArgReader();
  const q = r.strictObject(query, 'query', ['text', ...filters, 'limit', 'offset']);
  const f = new Filters();
  if (q.text !== undefined) f.text(r.string(q.text, 'query.text'), alias);
  return { r, q, f };
}

/** A search's conditions (joined by AND) and their parameters, in order. */
export class Filters {
  private readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  add(clause: string, ...params: unknown[]): void {
    this.clauses.push(clause);
    this.params.push(...params);
  }

  /** The folded name (case and accents ignored) or the id contains `text`; `alias` is the table's (`t.`, `m.`, or ''). */
  text(text: string, alias: string): void {
    const pattern = containsPattern(text);
    this.add(`(${alias}name_key LIKE ? ESCAPE '\\' OR ${alias}id LIKE ? ESCAPE '\\')`, pattern, pattern);
  }

  /** The conditions joined by AND; null when there are none. */
  get condition(): string | null {
    return this.clauses.length ? this.clauses.join(' AND ') : null;
  }

  /** `WHERE …`, or '' when there are no conditions. */
  get where(): string {
    return this.clauses.length ? `WHERE ${this.condition}` : '';
  }
}

/**
 * Reads a batch of records for one import: each by `read`, refused when its id appears twice.
 * `idPath` is the path of record k's id in messages (`tiles[3].id`).
 */
export function readBatch<T>(list: readonly unknown[], read: (value: unknown, k: number) => T, idOf: (record: T) => string, idPath: (k: number) => string, what: string): T[] {
  const seen = new Set<string>();
  return list.map((value, k) => {
    const record = read(value, k);
    const id = idOf(record);
    if (seen.has(id)) throw new InputError('argument', idPath(k), `${what} "${id}" appears twice in this import`);
    seen.add(id);
    return record;
  });
}

/** The refusal of an import with onConflict "error" whose record `id` already exists. */
export function conflictError(path: string, what: string, id: string): InputError {
  return new InputError('argument', path, `a ${what} "${id}" already exists (import with onConflict "replace" or "skip")`);
}

/**
 * Find-or-insert ids for interned values (edge labels, edge signatures), remembered for the
 * rest of one write: `find` takes the key's parts and plucks the id, `add` inserts them.
 */
export function interner(find: Statement, add: Statement): (...key: string[]) => number {
  const ids = new Map<string, number>();
  const findId = find.pluck();
  return (...key) => {
    const k = key.join(' ');
    let id = ids.get(k);
    if (id === undefined) {
      id = (findId.get(...key) as number | undefined) ?? Number(add.run(...key).lastInsertRowid);
      ids.set(k, id);
    }
    return id;
  };
}

/** Rows for an export: those of `wanted` in its order (one missing is an error naming it), or all of them when null. */
export function rowsByIds<R>(wanted: readonly string[] | null, one: Statement, all: Statement, missing: (id: string) => string): R[] {
  if (!wanted) return all.all() as R[];
  return wanted.map((id) => {
    const row = one.get(id) as R | undefined;
    if (!row) throw new InputError('argument', 'ids', missing(id));
    return row;
  });
}

/** Rows of `table` counted per shape (every shape listed, 0 when none), and their sum. */
export function countByShape<S extends string>(db: SqliteDb, table: string, shapes: readonly S[]): { count: number; byShape: Record<S, number> } {
  const byShape = Object.fromEntries(shapes.map((s) => [s, 0])) as Record<S, number>;
  for (const row of db.prepare(`SELECT shape, count(*) AS n FROM ${table} GROUP BY shape`).all() as { shape: S; n: number }[]) byShape[row.shape] = row.n;
  return { count: Object.values<number>(byShape).reduce((a, b) => a + b, 0), byShape };
}
