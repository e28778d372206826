/**
 * The movement graph of one map for one MOVEMENT-MODE, as compressed sparse rows (SPEC §4:
 * typed arrays, no object per tile, built in a single pass). Only tiles a unit can stand
 * on are nodes, numbered densely in tile order (`nodeOfTile` / `tileOfNode`), so search
 * buffers are sized by the playable part of the map — on an AL-FORM map mostly its area
 * tiles, a quarter of the whole — and stay in cache better. The out-edges of node u are
 * `targets[offsets[u] … offsets[u+1])` (node ids) with their `costs`.
 *
 * AL-FORM maps follow the patent's PATH-FINDING rules (CLAIM 1, "any two TILES of an
 * AL-FORM-MAP are adjacent if…"):
 *  (A) two playable area tiles that adjoin the same unplayable linear tile are adjacent,
 *      2 TILE-SPACINGs apart: cost 2 × entry cost of the area entered + the linear tile's
 *      crossing cost (the catalogue's "cost to enter" convention, core/terrain/types.ts);
 *      a crossing cost of +Infinity (cliff, unbridged river for wheels) means no edge;
 *  (B) an area tile and an adjoining linear tile, both playable: 1 TILE-SPACING, cost =
 *      entry cost of the tile entered;
 *  (C) two adjoining playable linear tiles: 1 TILE-SPACING, cost = entry cost of the tile
 *      entered.
 * On square AL-FORM maps a VERTEX tile touches four area tiles. Rule A joins only the
 * diagonal pairs through it (core/alform/adjoining.ts, the one home of that rule: continuing
 * straight on from the area tile); an orthogonal
 * pair through a vertex is already joined — or kept apart — by the EDGE tile between
 * them, and letting the vertex join them too would let units slip past a wall or river
 * at every corner. Distances on square maps follow the grid's king-move metric, so a
 * diagonal rule A edge also spans 2 spacings.
 *
 * Classic maps: a playable area tile is adjacent to each playable neighbour; cost = entry
 * cost of the neighbour + the crossing cost of the terrain on the shared edge (square
 * diagonals: the shared vertex). A playable linear terrain on an edge (a road, a bridge)
 * adds nothing: it can be stood on, so it does not hinder crossing — moving along it is
 * what AL-FORM maps model.
 *
 * Through-tile networks (roads, railroads drawn centre to centre: core/map/network-layer.ts):
 * a hop between two ground tiles that one network joins costs what network-tables.ts says
 * (the road's rate, a bridge's cost over a river) where that is cheaper than the terrain's;
 * such a hop is added even where the crossing alone bars the way (a bridged river for
 * wheels) or is a playable linear tile (rule B steps onto it; the road runs straight over).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { hasVertices } from '../grid/capabilities.js';
import type { TerrainMap } from '../map/terrain-map.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import { areaAcross } from '../alform/adjoining.js';
import type { MovementTables } from './tables.js';
import { checkMovementTables } from './tables.js';
import { NetworkHops } from './network-hops.js';
import { NetworkSides } from '../map/network-sides.js';

export interface MovementGraph {
  readonly map: TerrainMap;
  readonly grid: Grid;
  readonly tileCount: number;
  /** Number of nodes: tiles a unit of this mode may stand on. */
  readonly nodeCount: number;
  /** Node of each tile, −1 where a unit cannot stand. Node order follows tile order. */
  readonly nodeOfTile: Int32Array;
  readonly tileOfNode: Int32Array;
  /** `offsets[u] … offsets[u+1]` index node u's out-edges; length nodeCount + 1. */
  readonly offsets: Int32Array;
  /** Target node of each edge. */
  readonly targets: Int32Array;
  readonly costs: Float32Array;
  /**
   * Least cost per grid hop over the graph's edges (a rule A edge spans 2 hops). Every path
   * of d hops costs at least d × this, so A* scales its heuristic by it; taken from the
   * edges rather than the palette, so terrain that is listed but absent does not weaken it.
   */
  readonly minHopCost: number;
  readonly edgeCount: number;
}

