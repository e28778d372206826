/**
 * A map's through-tile networks in a store file (issue 26; core/map network-layer.ts). The
 * network layer is sparse — only tiles a road or railroad passes through hold codes — so it
 * is stored as one row per such tile (its sorted connection codes as a little-endian Int32
 * blob) and one row per tile with junction records (JSON), never as a dense chunked layer: a
 * 200-tile road stroke on a 4 M-tile map rewrites 200 small rows, not the chunks of a layer.
 * A journal entry's network changes sit beside it in `journal_networks` (project files),
 * removed with the entry.
 *
 * Must not depend on: Electron, DOM.
 */
import { endianness } from 'node:os';
import { connectionKind, isConnectionCode } from '../../core/map/network-code.js';
import type { NetworkJunction, NetworkTileChange } from '../../core/map/network-layer.js';
import { NetworkLayer } from '../../core/map/network-layer.js';
import { quoted } from '../../core/util/bounded.js';
import { ArgReader, InputError } from './args.js';
import type { SqliteDb } from './sqlite.js';

/** Library migration 12, project migration 6: the network rows of maps. */
export const NETWORK_TABLES_SQL = `
CREATE TABLE map_networks (
  map_id  TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
  tile    INTEGER NOT NULL CHECK (tile >= 0),
  codes   BLOB NOT NULL,                                    -- sorted Int32 connection codes, little-endian (core/map/network-code.ts)
  PRIMARY KEY (map_id, tile)
) WITHOUT ROWID;

CREATE TABLE map_network_junctions (
  map_id     TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
  tile       INTEGER NOT NULL CHECK (tile >= 0),
  junctions  TEXT NOT NULL,                                 -- JSON array of core/map NetworkJunction
  PRIMARY KEY (map_id, tile)
) WITHOUT ROWID;
`;

/** Project migration 6 also: the network changes of journal entries. */
export const JOURNAL_NETWORKS_SQL = `
CREATE TABLE journal_networks (
  map_id   TEXT NOT NULL,
  seq      INTEGER NOT NULL,
  changes  TEXT NOT NULL,                                   -- JSON [[tile, [before codes], [after codes]], …]
  PRIMARY KEY (map_id, seq),
  FOREIGN KEY (map_id, seq) REFERENCES journal (map_id, seq) ON DELETE CASCADE
) WITHOUT ROWID;
`;

const LITTLE_ENDIAN = endianness() === 'LE';

export function codesToBlob(codes: readonly number[]): Buffer {
  const values = Int32Array.from(codes);
  const bytes = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  return LITTLE_ENDIAN ? bytes : Buffer.from(bytes).swap32();
}

export function codesFromBlob(blob: Buffer, where: string): number[] {
  if (blob.byteLength % 4 !== 0) throw new Error(`${where}: network codes of ${blob.byteLength} bytes are damaged; expected a multiple of 4`);
  const out = new Int32Array(blob.byteLength / 4);
  const bytes = Buffer.from(out.buffer);
  bytes.set(blob);
  if (!LITTLE_ENDIAN) bytes.swap32();
  return Array.from(out);
}

/** Replaces map `mapId`'s stored networks with `layer` (none when null or empty). Inside the caller's transaction. */
export function writeNetworks(db: SqliteDb, mapId: string, layer: NetworkLayer | null): void {
  db.prepare('DELETE FROM map_networks WHERE map_id = ?').run(mapId);
  db.prepare('DELETE FROM map_network_junctions WHERE map_id = ?').run(mapId);
  if (!layer) return;
  const insert = db.prepare('INSERT INTO map_networks (map_id, tile, codes) VALUES (?, ?, ?)');
  for (const t of layer.tiles()) insert.run(mapId, t, codesToBlob(layer.at(t)));
  const insertJ = db.prepare('INSERT INTO map_network_junctions (map_id, tile, junctions) VALUES (?, ?, ?)');
  for (const t of layer.junctionTiles()) insertJ.run(mapId, t, JSON.stringify(layer.junctionsAt(t)));
}

