/**
 * A map's tile tables in the store (the vector instance table, `maps.instance_tiles`, and the
 * AL-FORM linear tile table, `maps.linear_tiles`): an edit that places tiles not yet in a table
 * brings the grown table along (journal.ts `EditOptions.tiles` / `linearTiles`). A table only
 * grows — existing entries keep their index, so journalled indices stay valid — and a map's
 * first tiles add its empty layers of that kind.
 *
 * Must not depend on: Electron, DOM.
 */
import type { TileRefInfo } from '../../core/map/instance-layer.js';
import { quoted } from '../../core/util/bounded.js';
import { InputError } from './args.js';
import type { StoredLayerName } from './map-chunks.js';
import { encodeLayer } from './map-chunks.js';
import type { SqliteDb } from './sqlite.js';

const TABLES = {
  instance: { column: 'instance_tiles', option: 'options.tiles', layers: () => [['instance_tiles', Int32Array], ['instance_codes', Uint8Array]] as const },
  linear: { column: 'linear_tiles', option: 'options.linearTiles', layers: () => [['linear_class', Uint8Array], ['linear_tiles', Int32Array], ['linear_codes', Uint8Array]] as const },
} as const;

/** Writes `next` as the map's table of `kind` after checking it extends `current`; returns its length. */
export function growTileTable(db: SqliteDb, id: string, lengths: Map<StoredLayerName, number>, tileCount: number, kind: keyof typeof TABLES, current: readonly TileRefInfo[], next: readonly TileRefInfo[]): number {
  const table = TABLES[kind];
  for (let k = 0; k < current.length; k++) {
    if (next[k]?.id !== current[k]!.id) {
      throw new InputError('argument', `${table.option}[${k}]`, `expected tile ${quoted(current[k]!.id)} (a tile table may only grow: existing entries keep their index), got ${JSON.stringify(next[k]?.id ?? null)}`);
    }
  }
  db.prepare(`UPDATE maps SET ${table.column} = ? WHERE id = ?`).run(JSON.stringify(next), id);
  const layers = table.layers();
  if (!lengths.has(layers[0][0])) {
    const insertLayer = db.prepare('INSERT INTO map_layers (map_id, layer, length) VALUES (?, ?, ?)');
    const insertChunk = db.prepare('INSERT INTO map_chunks (map_id, layer, chunk, data) VALUES (?, ?, ?, ?)');
    for (const [layer, Values] of layers) {
      insertLayer.run(id, layer, tileCount);
      encodeLayer(new Values(tileCount)).forEach((data, c) => insertChunk.run(id, layer, c, data));
      lengths.set(layer, tileCount);
    }
  }
  return next.length;
}
