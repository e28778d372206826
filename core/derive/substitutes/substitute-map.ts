/**
 * A substitute as an ordinary AL-FORM TerrainMap and back, so the library stores
 * substitutes like any map and designers edit them in the app with the usual tools.
 *
 * The map is the smallest valid AL-FORM map of the lattice's grid kind (square, offset-square,
 * hex-rectangle) that holds the substitute's shape with every small tile on a map tile of the
 * same AL-FORM class: map coordinate = offset + shift. Square: (r+1)×(r+1), shift (r/2, r/2).
 * Offset-square and hex: odd width and height, and a shift with the parity of the
 * substitute's anchor (classes depend only on coordinate parity), chosen to need the fewest
 * tiles given the AL-FORM column stagger. Tiles outside the shape stay 0; `meta.substitute`
 * says what the map is.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridSize } from '../../grid/types.js';
import { createGrid } from '../../grid/create.js';
import { columnStart } from '../../grid/hex/column-grid.js';
import { TILE_CLASS_NAMES, TileClass, classifyTile } from '../../alform/classify.js';
import type { TileClassCode } from '../../alform/classify.js';
import { TerrainMap } from '../../map/terrain-map.js';
import type { TerrainCatalogue } from '../../terrain/types.js';
import { findTerrain } from '../../terrain/lookup.js';
import type { SubstituteLattice } from '../../map/meta.js';
import { isAdmissibleRatio } from '../geometry/ratios.js';
import { anchor } from '../geometry/substitute-shape.js';
import type { Substitute } from '../types.js';
import { SUBSTITUTE_LATTICES, compactPalette, latticeKind, substituteCells } from './cells.js';

/** What `meta.substitute` of a substitute map records. */
export interface SubstituteMapMeta {
  readonly terrain: string;
  readonly lattice: SubstituteLattice;
  readonly ratio: number;
}

export interface SubstituteMapLayout {
  /** The map: AL-FORM, not wrapped. */
  readonly size: GridSize;
  /** Map coordinate (cartesian / 120° axial) of a substitute tile = its offset + shift. */
  readonly shift: readonly [number, number];
  /** Map tile index of each substitute tile, in `substituteOffsets` order. */
  readonly tiles: Int32Array;
  /** Map tile index of the substitute tile at offset (dx, dy); −1 outside the shape. */
  tileOf(dx: number, dy: number): number;
}

const layouts = new Map<string, SubstituteMapLayout>();

export function substituteMapLayout(lattice: SubstituteLattice, ratio: number): SubstituteMapLayout {
  const key = `${lattice}:${ratio}`;
  let layout = layouts.get(key);
  if (layout === undefined) {
    layout = buildLayout(lattice, ratio);
    layouts.set(key, layout);
  }
  return layout;
}

function buildLayout(lattice: SubstituteLattice, ratio: number): SubstituteMapLayout {
  const cells = substituteCells(lattice, ratio);
  const kind = cells.kind;
  let size: GridSize;
  let shift: [number, number];
  if (lattice === 'square') {
    size = { kind: 'square', width: ratio + 1, height: ratio + 1 };
    shift = [ratio / 2, ratio / 2];
  } else {
    [size, shift] = fitColumns(cells.kind as 'offset-square' | 'hex-rectangle', cells.dx, cells.dy, anchor(kind, ratio));
  }
  const grid = createGrid({ size, alform: true });
  const tiles = new Int32Array(cells.count);
  for (let i = 0; i < cells.count; i++) {
    const t = grid.index([cells.dx[i]! + shift[0], cells.dy[i]! + shift[1]]);
    // The layout is derived, not assumed: a tile off the map or of another class is a bug here.
    if (t < 0 || classifyTile(grid, t) !== cells.classes[i]) {
      throw new Error(`substitute map layout ${lattice} 1:${ratio}: offset (${cells.dx[i]}, ${cells.dy[i]}) does not land on a ${TILE_CLASS_NAMES[cells.classes[i] as TileClassCode]} tile`);
    }
    tiles[i] = t;
  }
  const tileOf = (dx: number, dy: number): number => {
    const i = cells.indexOf(dx, dy);
    return i < 0 ? -1 : tiles[i]!;
  };
  return { size, shift, tiles, tileOf };
}

