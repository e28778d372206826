/**
 * Movement and sight against the peers named in issue 3, in one run (bench/results/path.json):
 * - A* corner to corner on a 1000×1000-area-tile AL-FORM hex map (hex-rectangle 1999×1999,
 *   ≈ 4 M tiles) with 20 % impassable area tiles and rivers (fords, bridges) — target < 1 s;
 *   the same movement graph searched by ngraph.path (A*, same heuristic) — target ≥ 3×;
 *   PathFinding.js, which only searches unweighted grids, on the equivalent 1000×1000 grid
 *   of area tiles (see `pathfinding.given` in the JSON) — target ≥ 3×;
 * - reach with budget 50 on the same map;
 * - field of vision radius 10 and 30 on a 200×200 square map with 20 % forest, against
 *   rot-js PreciseShadowcasting and mrpas.
 * Ratios are peer time / our time (> 1: we are faster).
 */
import * as ROT from 'rot-js';
import { Mrpas } from 'mrpas';
import PF from 'pathfinding';
import createGraph from 'ngraph.graph';
import ngraphPath from 'ngraph.path';
import { getHeapStatistics } from 'node:v8';
import { readFileSync } from 'node:fs';
import { TerrainMap } from '../core/map/terrain-map.js';
import { TileClass } from '../core/alform/classify.js';
import { parseCatalogue } from '../core/terrain/parse.js';
import type { TerrainCatalogue } from '../core/terrain/types.js';
import { buildMovementGraph, type MovementGraph } from '../core/movement/graph.js';
import { PathFinder } from '../core/movement/path-finder.js';
import { movementTablesFor } from '../core/movement/tables.js';
import { tileClasses } from '../core/alform/tile-classes.js';
import { brushLine } from '../core/alform/brush.js';
import { areaTileAt } from '../core/alform/area-pick.js';
import { NetworkLayer } from '../core/map/network-layer.js';
import { NetworkSides } from '../core/map/network-sides.js';
import { planDrawChain } from '../core/map/network-edit.js';
import { SightCaster } from '../core/sight/line-of-sight.js';
import { sightTablesFor } from '../core/sight/tables.js';
import { rayTree } from '../core/sight/fov-tree.js';
import { latticeOf } from '../core/sight/walk.js';
import { measure, rng, timeOnce, writeResult } from './harness.js';
import type { Random } from '../core/util/random.js';

const MODE = 'foot';

function loadCatalogue(): TerrainCatalogue {
  const url = new URL('../resources/terrain/default.json', import.meta.url);
  return parseCatalogue(JSON.parse(readFileSync(url, 'utf8')), 'default.json');
}

/**
 * An AL-FORM hex-rectangle map of `areaW`×`areaH` area tiles: clear ground with rough and
 * forest, 20 % lakes (impassable on foot), and rivers that wander along linear tiles with
 * the odd ford and bridge. The two corner area tiles are kept clear.
 */
export function buildPathMap(areaW: number, areaH: number, random: Random): TerrainMap {
  const map = TerrainMap.create({
    size: { kind: 'hex-rectangle', width: 2 * areaW - 1, height: 2 * areaH - 1 },
    alform: true,
    palette: ['clear', 'rough', 'forest', 'lake', 'river', 'river-ford', 'river-bridge'],
  });
  const [clear, rough, forest, lake, river, ford, bridge] = [1, 2, 3, 4, 5, 6, 7];
  const grid = map.grid;
  const cls = tileClasses(grid);
  const t = map.layers.terrain;
  for (let i = 0; i < t.length; i++) {
    if (cls[i] !== TileClass.AREA) continue;
    const r = random();
    t[i] = r < 0.2 ? lake : r < 0.3 ? rough : r < 0.4 ? forest : clear;
  }
  const nb = new Int32Array(6);
  const rivers = Math.max(4, Math.round((areaW * areaH) / 5000));
  for (let r = 0; r < rivers; r++) {
    let u = Math.floor(random() * t.length);
    while (cls[u] === TileClass.AREA) u = Math.floor(random() * t.length);
    let dir = Math.floor(random() * 6);
    for (let s = 0; s < 400; s++) {
      const q = random();
      t[u] = q < 0.03 ? bridge : q < 0.06 ? ford : river;
      grid.neighbors(u, nb);
      let next = -1;
      // Prefer going on roughly straight; turn when the way ahead is not a linear tile.
      for (const turn of [0, 1, 5, 2, 4]) {
        const d = (dir + turn) % 6;
        const v = nb[d]!;
        if (v >= 0 && cls[v] !== TileClass.AREA && (turn > 2 || random() < 0.75)) {
          next = v;
          dir = d;
          break;
        }
      }
      if (next < 0) break;
      u = next;
    }
  }
  return map;
}

