/**
 * Resizing a map with an anchor (issue 14, "rename, duplicate, delete and resize maps (with
 * an anchor)"): the image editors' nine-point anchor says which side or corner stays put;
 * tiles that fall outside are lost (the caller warns with `lost` first), new tiles get a fill
 * terrain.
 *
 * The content moves by ONE lattice translation (120° axial on offset-square and hex maps,
 * cartesian on square maps), so every tile keeps its neighbours: on hex and offset-square
 * maps a shift by an odd number of columns moves the content half a row as well (offset
 * columns stagger), and one tile at the top or bottom of every other column may fall off —
 * better than the bent map a naive "column + dx" would give. On AL-FORM maps the shift is
 * rounded to even coordinates, so area tiles stay area tiles (SPEC §3 AREA-EVEN).
 *
 * Rectangular kinds take any anchor; a hex-hexagon map grows and shrinks about its centre
 * tile; a globe (a fixed subdivision of the icosahedron) is not resized.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridSize } from '../grid/types.js';
import type { IndexXYGrid } from '../grid/capabilities.js';
import { hasIndexXY } from '../grid/capabilities.js';
import { columnStart } from '../grid/hex/column-grid.js';
import { TerrainMap } from './terrain-map.js';
import { PaintError } from './paint.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { checkFillTerrain } from './paint.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { quoted } from '../util/bounded.js';
import { transferNetworks } from './network-transfer.js';

export const RESIZE_ANCHORS = ['nw', 'n', 'ne', 'w', 'center', 'e', 'sw', 's', 'se'] as const;
export type ResizeAnchor = (typeof RESIZE_ANCHORS)[number];

export interface ResizePlan {
  /** Lattice translation (in `system`) from old to new coordinates. */
  readonly dx: number;
  readonly dy: number;
  /** Old tiles that land on the new map: target tile per old tile (−1 lost). */
  readonly targets: Int32Array;
  /** Old tiles that fall off the new map. */
  readonly lost: number;
  /** Of those, tiles that carried terrain. */
  readonly lostPainted: number;
  /** New tiles no old tile lands on (they get the fill). */
  readonly added: number;
}

/** Where the anchor keeps the content: 0 = the low side of storage, ½ the middle, 1 the high side. */
function fractions(anchor: ResizeAnchor, rowsGrowUp: boolean): { fx: number; fy: number } {
  const fx = anchor.endsWith('w') ? 0 : anchor.endsWith('e') ? 1 : 0.5;
  const top = anchor.startsWith('n') ? 0 : anchor.startsWith('s') ? 1 : 0.5; // 0: keep the top, 1: keep the bottom
  // Storage row 0 is at the top of the screen unless rows grow upward (model space is y-up).
  return { fx, fy: rowsGrowUp ? 1 - top : top };
}

/** True when storage row 1 is drawn above row 0. */
function rowsGrowUp(grid: IndexXYGrid): boolean {
  // Storage row 1 of column 0 is lattice (0, 1) on square and column grids alike.
  const second = grid.indexXY(0, 1);
  return second >= 0 && grid.center(second)[1]! > grid.center(grid.indexXY(0, 0))[1]!;
}

