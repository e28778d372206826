/**
 * The undo/redo journal of map edits in a project file (SPEC §10 "undo/redo for every
 * edit"). An edit is a list of (layer, index, before, after) changes to one map; recording
 * it applies the changes to the stored chunks and appends the entry in ONE transaction, so
 * the file never holds an edit without its journal entry or the reverse. `before` must be
 * what is stored — a mismatch means the caller's copy of the map has drifted, and the edit
 * is refused rather than silently overwriting.
 *
 * Entries with `undone = 1` are the redo tail; a new edit drops it. At most `limit` entries
 * are kept per map (the oldest go first).
 *
 * Instance edits (core/assemble instance-edit.ts) are changes like any other, on the
 * `instance_tiles` and `instance_codes` layers; the edit that places the map's first
 * instance adds those layers (empty) and the tile table, which, like the palette, only grows
 * and is not undone.
 *
 * Network edits (core/map network-edit.ts: a road drawn from centre to centre) are per-tile
 * code lists, not layer values: an entry's `options.networks` are kept beside it in
 * `journal_networks` (network-store.ts) and replayed with it, checked the same way.
 *
 * Must not depend on: Electron, DOM.
 */
import { endianness } from 'node:os';
import { MAX_PALETTE } from '../../core/map/terrain-map.js';
import { ArgReader, InputError } from './args.js';
import type { StoreContext } from './context.js';
import type { LayerValues, StoredLayerName } from './map-chunks.js';
import { CHUNK_VALUES, STORED_LAYER_NAMES, decodeChunk, encodeWholeChunk } from './map-chunks.js';
import type { TileRefInfo } from '../../core/map/instance-layer.js';
import { readTransaction, writeTransaction } from './sqlite.js';
import { quoted } from '../../core/util/bounded.js';
import type { NetworkTileChange } from '../../core/map/network-layer.js';
import { applyNetworkChanges, networkChangesFromText, networkChangesToText, readNetworkChanges } from './network-store.js';
import { growTileTable } from './tile-tables.js';

export interface TileChange {
  readonly layer: StoredLayerName;
  /** Index into the layer: the tile index, or the edge slot on the `edges` layer. */
  readonly index: number;
  readonly before: number;
  readonly after: number;
}

export interface EditOptions {
  /** Shown in the Edit menu ("Paint forest"). */
  label?: string;
  /**
   * The map's palette after the edit, when the edit painted terrains not yet in it. It must
   * extend the stored palette (existing entries keep their index); it is not undone, since
   * unused palette entries are harmless and indices must stay stable.
   */
  palette?: readonly string[];
  /**
   * The map's tile table after the edit, when it places tiles not yet in it (or the map's
   * first instances): it must extend the stored table; it is not undone either.
   */
  tiles?: readonly TileRefInfo[];
  /**
   * The AL-FORM map's linear tile table after the edit, when it lays linear tiles not yet in
   * it (or the map's first): it must extend the stored table; it is not undone either.
   */
  linearTiles?: readonly TileRefInfo[];
  /** Through-tile network changes of the same edit (one undo step with the layer changes, if any). */
  networks?: readonly NetworkTileChange[];
}

export interface JournalEntry {
  readonly seq: number;
  readonly label: string;
  readonly changeCount: number;
  readonly undone: boolean;
}

/** What undo or redo changed, written in the direction it was applied (`after` is now stored). */
export interface Replay {
  readonly seq: number;
  readonly label: string;
  readonly changes: TileChange[];
  /** The network changes, written in the direction applied; empty when the entry had none. */
  readonly networks: NetworkTileChange[];
}

export const DEFAULT_JOURNAL_LIMIT = 1000;
const MAX_CHANGES = 1 << 26;
const LITTLE_ENDIAN = endianness() === 'LE';

export class Journal {
  private readonly db;
  /** Entries up to this seq (per map) were there when this session took the project over: not its to undo or redo. */
  private floor: Map<string, number> | null = null;

  constructor(
    private readonly ctx: StoreContext,
    private readonly limit: number,
  ) {
    this.db = ctx.db;
  }

