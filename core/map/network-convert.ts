/**
 * Old maps' roads into through-tile networks (issue 26, map JSON version 3): before version 3
 * roads, railroads and trails were linear terrain on the linear tiles (AL-FORM) or the tile
 * edges and vertices (classic) between area tiles — a road drawn north–south zigzagged along
 * hexsides. Reading such a map with a catalogue that runs those terrains through tiles
 * converts them: each connected run of network linear tiles becomes a chain of the area tiles
 * it touches, from centre to centre (for each end of the run, the shortest walk over those
 * tiles from the part already laid, so a branching road stays one connected tree), and the
 * linear tiles keep what else they held: a river-bridge becomes the river (the crossing is
 * drawn from the network now), a level crossing or crossroads becomes nothing.
 *
 * Classic maps are converted on their AL-FORM image (the one home of edge ↔ linear tile,
 * alform-transfer.ts) and the result read back.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import { runsThrough } from '../terrain/network.js';
import { TileClass } from '../alform/classify.js';
import { linearNeighbours } from '../alform/linear-stroke.js';
import { correspondence } from '../alform/correspondence.js';
import { TerrainMap } from './terrain-map.js';
import { NetworkLayer } from './network-layer.js';
import { NetworkSides } from './network-sides.js';
import { planDrawChain } from './network-edit.js';
import { classicToAlform } from './alform-transfer.js';

export interface NetworkConversion {
  /** Linear tiles (AL-FORM) or edge and vertex slots (classic) whose network terrain moved into the network layer. */
  readonly linearTiles: number;
  /** Links (tile to adjoining tile) drawn, all kinds. */
  readonly links: number;
  /** Network kinds converted, by terrain id. */
  readonly kinds: readonly string[];
}

/** What a linear terrain value holds: the network terrains in it and what stays on the linear tile. */
interface Split {
  readonly networks: readonly string[];
  readonly rest: string;
}

/** Per palette value: null when it holds no network terrain, else the split (composites taken apart). */
function splitPalette(map: TerrainMap, catalogue: TerrainCatalogue): (Split | null)[] {
  const out: (Split | null)[] = [null];
  for (const id of map.palette) {
    const t = findTerrain(catalogue, id);
    if (!t || t.class !== 'linear') out.push(null);
    else if (runsThrough(catalogue, id)) out.push({ networks: [id], rest: '' });
    else {
      // A composite of a network with something else (river + road → river-bridge): keep the
      // something else. The first composite listed for the result decides.
      const c = catalogue.composites.find((x) => x.result === id && (runsThrough(catalogue, x.pair[0]) || runsThrough(catalogue, x.pair[1])));
      if (!c) out.push(null);
      else {
        const networks = c.pair.filter((p) => runsThrough(catalogue, p));
        const rest = c.pair.find((p) => !runsThrough(catalogue, p)) ?? '';
        out.push({ networks: [...new Set(networks)], rest });
      }
    }
  }
  return out;
}

/**
 * Converts `map`'s linear-tile network terrain into its network layer, in place (the layer is
 * created or added to). Returns what moved; a map without such terrain is left untouched.
 */
export function convertLinearNetworks(map: TerrainMap, catalogue: TerrainCatalogue): NetworkConversion {
  const split = splitPalette(map, catalogue);
  if (split.every((s) => s === null)) return { linearTiles: 0, links: 0, kinds: [] };
  // What stays on the linear tiles joins the palette first, so the AL-FORM image (a copy of
  // the palette) and the map agree on its value.
  for (const s of split) if (s && s.rest !== '') map.terrainIndex(s.rest);
  if (map.spec.alform) return convertAlform(map, map, split, (t) => t);
  const image = classicToAlform(map);
  const c = correspondence(map.grid, image.grid);
  const classicOf = new Int32Array(image.tileCount).fill(-1);
  c.tile.forEach((a, i) => (classicOf[a] = i));
  const result = convertAlform(image, map, split, (a) => classicOf[a]!);
  if (result.linearTiles === 0) return result;
  // The image's cleaned linear tiles back onto the classic edges and vertices.
  const edges = map.layers.edges!;
  for (let s = 0; s < c.edge.length; s++) if (c.edge[s]! >= 0) edges[s] = image.layers.terrain[c.edge[s]!]!;
  if (c.vertex && map.layers.vertices) for (let s = 0; s < c.vertex.length; s++) if (c.vertex[s]! >= 0) map.layers.vertices[s] = image.layers.terrain[c.vertex[s]!]!;
  return result;
}

/**
 * The conversion on AL-FORM map `al` (the map itself, or a classic map's image): network
 * linear tiles cleared in `al`, links drawn into `target` through `toTarget` (area tile of
 * `al` → tile of `target`).
 */
function convertAlform(al: TerrainMap, target: TerrainMap, split: readonly (Split | null)[], toTarget: (a: number) => number): NetworkConversion {
  const grid = al.grid;
  const classes = new NetworkSides(grid, true).classes!;
  const terrain = al.layers.terrain;
  const byKind = new Map<string, number[]>();
  let linearTiles = 0;
  for (let t = 0; t < grid.tileCount; t++) {
    if (classes[t] === TileClass.AREA) continue;
    const s = split[terrain[t]!];
    if (!s) continue;
    linearTiles++;
    for (const k of s.networks) {
      let list = byKind.get(k);
      if (!list) byKind.set(k, (list = []));
      list.push(t);
    }
    terrain[t] = s.rest === '' ? 0 : al.terrainIndex(s.rest);
  }
  const layer = target.networks ?? new NetworkLayer(target.tileCount);
  const sides = NetworkSides.of(target);
  let links = 0;
  for (const [kind, tiles] of byKind) {
    const value = target.terrainIndex(kind);
    for (const [a, b] of linksOf(al, classes, tiles)) {
      const ta = toTarget(a);
      const tb = toTarget(b);
      if (ta < 0 || tb < 0 || sides.sideToward(ta, tb) < 0) continue;
      layer.apply(planDrawChain(layer, sides, value, [ta, tb]));
      links++;
    }
  }
  if (!layer.isEmpty) target.setNetworks(layer);
  return { linearTiles, links, kinds: [...byKind.keys()].sort() };
}

