/**
 * Wesnoth export that inverts the import (issue 14). A mapping with patterns (`G*` → clear,
 * `^F*` → forest) has no single inverse: writing each terrain as one code turned most of 114
 * real maps into grass and dropped every overlay. So each tile's code is chosen in this order:
 *
 * 1. the tile's own code from the import (meta.wesnoth.codes), while the tile still holds the
 *    terrain that code was read as — an unedited map comes back code for code;
 * 2. for a tile painted since: the code this map most often used for that terrain;
 * 3. an exact code the mapping sends to that terrain (`"Gg": "clear"`);
 * 4. the catalogue's typical code (default-mapping.ts DEFAULT_WESNOTH_CODES);
 * 5. otherwise `fallback` ("Gg"), counted in a warning per terrain.
 *
 * A tile a road or trail network runs through (map format version 3) is then written with
 * Wesnoth's road base (`Rr`, `Re`: roads.ts), its overlay kept.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../../map/terrain-map.js';
import { quoted } from '../../util/bounded.js';
import type { WesnothMapData } from './wesnoth-map.js';
import type { WesnothMeta } from './terrain.js';
import type { WesnothMapping } from '../../map/import-mapping.js';
import { reverseWesnothMapping, terrainMapToWesnoth, wesnothTerrainResolver } from './terrain.js';
import { DEFAULT_WESNOTH_CODES } from './default-mapping.js';
import { roadCodeAt } from './roads.js';

export interface WesnothExport {
  readonly data: WesnothMapData;
  /** Tiles written with their original code. */
  readonly kept: number;
  /** Tiles whose code was chosen for their terrain (painted since the import, or never imported). */
  readonly recoded: number;
  /** One line per terrain that had no code at all and was written as `fallback`. */
  readonly warnings: readonly string[];
}

export interface WesnothExportOptions {
  /** The import's mapping (meta.import.mapping) or the designer's; absent: only kept codes and the catalogue's. */
  readonly mapping?: WesnothMapping;
  /** Codes for terrains; defaults to the default catalogue's. */
  readonly codes?: Readonly<Record<string, string>>;
  readonly fallback?: string;
}

export function exportWesnoth(map: TerrainMap, options: WesnothExportOptions = {}): WesnothExport {
  const fallback = options.fallback ?? 'Gg';
  const meta = map.meta.wesnoth as WesnothMeta | undefined;
  const original = meta?.codes?.length === map.tileCount ? meta.codes : undefined;
  const resolve = options.mapping ? wesnothTerrainResolver(options.mapping) : undefined;
  const terrain = map.layers.terrain;
  const idOf = (tile: number) => map.terrainOf(terrain[tile]!);
  // 1. Which tiles keep their code; and 2. the map's most common code per terrain.
  const keeps = new Uint8Array(map.tileCount);
  const counts = new Map<string, Map<string, number>>();
  if (original && resolve) {
    for (let i = 0; i < map.tileCount; i++) {
      const code = original[i]!;
      const id = idOf(i);
      if (resolve(code) !== id) continue;
      keeps[i] = 1;
      const byCode = counts.get(id) ?? new Map<string, number>();
      byCode.set(code, (byCode.get(code) ?? 0) + 1);
      counts.set(id, byCode);
    }
  }
  const exact = options.mapping ? reverseWesnothMapping(options.mapping, fallback).codes : {};
  const table = options.codes ?? DEFAULT_WESNOTH_CODES;
  const has = (o: Readonly<Record<string, string>>, k: string) => Object.prototype.hasOwnProperty.call(o, k);
  const chosen = new Map<string, string | null>();
  const codeFor = (id: string): string | null => {
    let c = chosen.get(id);
    if (c !== undefined) return c;
    const own = counts.get(id);
    if (own) c = [...own].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
    else if (has(exact, id)) c = exact[id]!;
    else if (has(table, id)) c = table[id]!;
    else c = null;
    chosen.set(id, c);
    return c;
  };
  let kept = 0;
  let recoded = 0;
  const missing = new Map<string, number>();
  const data = terrainMapToWesnoth(map, { codes: {}, default: fallback }, (tile) => roadCodeAt(map, tile, areaCode(tile)));
  function areaCode(tile: number): string {
    if (keeps[tile]) {
      kept++;
      return original![tile]!;
    }
    recoded++;
    const id = idOf(tile);
    const code = codeFor(id);
    if (code !== null) return code;
    missing.set(id, (missing.get(id) ?? 0) + 1);
    return fallback;
  }
  const warnings = [...missing].map(([id, n]) => `${n} tile${n === 1 ? '' : 's'} of ${id === '' ? 'no terrain' : `terrain ${quoted(id)}`} have no Wesnoth code (not in the mapping or the catalogue's codes); written as ${fallback}`);
  return { data, kept, recoded, warnings };
}