  /** Applies `changes` to map `mapId` and records them as one undoable edit. */
  edit(mapId: string, changes: readonly TileChange[], options: EditOptions = {}): JournalEntry {
    const r = new ArgReader();
    const id = r.id(mapId, 'mapId');
    const o = r.strictObject(options, 'options', ['label', 'palette', 'tiles', 'linearTiles', 'networks']);
    const label = r.optionalString(o.label, 'options.label') ?? '';
    const list = r.array(changes, 'changes');
    const networkCount = o.networks === undefined ? 0 : r.array(o.networks, 'options.networks').length;
    if (list.length === 0 && networkCount === 0) r.fail('changes', 'at least one change', list);
    if (list.length > MAX_CHANGES) r.fail('changes', `at most ${MAX_CHANGES} changes in one edit`, list);
    return writeTransaction(this.db, () => {
      const map = this.mapInfo(id);
      let paletteSize = map.palette.length;
      if (o.palette !== undefined) paletteSize = this.extendPalette(id, map.palette, readPalette(r, o.palette));
      const tileCount = o.tiles === undefined ? (map.tiles?.length ?? 0) : this.extendTiles(id, map, readTiles(r, o.tiles));
      const linearCount = o.linearTiles === undefined ? map.linearTiles : this.extendLinearTiles(id, map, readTiles(r, o.linearTiles, 'options.linearTiles'));
      const packed = readChanges(r, list, map.lengths, paletteSize, tileCount, linearCount);
      const networks = networkCount === 0 ? [] : readNetworkChanges(r, o.networks, map.tileCount, paletteSize);
      this.apply(id, packed, 'forward', null);
      if (networks.length) applyNetworkChanges(this.db, id, networks, 'forward', null);
      const seq = this.append(id, label, packed, networks.length ? (n) => this.db.prepare('INSERT INTO journal_networks (map_id, seq, changes) VALUES (?, ?, ?)').run(id, n, networkChangesToText(networks)) : undefined);
      return { seq, label, changeCount: list.length + networks.length, undone: false };
    });
  }

  /**
   * Records a step that changes no tile (document-edits.ts: the labels, a whole resized map):
   * one entry without tile changes, the redo tail dropped as by any edit. `write(seq)` stores
   * what the step changed beside the entry, in the same transaction.
   */
  editDocument(mapId: string, label: string, write: (seq: number) => void): JournalEntry {
    const id = new ArgReader().id(mapId, 'mapId');
    return writeTransaction(this.db, () => {
      this.mapInfo(id);
      const seq = this.append(id, label, new Int32Array(0), write);
      this.db.prepare('UPDATE maps SET updated_at = ? WHERE id = ?').run(this.ctx.now(), id);
      return { seq, label, changeCount: 0, undone: false };
    });
  }

  /** Appends entry `seq` (dropping the redo tail and entries past the limit); returns its seq. */
  private append(id: string, label: string, packed: Int32Array, write?: (seq: number) => void): number {
    this.db.prepare('DELETE FROM journal WHERE map_id = ? AND undone = 1').run(id);
    const seq = ((this.db.prepare('SELECT max(seq) FROM journal WHERE map_id = ?').pluck().get(id) as number | null) ?? 0) + 1;
    this.db.prepare('INSERT INTO journal (map_id, seq, label, changes, undone) VALUES (?, ?, ?, ?, 0)').run(id, seq, label, toBlob(packed));
    write?.(seq);
    this.db.prepare('DELETE FROM journal WHERE map_id = ? AND seq <= ?').run(id, seq - this.limit);
    return seq;
  }

  /**
   * From now on undo and redo see only entries made after this call (writer-lock.ts
   * take-over): the edits another process made before are its own history, not ours.
   */
  startHistoryHere(): void {
    const rows = this.db.prepare('SELECT map_id AS id, max(seq) AS seq FROM journal GROUP BY map_id').all() as { id: string; seq: number }[];
    this.floor = new Map(rows.map((r) => [r.id, r.seq]));
  }

  private floorOf(id: string): number {
    return this.floor?.get(id) ?? 0;
  }

  /** Reverts the latest applied edit of the map; null when there is nothing to undo. */
  undo(mapId: string): Replay | null {
    return this.replay(mapId, 'backward');
  }

  /** Re-applies the earliest undone edit; null when there is nothing to redo. */
  redo(mapId: string): Replay | null {
    return this.replay(mapId, 'forward');
  }

