/**
 * Tiled maps ↔ Sandtable terrain maps (SPEC §1 "convert an existing map"; §10 Tiled import
 * and export). Tiles become terrain through a mapping the user can edit:
 *
 *   { "tiles": { "Desert:29": "sand", "Desert:9": "brick" }, "default": "clear",
 *     "layers": ["Ground"] }
 *
 * keys are "<tileset name>:<local tile id>"; `default` is the terrain of tiles the mapping
 * does not list; empty cells stay empty; `layers` (optional) picks the tile layers to read,
 * bottom to top — at each cell the topmost non-empty layer wins.
 *
 * Grid kinds: orthogonal and isometric maps → square (isometric is a square grid drawn as
 * diamonds; the topology is the same, y flipped to our y-up). Hexagonal and staggered maps
 * → hex-rectangle through core/coords' Tiled converter: a staggered ("isometric staggered")
 * map is a brick of diamonds whose rows interlock like hexagons, so each tile keeps its four
 * diamond edge-neighbours and gains the two nearest corner neighbours along the stagger
 * axis. Tile flip/rotation flags carry no terrain meaning and are not kept in the terrain
 * map (they stay in the Tiled model for round trips).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from '../../util/input-error.js';
import { TerrainMap } from '../../map/terrain-map.js';
import type { GridSize } from '../../grid/types.js';
import { POINTY_TOP_ROTATION } from '../../grid/layout.js';
import { HexRectangleGrid } from '../../grid/hex/hex-rectangle.js';
import { SquareGrid } from '../../grid/square/square-grid.js';
import type { TiledStaggeredMap } from '../../coords/tiled.js';
import { tiledPlacement, tiledToTile, tileToTiled } from '../../coords/tiled.js';
import type { TiledMap, TiledProperty, TiledTileLayer, TiledTileset } from './types.js';
import { isObjectLayerOf, LABELS_LAYER_VALUE, LINEAR_LAYER_VALUE, NETWORK_LAYER_VALUE } from './objects.js';
import { labelObjectGroup, readLabelObjects } from './labels.js';
import type { TiledCells } from './linear.js';
import type { TiledMapping } from '../../map/import-mapping.js';
import { ALFORM_PROPERTY, applyLinearObjects, cellCentre, linearObjectGroup } from './linear.js';
import { applyNetworkObjects, networkObjectGroup } from './networks.js';
import { alformToClassic, classicToAlform } from '../../map/alform-transfer.js';
import { GID_MASK, resolveGid } from './gid.js';
import { bounded, quoted } from '../../util/bounded.js';
import { compareKeys, splitKey, tileKey } from './mapping.js';

export { generateMapping, tileKey } from './mapping.js';

/** How a Tiled map's cells land on our grid. */
interface Placement {
  readonly size: GridSize;
  readonly width: number;
  readonly height: number;
  /** Tiled-relative (col, row) of the map's cell (0, 0): nonzero for infinite maps. */
  readonly startx: number;
  readonly starty: number;
  readonly rotation: number;
  readonly tileOf: (map: TerrainMap) => (col: number, row: number) => number;
}

