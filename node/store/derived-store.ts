/**
 * Derived (tactical) maps in a project (SPEC §7): which map a derived map was made from,
 * from which selection at which ratio and seed, and what the derivation used — the parent's
 * ground and the substitutes, as hashes. That makes derivation a cache:
 *
 * - the same parent, selection, ratio and seed find the map derived before (`find`);
 * - it is fresh while the parent's ground (`groundHash`) and the substitutes hash as they
 *   did when its content was derived; otherwise it is stale. The ground is only what the
 *   derivation reads (core/derive/dependency.ts: the selection, the blend margin and the
 *   routes' reach), stored with the link (`dependency`, project-schema.ts version 3), and the
 *   substitutes only those of the terrains found there, so an edit elsewhere on the parent
 *   leaves the child fresh. Links written before version 3 have no dependency: their hash is
 *   the whole parent's (`groundHash`) until they are derived again;
 * - deriving a stale map again writes the new content into the same map as ONE journal
 *   entry (`refresh`), so it is undoable like any edit, and undoing it puts back the hashes
 *   the old content came from (derived_edits, project-schema.ts version 2).
 *
 * Deleting a parent keeps its derived maps and drops their link (parent_id NULL): they are
 * maps in their own right, maybe edited since.
 *
 * Must not depend on: Electron, DOM.
 */
import { createHash } from 'node:crypto';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { ArgReader, InputError } from './args.js';
import type { StoreContext } from './context.js';
import type { JournalEntry, Journal, TileChange } from './journal.js';
import type { LayerName, LayerValues } from './map-chunks.js';
import { LAYER_NAMES } from './map-chunks.js';
import type { MapStore, MapSummary } from './map-store.js';
import { readTransaction, writeTransaction } from './sqlite.js';
import { MAX_SEED } from '../../core/derive/options.js';
import type { GroundDependency } from '../../core/derive/dependency.js';
import { CHUNK_VALUES, decodeChunk } from './map-chunks.js';

/** What a derivation was asked for: its cache key. */
export interface DerivationKey {
  readonly parentId: string;
  /** Tile indices of the parent, the reference first. */
  readonly selection: readonly number[];
  readonly ratio: number;
  readonly seed: number;
}

/** What a derivation used, hashed: the parent's ground and the substitutes it could use. */
export interface DerivationHashes {
  readonly groundHash: string;
  readonly substitutesHash: string;
  /**
   * The parent's values `groundHash` covers (groundOf); absent: the whole parent (the hash
   * of `groundHash(parentId)`). Kept by `add` and `refresh`; a link's dependency is a function
   * of its key and the parent's grid, so undo and redo leave it as it is.
   */
  readonly dependency?: GroundDependency;
}

/** The ground a dependency covers, now: its hash, and the terrains found there (whose substitutes count). */
export interface DependencyGround {
  readonly groundHash: string;
  readonly terrains: string[];
}

export interface DerivedLink {
  readonly mapId: string;
  /** Null once the parent was deleted. */
  readonly parentId: string | null;
  readonly selection: number[];
  readonly ratio: number;
  readonly seed: number;
  /** The hashes the map's current content was derived from. */
  readonly groundHash: string;
  readonly substitutesHash: string;
  /** The parent's values `groundHash` covers; null on links written before it was kept (the whole parent). */
  readonly dependency: GroundDependency | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** How `refresh` wrote the new content. */
export interface RefreshResult {
  /** The journal entry (undoable); null when nothing changed or the map had to be replaced. */
  readonly entry: JournalEntry | null;
  /** True when the new content had another grid or other layers, so the map was replaced (its undo history is gone). */
  readonly replaced: boolean;
  readonly summary: MapSummary;
}

interface LinkRow {
  map_id: string;
  parent_id: string | null;
  selection: string;
  ratio: number;
  seed: number;
  ground_hash: string;
  substitutes_hash: string;
  ground_tiles: string | null;
  created_at: string;
  updated_at: string;
}

const LINK_SELECT = 'SELECT map_id, parent_id, selection, ratio, seed, ground_hash, substitutes_hash, ground_tiles, created_at, updated_at FROM derived_maps';
/** The layers a dependency lists, in hashing order (elevation indices are tiles, like terrain's). */
const DEPENDENCY_LAYERS = ['terrain', 'edges', 'vertices', 'elevation'] as const satisfies readonly LayerName[];
/** Longest chain of derivations followed (a strategic map derived 64 times over is far below 1 m per tile). */
const MAX_CHAIN = 64;
const MAX_SELECTION = 1_000_000;

export class DerivedStore {
  private readonly db;