  /** Undo (backward: the latest applied entry) or redo (forward: the earliest undone one). */
  private replay(mapId: string, direction: 'backward' | 'forward'): Replay | null {
    const id = new ArgReader().id(mapId, 'mapId');
    const undo = direction === 'backward';
    return writeTransaction(this.db, () => {
      this.mapInfo(id);
      const next = undo
        ? 'SELECT seq, label, changes FROM journal WHERE map_id = ? AND undone = 0 AND seq > ? ORDER BY seq DESC LIMIT 1'
        : 'SELECT seq, label, changes FROM journal WHERE map_id = ? AND undone = 1 AND seq > ? ORDER BY seq LIMIT 1';
      // Entries at or below the floor belong to another process's session (a take-over): never replayed here.
      const row = this.db.prepare(next).get(id, this.floorOf(id)) as EntryRow | undefined;
      if (!row) return null;
      const packed = fromBlob(row.changes);
      const text = this.db.prepare('SELECT changes FROM journal_networks WHERE map_id = ? AND seq = ?').pluck().get(id, row.seq) as string | undefined;
      const networks = text === undefined ? [] : networkChangesFromText(text);
      // Undo takes the edit back in reverse order: networks first, as they were applied last.
      if (undo && networks.length) applyNetworkChanges(this.db, id, networks, direction, row.seq);
      this.apply(id, packed, direction, row.seq);
      if (!undo && networks.length) applyNetworkChanges(this.db, id, networks, direction, row.seq);
      this.db.prepare('UPDATE journal SET undone = ? WHERE map_id = ? AND seq = ?').run(undo ? 1 : 0, id, row.seq);
      const applied = undo ? networks.map((c) => ({ tile: c.tile, before: c.after, after: c.before })) : networks;
      return { seq: row.seq, label: row.label, changes: unpack(packed, direction), networks: applied };
    });
  }

  /** The map's entries, oldest first. */
  history(mapId: string): JournalEntry[] {
    const id = new ArgReader().id(mapId, 'mapId');
    const rows = this.db
      .prepare(
        `SELECT j.seq, j.label, length(j.changes) / 16 + coalesce(json_array_length(n.changes), 0) AS n, j.undone
         FROM journal j LEFT JOIN journal_networks n ON n.map_id = j.map_id AND n.seq = j.seq WHERE j.map_id = ? AND j.seq > ? ORDER BY j.seq`,
      )
      .all(id, this.floorOf(id)) as {
      seq: number;
      label: string;
      n: number;
      undone: number;
    }[];
    return rows.map((row) => ({ seq: row.seq, label: row.label, changeCount: row.n, undone: row.undone === 1 }));
  }

  /** Forgets the map's history (the map itself is kept). */
  clear(mapId: string): void {
    writeTransaction(this.db, () => this.db.prepare('DELETE FROM journal WHERE map_id = ?').run(mapId));
  }

  private mapInfo(id: string): MapInfo {
    return readTransaction(this.db, () => {
      const row = this.db.prepare('SELECT palette, instance_tiles AS tiles, linear_tiles AS linear, tile_count AS n FROM maps WHERE id = ?').get(id) as { palette: string; tiles: string | null; linear: string | null; n: number } | undefined;
      if (row === undefined) throw new InputError('argument', 'mapId', `no map with id ${quoted(id)} in this project`);
      const lengths = new Map<StoredLayerName, number>();
      for (const l of this.db.prepare('SELECT layer, length FROM map_layers WHERE map_id = ?').all(id) as { layer: StoredLayerName; length: number }[]) {
        lengths.set(l.layer, l.length);
      }
      return { palette: JSON.parse(row.palette) as string[], tiles: row.tiles === null ? null : (JSON.parse(row.tiles) as TileRefInfo[]), linearTiles: row.linear === null ? 0 : (JSON.parse(row.linear) as unknown[]).length, tileCount: row.n, lengths };
    });
  }

  /** Grows the tile table (existing entries keep their index); the map's first tiles add the empty instance layers. */
  private extendTiles(id: string, map: MapInfo, next: readonly TileRefInfo[]): number {
    return growTileTable(this.db, id, map.lengths, map.tileCount, 'instance', map.tiles ?? [], next);
  }

  /** Grows the linear tile table (creating the linear layers of a map that had none). */
  private extendLinearTiles(id: string, map: MapInfo, next: readonly TileRefInfo[]): number {
    const row = this.db.prepare('SELECT linear_tiles FROM maps WHERE id = ?').pluck().get(id) as string | null;
    return growTileTable(this.db, id, map.lengths, map.tileCount, 'linear', row === null ? [] : (JSON.parse(row) as TileRefInfo[]), next);
  }