/** Per-palette entry and crossing costs, resolved once so the tile loop reads one number. */
export interface PaletteCosts {
  /** Entry cost of a tile of this terrain; +Infinity where it cannot be occupied. */
  readonly enter: Float64Array;
  /** Crossing cost of an unplayable linear tile; index 0 (empty border) is 0. */
  readonly cross: Float64Array;
}

export function paletteCosts(map: TerrainMap, tables: MovementTables): PaletteCosts {
  const p = map.palette.length + 1;
  const enter = new Float64Array(256).fill(Infinity);
  const cross = new Float64Array(256).fill(Infinity);
  cross[0] = 0;
  for (let k = 1; k < p; k++) {
    if (tables.playable[k]) {
      enter[k] = tables.cost[k]!;
      cross[k] = 0;
    } else cross[k] = tables.cost[k]!;
  }
  return { enter, cross };
}

/** Out-edges appended tile by tile; the arrays double when full. */
class EdgeSink {
  targets: Int32Array;
  costs: Float32Array;
  count = 0;
  /** Least cost per grid hop over the edges pushed so far. */
  minPerHop = Infinity;
  constructor(capacity: number) {
    this.targets = new Int32Array(capacity);
    this.costs = new Float32Array(capacity);
  }
  /** Appends an edge spanning `hops` grid hops (2 for rule A, 1 otherwise). */
  push(target: number, cost: number, hops: number): void {
    // The bound must hold for the Float32 value actually stored.
    const stored = Math.fround(cost);
    if (stored < this.minPerHop * hops) this.minPerHop = stored / hops;
    if (this.count === this.targets.length) {
      const t = new Int32Array(this.targets.length * 2);
      t.set(this.targets);
      const c = new Float32Array(this.costs.length * 2);
      c.set(this.costs);
      this.targets = t;
      this.costs = c;
    }
    this.targets[this.count] = target;
    this.costs[this.count++] = cost;
  }
  /** Exact-length arrays (copies only when more than a quarter would be wasted). */
  finish(): [Int32Array, Float32Array] {
    const m = this.count;
    if (m * 4 >= this.targets.length * 3) return [this.targets.subarray(0, m), this.costs.subarray(0, m)];
    return [this.targets.slice(0, m), this.costs.slice(0, m)];
  }
}

export function buildMovementGraph(map: TerrainMap, tables: MovementTables): MovementGraph {
  checkMovementTables(map, tables);
  const grid = map.grid;
  const n = grid.tileCount;
  const terrain = map.layers.terrain;
  const { enter } = paletteCosts(map, tables);
  const nodeOfTile = new Int32Array(n);
  let nodes = 0;
  for (let u = 0; u < n; u++) nodeOfTile[u] = enter[terrain[u]!]! < Infinity ? nodes++ : -1;
  const tileOfNode = new Int32Array(nodes);
  for (let u = 0; u < n; u++) if (nodeOfTile[u]! >= 0) tileOfNode[nodeOfTile[u]!] = u;
  const offsets = new Int32Array(nodes + 1);
  const sink = new EdgeSink(Math.max(64, nodes * 4));
  const hops = networkHops(map, tables);
  if (map.spec.alform) buildAlform(map, tables, nodeOfTile, tileOfNode, offsets, sink, hops);
  else buildClassic(map, tables, nodeOfTile, tileOfNode, offsets, sink, hops);
  offsets[nodes] = sink.count;
  const [targets, costs] = sink.finish();
  return {
    map,
    grid,
    tileCount: n,
    nodeCount: nodes,
    nodeOfTile,
    tileOfNode,
    offsets,
    targets,
    costs,
    minHopCost: sink.minPerHop === Infinity ? 0 : sink.minPerHop,
    edgeCount: sink.count,
  };
}

/** The network hops of `map` for the tables' mode, or null when it has no network the tables price. */
function networkHops(map: TerrainMap, tables: MovementTables): NetworkHops | null {
  const layer = map.networks;
  if (!layer || layer.isEmpty || !tables.network) return null;
  return new NetworkHops(layer, NetworkSides.of(map), tables.network);
}

