/**
 * Linear terrain (rivers, roads, bridges, walls …) in a Tiled map (issue 14). Tiled has tile
 * layers for area terrain but nothing for terrain on tile edges and vertices, so the export
 * writes it as an object layer, "Sandtable linear terrain" (property `sandtable` =
 * `linear-terrain`), that Tiled shows and a re-import reads back exactly:
 *
 * - each edge that holds terrain is a two-point polyline along the shared side of its two
 *   cells, with properties `terrain` (the terrain id), `from` and `to` (the two cells as
 *   "column,row" in Tiled's tile coordinates);
 * - each square-map vertex that holds terrain is a point object at the shared corner, with
 *   `terrain`, `from` (the cell) and `to` (its diagonal neighbour across that corner).
 *
 * The properties are what the import reads; the geometry is for seeing the features in Tiled
 * (moving a polyline there changes nothing). AL-FORM maps are exported as the classic map
 * they stand for (area tiles in the tile layer, linear tiles here) and the map property
 * `sandtable-alform` = true tells the import to convert back, so AL-FORM → Tiled → AL-FORM
 * gives the same tiles.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from '../../util/input-error.js';
import type { TerrainMap } from '../../map/terrain-map.js';
import { hasVertices } from '../../grid/capabilities.js';
import type { TiledObject, TiledObjectGroup } from './types.js';
import { LINEAR_LAYER_VALUE, SANDTABLE_LAYER_PROPERTY } from './objects.js';
import type { TiledProperty } from './types.js';
import { quoted } from '../../util/bounded.js';

export const LINEAR_LAYER_NAME = 'Sandtable linear terrain';
/** Map property set on exports of AL-FORM maps. */
export const ALFORM_PROPERTY = 'sandtable-alform';

/** Where cells lie in Tiled's pixels, and which cell is which tile. */
export interface TiledCells {
  readonly kind: 'square' | 'hex';
  /** Tile → Tiled (column, row). */
  readonly cellOf: (tile: number) => readonly [number, number];
  /** Tiled (column, row) → tile, or −1 off the map. */
  readonly tileOf: (col: number, row: number) => number;
  readonly tilewidth: number;
  readonly tileheight: number;
  /** Hex maps: Tiled's hexsidelength (stagger axis x, odd). */
  readonly hexsidelength?: number;
}

/** Tiled pixel position of cell (col, row)'s centre: what the object layers draw from. */
export function cellCentre(cells: Pick<TiledCells, 'kind' | 'tilewidth' | 'tileheight' | 'hexsidelength'>, col: number, row: number): [number, number] {
  const { tilewidth: w, tileheight: h } = cells;
  if (cells.kind === 'square') return [(col + 0.5) * w, (row + 0.5) * h];
  // Staggered along x, odd columns shifted down half a tile (Tiled's hexagonal, staggeraxis x, odd).
  const step = (w + (cells.hexsidelength ?? w / 2)) / 2;
  return [col * step + w / 2, row * h + h / 2 + (col % 2 === 1 ? h / 2 : 0)];
}

const prop = (name: string, value: string): TiledProperty => ({ name, type: 'string', value });
const cellText = ([c, r]: readonly [number, number]) => `${c},${r}`;