/** The links (pairs of adjoining area tiles) that carry a network over `tiles`, one tree per connected run. */
function linksOf(al: TerrainMap, classes: Uint8Array, tiles: readonly number[]): [number, number][] {
  const grid = al.grid;
  const on = new Set(tiles);
  const sides = new NetworkSides(grid, true);
  const nb = new Int32Array(Math.max(8, grid.directions));
  const scratch = new Int32Array(Math.max(8, grid.directions));
  const seen = new Set<number>();
  const out: [number, number][] = [];
  for (const start of tiles) {
    if (seen.has(start)) continue;
    // One connected run of network linear tiles.
    const run: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const t = stack.pop()!;
      run.push(t);
      const n = linearNeighbours(grid, classes, t, nb, scratch);
      for (let k = 0; k < n; k++) {
        const u = nb[k]!;
        if (on.has(u) && !seen.has(u)) {
          seen.add(u);
          stack.push(u);
        }
      }
    }
    out.push(...treeOver(grid, classes, sides, run, on));
  }
  return out;
}

/** Area tiles touching linear tile `t`. */
function areaAround(grid: TerrainMap['grid'], classes: Uint8Array, t: number): number[] {
  const nb = new Int32Array(Math.max(8, grid.directions));
  const deg = grid.neighbors(t, nb);
  const out: number[] = [];
  for (let d = 0; d < deg; d++) if (nb[d]! >= 0 && classes[nb[d]!] === TileClass.AREA) out.push(nb[d]!);
  return out;
}

function treeOver(grid: TerrainMap['grid'], classes: Uint8Array, sides: NetworkSides, run: readonly number[], on: ReadonlySet<number>): [number, number][] {
  const allowed = new Set<number>();
  for (const t of run) for (const a of areaAround(grid, classes, t)) allowed.add(a);
  const nb = new Int32Array(Math.max(8, grid.directions));
  const scratch = new Int32Array(Math.max(8, grid.directions));
  // Ends of the run: linear tiles with at most one neighbour on it; a loop has none, so start anywhere.
  const ends = run.filter((t) => {
    const n = linearNeighbours(grid, classes, t, nb, scratch);
    let k = 0;
    for (let i = 0; i < n; i++) if (on.has(nb[i]!)) k++;
    return k <= 1;
  });
  if (ends.length === 0) ends.push(run[0]!, run[Math.floor(run.length / 2)]!);
  if (ends.length === 1) ends.push(run[run.length - 1]!);
  const tree = new Set<number>();
  const out: [number, number][] = [];
  for (const end of ends) {
    const targets = endTargets(grid, classes, end, on).filter((a) => allowed.has(a));
    if (targets.length === 0) continue;
    if (tree.size === 0) {
      tree.add(targets[0]!);
      // A run of one linear tile joins the two area tiles either side of it.
      if (run.length === 1 && targets.length > 1) {
        out.push([targets[0]!, targets[1]!]);
        tree.add(targets[1]!);
      }
      continue;
    }
    const path = shortestWalk(sides, tree, new Set(targets), allowed);
    for (let k = 1; k < path.length; k++) {
      out.push([path[k - 1]!, path[k]!]);
      tree.add(path[k]!);
    }
  }
  return out;
}

/**
 * The area tiles a run's end `end` may stop in: those beside it that its neighbour on the run
 * does not also touch (the road reaches on to there), else all beside it.
 */
function endTargets(grid: TerrainMap['grid'], classes: Uint8Array, end: number, on: ReadonlySet<number>): number[] {
  const around = areaAround(grid, classes, end);
  const nb = new Int32Array(Math.max(8, grid.directions));
  const n = linearNeighbours(grid, classes, end, nb, new Int32Array(Math.max(8, grid.directions)));
  const inner = new Set<number>();
  for (let k = 0; k < n; k++) if (on.has(nb[k]!)) for (const a of areaAround(grid, classes, nb[k]!)) inner.add(a);
  const outer = around.filter((a) => !inner.has(a));
  return outer.length ? outer : around;
}

/** Breadth-first walk over `allowed` area tiles from any tile of `from` to any of `to`: the tiles in order (empty if none, or already there). */
function shortestWalk(sides: NetworkSides, from: ReadonlySet<number>, to: ReadonlySet<number>, allowed: ReadonlySet<number>): number[] {
  for (const t of to) if (from.has(t)) return [];
  const prev = new Map<number, number>();
  let frontier = [...from];
  for (const f of frontier) prev.set(f, -1);
  while (frontier.length) {
    const next: number[] = [];
    for (const t of frontier) {
      const deg = sides.degree(t);
      for (let d = 0; d < deg; d++) {
        const u = sides.across(t, d);
        if (u < 0 || !allowed.has(u) || prev.has(u)) continue;
        prev.set(u, t);
        if (to.has(u)) {
          const path = [u];
          for (let p = t; p >= 0; p = prev.get(p)!) path.push(p);
          return path.reverse();
        }
        next.push(u);
      }
    }
    frontier = next;
  }
  return [];
}
