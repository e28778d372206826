/**
 * The instance layer of a map (SPEC §6: a tile holds a vector tile instance, "tile
 * reference, mirror, rotation"): per cell an index into a table of tile ids (Int32, −1 for
 * none) and a placement code (Uint8, orientation-code.ts) — two typed arrays, no object per
 * tile. Translation and scale follow from the grid (core/vector/instance.ts), so they are
 * not stored.
 *
 * Additive: the map model and its JSON file do not change in this pass; `toJSON` /
 * `fromJSON` give the layer's own plain form for the store and the next map format.
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
  /** Tile ids referenced by `cells`. */
  readonly tiles: readonly string[];
  /** Sparse: [cell, tile table index, placement code] per placed cell, by ascending cell. */
  readonly cells: readonly (readonly [number, number, number])[];
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

  /** Table index of a tile id, added if new. */
  ref(tile: string): number {
    let r = this.refOf.get(tile);
    if (r === undefined) {
      if (tile.length === 0) throw new RangeError('a tile id is never empty');
      r = this.tileIds.length;
      this.tileIds.push(tile);
      this.refOf.set(tile, r);
    }
    return r;
  }

  clone(): InstanceLayer {
    const out = new InstanceLayer(this.grid);
    this.tileIds.forEach((t) => out.ref(t));
    out.tileRef.set(this.tileRef);
    out.code.set(this.code);
    return out;
  }

  toJSON(): InstanceLayerJson {
    const used = new Map<number, number>();
    const tiles: string[] = [];
    const cells: [number, number, number][] = [];
    for (let c = 0; c < this.tileRef.length; c++) {
      const r = this.tileRef[c]!;
      if (r < 0) continue;
      let k = used.get(r);
      if (k === undefined) {
        used.set(r, (k = tiles.length));
        tiles.push(this.tileIds[r]!);
      }
      cells.push([c, k, this.code[c]!]);
    }
    return { format: INSTANCE_LAYER_FORMAT, version: INSTANCE_LAYER_VERSION, tileCount: this.tileRef.length, tiles, cells };
  }

  static fromJSON(grid: Grid, json: unknown, source = 'instance layer'): InstanceLayer {
    const fail = (path: string, why: string): never => {
      throw new InputError(source, path, why);
    };
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return fail('$', 'expected an object');
    const o = json as Record<string, unknown>;
    for (const k of Object.keys(o)) if (!['format', 'version', 'tileCount', 'tiles', 'cells'].includes(k)) fail(`$.${k}`, 'unknown field');
    if (o.format !== INSTANCE_LAYER_FORMAT) fail('$.format', `expected "${INSTANCE_LAYER_FORMAT}"`);
    if (o.version !== INSTANCE_LAYER_VERSION) fail('$.version', `this version of Sandtable reads version ${INSTANCE_LAYER_VERSION}; update Sandtable to read version ${String(o.version)}`);
    if (o.tileCount !== grid.tileCount) fail('$.tileCount', `the layer has ${String(o.tileCount)} cells; the map has ${grid.tileCount}`);
    if (!Array.isArray(o.tiles) || o.tiles.some((t) => typeof t !== 'string' || t.length === 0)) return fail('$.tiles', 'expected an array of tile ids');
    if (!Array.isArray(o.cells)) return fail('$.cells', 'expected an array');
    const layer = new InstanceLayer(grid);
    const tiles = o.tiles as string[];
    let prev = -1;
    (o.cells as unknown[]).forEach((e, i) => {
      const at = `$.cells[${i}]`;
      if (!Array.isArray(e) || e.length !== 3 || !e.every((x) => Number.isInteger(x))) return fail(at, 'expected [cell, tile, code] integers');
      const [cell, t, code] = e as number[];
      if (cell! <= prev || cell! >= grid.tileCount) fail(at, `cell ${cell} is out of order or outside the map`);
      if (t! < 0 || t! >= tiles.length) fail(at, `tile ${t} is not an index into $.tiles`);
      try {
        layer.set(cell!, tiles[t!]!, code!);
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