/** The object layer for a classic map's edge and vertex terrain, or null when it has none. */
export function linearObjectGroup(map: TerrainMap, cells: TiledCells): TiledObjectGroup | null {
  const grid = map.grid;
  const edges = map.layers.edges;
  const vertices = map.layers.vertices;
  const objects: TiledObject[] = [];
  const push = (terrain: number, a: number, b: number, shape: 'edge' | 'vertex') => {
    const ca = cells.cellOf(a);
    const cb = cells.cellOf(b);
    const [ax, ay] = cellCentre(cells, ca[0], ca[1]);
    const [bx, by] = cellCentre(cells, cb[0], cb[1]);
    const mx = (ax + bx) / 2;
    const my = (ay + by) / 2;
    const properties = [prop('terrain', map.terrainOf(terrain)), prop('from', cellText(ca)), prop('to', cellText(cb))];
    const id = objects.length + 1;
    if (shape === 'vertex') {
      objects.push({ id, name: '', type: 'vertex', x: mx, y: my, point: true, properties });
      return;
    }
    // The shared side: perpendicular to the centre line through its middle; a hexagon's side is d/√3, a square's d.
    const d = Math.hypot(bx - ax, by - ay);
    const half = (cells.kind === 'hex' ? d / Math.sqrt(3) : d) / 2;
    const nx = (-(by - ay) / d) * half;
    const ny = ((bx - ax) / d) * half;
    objects.push({ id, name: '', type: 'edge', x: mx - nx, y: my - ny, polyline: [{ x: 0, y: 0 }, { x: 2 * nx, y: 2 * ny }], properties });
  };
  // Both tiles of an edge (and all four of a vertex) reach its slot: write each slot once.
  const edgeDone = new Uint8Array(edges?.length ?? 0);
  const vertexDone = new Uint8Array(vertices?.length ?? 0);
  for (let i = 0; i < grid.tileCount; i++) {
    const deg = grid.degree(i);
    for (let d = 0; d < deg; d++) {
      const j = grid.neighbor(i, d);
      if (j < 0) continue;
      const slot = edges ? grid.edgeSlot(i, d) : -1;
      if (slot >= 0 && edges![slot]! !== 0 && !edgeDone[slot]) {
        edgeDone[slot] = 1;
        push(edges![slot]!, i, j, 'edge');
      }
      const v = vertices && hasVertices(grid) ? grid.vertexSlot(i, d) : -1;
      if (v >= 0 && vertices![v]! !== 0 && !vertexDone[v]) {
        vertexDone[v] = 1;
        push(vertices![v]!, i, j, 'vertex');
      }
    }
  }
  if (!objects.length) return null;
  return { name: LINEAR_LAYER_NAME, properties: [prop(SANDTABLE_LAYER_PROPERTY, LINEAR_LAYER_VALUE)], objects };
}

/**
 * Puts the layer's edge and vertex terrain on a classic map (the import side). Each object
 * must name terrain and two neighbouring cells; anything else is one clear error naming it.
 */
export function applyLinearObjects(map: TerrainMap, group: TiledObjectGroup, cells: TiledCells, source: string): number {
  const grid = map.grid;
  let applied = 0;
  for (const o of group.objects) {
    const where = `object layer ${quoted(group.name)}, object ${o.id}`;
    const get = (name: string): string => {
      const p = o.properties.find((q) => q.name === name);
      if (!p || typeof p.value !== 'string' || p.value === '') throw new InputError(source, where, `expected a string property ${quoted(name)}`);
      return p.value;
    };
    const tileAt = (name: string): number => {
      const m = /^(-?\d{1,7}),(-?\d{1,7})$/.exec(get(name));
      const t = m ? cells.tileOf(Number(m[1]), Number(m[2])) : -1;
      if (t < 0) throw new InputError(source, `${where}, property ${quoted(name)}`, `expected a cell "column,row" on the map, got ${quoted(get(name))}`);
      return t;
    };
    const terrain = get('terrain');
    const a = tileAt('from');
    const b = tileAt('to');
    let dir = -1;
    for (let d = 0; d < grid.degree(a); d++) if (grid.neighbor(a, d) === b) dir = d;
    if (dir < 0) throw new InputError(source, where, `expected "from" and "to" to be neighbouring cells, got ${quoted(get('from'))} and ${quoted(get('to'))}`);
    if (o.point) {
      const v = hasVertices(grid) && map.layers.vertices ? grid.vertexSlot(a, dir) : -1;
      if (v < 0) throw new InputError(source, where, 'expected a vertex between diagonal neighbours on a square map');
      map.layers.vertices![v] = map.terrainIndex(terrain);
    } else {
      if (grid.edgeSlot(a, dir) < 0) throw new InputError(source, where, 'expected an edge between two cells that share a side');
      map.setEdgeTerrain(a, dir, terrain);
    }
    applied++;
  }
  return applied;
}