/** The stored networks of map `mapId` (of `tileCount` tiles), or null when it has none. */
export function readNetworks(db: SqliteDb, mapId: string, tileCount: number, where: string): NetworkLayer | null {
  const rows = db.prepare('SELECT tile, codes FROM map_networks WHERE map_id = ?').all(mapId) as { tile: number; codes: Buffer }[];
  const junctions = db.prepare('SELECT tile, junctions FROM map_network_junctions WHERE map_id = ?').all(mapId) as { tile: number; junctions: string }[];
  if (rows.length === 0 && junctions.length === 0) return null;
  const layer = new NetworkLayer(tileCount);
  try {
    for (const row of rows) layer.set(row.tile, codesFromBlob(row.codes, where));
    for (const row of junctions) layer.setJunctions(row.tile, JSON.parse(row.junctions) as NetworkJunction[]);
  } catch (e) {
    throw new Error(`${where}: its networks are damaged (${(e as Error).message})`);
  }
  return layer;
}

/** Reads and checks a journal edit's network changes (untrusted: they come through the contract). */
export function readNetworkChanges(r: ArgReader, value: unknown, tileCount: number, paletteSize: number): NetworkTileChange[] {
  const seen = new Set<number>();
  return r.array(value, 'options.networks').map((v, k) => {
    const path = `options.networks[${k}]`;
    const o = r.strictObject(v, path, ['tile', 'before', 'after']);
    const tile = r.integer(o.tile, `${path}.tile`, 0, tileCount - 1);
    if (seen.has(tile)) throw new InputError('argument', `${path}.tile`, `tile ${tile} is changed twice in one edit`);
    seen.add(tile);
    const codes = (list: unknown, p: string): number[] =>
      r.array(list, p).map((c, i) => {
        if (!isConnectionCode(c)) return r.fail(`${p}[${i}]`, 'a network connection code', c);
        if (connectionKind(c) > paletteSize) return r.fail(`${p}[${i}]`, `a connection whose kind is a palette index 1…${paletteSize}`, c);
        return c;
      });
    return { tile, before: codes(o.before, `${path}.before`), after: codes(o.after, `${path}.after`) };
  });
}

const sameCodes = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((c, i) => c === b[i]);

/**
 * Writes network changes into map `mapId`'s rows: forward checks `before` is stored and writes
 * `after`, backward the reverse. `entry` names the journal entry replayed (null: a new edit).
 */
export function applyNetworkChanges(db: SqliteDb, mapId: string, changes: readonly NetworkTileChange[], direction: 'forward' | 'backward', entry: number | null): void {
  const read = db.prepare('SELECT codes FROM map_networks WHERE map_id = ? AND tile = ?').pluck();
  const upsert = db.prepare('INSERT OR REPLACE INTO map_networks (map_id, tile, codes) VALUES (?, ?, ?)');
  const remove = db.prepare('DELETE FROM map_networks WHERE map_id = ? AND tile = ?');
  const where = `map ${quoted(mapId)} networks`;
  changes.forEach((c, k) => {
    const expected = [...(direction === 'forward' ? c.before : c.after)].sort((x, y) => x - y);
    const next = [...new Set(direction === 'forward' ? c.after : c.before)].sort((x, y) => x - y);
    const blob = read.get(mapId, c.tile) as Buffer | undefined;
    const stored = blob ? codesFromBlob(blob, where) : [];
    if (!sameCodes(stored, expected)) {
      const at = entry === null ? `options.networks[${k}].before` : `journal entry ${entry} (${direction === 'forward' ? 'redo' : 'undo'}) at networks tile ${c.tile}`;
      throw new InputError('argument', at, `expected [${expected.join(', ')}] to be stored at tile ${c.tile}, but the project stores [${stored.join(', ')}]; the map changed outside this journal`);
    }
    if (next.length === 0) remove.run(mapId, c.tile);
    else upsert.run(mapId, c.tile, codesToBlob(next));
  });
}

/** A journal entry's network changes as stored (JSON), and back. */
export function networkChangesToText(changes: readonly NetworkTileChange[]): string {
  return JSON.stringify(changes.map((c) => [c.tile, c.before, c.after]));
}

export function networkChangesFromText(text: string): NetworkTileChange[] {
  return (JSON.parse(text) as [number, number[], number[]][]).map(([tile, before, after]) => ({ tile, before, after }));
}
