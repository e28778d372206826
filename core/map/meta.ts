/**
 * What a map records about itself besides its terrain (`TerrainMap.meta`): a name, and the
 * records the app writes and reads back — where a derived map came from (`derived`, SPEC §7)
 * and how an imported map was read (`import`, SPEC §10). Other keys (a format's own extras
 * such as `tiled` or `wesnoth`) are kept as they are.
 *
 * Metadata comes in from files and the database as untrusted JSON: `readMapMeta` turns it
 * into a typed MapMeta or throws an InputError naming the field (`$.meta.derived.ratio`), so
 * no reader needs a cast and a bad record is caught where it enters, not where it is used.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError, JsonReader } from '../util/input-error.js';
import type { TiledMapping } from './import-mapping.js';
import { readTiledMapping } from './import-mapping.js';
import type { WesnothMapping } from './import-mapping.js';
import { readWesnothMapping } from './import-mapping.js';
import { readViewLayers, type StoredViewLayers } from './view-layers.js';
import type { HexOrientation } from '../grid/types.js';
import { HEX_ORIENTATIONS } from '../grid/types.js';

/** The small grid a substitute of a large tile of this kind lives on. */
export type SubstituteLattice = 'square' | 'offset-square' | 'hex';

export const SUBSTITUTE_LATTICES: readonly SubstituteLattice[] = ['square', 'offset-square', 'hex'];

/** What a derived map's `meta.derived` records (set by deriveTactical; `parent` by whoever stores it). */
export interface DerivedMeta {
  /** Id of the parent map where one is known (a project or library map). */
  parent?: string;
  /** The selection on the parent, as tile indices of the parent map (the reference first). */
  readonly selection: readonly number[];
  readonly ratio: number;
  readonly seed: number;
  readonly lattice: SubstituteLattice;
  /**
   * Global small-lattice coordinate of the derived map's tile (0, 0): cartesian on square,
   * 120° axial on offset-square and hex. Deriving again from a derived map uses it, so two
   * derived maps of one parent derive again into agreeing grandchildren.
   */
  readonly origin: readonly [number, number];
  /**
   * On the globe: the strip chart (0…4) the map is laid out in (core/derive/globe-charts.ts);
   * `origin` is in that chart's coordinates.
   */
  readonly chart?: number;
}

/** What an imported map's `meta.import` records: the file and the mapping used, to edit and import again. */
export type ImportMeta =
  | { readonly format: 'tiled'; readonly file: string; readonly mapping: TiledMapping; readonly skipped?: readonly string[]; readonly unmapped?: readonly UnmappedTiles[] }
  | { readonly format: 'wesnoth'; readonly file: string; readonly mapping: WesnothMapping };

/** Tiles an import found no catalogue terrain for: the placeholder they got (core/terrain/placeholder.ts) and their mapping keys. */
export interface UnmappedTiles {
  readonly terrain: string;
  readonly tiles: readonly string[];
}

/** The tile numberings a map may choose (core/map/numbering.ts draws them). */
export const NUMBERING_SYSTEMS = ['ccrr', '18xx', 'wesnoth', 'tiled'] as const;
export type NumberingSystem = (typeof NUMBERING_SYSTEMS)[number];

export const IMPORT_FORMATS = ['tiled', 'wesnoth'] as const;

export interface MapMeta {
  name?: string;
  description?: string;
  derived?: DerivedMeta;
  import?: ImportMeta;
  /** The tile numbering the designer chose for this map (core/map/numbering.ts); absent for none. */
  numbering?: NumberingSystem;
  /** The layers' visibility and opacity the designer chose for this map (view-layers.ts); absent: all shown. */
  layers?: StoredViewLayers;
  /**
   * Hex maps drawn pointy-topped: 'pointy'; absent (older files, every other map): flat-topped.
   * The stored form of the map's `spec.orientation` — TerrainMap keeps the two in step, so
   * files and stores carry it without a format version or a schema change (core/grid/types.ts
   * `HexOrientation`).
   */
  orientation?: HexOrientation;
  [key: string]: unknown;
}

/** Largest tile index a selection may name (maps hold far fewer tiles). */
const MAX_TILE = 2 ** 31 - 1;

/**
 * Typed metadata from untrusted JSON (a map file's `meta`, a database row). `source` names
 * the file or row; `path` is where the object sits in it. Unknown keys are kept.
 */