  constructor(
    private readonly ctx: StoreContext,
    private readonly maps: MapStore,
    private readonly journal: Journal,
  ) {
    this.db = ctx.db;
  }

  /** The link of a derived map, or null when the map was not derived (or does not exist). */
  get(mapId: string): DerivedLink | null {
    const id = new ArgReader().id(mapId, 'mapId');
    const row = this.db.prepare(`${LINK_SELECT} WHERE map_id = ?`).get(id) as LinkRow | undefined;
    return row ? toLink(row) : null;
  }

  /** The map derived before with exactly this key, or null. */
  find(key: DerivationKey): DerivedLink | null {
    const k = readKey(new ArgReader(), key, 'key');
    const row = this.db.prepare(`${LINK_SELECT} WHERE parent_id = ? AND ratio = ? AND seed = ? AND selection_key = ?`).get(k.parentId, k.ratio, k.seed, selectionKey(k.selection)) as
      | LinkRow
      | undefined;
    return row ? toLink(row) : null;
  }

  /** Maps derived from `parentId`, oldest first. */
  children(parentId: string): DerivedLink[] {
    const id = new ArgReader().id(parentId, 'parentId');
    return (this.db.prepare(`${LINK_SELECT} WHERE parent_id = ? ORDER BY created_at, map_id`).all(id) as LinkRow[]).map(toLink);
  }

  /** Every link, for summaries. */
  list(): DerivedLink[] {
    return (this.db.prepare(`${LINK_SELECT} ORDER BY map_id`).all() as LinkRow[]).map(toLink);
  }

  /** Ids from the root of the derivation chain down to `mapId` (just `[mapId]` for a map not derived). */
  chain(mapId: string): string[] {
    const id = new ArgReader().id(mapId, 'mapId');
    return readTransaction(this.db, () => {
      if (!this.maps.has(id)) throw new InputError('argument', 'mapId', `no map with id "${id}" in this project`);
      const parentOf = this.db.prepare('SELECT parent_id FROM derived_maps WHERE map_id = ?').pluck();
      const out = [id];
      for (let p = parentOf.get(id) as string | null | undefined; p != null && !out.includes(p) && out.length < MAX_CHAIN; p = parentOf.get(p) as string | null | undefined) {
        out.push(p);
      }
      return out.reverse();
    });
  }

  /**
   * SHA-256 of a map's ground: grid, palette and every stored chunk of its terrain, edges,
   * vertices and elevation. Chunks are hashed as stored (zlib streams, which one build writes
   * identically for identical values), so no layer is inflated; a map whose chunks were
   * written by another zlib may hash differently while equal — a false "stale", and deriving
   * again then changes nothing.
   */
  groundHash(mapId: string): string {
    const id = new ArgReader().id(mapId, 'mapId');
    return readTransaction(this.db, () => {
      const row = this.db.prepare('SELECT kind, size, wrap_x, wrap_y, alform, palette FROM maps WHERE id = ?').get(id) as
        | { kind: string; size: string; wrap_x: number; wrap_y: number; alform: number; palette: string }
        | undefined;
      if (!row) throw new InputError('argument', 'mapId', `no map with id "${id}" in this project`);
      const hash = createHash('sha256');
      hash.update(`${row.kind};${row.size};${row.wrap_x}${row.wrap_y}${row.alform};${row.palette}\n`);
      const lengths = new Map(
        (this.db.prepare('SELECT layer, length FROM map_layers WHERE map_id = ?').all(id) as { layer: LayerName; length: number }[]).map((l) => [l.layer, l.length]),
      );
      const chunks = this.db.prepare('SELECT data FROM map_chunks WHERE map_id = ? AND layer = ? ORDER BY chunk').pluck();
      for (const layer of LAYER_NAMES) {
        const length = lengths.get(layer);
        if (length === undefined) continue;
        hash.update(`${layer} ${length}\n`);
        for (const data of chunks.iterate(id, layer) as IterableIterator<Buffer>) {
          hash.update(`${data.byteLength}:`);
          hash.update(data);
        }
      }
      return hash.digest('hex');
    });
  }

