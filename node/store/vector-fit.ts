/**
 * "What fits here" over the vector fit table (vector-store.ts has the table's layout): for
 * each canonical edge e of a tile, the interned signature of e as drawn and as a mirroring
 * orientation shows it. An orientation o puts canonical edge e at direction edgeMap(o)(e)
 * with the drawn or the mirrored signature, so "direction d must show S" in orientation o is
 * one row key (S, edge o moves to d, o mirrors?). A query runs, per allowed orientation, one
 * statement driven by the rarest key (known from the kept counts, vector_fit_counts) — or,
 * when it and another constraint both show something, by the pair of them (the pair table,
 * vector-pairs.ts: a range never larger than the rarest key's, and often a hundredth of it) —
 * the other constraints as primary-key probes, the orientations merged lazily in (tile
 * rowid, orientation) order and stopped after offset + limit + 1 rows.
 *
 * Must not depend on: Electron, DOM.
 */
import { edgeMap, isMirroring, orientationName, shapeOrientations } from '../../core/vector/orientation.js';
import type { TileShape } from '../../core/vector/shape.js';
import type { SqliteDb } from './sqlite.js';
import { FEATURELESS } from './vector-pairs.js';
import type { VectorShape } from './vector-store.js';

/** One orientation's part of a fit query: the keys its constraints ask for, rarest first. */
interface FitArm {
  /** Orientation index in shapeOrientations order. */
  readonly k: number;
  /** [sig, canonical edge, mirrored], the driver (fewest tiles) first; when `paired`, the driver's partner second. */
  readonly keys: [number, number, number][];
  /** Whether the statement drives from the pair table: keys[0] and keys[1] as one range. */
  readonly paired: boolean;
  /** Tiles that have the driver key and allow orientation k (exact). */
  readonly n: number;
  /** Whether some tile under the driver (pair) may not allow orientation k (the tile's mask must be checked). */
  readonly checkMask: boolean;
}

/** One page of (tile rowid, orientation index) hits, and whether more follow. */
interface Hits {
  hits: [number, number][];
  more: boolean;
}

/** What a fit query is asked: the place's shape, the edge signatures wanted, the page, and whether to count. */
export interface FitRequest {
  readonly shapeName: VectorShape;
  readonly shape: TileShape;
  readonly wanted: readonly { dir: number; signature: string }[];
  readonly limit: number;
  readonly offset: number;
  readonly count: boolean;
}

export interface FitResult {
  readonly total?: number;
  readonly more: boolean;
  readonly matches: { readonly id: string; readonly orientation: string }[];
}

/** Statements kept per store: one per (constraints, orientation, mask check, page|count); a few hundred at most. */
const MAX_FIT_STATEMENTS = 400;

export class VectorFitQuery {
  private readonly statements = new Map<string, ReturnType<SqliteDb['prepare']>>();

  constructor(private readonly db: SqliteDb) {}

  /** The page asked for (inside the caller's read transaction); `total` only when counted (VectorFitOptions.count). */
  run(q: FitRequest): FitResult {
    const orientations = shapeOrientations(q.shape);
    let page: Hits;
    let total: number | undefined;
    if (q.wanted.length === 0) {
      page = this.pageAll(q.shapeName, orientations.length, q.limit, q.offset);
      if (q.count) total = this.countAll(q.shapeName);
    } else {
      const arms = this.fitArms(q.shape, q.wanted);
      page = this.pageArms(arms, q.limit, q.offset);
      if (q.count) total = this.countArms(arms, q.wanted.length, page, q.offset);
    }
    const idOf = this.db.prepare('SELECT id FROM vector_tiles WHERE vid = ?').pluck();
    return {
      ...(total === undefined ? {} : { total }),
      more: page.more,
      matches: page.hits.map(([vid, k]) => ({ id: idOf.get(vid) as string, orientation: orientationName(orientations[k]!) })),
    };
  }

