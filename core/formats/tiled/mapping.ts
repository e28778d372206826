/**
 * The mapping from Tiled tiles to terrain (see terrain.ts's header): its keys
 * ("<tileset name>:<local tile id>") and proposing one from a map's tilesets (a tile's
 * `terrain` property, else its Wang colour, else its name). Its type and its reader of the
 * file the user edits are core/map/import-mapping.ts (a map remembers its mapping).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TiledMapping } from '../../map/import-mapping.js';
import type { TiledMap, TiledTileset } from './types.js';
import { GID_MASK, resolveGid } from './gid.js';

export function tileKey(tilesetName: string, localId: number): string {
  return `${tilesetName}:${localId}`;
}

/**
 * A starting mapping for the tiles a map uses: the tile's "terrain" property if it has one,
 * else the name of its dominant Wang colour, else "<tileset>-<id>". Names become kebab-case
 * terrain ids; the user edits the result.
 */
export function generateMapping(tiled: TiledMap): TiledMapping {
  const used = new Map<string, { ts: TiledTileset; id: number }>();
  const seen = new Set<number>();
  for (const layer of tiled.layers) {
    for (let i = 0; i < layer.data.length; i++) {
      const id = layer.data[i]! & GID_MASK;
      if (id === 0 || seen.has(id)) continue;
      seen.add(id);
      const hit = resolveGid(tiled.tilesets, id);
      if (hit) used.set(tileKey(hit.tileset.name, hit.localId), { ts: hit.tileset, id: hit.localId });
    }
  }
  const tiles: Record<string, string> = {};
  for (const key of [...used.keys()].sort(compareKeys)) {
    const { ts, id } = used.get(key)!;
    tiles[key] = proposeTerrain(ts, id);
  }
  return { tiles, default: 'clear' };
}

/** Orders mapping keys by tileset name, then local id. */
export function compareKeys(a: string, b: string): number {
  const [an, ai] = splitKey(a);
  const [bn, bi] = splitKey(b);
  return an < bn ? -1 : an > bn ? 1 : ai - bi;
}

/** A mapping key's tileset name and local id. */
export function splitKey(k: string): [string, number] {
  const c = k.lastIndexOf(':');
  return [k.slice(0, c), Number(k.slice(c + 1))];
}

function proposeTerrain(ts: TiledTileset, id: number): string {
  const info = ts.tiles.find((t) => t.id === id);
  const prop = info?.properties.find((p) => p.name === 'terrain' && typeof p.value === 'string' && p.value !== '');
  if (prop) return kebab(prop.value as string);
  for (const ws of ts.wangsets) {
    const wt = ws.wangtiles.find((t) => t.tileid === id);
    if (!wt) continue;
    const counts = new Map<number, number>();
    for (const c of wt.wangid) if (c > 0) counts.set(c, (counts.get(c) ?? 0) + 1);
    let best = 0;
    let bestCount = 0;
    for (const [c, n] of counts) if (n > bestCount || (n === bestCount && c < best)) [best, bestCount] = [c, n];
    const colour = ws.colors[best - 1];
    if (colour && colour.name) return kebab(colour.name);
  }
  return kebab(`${ts.name || 'tileset'}-${id}`);
}

function kebab(s: string): string {
  const k = s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return /^[a-z]/.test(k) ? k : `t-${k || 'tile'}`;
}