/**
 * Roads on a copy of the path map (issue 26): `count` north–south roads evenly across it and
 * one corner to corner, drawn centre to centre as the linear tool draws them (core/map
 * network-edit.ts: a chain of adjoining area tiles); bridges wherever they cross a river.
 */
export function withRoads(map: TerrainMap, count: number, from: number, to: number): { map: TerrainMap; roadTiles: number } {
  const out = map.clone();
  const grid = out.grid;
  const cls = tileClasses(grid);
  const layer = new NetworkLayer(out.tileCount);
  const sides = NetworkSides.of(out);
  const road = out.terrainIndex('road');
  const [x0, y0] = grid.center(from) as [number, number];
  const [x1, y1] = grid.center(to) as [number, number];
  const areaAt = (fx: number, fy: number) => {
    const p = [x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)] as const;
    return areaTileAt(grid, cls, grid.pick(p), p);
  };
  const draw = (a: number, b: number) => {
    if (a >= 0 && b >= 0) layer.apply(planDrawChain(layer, sides, road, Array.from(brushLine(grid, cls, a, b, 'area'))));
  };
  for (let k = 0; k < count; k++) draw(areaAt((k + 0.5) / count, 0), areaAt((k + 0.5) / count, 1));
  draw(from, to);
  out.setNetworks(layer);
  return { map: out, roadTiles: layer.size };
}

/** First and last area tiles of the map (column-major storage: corner to corner). */
function corners(map: TerrainMap): [number, number] {
  const cls = tileClasses(map.grid);
  const clear = map.terrainIndex('clear');
  let a = 0;
  while (cls[a] !== TileClass.AREA) a++;
  let b = map.tileCount - 1;
  while (cls[b] !== TileClass.AREA) b--;
  map.layers.terrain[a] = clear;
  map.layers.terrain[b] = clear;
  return [a, b];
}

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

/** ngraph.path A* over exactly our movement graph: same nodes, edges, costs and heuristic. */
function ngraphSearch(graph: MovementGraph, from: number, to: number) {
  const build = timeOnce(() => {
    const g = createGraph<number, number>({ multigraph: true });
    for (let u = 0; u < graph.nodeCount; u++) g.addNode(u, graph.tileOfNode[u]!);
    for (let u = 0; u < graph.nodeCount; u++) {
      for (let e = graph.offsets[u]!; e < graph.offsets[u + 1]!; e++) g.addLink(u, graph.targets[e]!, graph.costs[e]!);
    }
    return g;
  }, 1);
  const grid = graph.grid;
  const m = graph.minHopCost;
  const finder = ngraphPath.aStar(build.result, {
    oriented: true,
    heuristic: (a, b) => grid.distance(a.data, b.data) * m,
    distance: (_a, _b, link) => link.data,
  });
  const s = graph.nodeOfTile[from]!;
  const t = graph.nodeOfTile[to]!;
  const search = timeOnce(() => finder.find(s, t), 3);
  // ngraph returns the path end first; add its cost up along the cheapest parallel link.
  const nodes = search.result.map((n) => n.id as number).reverse();
  let cost = 0;
  for (let i = 1; i < nodes.length; i++) {
    let best = Infinity;
    build.result.forEachLinkedNode(
      nodes[i - 1]!,
      (node, link) => {
        if (node.id === nodes[i] && link.fromId === nodes[i - 1] && link.data < best) best = link.data;
      },
      true,
    );
    cost += best;
  }
  return { buildMs: round(build.ms), searchMs: round(search.ms), cost, pathTiles: nodes.length };
}