  /** No constraint: every tile of the shape once per orientation it allows. */
  private countAll(shapeName: VectorShape): number {
    let total = 0;
    for (const [mask, n] of this.db.prepare('SELECT orientations, count(*) FROM vector_tiles WHERE shape = ? GROUP BY orientations').raw().all(shapeName) as [number, number][]) total += n * bitCount(mask);
    return total;
  }

  /** Free with one constraint (kept counts) or when the page reached the end; otherwise a count over the answer. */
  private countArms(arms: readonly FitArm[], constraints: number, { hits, more }: Hits, offset: number): number {
    if (constraints === 1) return arms.reduce((sum, a) => sum + a.n, 0);
    if (!more && (hits.length > 0 || offset === 0)) return offset + hits.length;
    return arms.reduce((sum, a) => sum + (this.armStatement(a, 'count').pluck().get(...armParams(a)) as number), 0);
  }

  /** How the kept counts rank each orientation's keys; orientations no tile can fill are left out. */
  private fitArms(shape: TileShape, wanted: readonly { dir: number; signature: string }[]): FitArm[] {
    const findSig = this.db.prepare('SELECT id FROM vector_signatures WHERE shape = ? AND signature = ?').pluck();
    const sigIds = wanted.map((w) => findSig.get(shape.name, w.signature) as number | undefined);
    if (sigIds.some((s) => s === undefined)) return [];
    // Every count row of the signatures asked for: [edge, mirrored, mask, n] per signature.
    const countRows = this.db.prepare('SELECT edge, mirrored, mask, n FROM vector_fit_counts WHERE sig = ?').raw();
    const bySig = new Map<number, [number, number, number, number][]>();
    for (const sig of sigIds) if (!bySig.has(sig!)) bySig.set(sig!, countRows.all(sig) as [number, number, number, number][]);
    const arms: FitArm[] = [];
    shapeOrientations(shape).forEach((orientation, k) => {
      const placeOf = edgeMap(shape, orientation);
      const canonicalAt = new Map([...placeOf].map(([canonical, place]) => [place, canonical]));
      const mirrored = isMirroring(orientation) ? 1 : 0;
      const bit = 1 << k;
      const sized = wanted.map((w, i) => {
        const key: [number, number, number] = [sigIds[i]!, canonicalAt.get(w.dir)!, mirrored];
        let n = 0;
        let all = 0;
        for (const [edge, m, mask, c] of bySig.get(key[0])!) {
          if (edge !== key[1] || m !== mirrored) continue;
          all += c;
          if (mask & bit) n += c;
        }
        return { key, n, all, pairs: w.signature !== FEATURELESS };
      });
      sized.sort((a, b) => a.n - b.n || a.all - b.all);
      const driver = sized[0]!;
      if (driver.n === 0) return;
      // The rarest other key that shows something pairs with the driver (the pair table keeps no featureless edge).
      const partner = driver.pairs ? sized.findIndex((s, i) => i > 0 && s.pairs && s.key[1] !== driver.key[1]) : -1;
      if (partner > 0) sized.splice(1, 0, ...sized.splice(partner, 1));
      const paired = partner > 0;
      // A pair's tiles are tiles of both keys: all allow k when all of either key's do.
      const checkMask = driver.n !== driver.all && !(paired && sized[1]!.n === sized[1]!.all);
      arms.push({ k, keys: sized.map((s) => s.key), paired, n: driver.n, checkMask });
    });
    return arms;
  }

  /** The page: each orientation's matches come in rowid order; merged lazily, (vid, k) order. */
  private pageArms(arms: readonly FitArm[], limit: number, offset: number): Hits {
    const streams = arms.map((a) => ({ k: a.k, it: this.armStatement(a, 'page').pluck().iterate(...armParams(a)) as IterableIterator<number>, vid: 0 }));
    try {
      const live = streams.filter((s) => {
        const next = s.it.next();
        if (next.done) return false;
        s.vid = next.value;
        return true;
      });
      const hits: [number, number][] = [];
      let skipped = 0;
      while (live.length > 0 && hits.length <= limit) {
        // Arms are in k order, so the first smallest vid also has the smallest k.
        let best = 0;
        for (let i = 1; i < live.length; i++) if (live[i]!.vid < live[best]!.vid) best = i;
        const s = live[best]!;
        if (skipped < offset) skipped++;
        else hits.push([s.vid, s.k]);
        const next = s.it.next();
        if (next.done) live.splice(best, 1);
        else s.vid = next.value;
      }
      const more = hits.length > limit;
      if (more) hits.pop();
      return { hits, more };
    } finally {
      for (const s of streams) s.it.return?.();
    }
  }