/**
 * Smallest AL-FORM column map (odd W × odd H) holding the offsets, with a shift whose parity
 * matches the anchor's. Column X of an AL-FORM map holds y from columnStart(X) to
 * columnStart(X) + H − 1, a stagger that repeats every 4 columns, so the x shift is tried
 * over one period past the tightest one.
 */
function fitColumns(kind: 'offset-square' | 'hex-rectangle', dx: Int32Array, dy: Int32Array, [ax, ay]: [number, number]): [GridSize, [number, number]] {
  let minX = Infinity;
  let maxX = -Infinity;
  for (const x of dx) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
  }
  // Lowest shift that keeps X ≥ 0 with X ≡ ax + dx (mod 2).
  let sx0 = -minX;
  if (((sx0 - ax) & 1) !== 0) sx0++;
  let best: [GridSize, [number, number]] | undefined;
  let bestTiles = Infinity;
  for (let sx = sx0; sx < sx0 + 8; sx += 2) {
    let width = maxX + sx + 1;
    if ((width & 1) === 0) width++;
    // Per column: the lowest and highest y relative to the column's start.
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < dx.length; i++) {
      const rel = dy[i]! - columnStart('alform', dx[i]! + sx);
      lo = Math.min(lo, rel);
      hi = Math.max(hi, rel);
    }
    // Shift y so the lowest tile sits on the column start or just above it, with parity of ay.
    let sy = -lo;
    if (((sy - ay) & 1) !== 0) sy++;
    let height = hi + sy + 1;
    if ((height & 1) === 0) height++;
    if (width * height < bestTiles) {
      bestTiles = width * height;
      best = [{ kind, width, height }, [sx, sy]];
    }
  }
  return best!;
}

/** The substitute as an AL-FORM map of its lattice's kind, named like "forest substitute 1:10". */
export function substituteToMap(sub: Substitute): TerrainMap {
  const layout = substituteMapLayout(sub.lattice, sub.ratio);
  if (sub.cells.length !== layout.tiles.length) {
    throw new Error(`substitute of "${sub.terrain}" (${sub.lattice} 1:${sub.ratio}) has ${sub.cells.length} cells; that shape has ${layout.tiles.length}`);
  }
  const meta: SubstituteMapMeta = { terrain: sub.terrain, lattice: sub.lattice, ratio: sub.ratio };
  const map = TerrainMap.create({
    size: layout.size,
    alform: true,
    palette: sub.palette,
    meta: { name: `${sub.terrain} substitute 1:${sub.ratio}`, substitute: meta },
  });
  for (let i = 0; i < layout.tiles.length; i++) {
    const v = sub.cells[i]!;
    if (v > sub.palette.length) throw new Error(`substitute of "${sub.terrain}": cell ${i} = ${v} is not 0 or an index 1…${sub.palette.length} into its palette`);
    map.layers.terrain[layout.tiles[i]!] = v;
  }
  return map;
}