function buildAlform(map: TerrainMap, tables: MovementTables, node: Int32Array, tileOfNode: Int32Array, offsets: Int32Array, sink: EdgeSink, hops: NetworkHops | null): void {
  const grid = map.grid;
  const terrain = map.layers.terrain;
  const { enter, cross } = paletteCosts(map, tables);
  const cls = tileClasses(grid);
  const nb = new Int32Array(grid.directions);
  const nb2 = new Int32Array(grid.directions);
  const globe = grid.kind === 'icosahedron';
  for (let i = 0; i < tileOfNode.length; i++) {
    offsets[i] = sink.count;
    const u = tileOfNode[i]!;
    const deg = grid.neighbors(u, nb);
    if (cls[u] === TileClass.AREA) {
      const onNetwork = hops !== null && hops.has(u);
      for (let d = 0; d < deg; d++) {
        const l = nb[d]!;
        if (l < 0) continue;
        // Along a network: to the area tile across, at the network's cost (network-tables.ts).
        let along = Infinity;
        let v = -1;
        if (onNetwork) {
          v = areaAcross(grid, cls, u, l, d, globe, nb2);
          if (v >= 0 && node[v]! >= 0) along = hops.cost(u, d, v, terrain[l]!, true);
        }
        if (node[l]! >= 0) {
          sink.push(node[l]!, enter[terrain[l]!]!, 1); // rule B
          if (along < Infinity) sink.push(node[v]!, along, 2);
          continue;
        }
        const c = cross[terrain[l]!]!;
        if (c === Infinity && along === Infinity) continue;
        if (v < 0) v = areaAcross(grid, cls, u, l, d, globe, nb2);
        if (v >= 0 && node[v]! >= 0) sink.push(node[v]!, Math.min(along, 2 * enter[terrain[v]!]! + c), 2); // rule A
      }
    } else {
      for (let d = 0; d < deg; d++) {
        const w = nb[d]!;
        if (w >= 0 && node[w]! >= 0) sink.push(node[w]!, enter[terrain[w]!]!, 1); // rule B (to an area) or C (to a linear tile)
      }
    }
  }
}

function buildClassic(map: TerrainMap, tables: MovementTables, node: Int32Array, tileOfNode: Int32Array, offsets: Int32Array, sink: EdgeSink, hops: NetworkHops | null): void {
  const grid = map.grid;
  const terrain = map.layers.terrain;
  const edges = map.layers.edges;
  const vertices = map.layers.vertices;
  if (!edges) throw new Error('a classic map needs its edges layer to build a movement graph');
  const { enter, cross } = paletteCosts(map, tables);
  const square = hasVertices(grid);
  if (square && !vertices) throw new Error('a classic square map needs its vertices layer to build a movement graph');
  const nb = new Int32Array(grid.directions);
  for (let i = 0; i < tileOfNode.length; i++) {
    offsets[i] = sink.count;
    const u = tileOfNode[i]!;
    const deg = grid.neighbors(u, nb);
    const onNetwork = hops !== null && hops.has(u);
    for (let d = 0; d < deg; d++) {
      const v = nb[d]!;
      if (v < 0 || node[v]! < 0) continue;
      let k: number;
      if (square && d & 1) {
        const slot = grid.vertexSlot(u, d);
        k = slot < 0 ? 0 : vertices![slot]!;
      } else {
        const slot = grid.edgeSlot(u, d);
        k = slot < 0 ? 0 : edges[slot]!;
      }
      const c = cross[k]!;
      const along = onNetwork ? hops.cost(u, d, v, k, false) : Infinity;
      if (c === Infinity && along === Infinity) continue;
      sink.push(node[v]!, Math.min(along, enter[terrain[v]!]! + c), 1);
    }
  }
}

/** The out-edges of tile `t` as [target tile, cost] pairs: for tests, tools and debugging, not hot loops. */
export function edgesOf(graph: MovementGraph, t: number): [number, number][] {
  const u = graph.nodeOfTile[t]!;
  const out: [number, number][] = [];
  if (u < 0) return out;
  for (let e = graph.offsets[u]!; e < graph.offsets[u + 1]!; e++) out.push([graph.tileOfNode[graph.targets[e]!]!, graph.costs[e]!]);
  return out;
}