  /** No constraint: every tile of the shape in each orientation it allows, (vid, k) order. */
  private pageAll(shapeName: VectorShape, orientationCount: number, limit: number, offset: number): Hits {
    const it = this.db.prepare('SELECT vid, orientations FROM vector_tiles WHERE shape = ? ORDER BY vid').raw().iterate(shapeName) as IterableIterator<[number, number]>;
    const hits: [number, number][] = [];
    let skipped = 0;
    try {
      for (const [vid, mask] of it) {
        const n = bitCount(mask);
        if (skipped + n <= offset) {
          skipped += n;
          continue;
        }
        for (let k = 0; k < orientationCount && hits.length <= limit; k++) {
          if (!(mask & (1 << k))) continue;
          if (skipped < offset) skipped++;
          else hits.push([vid, k]);
        }
        if (hits.length > limit) break;
      }
    } finally {
      it.return?.();
    }
    const more = hits.length > limit;
    if (more) hits.pop();
    return { hits, more };
  }

  /**
   * One orientation's statement: the driver key's (or pair's) range (rowid order, from the
   * primary key), the other keys as primary-key probes, the tile's orientation mask only where
   * some tile under the driver may not allow this orientation. A separate statement per
   * orientation so the orientations' cursors can be open together.
   */
  private armStatement(arm: FitArm, kind: 'page' | 'count') {
    const key = `${kind} ${arm.keys.length} ${arm.k} ${arm.checkMask ? 1 : 0} ${arm.paired ? 1 : 0}`;
    let s = this.statements.get(key);
    if (!s) {
      if (this.statements.size >= MAX_FIT_STATEMENTS) this.statements.clear();
      // CROSS JOIN keeps SQLite's loop order as written: the driver outside, each probe one
      // primary-key seek (the key includes vid, so at most one row) — cheaper than EXISTS subqueries.
      const probes = arm.keys.slice(arm.paired ? 2 : 1).map((_, i) => `CROSS JOIN vector_fit p${i} ON p${i}.sig = ? AND p${i}.edge = ? AND p${i}.mirrored = ? AND p${i}.vid = a.vid`);
      const mask = arm.checkMask ? `CROSS JOIN vector_tiles t ON t.vid = a.vid AND (t.orientations & ${1 << arm.k}) <> 0` : '';
      const select = kind === 'page' ? 'SELECT a.vid' : 'SELECT count(*)';
      const driver = arm.paired ? 'vector_fit_pairs a' : 'vector_fit a';
      const range = arm.paired ? 'a.sig_a = ? AND a.edge_a = ? AND a.sig_b = ? AND a.edge_b = ? AND a.mirrored = ?' : 'a.sig = ? AND a.edge = ? AND a.mirrored = ?';
      s = this.db.prepare(`${select} FROM ${driver} ${probes.join(' ')} ${mask} WHERE ${range}${kind === 'page' ? ' ORDER BY a.vid' : ''}`);
      this.statements.set(key, s);
    }
    return s;
  }
}

/** Parameters in the order the statement names them: the probes' keys, then the driver's (a pair's lower edge first). */
function armParams(arm: FitArm): number[] {
  if (!arm.paired) return [...arm.keys.slice(1).flat(), ...arm.keys[0]!];
  const [x, y] = [arm.keys[0]!, arm.keys[1]!].sort((p, q) => p[1] - q[1]) as [[number, number, number], [number, number, number]];
  return [...arm.keys.slice(2).flat(), x[0], x[1], y[0], y[1], x[2]];
}

function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
}