function placementOf(tiled: TiledMap, layers: readonly TiledTileLayer[], source: string): Placement {
  let startx = 0;
  let starty = 0;
  let width = tiled.width;
  let height = tiled.height;
  if (tiled.infinite) {
    const drawn = layers.filter((l) => l.width > 0 && l.height > 0);
    if (!drawn.length) throw new InputError(source, '/map', 'expected an infinite map with at least one chunk of tiles, got none');
    startx = Math.min(...drawn.map((l) => l.startx));
    starty = Math.min(...drawn.map((l) => l.starty));
    width = Math.max(...drawn.map((l) => l.startx + l.width)) - startx;
    height = Math.max(...drawn.map((l) => l.starty + l.height)) - starty;
  }
  if (width < 1 || height < 1) throw new InputError(source, '/map/@width', `expected a map of at least 1×1 tiles, got ${width}×${height}`);
  if (tiled.orientation === 'orthogonal' || tiled.orientation === 'isometric') {
    const tileOf = (map: TerrainMap) => {
      const grid = map.grid;
      if (!(grid instanceof SquareGrid)) throw new Error('internal: a Tiled orthogonal map needs a square grid');
      // Tiled's row 0 is the top of a y-down screen; our y grows upward.
      return (col: number, row: number) => grid.indexXY(col, height - 1 - row);
    };
    return { size: { kind: 'square', width, height }, width, height, startx, starty, rotation: 0, tileOf };
  }
  const axis = tiled.staggeraxis ?? 'y';
  // Tiled staggers absolute columns/rows; an infinite map cut at an odd offset flips the parity.
  const start = axis === 'x' ? startx : starty;
  const index = ((start % 2) + 2) % 2 === 0 ? (tiled.staggerindex ?? 'odd') : tiled.staggerindex === 'even' ? 'odd' : 'even';
  const stag: TiledStaggeredMap = { width, height, staggerAxis: axis, staggerIndex: index };
  const p = tiledPlacement(stag);
  return {
    size: p.size,
    width,
    height,
    startx,
    starty,
    rotation: p.rotation,
    tileOf: (map) => {
      const grid = map.grid;
      if (!(grid instanceof HexRectangleGrid)) throw new Error('internal: a Tiled hex map needs a hex-rectangle grid');
      return (col, row) => tiledToTile(grid, stag, col, row);
    },
  };
}

export interface TiledImportOptions {
  /** File name for errors. */
  readonly source?: string;
}

/**
 * Builds a classic terrain map from a Tiled map. `meta.tiled` records the Tiled geometry
 * and tilesets so an export can write the same kind of map back.
 */
export function tiledToTerrainMap(tiled: TiledMap, mapping: TiledMapping, options: TiledImportOptions = {}): TerrainMap {
  const source = options.source ?? 'Tiled map';
  const layers = chosenLayers(tiled, mapping, source);
  const place = placementOf(tiled, layers, source);
  if (!tiled.infinite) {
    for (const l of layers) {
      if (l.width !== tiled.width || l.height !== tiled.height) {
        throw new InputError(source, `layer ${quoted(l.name)}`, `expected the layer to be the map's size ${tiled.width}×${tiled.height}, got ${l.width}×${l.height}`);
      }
    }
  }
  const map = TerrainMap.create({
    size: place.size,
    // Stagger axis y: hex rows, drawn pointy-topped (the transposed grid turned a quarter, core/coords/tiled.ts).
    orientation: place.rotation === POINTY_TOP_ROTATION ? 'pointy' : 'flat',
    meta: {
      tiled: {
        orientation: tiled.orientation,
        tilewidth: tiled.tilewidth,
        tileheight: tiled.tileheight,
        ...(tiled.staggeraxis ? { staggeraxis: tiled.staggeraxis, staggerindex: tiled.staggerindex } : {}),
        ...(tiled.hexsidelength !== undefined ? { hexsidelength: tiled.hexsidelength } : {}),
        tilesets: tiled.tilesets.map((t) => ({ firstgid: t.firstgid, name: t.name, ...(t.source !== undefined ? { source: t.source } : {}) })),
      },
    },
  });
  const tileAt = place.tileOf(map);
  const linear = tiled.objectgroups?.find((g) => isObjectLayerOf(g.properties, LINEAR_LAYER_VALUE));
  const networks = tiled.objectgroups?.find((g) => isObjectLayerOf(g.properties, NETWORK_LAYER_VALUE));
  paintLayers(map, layers, place, tileAt, gidTerrains(tiled, mapping, map, source));
  // Rivers, roads … from Sandtable's own object layer (linear.ts), then back to AL-FORM if the export was.
  if (linear || networks) {
    const inMap = (col: number, row: number) => col >= 0 && row >= 0 && col < place.width && row < place.height;
    const cells: TiledCells = {
      kind: place.size.kind === 'square' ? 'square' : 'hex',
      tileOf: (col, row) => (inMap(col - place.startx, row - place.starty) ? tileAt(col - place.startx, row - place.starty) : -1),
      cellOf: () => {
        throw new Error('internal: cellOf is for export');
      },
      tilewidth: tiled.tilewidth,
      tileheight: tiled.tileheight,
    };
    if (linear) {
      const restored = applyLinearObjects(map, linear, cells, source);
      map.meta.tiledLinear = { layer: linear.name, restored };
    }
    if (networks) applyNetworkObjects(map, networks, cells, source);
  }
  const out = tiled.properties.some((p) => p.name === ALFORM_PROPERTY && p.value === true) ? classicToAlform(map) : map;
  // Labels name the exported map's own tiles: read against the map as finally imported (AL-FORM again if it was).
  const labels = tiled.objectgroups?.find((g) => isObjectLayerOf(g.properties, LABELS_LAYER_VALUE));
  if (labels) out.labels = readLabelObjects(out, labels, source);
  return out;
}