export function readMapMeta(value: unknown, source: string, path = '$.meta'): MapMeta {
  const r = new JsonReader(source);
  const o = r.object(value, path);
  const meta: MapMeta = { ...o };
  if (o.name !== undefined) meta.name = r.string(o.name, `${path}.name`);
  if (o.description !== undefined) meta.description = r.string(o.description, `${path}.description`);
  if (o.derived !== undefined) meta.derived = readDerivedMeta(o.derived, source, `${path}.derived`);
  if (o.numbering !== undefined) meta.numbering = r.oneOf(o.numbering, `${path}.numbering`, NUMBERING_SYSTEMS);
  if (o.layers !== undefined) meta.layers = readViewLayers(o.layers, source, `${path}.layers`);
  if (o.orientation !== undefined) meta.orientation = r.oneOf(o.orientation, `${path}.orientation`, HEX_ORIENTATIONS);
  if (o.import !== undefined) meta.import = readImportMeta(o.import, source, `${path}.import`);
  return meta;
}

export function readDerivedMeta(value: unknown, source: string, path = '$.meta.derived'): DerivedMeta {
  const r = new JsonReader(source);
  const o = r.object(value, path);
  r.onlyKeys(o, path, ['parent', 'selection', 'ratio', 'seed', 'lattice', 'origin', 'chart']);
  const selection = r.array(o.selection, `${path}.selection`).map((t, k) => r.integer(t, `${path}.selection[${k}]`, 0, MAX_TILE));
  if (selection.length === 0) r.fail(`${path}.selection`, 'at least one tile (the reference first)', o.selection);
  const origin = r.array(o.origin, `${path}.origin`);
  if (origin.length !== 2) r.fail(`${path}.origin`, 'a pair [x, y]', origin);
  const meta: DerivedMeta = {
    selection,
    ratio: r.integer(o.ratio, `${path}.ratio`, 1, MAX_TILE),
    seed: r.integer(o.seed, `${path}.seed`, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    lattice: r.oneOf(o.lattice, `${path}.lattice`, SUBSTITUTE_LATTICES),
    origin: [r.integer(origin[0], `${path}.origin[0]`, -MAX_TILE, MAX_TILE), r.integer(origin[1], `${path}.origin[1]`, -MAX_TILE, MAX_TILE)],
    ...(o.chart !== undefined ? { chart: r.integer(o.chart, `${path}.chart`, 0, 4) } : {}),
  };
  if (o.parent !== undefined) meta.parent = r.string(o.parent, `${path}.parent`);
  return meta;
}

export function readImportMeta(value: unknown, source: string, path = '$.meta.import'): ImportMeta {
  const r = new JsonReader(source);
  const o = r.object(value, path);
  const format = r.oneOf(o.format, `${path}.format`, IMPORT_FORMATS);
  const file = r.string(o.file, `${path}.file`);
  if (format === 'wesnoth') {
    r.onlyKeys(o, path, ['format', 'file', 'mapping']);
    return { format, file, mapping: rebased(() => readWesnothMapping(o.mapping, source), `${path}.mapping`) };
  }
  r.onlyKeys(o, path, ['format', 'file', 'mapping', 'skipped', 'unmapped']);
  const mapping = rebased(() => readTiledMapping(o.mapping, source), `${path}.mapping`);
  const out: { -readonly [K in keyof Extract<ImportMeta, { format: 'tiled' }>]: Extract<ImportMeta, { format: 'tiled' }>[K] } = { format, file, mapping };
  if (o.skipped !== undefined) out.skipped = r.array(o.skipped, `${path}.skipped`).map((s, k) => r.string(s, `${path}.skipped[${k}]`));
  if (o.unmapped !== undefined) {
    out.unmapped = r.array(o.unmapped, `${path}.unmapped`).map((u, k) => {
      const at = `${path}.unmapped[${k}]`;
      const uo = r.object(u, at);
      r.onlyKeys(uo, at, ['terrain', 'tiles']);
      return { terrain: r.string(uo.terrain, `${at}.terrain`), tiles: r.array(uo.tiles, `${at}.tiles`).map((t, i) => r.string(t, `${at}.tiles[${i}]`)) };
    });
  }
  return out;
}

/** The `meta.derived` of a map that must be derived (a map deriveTactical made); throws otherwise. */
export function requireDerivedMeta(meta: MapMeta, what: string): DerivedMeta {
  if (!meta.derived) throw new Error(`${what} is not a derived map: it has no meta.derived`);
  return meta.derived;
}

/** Runs a reader whose paths start at `$` and moves its errors to `path` (the mapping readers read a file of their own). */
function rebased<T>(read: () => T, path: string): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof InputError && e.where.startsWith('$')) throw new InputError(e.source, path + e.where.slice(1), e.expected);
    throw e;
  }
}
