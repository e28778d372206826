/**
 * The instance layer of a map (SPEC §6: a tile holds a vector tile instance, "tile
 * reference, mirror, rotation"): per cell an index into a table of tile ids (Int32, −1 for
 * none) and a placement code (Uint8, orientation-code.ts) — two typed arrays, no object per
 * tile. Translation and scale follow from the grid (core/vector/instance.ts), so they are
 * not stored.
 *
 * A TerrainMap holds one (`map.instances`, core/map); its plain form (`toJSON` / `fromJSON`)
 * is the `instances` section of map JSON version 2 (core/map/map-json.ts). The tile table
 * says where each tile came from (its name and library), so a map read without the library
 * at hand still names what is missing; the store keeps the same table (node/store).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { InputError } from '../util/input-error.js';
import type { Placement } from './orientation-code.js';
import { decodePlacement, encodePlacement } from './orientation-code.js';

export const INSTANCE_LAYER_FORMAT = 'sandtable-instance-layer';
export const INSTANCE_LAYER_VERSION = 1;

export interface InstanceLayerJson {
  readonly format: typeof INSTANCE_LAYER_FORMAT;
  readonly version: number;
  readonly tileCount: number;
  /** The tiles referenced by `cells` (a bare id string is read as `{ id }`). */
  readonly tiles: readonly (TileRefInfo | string)[];
  /** Sparse: [cell, tile table index, placement code] per placed cell, by ascending cell. */
  readonly cells: readonly (readonly [number, number, number])[];
}

/** An entry of the tile table: the tile id, and optionally its name and the library it came from. */
export interface TileRefInfo {
  readonly id: string;
  readonly name?: string;
  readonly library?: string;
}

export interface PlacedInstance {
  readonly tile: string;
  readonly code: number;
}

export class InstanceLayer {
  /** Per cell: index into `tileIds`, or −1. */
  readonly tileRef: Int32Array;
  /** Per cell: placement code (orientation-code.ts); 0 where empty. */
  readonly code: Uint8Array;
  readonly tileIds: string[] = [];
  private readonly refOf = new Map<string, number>();
  /** Name and library per table index, where known. */
  private readonly about: { name?: string; library?: string }[] = [];

  constructor(readonly grid: Grid) {
    this.tileRef = new Int32Array(grid.tileCount).fill(-1);
    this.code = new Uint8Array(grid.tileCount);
  }

  get cellCount(): number {
    return this.tileRef.length;
  }

  has(cell: number): boolean {
    return this.tileRef[cell]! >= 0;
  }

  get(cell: number): PlacedInstance | null {
    this.checkCell(cell);
    const r = this.tileRef[cell]!;
    return r < 0 ? null : { tile: this.tileIds[r]!, code: this.code[cell]! };
  }

  placement(cell: number): Placement | null {
    const p = this.get(cell);
    return p ? decodePlacement(p.code) : null;
  }

  /** Places an instance by tile id and placement (or its code). */
  set(cell: number, tile: string, placement: Placement | number): void {
    this.checkCell(cell);
    const code = typeof placement === 'number' ? placement : encodePlacement(placement);
    decodePlacement(code);
    this.tileRef[cell] = this.ref(tile);
    this.code[cell] = code;
  }

  clear(cell: number): void {
    this.checkCell(cell);
    this.tileRef[cell] = -1;
    this.code[cell] = 0;
  }

  /** Table index of a tile id, added if new; `info` records (or updates) its name and library. */
  ref(tile: string, info: Omit<TileRefInfo, 'id'> = {}): number {
    let r = this.refOf.get(tile);
    if (r === undefined) {
      if (tile.length === 0) throw new RangeError('a tile id is never empty');
      r = this.tileIds.length;
      this.tileIds.push(tile);
      this.about.push({});
      this.refOf.set(tile, r);
    }
    const a = this.about[r]!;
    if (info.name !== undefined) a.name = info.name;
    if (info.library !== undefined) a.library = info.library;
    return r;
  }

  /** The tile table in index order (append-only: an index never changes meaning). */
  tileTable(): TileRefInfo[] {
    return this.tileIds.map((id, r) => ({ id, ...this.about[r]! }));
  }

  /** How many cells hold an instance. */
  placedCount(): number {
    let n = 0;
    for (let c = 0; c < this.tileRef.length; c++) if (this.tileRef[c]! >= 0) n++;
    return n;
  }

  clone(): InstanceLayer {
    const out = new InstanceLayer(this.grid);
    this.tileTable().forEach(({ id, ...info }) => out.ref(id, info));
    out.tileRef.set(this.tileRef);
    out.code.set(this.code);
    return out;
  }

  /**
   * A layer from its stored arrays (node/store): `refs` holds table index + 1 per cell (0 =
   * empty, so a zeroed chunk is an empty layer), `codes` the placement codes. Checks every
   * value; `where` names the source in messages.
   */
  static fromArrays(grid: Grid, table: readonly TileRefInfo[], refs: Int32Array, codes: Uint8Array, where: string): InstanceLayer {
    const layer = new InstanceLayer(grid);
    const n = grid.tileCount;
    if (refs.length !== n || codes.length !== n) throw new Error(`${where}: the instance layers hold ${refs.length} and ${codes.length} values; the map has ${n} tiles`);
    table.forEach(({ id, ...info }, k) => {
      if (typeof id !== 'string' || id === '') throw new Error(`${where}: tile table entry ${k} has no tile id`);
      if (layer.ref(id, info) !== k) throw new Error(`${where}: tile ${JSON.stringify(id)} is listed twice in the tile table`);
    });
    for (let c = 0; c < n; c++) {
      const r = refs[c]!;
      if (r === 0) {
        if (codes[c] !== 0) throw new Error(`${where}: cell ${c} is empty but has placement code ${codes[c]}`);
        continue;
      }
      if (r < 0 || r > table.length) throw new Error(`${where}: cell ${c} refers to tile ${r}; the tile table has ${table.length}`);
      try {
        decodePlacement(codes[c]!);
      } catch (e) {
        throw new Error(`${where}: cell ${c}: ${(e as Error).message}`);
      }
      layer.tileRef[c] = r - 1;
      layer.code[c] = codes[c]!;
    }
    return layer;
  }