  private extendPalette(id: string, current: readonly string[], next: readonly string[]): number {
    for (let k = 0; k < current.length; k++) {
      if (next[k] !== current[k]) {
        throw new InputError('argument', `options.palette[${k}]`, `expected ${quoted(current[k])} (a palette may only grow: existing entries keep their index), got ${JSON.stringify(next[k] ?? null)}`);
      }
    }
    if (next.length > current.length) this.db.prepare('UPDATE maps SET palette = ? WHERE id = ?').run(JSON.stringify(next), id);
    return next.length;
  }

  /**
   * Writes the changes into the stored chunks, touching each affected chunk once. Forward
   * checks `before` and writes `after`; backward checks `after` and writes `before`.
   * `entry` is the journal entry being undone or redone (null for a new edit), for messages.
   */
  private apply(id: string, packed: Int32Array, direction: 'forward' | 'backward', entry: number | null): void {
    const expectAt = direction === 'forward' ? 2 : 3;
    const writeAt = direction === 'forward' ? 3 : 2;
    const groups = new Map<string, number[]>();
    for (let k = 0; k < packed.length; k += 4) {
      const key = `${packed[k]}:${Math.floor(packed[k + 1]! / CHUNK_VALUES)}`;
      let list = groups.get(key);
      if (!list) groups.set(key, (list = []));
      list.push(k);
    }
    const lengths = new Map<StoredLayerName, number>();
    for (const row of this.db.prepare('SELECT layer, length FROM map_layers WHERE map_id = ?').all(id) as { layer: StoredLayerName; length: number }[]) lengths.set(row.layer, row.length);
    const read = this.db.prepare('SELECT data FROM map_chunks WHERE map_id = ? AND layer = ? AND chunk = ?').pluck();
    const write = this.db.prepare('UPDATE map_chunks SET data = ? WHERE map_id = ? AND layer = ? AND chunk = ?');
    for (const [key, offsets] of groups) {
      const [code, chunk] = key.split(':').map(Number) as [number, number];
      const layer = STORED_LAYER_NAMES[code]!;
      const where = `map ${quoted(id)} layer ${layer}`;
      const blob = read.get(id, layer, chunk) as Buffer | undefined;
      if (!blob) throw new Error(`${where}: chunk ${chunk} is missing`);
      const values: LayerValues = decodeChunk(layer, lengths.get(layer)!, chunk, blob, where);
      const base = chunk * CHUNK_VALUES;
      for (const k of offsets) {
        const index = packed[k + 1]!;
        const stored = values[index - base]!;
        if (stored !== packed[k + expectAt]) {
          const where = entry === null ? `changes[${k / 4}].before` : `journal entry ${entry} (${direction === 'forward' ? 'redo' : 'undo'}) at ${layer}[${index}]`;
          throw new InputError('argument', where, `expected ${packed[k + expectAt]} to be stored at ${layer}[${index}], but the project stores ${stored}; the map changed outside this journal`);
        }
        values[index - base] = packed[k + writeAt]!;
      }
      write.run(encodeWholeChunk(values), id, layer, chunk);
    }
    this.db.prepare('UPDATE maps SET updated_at = ? WHERE id = ?').run(this.ctx.now(), id);
  }
}

interface MapInfo {
  palette: string[];
  /** The tile table; null before the map's first instance. */
  tiles: TileRefInfo[] | null;
  /** Entries in the linear tile table (0 without a linear layer). */
  linearTiles: number;
  tileCount: number;
  lengths: Map<StoredLayerName, number>;
}

interface EntryRow {
  seq: number;
  label: string;
  changes: Buffer;
}

function readPalette(r: ArgReader, value: unknown): string[] {
  const list = r.stringList(value, 'options.palette');
  if (list.length > MAX_PALETTE) r.fail('options.palette', `at most ${MAX_PALETTE} terrain ids`, list);
  return list;
}