/** Plans resizing `map` to `size` with `anchor` (nothing is built yet: the caller shows `lost` first). */
export function planResize(map: TerrainMap, size: GridSize, anchor: ResizeAnchor): ResizePlan {
  const { kind, alform, wrap } = map.spec;
  if (size.kind !== kind) throw new PaintError(`a ${kind} map resizes to another ${kind} size, not ${size.kind}`);
  if (kind === 'icosahedron') throw new PaintError('a globe is a fixed subdivision of the icosahedron and is not resized; create a globe of another side instead');
  if (kind === 'hex-hexagon' && anchor !== 'center') throw new PaintError('a hex-hexagon map grows and shrinks about its centre tile; choose the centre anchor');
  const next = TerrainMap.create({ size, wrap, alform }).grid; // checks the size (AL-FORM sizes, wraps, limits)
  const old = map.grid;
  if (!hasIndexXY(old) || !hasIndexXY(next)) throw new PaintError(`${kind} maps cannot be resized`);
  let dx = 0;
  let dy = 0;
  if (size.kind !== 'hex-hexagon' && map.spec.size.kind !== 'hex-hexagon' && size.kind !== 'icosahedron' && map.spec.size.kind !== 'icosahedron') {
    const { fx, fy } = fractions(anchor, rowsGrowUp(old));
    const even = (v: number) => (alform ? 2 * Math.round(v / 2) : Math.round(v));
    const cols = even(fx * (size.width - map.spec.size.width));
    const rows = even(fy * (size.height - map.spec.size.height));
    dx = cols;
    if (kind === 'square') dy = rows;
    else {
      // Column grids: storage row r of column x is axial y = Y0(x) + r; a shift of `cols` columns moves y by Y0(cols) − Y0(0).
      const shape = alform ? 'alform' : 'classic';
      dy = columnStart(shape, cols) - columnStart(shape, 0) + rows;
      if (alform) dy = 2 * Math.round(dy / 2);
    }
  }
  const targets = new Int32Array(old.tileCount).fill(-1);
  const hit = new Uint8Array(next.tileCount);
  const system = kind === 'square' ? 'cartesian' : 'axial120';
  let lost = 0;
  let lostPainted = 0;
  for (let t = 0; t < old.tileCount; t++) {
    const [x, y] = old.toSystem(t, system) as [number, number];
    const u = next.indexXY(x + dx, y + dy);
    if (u >= 0 && !hit[u]) {
      targets[t] = u;
      hit[u] = 1;
    } else {
      lost++;
      if (map.layers.terrain[t] !== 0) lostPainted++;
    }
  }
  let added = 0;
  for (const h of hit) if (!h) added++;
  return { dx, dy, targets, lost, lostPainted, added };
}

/**
 * The map resized: terrain, classic edges and vertices, elevation and networks carried by `planResize`'s
 * translation; new area tiles get `fill` ('' leaves them empty). Maps holding vector tile
 * instances or a linear layer are refused (their tiles are placed per cell).
 */
export function resizeMap(map: TerrainMap, catalogue: TerrainCatalogue, size: GridSize, anchor: ResizeAnchor, fill: string): { map: TerrainMap; plan: ResizePlan } {
  if (map.instances || map.linear) throw new PaintError('this map holds vector tile instances; clear them before resizing (they are placed per tile)');
  if (fill !== '') checkFillTerrain(catalogue, fill);
  const plan = planResize(map, size, anchor);
  const out = TerrainMap.create({ size, wrap: map.spec.wrap, alform: map.spec.alform, palette: map.palette, meta: { ...map.meta }, elevation: map.layers.elevation !== null });
  const src = map.layers;
  const dst = out.layers;
  const { targets } = plan;
  const filled = new Uint8Array(out.tileCount);
  for (let t = 0; t < targets.length; t++) {
    const u = targets[t]!;
    if (u < 0) continue;
    filled[u] = 1;
    dst.terrain[u] = src.terrain[t]!;
    if (src.elevation && dst.elevation) dst.elevation[u] = src.elevation[t]!;
    if (src.vertices && dst.vertices) dst.vertices[u] = src.vertices[t]!;
    if (src.edges && dst.edges) {
      for (let d = 0; d < map.grid.degree(t); d++) {
        const from = map.grid.edgeSlot(t, d);
        const to = out.grid.edgeSlot(u, d);
        if (from >= 0 && to >= 0) dst.edges[to] = src.edges[from]!;
      }
    }
  }
  // Roads and railroads move with their tiles (the same lattice translation: sides keep their numbers).
  transferNetworks(map, out, targets);
  if (fill !== '') {
    const value = out.terrainIndex(fill);
    for (let u = 0; u < out.tileCount; u++) {
      if (filled[u] || (out.spec.alform && classifyTile(out.grid, u) !== TileClass.AREA)) continue;
      dst.terrain[u] = value;
    }
  }
  return { map: out, plan };
}

/** "nw" … "se" from untrusted text, or one line naming the choices. */
export function parseResizeAnchor(text: string): ResizeAnchor {
  if ((RESIZE_ANCHORS as readonly string[]).includes(text)) return text as ResizeAnchor;
  throw new PaintError(`anchor ${quoted(text)} is not one of ${RESIZE_ANCHORS.join(', ')}`);
}