/** PathFinding.js on the grid of area tiles: walkable = a unit can stand there. It has no costs. */
function pathfindingSearch(map: TerrainMap, graph: MovementGraph, areaW: number, areaH: number, from: number, to: number) {
  const matrix: number[][] = Array.from({ length: areaH }, () => new Array<number>(areaW).fill(1));
  const cls = tileClasses(map.grid);
  const cell = (tile: number): [number, number] => {
    const [x, y] = map.grid.coord(tile) as [number, number];
    // AL-FORM (2x, 2y) ↔ classic hex (x, y) in 120° axial; classic row = y − ⌊x/2⌋.
    const cx = x / 2;
    return [cx, y / 2 - Math.floor(cx / 2)];
  };
  for (let i = 0; i < map.tileCount; i++) {
    if (cls[i] !== TileClass.AREA) continue;
    const [cx, cy] = cell(i);
    matrix[cy]![cx] = graph.nodeOfTile[i]! >= 0 ? 0 : 1;
  }
  const base = new PF.Grid(matrix);
  const finder = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.Always });
  const [sx, sy] = cell(from);
  const [ex, ey] = cell(to);
  let best = Infinity;
  let length = 0;
  for (let r = 0; r < 3; r++) {
    const g = base.clone(); // the finder marks the grid it searches; cloning is not timed
    const t0 = performance.now();
    const p = finder.findPath(sx, sy, ex, ey, g);
    best = Math.min(best, performance.now() - t0);
    length = p.length;
  }
  return { searchMs: round(best), pathCells: length };
}

/** Field of vision against rot-js and mrpas, alone (`npm run bench -- fov` → bench/results/fov.json). */
export async function runFov(): Promise<string> {
  return writeResult('fov', { fov: fovBench(loadCatalogue()) });
}

function fovBench(catalogue: TerrainCatalogue) {
  const W = 200;
  const H = 200;
  const random = rng(31);
  const map = TerrainMap.create({ size: { kind: 'square', width: W, height: H }, palette: ['clear', 'forest'] });
  const t = map.layers.terrain;
  for (let i = 0; i < t.length; i++) t[i] = random() < 0.2 ? 2 : 1;
  const ox = 100;
  const oy = 100;
  const origin = map.grid.index([ox, oy]);
  t[origin] = 1;
  const caster = new SightCaster(map, sightTablesFor(catalogue, map));
  const transparent = (x: number, y: number) => t[y * W + x] === 1;
  const rot = new ROT.FOV.PreciseShadowcasting(transparent, { topology: 8 });
  const mrpas = new Mrpas(W, H, transparent);
  const seen = new Uint8Array(W * H);
  const out: Record<string, unknown> = {};
  for (const radius of [10, 30]) {
    // The ray tree is built once per lattice kind and radius, then cached: timed apart.
    const tree = timeOnce(() => rayTree(latticeOf(map.grid), radius), 1);
    const fovSet = caster.fieldOfVision(origin, radius);
    const work = { ...caster.work };
    const losSet = Array.from(map.grid.range(origin, radius)).filter((tile) => caster.lineOfSight(origin, tile).visible);
    let oursCount = 0;
    const ours = measure(() => {
      const v = caster.fieldOfVision(origin, radius);
      oursCount = v.length;
      return v;
    });
    // The former way, one exact line of sight per tile in range, for comparison.
    const range = map.grid.range(origin, radius);
    const perTile = measure(() => {
      let n = 0;
      for (let i = 0; i < range.length; i++) if (caster.lineOfSight(origin, range[i]!).visible) n++;
      return n;
    });
    let rotCount = 0;
    const rotM = measure(() => {
      rotCount = 0;
      rot.compute(ox, oy, radius, () => {
        rotCount++;
      });
      return rotCount;
    });
    let mrCount = 0;
    const mr = measure(() => {
      seen.fill(0);
      mrCount = 0;
      mrpas.compute(
        ox,
        oy,
        radius,
        (x, y) => seen[y * W + x] === 1,
        (x, y) => {
          if (!seen[y * W + x]) mrCount++;
          seen[y * W + x] = 1;
        },
      );
      return mrCount;
    });
    out[`radius${radius}`] = {
      oursMs: round(ours.meanMs, 3),
      rotjsMs: round(rotM.meanMs, 3),
      mrpasMs: round(mr.meanMs, 3),
      visibleTiles: { ours: oursCount, rotjs: rotCount, mrpas: mrCount },
      oneLosPerTileMs: round(perTile.meanMs, 3),
      equalsLineOfSight: losSet.length === fovSet.length && losSet.every((v, i) => v === fovSet[i]),
      rayTree: { buildMs: round(tree.ms, 1), nodes: tree.result.nodes, targets: tree.result.targets },
      work: { treeNodesExamined: work.nodes, exactLinesOfSight: work.casts },
      ratioVsRotjs: round(rotM.meanMs / ours.meanMs, 2),
      ratioVsMrpas: round(mr.meanMs / ours.meanMs, 2),
    };
  }
  return {
    map: '200×200 classic square map, 20 % forest (blocks sight through it; canopy 15 m), the rest clear, observer at (100, 100)',
    model:
      'ours: the set of tiles within the Chebyshev radius that the exact centre-to-centre line of sight sees (terrain heights; forest blocks beyond its first tile), found through the cached ray tree (core/sight/fov-tree.ts) and checked equal to one LOS per tile; rot-js PreciseShadowcasting (topology 8) and mrpas (forest opaque) are shadowcasters that count any partly lit tile, so they report more tiles: different, more permissive models',
    ...out,
  };
}