/** The tile layers to import: those the mapping names, in its order, or all of them; at least one. */
function chosenLayers(tiled: TiledMap, mapping: TiledMapping, source: string): readonly TiledTileLayer[] {
  let layers = tiled.layers;
  if (mapping.layers) {
    layers = mapping.layers.map((name, k) => {
      const l = tiled.layers.find((x) => x.name === name);
      if (!l) throw new InputError(source, `mapping $.layers[${k}]`, `expected the name of a tile layer (${tiled.layers.map((x) => JSON.stringify(x.name)).join(', ') || 'the map has none'}), got ${JSON.stringify(name)}`);
      return l;
    });
  }
  if (!layers.length) {
    const other = tiled.skipped.length ? `; it holds only layers Sandtable does not import: ${tiled.skipped.slice(0, 3).map((x) => bounded(x, 60)).join(', ')}${tiled.skipped.length > 3 ? ` and ${tiled.skipped.length - 3} more` : ''}` : '';
    throw new InputError(source, '/map', `expected at least one tile layer, got none${other}`);
  }
  return layers;
}

/** The map's terrain value of a Tiled cell's gid (layer and index k for errors); memoized per tile id. */
type GidTerrain = (gid: number, layer: TiledTileLayer, k: number) => number;

function gidTerrains(tiled: TiledMap, mapping: TiledMapping, map: TerrainMap, source: string): GidTerrain {
  const cache = new Map<number, number>();
  return (gid, layer, k) => {
    const id = gid & GID_MASK;
    let t = cache.get(id);
    if (t !== undefined) return t;
    const hit = resolveGid(tiled.tilesets, id);
    if (!hit) {
      throw new InputError(source, `layer ${quoted(layer.name)}, row ${Math.floor(k / layer.width) + layer.starty}, column ${(k % layer.width) + layer.startx}`, `expected a tile id that a tileset covers, got ${id}`);
    }
    const key = tileKey(hit.tileset.name, hit.localId);
    const terrain = Object.prototype.hasOwnProperty.call(mapping.tiles, key) ? mapping.tiles[key]! : mapping.default;
    try {
      t = map.terrainIndex(terrain);
    } catch (e) {
      throw new InputError(source, `mapping $.tiles[${JSON.stringify(key)}]`, (e as Error).message);
    }
    cache.set(id, t);
    return t;
  };
}

/** Writes the layers' cells into the map's terrain, topmost layer first: the first non-empty cell found at a tile is the one shown. */
function paintLayers(map: TerrainMap, layers: readonly TiledTileLayer[], place: Placement, tileAt: (col: number, row: number) => number, terrainOf: GidTerrain): void {
  const terrain = map.layers.terrain;
  const done = new Uint8Array(map.tileCount);
  for (let li = layers.length - 1; li >= 0; li--) {
    const layer = layers[li]!;
    const dx = layer.startx - place.startx;
    const dy = layer.starty - place.starty;
    for (let k = 0; k < layer.data.length; k++) {
      const gid = layer.data[k]!;
      if ((gid & GID_MASK) === 0) continue;
      const tile = tileAt((k % layer.width) + dx, Math.floor(k / layer.width) + dy);
      if (done[tile]) continue;
      done[tile] = 1;
      terrain[tile] = terrainOf(gid, layer, k);
    }
  }
}