  /** The stored arrays (see `fromArrays`): table index + 1 per cell, and the codes. */
  toArrays(): { table: TileRefInfo[]; refs: Int32Array; codes: Uint8Array } {
    const refs = new Int32Array(this.tileRef.length);
    for (let c = 0; c < refs.length; c++) refs[c] = this.tileRef[c]! + 1;
    return { table: this.tileTable(), refs, codes: this.code.slice() };
  }

  toJSON(): InstanceLayerJson {
    const used = new Map<number, number>();
    const tiles: TileRefInfo[] = [];
    const cells: [number, number, number][] = [];
    for (let c = 0; c < this.tileRef.length; c++) {
      const r = this.tileRef[c]!;
      if (r < 0) continue;
      let k = used.get(r);
      if (k === undefined) {
        used.set(r, (k = tiles.length));
        tiles.push({ id: this.tileIds[r]!, ...this.about[r]! });
      }
      cells.push([c, k, this.code[c]!]);
    }
    return { format: INSTANCE_LAYER_FORMAT, version: INSTANCE_LAYER_VERSION, tileCount: this.tileRef.length, tiles, cells };
  }

  /** `base` is the JSON path of the layer inside its file (`$.instances` in a map file). */
  static fromJSON(grid: Grid, json: unknown, source = 'instance layer', base = '$'): InstanceLayer {
    const fail = (path: string, why: string): never => {
      throw new InputError(source, base + path.slice(1), why);
    };
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return fail('$', 'expected an object');
    const o = json as Record<string, unknown>;
    for (const k of Object.keys(o)) if (!['format', 'version', 'tileCount', 'tiles', 'cells'].includes(k)) fail(`$.${k}`, 'unknown field');
    if (o.format !== INSTANCE_LAYER_FORMAT) fail('$.format', `expected "${INSTANCE_LAYER_FORMAT}"`);
    if (o.version !== INSTANCE_LAYER_VERSION) fail('$.version', `this version of Sandtable reads version ${INSTANCE_LAYER_VERSION}; update Sandtable to read version ${String(o.version)}`);
    if (o.tileCount !== grid.tileCount) fail('$.tileCount', `the layer has ${String(o.tileCount)} cells; the map has ${grid.tileCount}`);
    if (!Array.isArray(o.tiles)) return fail('$.tiles', 'expected an array of tiles');
    if (!Array.isArray(o.cells)) return fail('$.cells', 'expected an array');
    const layer = new InstanceLayer(grid);
    const tiles = (o.tiles as unknown[]).map((t, k) => readTileInfo(t, `$.tiles[${k}]`, fail));
    const seen = new Set<string>();
    tiles.forEach((t, k) => {
      if (seen.has(t.id)) fail(`$.tiles[${k}]`, `tile ${JSON.stringify(t.id).slice(0, 80)} is listed twice`);
      seen.add(t.id);
      const { id, ...info } = t;
      layer.ref(id, info);
    });
    let prev = -1;
    (o.cells as unknown[]).forEach((e, i) => {
      const at = `$.cells[${i}]`;
      if (!Array.isArray(e) || e.length !== 3 || !e.every((x) => Number.isInteger(x))) return fail(at, 'expected [cell, tile, code] integers');
      const [cell, t, code] = e as number[];
      if (cell! <= prev || cell! >= grid.tileCount) fail(at, `cell ${cell} is out of order or outside the map`);
      if (t! < 0 || t! >= tiles.length) fail(at, `tile ${t} is not an index into $.tiles`);
      try {
        layer.set(cell!, tiles[t!]!.id, code!);
      } catch (err) {
        fail(at, (err as Error).message);
      }
      prev = cell!;
    });
    return layer;
  }

  private checkCell(cell: number): void {
    if (!Number.isInteger(cell) || cell < 0 || cell >= this.tileRef.length) throw new RangeError(`cell ${cell} is outside the map (0…${this.tileRef.length - 1})`);
  }
}

/** An entry of `$.tiles`: a non-empty id string, or `{ id, name?, library? }` of strings. */
function readTileInfo(value: unknown, at: string, fail: (path: string, why: string) => never): TileRefInfo {
  if (typeof value === 'string') return value.length ? { id: value } : fail(at, 'expected a non-empty tile id');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(at, 'expected a tile id or { id, name, library }');
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!['id', 'name', 'library'].includes(k)) fail(`${at}.${k}`, 'unknown field');
  if (typeof o.id !== 'string' || o.id.length === 0) fail(`${at}.id`, 'expected a non-empty tile id');
  for (const k of ['name', 'library'] as const) if (o[k] !== undefined && typeof o[k] !== 'string') fail(`${at}.${k}`, 'expected a string');
  return { id: o.id as string, ...(o.name !== undefined ? { name: o.name as string } : {}), ...(o.library !== undefined ? { library: o.library as string } : {}) };
}
