/**
 * The terrain mappings an imported map remembers (`meta.import.mapping`), as plain data with
 * their checked JSON readers: the importers in core/formats write them, core/map/meta.ts reads
 * them back with the map, so the map needs nothing above it (core/README.md's floor plan).
 *
 * Tiled: `{ "tiles": { "Desert:29": "sand" }, "default": "clear", "layers": ["Ground"] }`,
 * keys "<tileset name>:<local tile id>". Wesnoth: `{ "codes": { "Gg": "grassland", "^F*":
 * "forest" }, "default": "clear" }`, codes or patterns (core/formats/wesnoth/terrain.ts says
 * how they are looked up).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError, JsonReader } from '../util/input-error.js';
import { quoted } from '../util/bounded.js';

export interface TiledMapping {
  /** "<tileset name>:<local id>" → terrain id ("" = no terrain). */
  readonly tiles: Readonly<Record<string, string>>;
  /** Terrain for tiles the mapping does not list. */
  readonly default: string;
  /** Tile layers to read, bottom to top; all tile layers when absent. */
  readonly layers?: readonly string[];
}

/** Reads a mapping from untrusted JSON (the file the user edits). */
export function readTiledMapping(value: unknown, source = 'mapping'): TiledMapping {
  const r = new JsonReader(source);
  const o = r.object(value, '$');
  r.onlyKeys(o, '$', ['tiles', 'default', 'layers']);
  const tilesObj = r.object(o.tiles, '$.tiles');
  const tiles: Record<string, string> = {};
  for (const [key, v] of Object.entries(tilesObj)) {
    const path = `$.tiles[${JSON.stringify(key)}]`;
    if (!/^.*:\d+$/.test(key)) throw new InputError(source, path, 'expected a key "<tileset name>:<local tile id>", e.g. "Desert:29"');
    tiles[key] = r.string(v, path);
  }
  const mapping: { -readonly [K in keyof TiledMapping]: TiledMapping[K] } = { tiles, default: r.string(o.default, '$.default') };
  if (o.layers !== undefined) mapping.layers = r.array(o.layers, '$.layers').map((l, k) => r.string(l, `$.layers[${k}]`));
  return mapping;
}

export interface WesnothMapping {
  /** Code or pattern (`G*`, `^F*`, `*^V*`) → terrain id ("" = no terrain). */
  readonly codes: Readonly<Record<string, string>>;
  readonly default: string;
}

const PATTERN = /^[^\s,]+$/;

export function readWesnothMapping(value: unknown, source = 'mapping'): WesnothMapping {
  const r = new JsonReader(source);
  const o = r.object(value, '$');
  r.onlyKeys(o, '$', ['codes', 'default']);
  const codes: Record<string, string> = {};
  for (const [key, v] of Object.entries(r.object(o.codes, '$.codes'))) {
    const path = `$.codes[${quoted(key)}]`;
    if (!PATTERN.test(key) || (key.match(/\^/g) ?? []).length > 1) throw new InputError(source, path, 'expected a terrain code or pattern such as "Gg", "G*", "^F*" or "*^V*"');
    codes[key] = r.string(v, path);
  }
  return { codes, default: r.string(o.default, '$.default') };
}
