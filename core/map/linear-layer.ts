/**
 * The linear tiles of an AL-FORM map of vector tiles (patent AL-FORM-MAP ASSEMBLY, the three
 * classes of LINEAR-TILE vector tiles):
 *   PASS-THRU               the default of a new map; the adjoining area terrain passes
 *                           through unchanged, nothing is matched; holds no tile.
 *   PASS-THRU-WITH-TERRAIN  its own terrain drawn on top of the area terrain passing through;
 *                           its curves may cross only edges to other linear tiles, and only
 *                           those edges are matched.
 *   BLOCKING                a blocking terrain (a river) whose curves end only on edges to
 *                           other linear tiles; area terrain meeting it is rerouted
 *                           (reroute.ts). Without a tile it is an EMPTY blocking tile (step 4
 *                           of the rerouting), treated as blocking all the same.
 *
 * `LinearLayer`: per cell one class byte beside an `InstanceLayer` for the tile and its
 * placement — typed arrays, no object per tile. A linear instance is drawn in its own cell
 * at the grid's plain scale (it is not stretched like the area instances).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import type { Grid } from '../grid/types.js';
import { InputError } from '../util/input-error.js';
import type { InstanceLayerJson, PlacedInstance, TileRefInfo } from './instance-layer.js';
import { InstanceLayer } from './instance-layer.js';
import type { Placement } from './orientation-code.js';

export const LinearClass = { PASS_THRU: 0, WITH_TERRAIN: 1, BLOCKING: 2 } as const;
export type LinearClassCode = (typeof LinearClass)[keyof typeof LinearClass];
export const LINEAR_CLASS_NAMES = ['pass-thru', 'pass-thru-with-terrain', 'blocking'] as const;
export type LinearClassName = (typeof LINEAR_CLASS_NAMES)[number];

/**
 * The linear layer as stored beside the instance layer (node/store map chunks): the class
 * byte per cell, the tile table index + 1 (Int32, 0 = no tile) and the placement code.
 */
export const LINEAR_LAYER_NAMES = ['linear_class', 'linear_tiles', 'linear_codes'] as const;
export type LinearLayerName = (typeof LINEAR_LAYER_NAMES)[number];

/** One stored linear value changing (node/store journal): the class, tile table index + 1 or placement code of a cell. */
export interface LinearChange {
  readonly layer: LinearLayerName;
  readonly index: number;
  readonly before: number;
  readonly after: number;
}

/**
 * The stored values that turn `before` (null: all PASS-THRU) into `after`, whose tile table
 * must extend `before`'s (a clone of it, changed: assembly's empty blocking tiles, painted
 * features laid). Throws when an entry both tables hold differs; entries past `before`'s
 * table are growth, which the edit must bring along (node/store `EditOptions.linearTiles`).
 */
export function linearChanges(before: LinearLayer | null, after: LinearLayer): LinearChange[] {
  const out: LinearChange[] = [];
  const table = before?.instances.tileIds ?? [];
  after.instances.tileIds.forEach((id, k) => {
    // Entries past the stored table are growth: the edit carries the grown table (node/store EditOptions.linearTiles).
    if (k < table.length && after.instances.tileRef.includes(k) && table[k] !== id) throw new RangeError(`linear tile "${id.slice(0, 80)}" is not in the map's linear tile table at ${k}`);
  });
  for (let c = 0; c < after.linearClass.length; c++) {
    const cls = before ? before.linearClass[c]! : 0;
    const ref = before ? before.instances.tileRef[c]! + 1 : 0;
    const code = before ? before.instances.code[c]! : 0;
    if (cls !== after.linearClass[c]) out.push({ layer: 'linear_class', index: c, before: cls, after: after.linearClass[c]! });
    if (ref !== after.instances.tileRef[c]! + 1) out.push({ layer: 'linear_tiles', index: c, before: ref, after: after.instances.tileRef[c]! + 1 });
    if (code !== after.instances.code[c]) out.push({ layer: 'linear_codes', index: c, before: code, after: after.instances.code[c]! });
  }
  return out;
}