export default async function run(): Promise<string> {
  const catalogue = loadCatalogue();
  const AREA = 1000;
  const random = rng(2026);
  const made = timeOnce(() => buildPathMap(AREA, AREA, random), 1);
  const map = made.result;
  const [from, to] = corners(map);
  const tables = movementTablesFor(catalogue, map, MODE);
  const built = timeOnce(() => buildMovementGraph(map, tables), 1);
  const graph = built.result;
  const finder = new PathFinder(graph);
  const astar = timeOnce(() => finder.findPath(from, to), 3);
  const path = astar.result;
  if (!path) throw new Error('bench map: no path corner to corner (change the seed)');
  const settled = finder.settled;
  let reachCount = 0;
  const reach = measure(() => {
    const r = finder.reach(from, 50);
    reachCount = r.length;
    return r;
  });

  // ngraph holds the whole graph as JS objects; fall back to a smaller map (same generator,
  // ours measured on it too) if the heap is too small for 4 M tiles' worth.
  const heapGb = getHeapStatistics().heap_size_limit / 2 ** 30;
  const ngraphArea = heapGb >= 3.5 ? AREA : 500;
  let ngraphMap = map;
  let ngraphGraph = graph;
  let ngraphFrom = from;
  let ngraphTo = to;
  let oursOnNgraphMap = astar.ms;
  if (ngraphArea !== AREA) {
    ngraphMap = buildPathMap(ngraphArea, ngraphArea, rng(2026));
    [ngraphFrom, ngraphTo] = corners(ngraphMap);
    ngraphGraph = buildMovementGraph(ngraphMap, movementTablesFor(catalogue, ngraphMap, MODE));
    oursOnNgraphMap = timeOnce(() => new PathFinder(ngraphGraph).pathCost(ngraphFrom, ngraphTo), 3).ms;
  }
  const ng = ngraphSearch(ngraphGraph, ngraphFrom, ngraphTo);
  const pfRes = pathfindingSearch(map, graph, AREA, AREA, from, to);
  // Ours on PathFinding.js's easier problem: the same lakes, every other area tile clear, no rivers.
  const plain = map.clone();
  const lake = plain.terrainIndex('lake');
  const clear = plain.terrainIndex('clear');
  const cls = tileClasses(plain.grid);
  for (let i = 0; i < plain.tileCount; i++) {
    if (cls[i] === TileClass.AREA) plain.layers.terrain[i] = plain.layers.terrain[i] === lake ? lake : clear;
    else plain.layers.terrain[i] = 0;
  }
  const plainFinder = new PathFinder(buildMovementGraph(plain, movementTablesFor(catalogue, plain, MODE)));
  const plainAstar = timeOnce(() => plainFinder.pathCost(from, to), 3);

  // A* with roads (issue 26): the same map with a lattice of roads and one corner to corner.
  const roads = timeOnce(() => withRoads(map, 10, from, to), 1);
  const roadTables = movementTablesFor(catalogue, roads.result.map, MODE);
  const roadBuilt = timeOnce(() => buildMovementGraph(roads.result.map, roadTables), 1);
  const roadFinder = new PathFinder(roadBuilt.result);
  const roadAstar = timeOnce(() => roadFinder.findPath(from, to), 3);
  if (!roadAstar.result) throw new Error('bench map with roads: no path corner to corner');

  const fov = fovBench(catalogue);

  const file = writeResult('path', {
    map: {
      kind: 'hex-rectangle AL-FORM',
      size: `${map.grid.size.kind === 'hex-rectangle' ? `${map.grid.size.width}x${map.grid.size.height}` : ''}`,
      areaTiles: `${AREA}x${AREA}`,
      tiles: map.tileCount,
      content: '20 % lake (impassable on foot), 10 % rough, 10 % forest, clear; rivers with fords and bridges on linear tiles',
      mode: MODE,
      generateMs: round(made.ms),
    },
    graph: { buildMs: round(built.ms), nodes: graph.nodeCount, edges: graph.edgeCount },
    astar: {
      ms: round(astar.ms),
      targetMs: 1000,
      cost: path.cost,
      pathTiles: path.tiles.length,
      settledNodes: settled,
      note: 'best of 3 on the built graph; the one-off graph build is reported separately',
    },
    reach: { budget: 50, meanMs: round(reach.meanMs, 3), tiles: reachCount },
    astarWithRoads: {
      given: 'the same map with through-tile roads (core/map network layer): ten north–south roads evenly across it and one corner to corner, bridges where they cross rivers; foot moves along a road at its networkCost',
      roadTiles: roads.result.roadTiles,
      drawMs: round(roads.ms),
      graphBuildMs: round(roadBuilt.ms),
      ms: round(roadAstar.ms),
      withoutRoadsMs: round(astar.ms),
      targetMs: 1000,
      cost: roadAstar.result.cost,
      withoutRoadsCost: path.cost,
      settledNodes: roadFinder.settled,
      note: 'best of 3, beside today\'s A* on the map without roads',
    },
    ngraph: {
      given: `the same movement graph (${ngraphGraph.nodeCount} nodes, ${ngraphGraph.edgeCount} directed links with our costs), oriented, heuristic = grid distance × least cost per hop (ours)`,
      areaTiles: `${ngraphArea}x${ngraphArea}`,
      ...ng,
      oursMs: round(oursOnNgraphMap),
      costMatches: Math.abs(ng.cost - (ngraphArea === AREA ? path.cost : new PathFinder(ngraphGraph).pathCost(ngraphFrom, ngraphTo))) < 1e-6,
      ratio: round(ng.searchMs / oursOnNgraphMap, 2),
      targetRatio: 3,
    },
    pathfinding: {
      given:
        'PathFinding.js searches unweighted grids only: a 1000×1000 grid with one cell per area tile (blocked = a unit cannot stand there), 8-neighbour moves (DiagonalMovement.Always) as a stand-in for the 6 hex neighbours, its default heuristic; no terrain costs and no rivers (it cannot express them), so its problem is easier than ours',
      ...pfRes,
      oursMs: round(astar.ms),
      ratio: round(pfRes.searchMs / astar.ms, 2),
      oursOnTheSameProblemMs: round(plainAstar.ms, 2),
      oursOnTheSameProblemSettled: plainFinder.settled,
      ratioOnTheSameProblem: round(pfRes.searchMs / plainAstar.ms, 2),
      sameProblem:
        'ours on the same map with every non-lake area tile clear and no rivers: uniform cost, so A*\'s bound is tight, as PathFinding.js\'s octile heuristic is on its grid (6 hex neighbours vs its 8)',
      targetRatio: 3,
    },
    fov,
  });
  return file;
}