  /**
   * The parent's ground under `dependency`, now: SHA-256 of the grid and of the values at
   * those indices only (terrain layers by terrain id, so a grown palette changes nothing), and
   * the terrains found there. Reads just the chunks holding them, not the whole parent.
   */
  groundOf(parentId: string, dependency: GroundDependency): DependencyGround {
    const id = new ArgReader().id(parentId, 'parentId');
    return readTransaction(this.db, () => {
      const row = this.db.prepare('SELECT kind, size, wrap_x, wrap_y, alform, palette FROM maps WHERE id = ?').get(id) as
        | { kind: string; size: string; wrap_x: number; wrap_y: number; alform: number; palette: string }
        | undefined;
      if (!row) throw new InputError('argument', 'parentId', `no map with id "${id}" in this project`);
      const palette = JSON.parse(row.palette) as string[];
      const hash = createHash('sha256');
      hash.update(`dependency;${row.kind};${row.size};${row.wrap_x}${row.wrap_y}${row.alform}\n`);
      const lengths = new Map(
        (this.db.prepare('SELECT layer, length FROM map_layers WHERE map_id = ?').all(id) as { layer: LayerName; length: number }[]).map((l) => [l.layer, l.length]),
      );
      const chunkOf = this.db.prepare('SELECT data FROM map_chunks WHERE map_id = ? AND layer = ? AND chunk = ?').pluck();
      const terrains = new Set<string>();
      for (const layer of DEPENDENCY_LAYERS) {
        const indices = dependency[layer];
        if (indices.length === 0) continue;
        const length = lengths.get(layer);
        hash.update(`${layer} ${indices.length} of ${length ?? 'none'}\n`);
        if (length === undefined) continue;
        let chunk = -1;
        let values: LayerValues | null = null;
        const out: string[] = [];
        for (const i of indices) {
          // A parent replaced by another grid may no longer have the index: its spec changed, so the hash does too.
          if (i >= length) {
            out.push('?');
            continue;
          }
          const c = Math.floor(i / CHUNK_VALUES);
          if (c !== chunk) {
            const data = chunkOf.get(id, layer, c) as Buffer | undefined;
            if (data === undefined) throw new Error(`map "${id}": chunk ${c} of its ${layer} layer is missing`);
            values = decodeChunk(layer, length, c, data, `map "${id}" ${layer}`);
            chunk = c;
          }
          const v = values![i - c * CHUNK_VALUES]!;
          if (layer === 'elevation') out.push(String(v));
          else {
            const terrain = v === 0 ? '' : (palette[v - 1] ?? `#${v}`);
            if (terrain !== '') terrains.add(terrain);
            out.push(terrain);
          }
        }
        hash.update(JSON.stringify(out));
        hash.update('\n');
      }
      return { groundHash: hash.digest('hex'), terrains: [...terrains].sort() };
    });
  }