export const LINEAR_LAYER_FORMAT = 'sandtable-linear-layer';
export const LINEAR_LAYER_VERSION = 1;

export interface LinearLayerJson {
  readonly format: typeof LINEAR_LAYER_FORMAT;
  readonly version: number;
  /** Sparse: [cell, class code] for every cell that is not PASS-THRU, ascending. */
  readonly classes: readonly (readonly [number, number])[];
  readonly instances: InstanceLayerJson;
}

export class LinearLayer {
  /** Per cell: LinearClass code (0 on area cells and PASS-THRU linear cells). */
  readonly linearClass: Uint8Array;
  readonly instances: InstanceLayer;
  private readonly tileClass: Uint8Array;

  constructor(readonly grid: Grid) {
    this.linearClass = new Uint8Array(grid.tileCount);
    this.instances = new InstanceLayer(grid);
    this.tileClass = tileClasses(grid);
  }

  classOf(cell: number): LinearClassCode {
    return this.linearClass[cell]! as LinearClassCode;
  }

  isBlocking(cell: number): boolean {
    return this.linearClass[cell] === LinearClass.BLOCKING;
  }

  get(cell: number): PlacedInstance | null {
    return this.instances.get(cell);
  }

  /** Puts a WITH-TERRAIN or BLOCKING tile on a linear cell. */
  set(cell: number, linearClass: LinearClassCode, tile: string, placement: Placement | number): void {
    this.requireLinear(cell);
    if (linearClass === LinearClass.PASS_THRU) throw new RangeError(`cell ${cell}: a PASS-THRU linear tile holds no tile`);
    this.instances.set(cell, tile, placement);
    this.linearClass[cell] = linearClass;
  }

  /** An EMPTY blocking tile (rerouting step 4): blocks and carries reroutes, draws nothing. */
  setEmptyBlocking(cell: number): void {
    this.requireLinear(cell);
    this.instances.clear(cell);
    this.linearClass[cell] = LinearClass.BLOCKING;
  }

  /** Back to PASS-THRU. */
  clear(cell: number): void {
    this.requireLinear(cell);
    this.instances.clear(cell);
    this.linearClass[cell] = LinearClass.PASS_THRU;
  }

  clone(): LinearLayer {
    const out = new LinearLayer(this.grid);
    out.linearClass.set(this.linearClass);
    const inst = this.instances.clone();
    out.instances.tileRef.set(inst.tileRef);
    out.instances.code.set(inst.code);
    inst.tileIds.forEach((t) => out.instances.ref(t));
    return out;
  }

  toJSON(): LinearLayerJson {
    const classes: [number, number][] = [];
    for (let c = 0; c < this.linearClass.length; c++) if (this.linearClass[c] !== 0) classes.push([c, this.linearClass[c]!]);
    return { format: LINEAR_LAYER_FORMAT, version: LINEAR_LAYER_VERSION, classes, instances: this.instances.toJSON() };
  }

