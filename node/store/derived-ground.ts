/**
 * What a derivation read from its parent, hashed, and how new derived content is written over
 * the old: the whole ground's hash (chunks as stored), the hash of just the values a
 * dependency covers (core/derive/dependency.ts) with the terrains found there, and the tile
 * changes that turn the stored map into the new one. Inside the caller's transaction.
 *
 * Must not depend on: Electron, DOM.
 */
import { createHash } from 'node:crypto';
import type { GroundDependency } from '../../core/derive/dependency.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { InputError } from './args.js';
import { DEPENDENCY_LAYERS } from './derived-records.js';
import type { DependencyGround } from './derived-store.js';
import type { TileChange } from './journal.js';
import type { LayerName, LayerValues } from './map-chunks.js';
import { CHUNK_VALUES, LAYER_NAMES, decodeChunk } from './map-chunks.js';
import type { SqliteDb } from './sqlite.js';
import { codesFromBlob } from './network-store.js';
import { decodeConnection, encodeConnection } from '../../core/map/network-code.js';
import type { NetworkTileChange } from '../../core/map/network-layer.js';

type MapHead = { kind: string; size: string; wrap_x: number; wrap_y: number; alform: number; palette: string };

/** The grid and palette of map `id`, and its layers' lengths; `arg` names the argument in the error when there is no such map. */
function mapHead(db: SqliteDb, id: string, arg: string): { row: MapHead; lengths: Map<LayerName, number> } {
  const row = db.prepare('SELECT kind, size, wrap_x, wrap_y, alform, palette FROM maps WHERE id = ?').get(id) as MapHead | undefined;
  if (!row) throw new InputError('argument', arg, `no map with id "${id}" in this project`);
  const lengths = new Map((db.prepare('SELECT layer, length FROM map_layers WHERE map_id = ?').all(id) as { layer: LayerName; length: number }[]).map((l) => [l.layer, l.length]));
  return { row, lengths };
}

/**
 * SHA-256 of a map's ground: grid, palette and every stored chunk of its terrain, edges,
 * vertices and elevation. Chunks are hashed as stored (zlib streams, which one build writes
 * identically for identical values), so no layer is inflated; a map whose chunks were
 * written by another zlib may hash differently while equal — a false "stale", and deriving
 * again then changes nothing.
 */
export function groundHash(db: SqliteDb, id: string): string {
  const { row, lengths } = mapHead(db, id, 'mapId');
  const hash = createHash('sha256');
  hash.update(`${row.kind};${row.size};${row.wrap_x}${row.wrap_y}${row.alform};${row.palette}\n`);
  const chunks = db.prepare('SELECT data FROM map_chunks WHERE map_id = ? AND layer = ? ORDER BY chunk').pluck();
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
}

/**
 * The parent's ground under `dependency`, now: SHA-256 of the grid and of the values at
 * those indices only (terrain layers by terrain id, so a grown palette changes nothing), and
 * the terrains found there. Reads just the chunks holding them, not the whole parent.
 */
export function groundOf(db: SqliteDb, id: string, dependency: GroundDependency): DependencyGround {
  const { row, lengths } = mapHead(db, id, 'parentId');
  const palette = JSON.parse(row.palette) as string[];
  const hash = createHash('sha256');
  hash.update(`dependency;${row.kind};${row.size};${row.wrap_x}${row.wrap_y}${row.alform}\n`);
  const chunkOf = db.prepare('SELECT data FROM map_chunks WHERE map_id = ? AND layer = ? AND chunk = ?').pluck();
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
  hashNetworks(db, id, palette, dependency.terrain, hash);
  return { groundHash: hash.digest('hex'), terrains: [...terrains].sort() };
}

/**
 * The parent's through-tile networks on the dependency's tiles (roads a derivation carries,
 * core/derive/networks), by kind id, into `hash` — only when there are any, so links to
 * parents without networks keep the hashes they were stored with.
 */
function hashNetworks(db: SqliteDb, id: string, palette: readonly string[], tiles: readonly number[], hash: ReturnType<typeof createHash>): void {
  const rows = db.prepare('SELECT tile, codes FROM map_networks WHERE map_id = ? ORDER BY tile').all(id) as { tile: number; codes: Buffer }[];
  if (rows.length === 0) return;
  const wanted = new Set(tiles);
  const out: string[] = [];
  for (const row of rows) {
    if (!wanted.has(row.tile)) continue;
    const codes = codesFromBlob(row.codes, `map "${id}" networks`).map((c) => {
      const { a, b, level, kind } = decodeConnection(c);
      return `${a}-${b}@${level}:${palette[kind - 1] ?? `#${kind}`}`;
    });
    out.push(`${row.tile}=${codes.join(',')}`);
  }
  if (out.length === 0) return;
  hash.update(`networks ${out.length}\n${out.join(';')}\n`);
}

export /** Same grid and the same layers present: the new content can be written as tile changes. */
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
export function diffInto(stored: TerrainMap, next: TerrainMap): { palette: string[]; changes: TileChange[] } {
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

/**
 * The network changes that turn `stored`'s networks into `next`'s, kinds moved onto
 * `palette` (the stored palette as diffInto extended it): a re-derivation's roads and streets.
 */
export function networkDiff(stored: TerrainMap, next: TerrainMap, palette: readonly string[]): NetworkTileChange[] {
  const remap = (c: number): number => {
    const { a, b, level, kind } = decodeConnection(c);
    return encodeConnection(a, b, palette.indexOf(next.palette[kind - 1]!) + 1, level);
  };
  const after = new Map<number, number[]>();
  for (const t of next.networks?.tiles() ?? []) after.set(t, next.networks!.at(t).map(remap).sort((a, b) => a - b));
  const tiles = new Set([...(stored.networks?.tiles() ?? []), ...after.keys()]);
  const out: NetworkTileChange[] = [];
  for (const t of [...tiles].sort((a, b) => a - b)) {
    const before = [...(stored.networks?.at(t) ?? [])];
    const now = after.get(t) ?? [];
    if (before.length !== now.length || before.some((c, i) => c !== now[i])) out.push({ tile: t, before, after: now });
  }
  return out;
}
