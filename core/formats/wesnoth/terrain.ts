/**
 * Wesnoth maps ↔ Sandtable terrain maps, through a mapping the user can edit:
 *
 *   { "codes": { "Gg": "grassland", "G*": "clear", "^F*": "forest", "W*": "water",
 *                "*^V*": "town" },
 *     "default": "clear" }
 *
 * A code such as `Gg^Fds` (grass base, deciduous-forest overlay) is looked up in this
 * order: the whole code; overlay patterns (`^Fds`, then `^F*`-style prefixes, longest
 * first) — an overlay is what a designer sees on the tile, forest on grass is forest; the
 * base code (`Gg`); base prefixes (`G*`, longest first); `*`; then `default`. Patterns
 * match whole codes too (`*^V*` matches any village).
 *
 * Placement uses core/coords' Wesnoth converter on a classic hex-rectangle. The border
 * ring is dropped by default — the map is the playable W×H, same picture — and its codes
 * are kept in `meta.wesnoth.borderCodes` so an export restores them; with `border: "keep"`
 * the map is (W+2)×(H+2), mirrored top↔bottom as the converter explains. Player starts go
 * to `meta.wesnoth.starts` (Wesnoth coordinates).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { wesnothRoads } from './roads.js';
import { InputError } from '../../util/input-error.js';
import { TerrainMap } from '../../map/terrain-map.js';
import { HexRectangleGrid } from '../../grid/hex/hex-rectangle.js';
import type { WesnothMap } from '../../coords/wesnoth.js';
import { tileToWesnoth, wesnothPlacement, wesnothToTile } from '../../coords/wesnoth.js';
import type { WesnothMapData, WesnothStart } from './wesnoth-map.js';
import { quoted } from '../../util/bounded.js';
import type { WesnothMapping } from '../../map/import-mapping.js';

/** Compiled lookup: exact entries and prefix patterns, longest first. */
export function wesnothTerrainResolver(mapping: WesnothMapping): (code: string) => string {
  const exact = new Map<string, string>();
  const patterns: { re: RegExp; len: number; overlay: boolean; terrain: string }[] = [];
  for (const [key, terrain] of Object.entries(mapping.codes)) {
    if (!key.includes('*')) exact.set(key, terrain);
    else {
      const re = new RegExp(`^${key.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^^]*')}$`);
      patterns.push({ re, len: key.replace(/\*/g, '').length, overlay: key.startsWith('^'), terrain });
    }
  }
  patterns.sort((a, b) => b.len - a.len);
  const cache = new Map<string, string>();
  return (code) => {
    let t = cache.get(code);
    if (t !== undefined) return t;
    const caret = code.indexOf('^');
    const base = caret < 0 ? code : code.slice(0, caret);
    const overlay = caret < 0 ? '' : code.slice(caret);
    const find = (): string => {
      const whole = exact.get(code);
      if (whole !== undefined) return whole;
      if (overlay) {
        const o = exact.get(overlay);
        if (o !== undefined) return o;
        for (const p of patterns) if (p.overlay && p.re.test(overlay)) return p.terrain;
      }
      for (const p of patterns) if (!p.overlay && p.re.test(code)) return p.terrain;
      const b = exact.get(base);
      if (b !== undefined) return b;
      for (const p of patterns) if (!p.overlay && p.re.test(base)) return p.terrain;
      return mapping.default;
    };
    t = find();
    cache.set(code, t);
    return t;
  };
}

export interface WesnothImportOptions {
  readonly source?: string;
  /** "drop" (default): the playable area only; "keep": include the border ring. */
  readonly border?: 'drop' | 'keep';
  /** Road hexes (`R*` bases) become a through-tile `road` network (roads.ts); default true. */
  readonly roads?: boolean;
}

export interface WesnothMeta {
  readonly border: 'dropped' | 'kept' | 'none';
  /** Codes of the dropped ring, in file order (row-major, ring cells only). */
  readonly borderCodes?: readonly string[];
  readonly starts: readonly WesnothStart[];
  readonly header: readonly (readonly [string, string])[];
  /**
   * Each tile's code as the file had it, in tile order: an export writes it back wherever
   * the tile still holds the terrain the code was read as (overlays and exact bases kept).
   */
  readonly codes?: readonly string[];
}