  /** Stores a newly derived map and its link in one transaction. */
  add(map: TerrainMap, key: DerivationKey, hashes: DerivationHashes, options: { name?: string } = {}): MapSummary {
    const r = new ArgReader();
    const k = readKey(r, key, 'key');
    const h = readHashes(r, hashes, 'hashes');
    return writeTransaction(this.db, () => {
      if (!this.maps.has(k.parentId)) throw new InputError('argument', 'key.parentId', `no map with id "${k.parentId}" in this project`);
      const existing = this.find(k);
      if (existing) throw new InputError('argument', 'key', `map "${existing.mapId}" is already derived from this selection of "${k.parentId}" at 1:${k.ratio}, seed ${k.seed}; refresh it instead`);
      const summary = this.maps.put(map, options.name === undefined ? {} : { name: options.name });
      const now = this.ctx.now();
      this.db
        .prepare(
          `INSERT INTO derived_maps (map_id, parent_id, selection, selection_key, ratio, seed, ground_hash, substitutes_hash, ground_tiles, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(summary.id, k.parentId, JSON.stringify(k.selection), selectionKey(k.selection), k.ratio, k.seed, h.groundHash, h.substitutesHash, encodeDependency(h.dependency), now, now);
      return summary;
    });
  }

  /**
   * Writes freshly derived content into derived map `mapId` as one journal entry labelled
   * `label` (undo puts back the old content and its hashes), updates its meta and records
   * the hashes it was derived from. When the new content has another grid or another set of
   * layers, the map is replaced instead (its undo history goes, as with any replaced map).
   */
  refresh(mapId: string, map: TerrainMap, hashes: DerivationHashes, label = 'Derive again'): RefreshResult {
    const r = new ArgReader();
    const id = r.id(mapId, 'mapId');
    if (!(map instanceof TerrainMap)) return r.fail('map', 'a TerrainMap', map);
    const h = readHashes(r, hashes, 'hashes');
    const meta = r.jsonObject(map.meta, 'map.meta');
    return writeTransaction(this.db, () => {
      const link = this.get(id);
      if (!link) throw new InputError('argument', 'mapId', `map "${id}" is not a derived map of this project`);
      const stored = this.maps.load(id);
      const name = this.maps.get(id)!.name;
      let entry: JournalEntry | null = null;
      let replaced = false;
      if (!sameShape(stored, map)) {
        this.maps.put(map, { id, name });
        replaced = true;
      } else {
        const { palette, changes } = diffInto(stored, map);
        if (changes.length) {
          entry = this.journal.edit(id, changes, { label, ...(palette.length > stored.palette.length ? { palette } : {}) });
          this.db
            .prepare(
              `INSERT INTO derived_edits (map_id, seq, before_ground_hash, before_substitutes_hash, after_ground_hash, after_substitutes_hash) VALUES (?, ?, ?, ?, ?, ?)`,
            )
            .run(id, entry.seq, link.groundHash, link.substitutesHash, h.groundHash, h.substitutesHash);
        }
        this.db.prepare('UPDATE maps SET meta = ? WHERE id = ?').run(JSON.stringify({ ...meta, name }), id);
      }
      this.setHashes(id, h);
      // The content now answers to this dependency (a link from before version 3 gains one).
      if (h.dependency !== undefined) this.db.prepare('UPDATE derived_maps SET ground_tiles = ? WHERE map_id = ?').run(encodeDependency(h.dependency), id);
      return { entry, replaced, summary: this.maps.get(id)! };
    });
  }

  /**
   * Called by the project inside the transaction that undid or redid journal entry `seq` of
   * `mapId`: a re-derivation's entry carries the hashes of the content it leaves.
   */
  replayed(mapId: string, seq: number, direction: 'undo' | 'redo'): void {
    const row = this.db.prepare('SELECT * FROM derived_edits WHERE map_id = ? AND seq = ?').get(mapId, seq) as
      | { before_ground_hash: string; before_substitutes_hash: string; after_ground_hash: string; after_substitutes_hash: string }
      | undefined;
    if (!row) return;
    this.setHashes(
      mapId,
      direction === 'undo'
        ? { groundHash: row.before_ground_hash, substitutesHash: row.before_substitutes_hash }
        : { groundHash: row.after_ground_hash, substitutesHash: row.after_substitutes_hash },
    );
  }

  private setHashes(mapId: string, h: DerivationHashes): void {
    this.db.prepare('UPDATE derived_maps SET ground_hash = ?, substitutes_hash = ?, updated_at = ? WHERE map_id = ?').run(h.groundHash, h.substitutesHash, this.ctx.now(), mapId);
  }
}

/** The reference first (it decides the derived map's origin), then the other tiles as a set. */
export function selectionKey(selection: readonly number[]): string {
  const [reference, ...rest] = selection;
  return [reference, ...rest.sort((a, b) => a - b)].join(',');
}

function readKey(r: ArgReader, value: unknown, path: string): DerivationKey {
  const o = r.object(value, path);
  r.onlyKeys(o, path, ['parentId', 'selection', 'ratio', 'seed']);
  const list = r.array(o.selection, `${path}.selection`);
  if (list.length === 0 || list.length > MAX_SELECTION) r.fail(`${path}.selection`, `1…${MAX_SELECTION} tile indices, the reference first`, list);
  const seen = new Set<number>();
  const selection = list.map((t, k) => {
    const tile = r.integer(t, `${path}.selection[${k}]`, 0, 2 ** 31 - 1);
    if (seen.has(tile)) throw new InputError(r.source, `${path}.selection[${k}]`, `tile ${tile} is selected twice`);
    seen.add(tile);
    return tile;
  });
  return {
    parentId: r.id(o.parentId, `${path}.parentId`),
    selection,
    ratio: r.integer(o.ratio, `${path}.ratio`, 2, 1000),
    seed: r.integer(o.seed, `${path}.seed`, 0, MAX_SEED),
  };
}

function readHashes(r: ArgReader, value: unknown, path: string): DerivationHashes {
  const o = r.object(value, path);
  r.onlyKeys(o, path, ['groundHash', 'substitutesHash', 'dependency']);
  const hex = (v: unknown, p: string) => {
    if (typeof v !== 'string' || !/^[0-9a-f]{16,128}$/.test(v)) r.fail(p, 'a hex digest', v);
    return v;
  };
  const hashes = { groundHash: hex(o.groundHash, `${path}.groundHash`), substitutesHash: hex(o.substitutesHash, `${path}.substitutesHash`) };
  return o.dependency === undefined ? hashes : { ...hashes, dependency: readDependency(r, o.dependency, `${path}.dependency`) };
}

function readDependency(r: ArgReader, value: unknown, path: string): GroundDependency {
  const o = r.object(value, path);
  r.onlyKeys(o, path, [...DEPENDENCY_LAYERS]);
  const list = (layer: (typeof DEPENDENCY_LAYERS)[number]): number[] => {
    const items = r.array(o[layer], `${path}.${layer}`);
    let last = -1;
    return items.map((v, k) => {
      const i = r.integer(v, `${path}.${layer}[${k}]`, 0, 2 ** 31 - 1);
      if (i <= last) r.fail(`${path}.${layer}[${k}]`, 'indices in ascending order, none twice', v);
      last = i;
      return i;
    });
  };
  return { terrain: list('terrain'), edges: list('edges'), vertices: list('vertices'), elevation: list('elevation') };
}

/** A dependency as stored: per layer, ascending runs [start, count] (a window's columns are runs), as JSON. */
function encodeDependency(dependency: GroundDependency | undefined): string | null {
  if (dependency === undefined) return null;
  const runs = (indices: readonly number[]): number[][] => {
    const out: number[][] = [];
    for (const i of indices) {
      const last = out[out.length - 1];
      if (last !== undefined && last[0]! + last[1]! === i) last[1]!++;
      else out.push([i, 1]);
    }
    return out;
  };
  return JSON.stringify(Object.fromEntries(DEPENDENCY_LAYERS.map((l) => [l, runs(dependency[l])])));
}

/** The stored dependency; null when absent (a link from before version 3) or unreadable, which falls back to the whole parent. */
function decodeDependency(text: string | null): GroundDependency | null {
  if (text === null) return null;
  try {
    const o = JSON.parse(text) as Record<string, [number, number][]>;
    const list = (layer: string): number[] => {
      const out: number[] = [];
      for (const [start, count] of o[layer] ?? []) for (let k = 0; k < count; k++) out.push(start + k);
      return out;
    };
    return { terrain: list('terrain'), edges: list('edges'), vertices: list('vertices'), elevation: list('elevation') };
  } catch {
    return null;
  }
}

function toLink(row: LinkRow): DerivedLink {
  return {
    mapId: row.map_id,
    parentId: row.parent_id,
    selection: JSON.parse(row.selection) as number[],
    ratio: row.ratio,
    seed: row.seed,
    groundHash: row.ground_hash,
    substitutesHash: row.substitutes_hash,
    dependency: decodeDependency(row.ground_tiles),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Same grid and the same layers present: the new content can be written as tile changes. */
function sameShape(a: TerrainMap, b: TerrainMap): boolean {
  const sa = a.spec;
  const sb = b.spec;
  if (sa.kind !== sb.kind || sa.alform !== sb.alform || sa.wrap.x !== sb.wrap.x || sa.wrap.y !== sb.wrap.y || JSON.stringify(sa.size) !== JSON.stringify(sb.size)) return false;
  return LAYER_NAMES.every((l) => (a.layers[l] === null) === (b.layers[l] === null) && (a.layers[l]?.length ?? 0) === (b.layers[l]?.length ?? 0));
}

/**
 * The tile changes that turn `stored` into `next`. Palette layers of `next` are first moved
 * onto the stored palette (extended by the terrains it lacks, at the end), since a journal
 * edit may only grow a palette.
 */
function diffInto(stored: TerrainMap, next: TerrainMap): { palette: string[]; changes: TileChange[] } {
  const palette = [...stored.palette];
  const remap = new Uint16Array(next.palette.length + 1);
  next.palette.forEach((terrain, k) => {
    let at = palette.indexOf(terrain);
    if (at < 0) at = palette.push(terrain) - 1;
    remap[k + 1] = at + 1;
  });
  const changes: TileChange[] = [];
  for (const layer of LAYER_NAMES) {
    const before = stored.layers[layer] as LayerValues | null;
    const after = next.layers[layer] as LayerValues | null;
    if (!before || !after) continue;
    const raw = layer === 'elevation';
    for (let i = 0; i < before.length; i++) {
      const value = raw ? after[i]! : remap[after[i]!]!;
      if (value !== before[i]) changes.push({ layer, index: i, before: before[i]!, after: value });
    }
  }
  return { palette, changes };
}