function readTiles(r: ArgReader, value: unknown, at = 'options.tiles'): TileRefInfo[] {
  const seen = new Set<string>();
  return r.array(value, at).map((v, k) => {
    const path = `${at}[${k}]`;
    const o = r.strictObject(v, path, ['id', 'name', 'library']);
    const id = r.id(o.id, `${path}.id`);
    if (seen.has(id)) throw new InputError('argument', `${path}.id`, `tile ${quoted(id)} is listed twice`);
    seen.add(id);
    const name = r.optionalString(o.name, `${path}.name`);
    const library = r.optionalString(o.library, `${path}.library`);
    return { id, ...(name !== undefined ? { name } : {}), ...(library !== undefined ? { library } : {}) };
  });
}

/** The values a layer takes: palette indices, elevation metres, tile table index + 1, placement codes. */
function valueRange(layer: StoredLayerName, paletteSize: number, tileCount: number, linearTiles: number): [number, number, string | undefined] {
  if (layer === 'elevation') return [-32768, 32767, undefined];
  if (layer === 'linear_class') return [0, 2, 'a linear class 0 (pass-thru), 1 (pass-thru-with-terrain) or 2 (blocking)'];
  if (layer === 'linear_tiles') return [0, linearTiles, `0 (no tile) or a linear tile table index + 1, 1…${linearTiles}`];
  if (layer === 'linear_codes') return [0, 255, 'a placement code 0…255'];
  if (layer === 'instance_tiles') return [0, tileCount, `0 (no instance) or a tile table index + 1, 1…${tileCount}`];
  if (layer === 'instance_codes') return [0, 255, 'a placement code 0…255'];
  return [0, paletteSize, `a palette index 0…${paletteSize}`];
}

/** Validates the changes and packs them as (layer code, index, before, after) Int32 quadruples. */
function readChanges(r: ArgReader, list: readonly unknown[], lengths: ReadonlyMap<StoredLayerName, number>, paletteSize: number, tileCount: number, linearTiles: number): Int32Array {
  const packed = new Int32Array(list.length * 4);
  const seen = new Set<number>();
  list.forEach((value, k) => {
    const path = `changes[${k}]`;
    const o = r.strictObject(value, path, ['layer', 'index', 'before', 'after']);
    const layer = r.oneOf(o.layer, `${path}.layer`, STORED_LAYER_NAMES);
    const length = lengths.get(layer);
    if (length === undefined) r.fail(`${path}.layer`, `a layer this map has (${[...lengths.keys()].join(', ')})`, layer);
    const index = r.integer(o.index, `${path}.index`, 0, length - 1);
    const [min, max, what] = valueRange(layer, paletteSize, tileCount, linearTiles);
    const before = valueIn(r, o.before, `${path}.before`, min, max, what);
    const after = valueIn(r, o.after, `${path}.after`, min, max, what);
    const code = STORED_LAYER_NAMES.indexOf(layer);
    const key = code * 2 ** 32 + index;
    if (seen.has(key)) throw new InputError('argument', `${path}.index`, `${layer}[${index}] is changed twice in one edit`);
    seen.add(key);
    packed.set([code, index, before, after], k * 4);
  });
  return packed;
}

function valueIn(r: ArgReader, value: unknown, path: string, min: number, max: number, what?: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) r.fail(path, what ?? `an integer ${min}…${max}`, value);
  return value;
}

function unpack(packed: Int32Array, direction: 'forward' | 'backward'): TileChange[] {
  const out: TileChange[] = [];
  for (let k = 0; k < packed.length; k += 4) {
    const before = direction === 'forward' ? packed[k + 2]! : packed[k + 3]!;
    const after = direction === 'forward' ? packed[k + 3]! : packed[k + 2]!;
    out.push({ layer: STORED_LAYER_NAMES[packed[k]!]!, index: packed[k + 1]!, before, after });
  }
  return out;
}

function toBlob(packed: Int32Array): Buffer {
  const bytes = Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
  return LITTLE_ENDIAN ? bytes : Buffer.from(bytes).swap32();
}

function fromBlob(blob: Buffer): Int32Array {
  if (blob.byteLength % 16 !== 0) throw new Error(`journal entry of ${blob.byteLength} bytes is damaged; expected a multiple of 16`);
  // Copy into a fresh, aligned buffer: SQLite blobs may sit at any byte offset.
  const out = new Int32Array(blob.byteLength / 4);
  const bytes = Buffer.from(out.buffer);
  bytes.set(blob);
  if (!LITTLE_ENDIAN) bytes.swap32();
  return out;
}