/** How terrain maps back to Tiled tiles on export. */
export interface TiledReverseMapping {
  /** The tileset to reference: an external file (`source`) Tiled will load, or an embedded one. */
  readonly tileset: Omit<TiledTileset, 'firstgid'>;
  /** terrain id → local tile id in that tileset. Terrains not listed are written as empty cells. */
  readonly tiles: Readonly<Record<string, number>>;
  /** Pixel size of a map cell; defaults to the tileset's tile size. */
  readonly tilewidth?: number;
  readonly tileheight?: number;
}

/**
 * A reverse mapping from a forward one: each terrain goes back to the first (lowest) tile of
 * `tileset` that the forward mapping sends to it.
 */
export function reverseMapping(mapping: TiledMapping, tileset: Omit<TiledTileset, 'firstgid'>): TiledReverseMapping {
  const tiles: Record<string, number> = {};
  const keys = Object.keys(mapping.tiles).filter((k) => splitKey(k)[0] === tileset.name).sort(compareKeys);
  for (const key of keys) {
    const terrain = mapping.tiles[key]!;
    if (terrain !== '' && !(terrain in tiles)) tiles[terrain] = splitKey(key)[1];
  }
  return { tileset, tiles };
}

/**
 * A Tiled map of one tile layer ("Terrain") for a square or hex-rectangle terrain map:
 * square → orthogonal; hex-rectangle → hexagonal in the map's own orientation, the same
 * picture as ours (core/coords/tiled.ts): flat-top → stagger axis x, odd; pointy-top →
 * stagger axis y, even. Other kinds have no Tiled equivalent and are refused.
 */
export function terrainMapToTiled(source: TerrainMap, reverse: TiledReverseMapping): TiledMap {
  // AL-FORM: the classic map it stands for (lossless), marked so the import converts back.
  const map = source.spec.alform ? alformToClassic(source) : source;
  const kind = map.spec.kind;
  if (kind !== 'square' && kind !== 'hex-rectangle') {
    throw new Error(`Tiled export supports square and hex-rectangle maps, not ${kind} (Tiled has no ${kind === 'icosahedron' ? 'globe' : kind} grid)`);
  }
  const ts = reverse.tileset;
  for (const [terrain, id] of Object.entries(reverse.tiles)) {
    if (!Number.isInteger(id) || id < 0 || id >= GID_MASK) throw new RangeError(`reverse mapping: terrain ${quoted(terrain)} maps to ${id}; expected a local tile id ≥ 0`);
  }
  const size = map.spec.size as { width: number; height: number };
  const { width, height } = size;
  // Indexed by layer value (0 = no terrain): the gid to write.
  const lookup = Array.from({ length: map.palette.length + 1 }, (_, v) => {
    const id = map.terrainOf(v);
    return id !== '' && Object.prototype.hasOwnProperty.call(reverse.tiles, id) ? reverse.tiles[id]! + 1 : 0;
  });
  const data = new Uint32Array(width * height);
  const terrain = map.layers.terrain;
  const tilewidth = reverse.tilewidth ?? ts.tilewidth;
  const tileheight = reverse.tileheight ?? ts.tileheight;
  const properties: TiledProperty[] = source.spec.alform ? [{ name: ALFORM_PROPERTY, type: 'bool', value: true }] : [];
  const base = { width, height, tilewidth, tileheight, infinite: false, properties, tilesets: [{ ...ts, firstgid: 1 }], skipped: [] };
  const linear = (cells: Omit<TiledCells, 'tilewidth' | 'tileheight'>) => objectGroupsOf(source, map, { ...cells, tilewidth, tileheight });
  const layer = (): TiledTileLayer => ({ id: 1, name: 'Terrain', groups: [], width, height, startx: 0, starty: 0, data, encoding: 'csv', compression: '', properties: [] });
  if (kind === 'square') {
    const grid = map.grid;
    if (!(grid instanceof SquareGrid)) throw new Error('internal: a square map without a square grid');
    for (let row = 0; row < height; row++) {
      for (let col = 0; col < width; col++) data[row * width + col] = lookup[terrain[grid.indexXY(col, height - 1 - row)]!]!;
    }
    const cells = {
      kind: 'square' as const,
      cellOf: (i: number) => {
        const [x, y] = grid.coord(i) as [number, number];
        return [x, height - 1 - y] as const;
      },
      tileOf: (col: number, row: number) => (col >= 0 && row >= 0 && col < width && row < height ? grid.indexXY(col, height - 1 - row) : -1),
    };
    return { ...base, orientation: 'orthogonal', renderorder: 'right-down', layers: [layer()], ...linear(cells) };
  }
  const grid = map.grid;
  if (!(grid instanceof HexRectangleGrid)) throw new Error('internal: a hex-rectangle map without a hex-rectangle grid');
  const stag = staggerFor(grid, map.meta.tiled);
  const { width: cols, height: rows } = stag;
  for (let i = 0; i < terrain.length; i++) {
    const [col, row] = tileToTiled(grid, stag, i);
    data[row * cols + col] = lookup[terrain[i]!]!;
  }
  // A regular hexagon's side is half its corner-to-corner size: the width of a flat-top tile, the height of a pointy-top one.
  const hexsidelength = Math.round((stag.staggerAxis === 'y' ? tileheight : tilewidth) / 2);
  return {
    ...base,
    width: cols,
    height: rows,
    orientation: 'hexagonal',
    renderorder: 'right-down',
    staggeraxis: stag.staggerAxis,
    staggerindex: stag.staggerIndex,
    hexsidelength,
    layers: [{ ...layer(), width: cols, height: rows }],
    ...linear({
      kind: 'hex',
      hexsidelength,
      staggerAxis: stag.staggerAxis,
      cellOf: (i) => tileToTiled(grid, stag, i),
      tileOf: (col, row) => (col >= 0 && row >= 0 && col < cols && row < rows ? tiledToTile(grid, stag, col, row) : -1),
    }),
  };
}