export function wesnothToTerrainMap(data: WesnothMapData, mapping: WesnothMapping, options: WesnothImportOptions = {}): TerrainMap {
  const source = options.source ?? 'Wesnoth map';
  const keep = data.border && options.border === 'keep';
  const place: WesnothMap = { width: data.width, height: data.height, border: keep };
  const fileCols = data.width + (data.border ? 2 : 0);
  const borderCodes: string[] = [];
  const tileCodes: string[] = [];
  const meta: WesnothMeta = {
    border: !data.border ? 'none' : keep ? 'kept' : 'dropped',
    starts: data.starts,
    header: data.header,
    ...(data.border && !keep ? { borderCodes } : {}),
    codes: tileCodes,
  };
  const map = TerrainMap.create({ size: wesnothPlacement(place).size, meta: { wesnoth: meta } });
  const grid = map.grid;
  if (!(grid instanceof HexRectangleGrid)) throw new Error('internal: a Wesnoth map needs a hex-rectangle grid');
  const resolve = wesnothTerrainResolver(mapping);
  const palette = new Map<string, number>();
  const terrain = map.layers.terrain;
  const off = data.border ? 0 : 1;
  for (let k = 0; k < data.codes.length; k++) {
    const code = data.codes[k]!;
    const x = (k % fileCols) + off;
    const y = Math.floor(k / fileCols) + off;
    const onBorder = data.border && (x === 0 || y === 0 || x === data.width + 1 || y === data.height + 1);
    if (onBorder && !keep) {
      borderCodes.push(code);
      continue;
    }
    const id = resolve(code);
    let p = palette.get(id);
    if (p === undefined) {
      try {
        p = map.terrainIndex(id);
      } catch (e) {
        throw new InputError(source, `code ${quoted(code)}`, (e as Error).message);
      }
      palette.set(id, p);
    }
    const tile = wesnothToTile(grid, place, x, y);
    terrain[tile] = p;
    tileCodes[tile] = code;
  }
  if (options.roads !== false) wesnothRoads(map, tileCodes);
  return map;
}

/** terrain id → Wesnoth code for export; `default` for terrains not listed. */
export interface WesnothReverseMapping {
  readonly codes: Readonly<Record<string, string>>;
  readonly default: string;
}

/** Each terrain goes back to the first exact code (no `*`) that the mapping sends to it. */
export function reverseWesnothMapping(mapping: WesnothMapping, fallback = 'Gg'): WesnothReverseMapping {
  const codes: Record<string, string> = {};
  for (const [code, terrain] of Object.entries(mapping.codes)) {
    if (code.includes('*') || code.startsWith('^') || terrain === '') continue;
    if (!(terrain in codes)) codes[terrain] = code;
  }
  return { codes, default: fallback };
}

/**
 * A Wesnoth map for a classic hex-rectangle terrain map. If the map came from a Wesnoth
 * import its border, starts and header (meta.wesnoth) come back; otherwise every border
 * tile repeats its nearest playable tile, as the Wesnoth editor does.
 */
export function terrainMapToWesnoth(map: TerrainMap, reverse: WesnothReverseMapping, codeAt?: (tile: number) => string): WesnothMapData {
  const grid = map.grid;
  if (!(grid instanceof HexRectangleGrid) || grid.shape !== 'classic') throw new Error(`Wesnoth maps are classic hex-rectangles, not ${map.spec.kind}${map.spec.alform ? ' (AL-FORM)' : ''}`);
  const meta = map.meta.wesnoth as WesnothMeta | undefined;
  const kept = meta?.border === 'kept';
  const width = kept ? grid.width - 2 : grid.width;
  const height = kept ? grid.height - 2 : grid.height;
  if (width < 1 || height < 1) throw new Error(`a map kept with its Wesnoth border must be at least 3x3, got ${grid.width}x${grid.height}`);
  const place: WesnothMap = { width, height, border: kept };
  const cols = width + 2;
  const rows = height + 2;
  const codes: string[] = new Array<string>(cols * rows).fill('');
  // Indexed by layer value (0 = no terrain).
  const codeOf = Array.from({ length: map.palette.length + 1 }, (_, v) => {
    const id = map.terrainOf(v);
    return id !== '' && Object.prototype.hasOwnProperty.call(reverse.codes, id) ? reverse.codes[id]! : reverse.default;
  });
  const terrain = map.layers.terrain;
  // Wesnoth coordinates count the border as 0, so they are the file's row and column.
  for (let i = 0; i < terrain.length; i++) {
    const [x, y] = tileToWesnoth(grid, place, i);
    codes[y * cols + x] = codeAt ? codeAt(i) : codeOf[terrain[i]!]!;
  }
  if (!kept) {
    const ring = meta?.border === 'dropped' && meta.borderCodes?.length === 2 * cols + 2 * (rows - 2) ? meta.borderCodes : undefined;
    let n = 0;
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        if (x > 0 && y > 0 && x < cols - 1 && y < rows - 1) continue;
        const inner = Math.min(Math.max(y, 1), rows - 2) * cols + Math.min(Math.max(x, 1), cols - 2);
        codes[y * cols + x] = ring ? ring[n]! : codes[inner]!;
        n++;
      }
    }
  }
  const starts = (meta?.starts ?? []).filter((s) => s.x >= 0 && s.y >= 0 && s.x <= width + 1 && s.y <= height + 1);
  return { width, height, border: true, codes, starts, header: meta?.header ?? [] };
}