  static fromJSON(grid: Grid, json: unknown, source = 'linear layer'): LinearLayer {
    const fail = (path: string, why: string): never => {
      throw new InputError(source, path, why);
    };
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return fail('$', 'expected an object');
    const o = json as Record<string, unknown>;
    for (const k of Object.keys(o)) if (!['format', 'version', 'classes', 'instances'].includes(k)) fail(`$.${k}`, 'unknown field');
    if (o.format !== LINEAR_LAYER_FORMAT) fail('$.format', `expected "${LINEAR_LAYER_FORMAT}"`);
    if (o.version !== LINEAR_LAYER_VERSION) fail('$.version', `this version of Sandtable reads version ${LINEAR_LAYER_VERSION}; update Sandtable to read version ${String(o.version)}`);
    if (!Array.isArray(o.classes)) return fail('$.classes', 'expected an array');
    const layer = new LinearLayer(grid);
    const inst = InstanceLayer.fromJSON(grid, o.instances, `${source} $.instances`);
    let prev = -1;
    (o.classes as unknown[]).forEach((e, i) => {
      const at = `$.classes[${i}]`;
      if (!Array.isArray(e) || e.length !== 2 || !e.every((x) => Number.isInteger(x))) return fail(at, 'expected [cell, class] integers');
      const [cell, code] = e as [number, number];
      if (cell <= prev || cell >= grid.tileCount) fail(at, `cell ${cell} is out of order or outside the map`);
      if (layer.tileClass[cell] === TileClass.AREA) fail(at, `cell ${cell} is an area tile, not a linear tile`);
      if (code !== LinearClass.WITH_TERRAIN && code !== LinearClass.BLOCKING) fail(at, `class ${code} is not 1 (pass-thru-with-terrain) or 2 (blocking)`);
      if (code === LinearClass.WITH_TERRAIN && !inst.has(cell)) fail(at, `cell ${cell} is pass-thru-with-terrain but holds no tile`);
      layer.linearClass[cell] = code;
      prev = cell;
    });
    for (let c = 0; c < grid.tileCount; c++) {
      if (inst.has(c) && layer.linearClass[c] === 0) fail('$.instances', `cell ${c} holds a tile but is pass-thru`);
      const p = inst.get(c);
      if (p) layer.instances.set(c, p.tile, p.code);
    }
    return layer;
  }

  /** The stored arrays (see `fromArrays`). */
  toArrays(): { classes: Uint8Array; table: TileRefInfo[]; refs: Int32Array; codes: Uint8Array } {
    return { classes: this.linearClass.slice(), ...this.instances.toArrays() };
  }

  /**
   * Rebuilds a stored linear layer; throws naming `where` and the cell when the arrays break
   * a rule `fromJSON` enforces too (a class on an area tile, an unknown class, a tile on a
   * PASS-THRU cell, a WITH-TERRAIN cell without a tile).
   */
  static fromArrays(grid: Grid, classes: Uint8Array, table: readonly TileRefInfo[], refs: Int32Array, codes: Uint8Array, where: string): LinearLayer {
    const n = grid.tileCount;
    if (classes.length !== n) throw new Error(`${where}: the class layer holds ${classes.length} values; the map has ${n} tiles`);
    const inst = InstanceLayer.fromArrays(grid, table, refs, codes, where);
    const layer = new LinearLayer(grid);
    for (let c = 0; c < n; c++) {
      const code = classes[c]!;
      if (code > LinearClass.BLOCKING) throw new Error(`${where}: cell ${c} has class ${code}; expected 0 (pass-thru), 1 (pass-thru-with-terrain) or 2 (blocking)`);
      if (code !== 0 && layer.tileClass[c] === TileClass.AREA) throw new Error(`${where}: cell ${c} is an area tile but has linear class ${code}`);
      if (code === LinearClass.PASS_THRU && inst.has(c)) throw new Error(`${where}: cell ${c} holds a tile but is pass-thru`);
      if (code === LinearClass.WITH_TERRAIN && !inst.has(c)) throw new Error(`${where}: cell ${c} is pass-thru-with-terrain but holds no tile`);
    }
    layer.linearClass.set(classes);
    layer.instances.tileRef.set(inst.tileRef);
    layer.instances.code.set(inst.code);
    inst.tileTable().forEach(({ id, ...info }) => layer.instances.ref(id, info));
    return layer;
  }

  private requireLinear(cell: number): void {
    if (!Number.isInteger(cell) || cell < 0 || cell >= this.linearClass.length) throw new RangeError(`cell ${cell} is outside the map (0…${this.linearClass.length - 1})`);
    if (this.tileClass[cell] === TileClass.AREA) throw new RangeError(`cell ${cell} is an area tile; linear tiles only`);
  }
}