/**
 * Sandtable's object layers of an exported map: linear terrain, networks and labels (the
 * labels of the map as the designer made it: an AL-FORM area tile (2x, 2y) is classic cell
 * (x, y) of `map`, the classic map exported).
 */
function objectGroupsOf(source: TerrainMap, map: TerrainMap, cells: TiledCells): { objectgroups?: NonNullable<TiledMap['objectgroups']> } {
  const group = linearObjectGroup(map, cells);
  const network = networkObjectGroup(map, cells);
  const centreOf = (tile: number) => {
    const classic = source.spec.alform ? map.grid.index(source.grid.coord(tile).map((v) => v / 2)) : tile;
    const [col, row] = cells.cellOf(classic);
    return cellCentre(cells, col, row);
  };
  const labels = labelObjectGroup(source, { centreOf, tilewidth: cells.tilewidth, tileheight: cells.tileheight });
  const groups = [...(group ? [group] : []), ...(network ? [network] : []), ...(labels ? [labels] : [])];
  return groups.length ? { objectgroups: groups } : {};
}

/**
 * The Tiled placement of a hex-rectangle in its own orientation, the same picture as ours
 * (core/coords/tiled.ts): flat-top → stagger axis x, odd, W×H; pointy-top → stagger axis y,
 * even, our W rows of H (transposed). A map imported from Tiled keeps its file's stagger
 * index (`tiled`: its meta.tiled), so import → export gives the file back.
 */
function staggerFor(grid: HexRectangleGrid, tiled: unknown): TiledStaggeredMap {
  const pointy = grid.orientation === 'pointy';
  const axis = pointy ? 'y' : 'x';
  const imported = importedStagger(tiled);
  const index = imported?.axis === axis ? imported.index : pointy ? 'even' : 'odd';
  return pointy ? { width: grid.height, height: grid.width, staggerAxis: axis, staggerIndex: index } : { width: grid.width, height: grid.height, staggerAxis: axis, staggerIndex: index };
}

/** The stagger axis and index an imported map's `meta.tiled` recorded, or null. */
function importedStagger(tiled: unknown): { axis: 'x' | 'y'; index: 'odd' | 'even' } | null {
  if (typeof tiled !== 'object' || tiled === null || !('staggeraxis' in tiled) || !('staggerindex' in tiled)) return null;
  const { staggeraxis: axis, staggerindex: index } = tiled;
  return (axis === 'x' || axis === 'y') && (index === 'odd' || index === 'even') ? { axis, index } : null;
}