/** The slot a substitute map stands in (`meta.substitute`); throws naming the field when it is not one. */
export function substituteMapMeta(map: TerrainMap): SubstituteMapMeta {
  const raw = map.meta.substitute;
  const where = 'substitute map: meta.substitute';
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new Error(`${where} must be an object { terrain, lattice, ratio }, got ${JSON.stringify(raw)}`);
  }
  const { terrain, lattice, ratio } = raw as Record<string, unknown>;
  if (typeof terrain !== 'string' || terrain === '') throw new Error(`${where}.terrain must be a terrain id, got ${JSON.stringify(terrain)}`);
  if (typeof lattice !== 'string' || !(SUBSTITUTE_LATTICES as readonly string[]).includes(lattice)) {
    throw new Error(`${where}.lattice must be one of ${SUBSTITUTE_LATTICES.join(', ')}, got ${JSON.stringify(lattice)}`);
  }
  const l = lattice as SubstituteLattice;
  if (typeof ratio !== 'number' || !isAdmissibleRatio(latticeKind(l), ratio)) {
    throw new Error(`${where}.ratio must be an admissible ${l} ratio (a positive multiple of ${l === 'square' ? 2 : l === 'hex' ? 6 : 4}), got ${JSON.stringify(ratio)}`);
  }
  return { terrain, lattice: l, ratio };
}

/**
 * The substitute a substitute map holds. Checks that the map is what `substituteToMap`
 * makes (kind, AL-FORM, size, no wrap, meta), that tiles outside the shape are empty, and,
 * given a catalogue, that the terrains exist and area tiles hold area terrain and linear
 * tiles linear terrain. Errors name the tile. Unused palette entries are dropped.
 */
export function substituteFromMap(map: TerrainMap, catalogue?: TerrainCatalogue): Substitute {
  const meta = substituteMapMeta(map);
  const { terrain, lattice, ratio } = meta;
  const what = `substitute map of "${terrain}" (${lattice} 1:${ratio})`;
  const kind = latticeKind(lattice);
  if (map.spec.kind !== kind) throw new Error(`${what}: a ${lattice} substitute is a ${kind} map, got ${map.spec.kind}`);
  if (!map.spec.alform) throw new Error(`${what}: must be an AL-FORM map`);
  if (map.spec.wrap.x || map.spec.wrap.y) throw new Error(`${what}: must not wrap`);
  const layout = substituteMapLayout(lattice, ratio);
  const { width, height } = layout.size as { width: number; height: number };
  const got = map.spec.size as { width: number; height: number };
  if (got.width !== width || got.height !== height) throw new Error(`${what}: must be ${width}×${height} tiles, got ${got.width}×${got.height}`);
  if (catalogue !== undefined && findTerrain(catalogue, terrain) === undefined) {
    throw new Error(`${what}: terrain "${terrain}" is not in catalogue "${catalogue.name}"`);
  }

  const grid = map.grid;
  const terrainLayer = map.layers.terrain;
  const inShape = new Uint8Array(grid.tileCount);
  for (const t of layout.tiles) inShape[t] = 1;
  const describe = (t: number): string => `tile ${t} at ${JSON.stringify(grid.coord(t))}`;
  for (let t = 0; t < grid.tileCount; t++) {
    if (!inShape[t] && terrainLayer[t] !== 0) {
      throw new Error(`${what}: ${describe(t)} lies outside the substitute's shape and must be empty, but holds "${map.terrainOf(terrainLayer[t]!)}"`);
    }
  }

  const { palette, remap } = compactPalette(map.palette, Array.from(layout.tiles, (t) => terrainLayer[t]!));

  const cells = new Uint8Array(layout.tiles.length);
  for (let i = 0; i < layout.tiles.length; i++) {
    const t = layout.tiles[i]!;
    const v = terrainLayer[t]!;
    cells[i] = remap[v]!;
    if (v === 0 || catalogue === undefined) continue;
    const id = map.terrainOf(v);
    const found = findTerrain(catalogue, id);
    if (found === undefined) throw new Error(`${what}: ${describe(t)} holds "${id}", which is not in catalogue "${catalogue.name}"`);
    const code = classifyTile(grid, t);
    const areaTile = code === TileClass.AREA;
    if (areaTile !== (found.class === 'area')) {
      throw new Error(`${what}: ${describe(t)} is ${areaTile ? 'an AREA' : `a linear (${TILE_CLASS_NAMES[code]})`} tile but holds ${found.class} terrain "${id}"`);
    }
  }
  return { terrain, lattice, ratio, palette, cells };
}
