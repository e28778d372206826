/**
 * Searches where the map's shape decides the answer: paths across a wrap seam and through
 * a globe pentagon; reusable buffers on a large map; zone of control; area effect.
 */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { TileClass } from '../alform/classify.js';
import { seededRandom } from '../util/random.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { buildMovementGraph, edgesOf } from './graph.js';
import { areaAcross } from '../alform/adjoining.js';
import { PathFinder } from './path-finder.js';
import { movementTablesFor } from './tables.js';
import { tileClasses } from '../alform/tile-classes.js';
import { areaEffect, zoneOfControl } from './analysis.js';
import type { GridSize, Wrap } from '../grid/types.js';
import { requireGlobe } from '../grid/capabilities.js';

const catalogue = loadDefaultCatalogue();

function filledMap(size: GridSize, area: string, wrap?: Wrap): TerrainMap {
  const map = TerrainMap.create({ size, wrap, alform: true });
  const cls = tileClasses(map.grid);
  const k = map.terrainIndex(area);
  for (let i = 0; i < map.tileCount; i++) if (cls[i] === TileClass.AREA) map.layers.terrain[i] = k;
  return map;
}

const finder = (map: TerrainMap, mode = 'foot') => new PathFinder(buildMovementGraph(map, movementTablesFor(catalogue, map, mode)));

describe('wrapped maps', () => {
  it('square: the cheapest path crosses the x seam', () => {
    const map = filledMap({ kind: 'square', width: 8, height: 5 }, 'clear', { x: true, y: false });
    const g = map.grid;
    const f = finder(map);
    const path = f.findPath(g.index([0, 2]), g.index([6, 2]))!;
    expect(path.cost).toBe(2);
    expect(Array.from(path.tiles, (t) => g.coord(t))).toEqual([
      [0, 2],
      [6, 2],
    ]);
    // The seam's linear tile carries terrain like any other: a river there is paid for.
    for (let y = 0; y < 5; y++) map.setTerrain(g.index([7, y]), 'river');
    expect(finder(map).pathCost(g.index([0, 2]), g.index([6, 2]))).toBe(4);
  });

  it('hex-rectangle: the cheapest path crosses the x seam', () => {
    const map = filledMap({ kind: 'hex-rectangle', width: 16, height: 9 }, 'clear', { x: true, y: false });
    const g = map.grid;
    const cls = tileClasses(g);
    const f = finder(map);
    // Area tiles in the first and last area columns of one band of rows.
    const a = g.index([0, 4]);
    const b = Array.from({ length: g.tileCount }, (_, i) => i).find((i) => cls[i] === TileClass.AREA && g.coord(i)[0] === 14 && g.distance(a, i) === 2)!;
    expect(b).toBeDefined();
    const path = f.findPath(a, b)!;
    expect(path.cost).toBe(2);
    expect(path.tiles.length).toBe(2);
  });
});

describe('the globe', () => {
  it('a path can pass through a pentagon', () => {
    const map = filledMap({ kind: 'icosahedron', side: 3 }, 'lake');
    const g = requireGlobe(map.grid, 'this test');
    const cls = tileClasses(g);
    const p = g.pentagons()[3]!;
    expect(g.degree(p)).toBe(5);
    expect(cls[p]).toBe(TileClass.AREA);
    const nb = new Int32Array(6);
    const scratch = new Int32Array(6);
    const deg = g.neighbors(p, nb);
    const ring = Array.from({ length: deg }, (_, d) => areaAcross(g, cls, p, nb[d]!, d, true, scratch));
    expect(ring.every((a) => a >= 0)).toBe(true);
    for (const t of [p, ring[0]!, ring[2]!]) map.setTerrain(t, 'clear');
    const f = finder(map);
    // ring[0] and ring[2] share no linear tile: the only way between them is through the pentagon.
    expect(edgesOf(f.graph, ring[0]!).some(([v]) => v === ring[2])).toBe(false);
    const path = f.findPath(ring[0]!, ring[2]!)!;
    expect(Array.from(path.tiles)).toEqual([ring[0], p, ring[2]]);
    expect(path.cost).toBe(4);
  });

  it('A* on the globe (angular heuristic) agrees with Dijkstra across the whole sphere', () => {
    const map = filledMap({ kind: 'icosahedron', side: 9 }, 'clear');
    const random = seededRandom(7);
    const cls = tileClasses(map.grid);
    for (let i = 0; i < map.tileCount; i++) if (cls[i] === TileClass.AREA && random() < 0.25) map.setTerrain(i, random() < 0.5 ? 'lake' : 'forest');
    const f = finder(map);
    for (let q = 0; q < 10; q++) {
      const s = Math.floor(random() * map.tileCount);
      const field = f.distanceField([s]);
      for (let k = 0; k < 20; k++) {
        const t = Math.floor(random() * map.tileCount);
        const c = f.pathCost(s, t);
        if (field[t] === Infinity) expect(c).toBe(Infinity);
        else expect(c).toBeCloseTo(field[t]!, 9);
      }
    }
  });
});

describe('reusable buffers', () => {
  it('repeated queries on a large map reuse the same buffers and touch only what they visit', () => {
    const map = filledMap({ kind: 'square', width: 601, height: 601 }, 'clear');
    const random = seededRandom(99);
    const cls = tileClasses(map.grid);
    const lake = map.terrainIndex('lake');
    const t = map.layers.terrain;
    for (let i = 0; i < map.tileCount; i++) if (cls[i] === TileClass.AREA && random() < 0.2) t[i] = lake;
    const f = finder(map);
    const g = map.grid;
    const area = (x: number, y: number) => {
      for (let r = 0; ; r += 2) for (const [dx, dy] of [[r, 0], [0, r], [r, r]]) if (t[g.index([x + dx!, y + dy!])] !== lake) return g.index([x + dx!, y + dy!]);
    };
    const a = area(0, 0);
    const b = area(500, 560);
    f.findPath(a, b); // warm-up
    const before = f.buffers;
    const counts: [number, number][] = [];
    for (let q = 0; q < 20; q++) {
      expect(f.pathCost(a, b)).toBeLessThan(Infinity);
      counts.push([f.settled, f.seen]);
      f.reach(a, 10);
      f.distanceField([b], scratchField);
    }
    const after = f.buffers;
    for (const key of Object.keys(before) as (keyof typeof before)[]) expect(after[key]).toBe(before[key]);
    // Identical queries visit identical node counts…
    expect(new Set(counts.map((c) => c.join())).size).toBe(1);
    // …and a short query touches a handful of nodes, not the 90 000 area tiles: no clearing.
    const near = g.index([g.coord(a)[0]! + 2, g.coord(a)[1]!]);
    if (t[near] !== lake) {
      f.pathCost(a, near);
      expect(f.seen).toBeLessThan(50);
    }
    f.reach(a, 4);
    expect(f.seen).toBeLessThan(200);
  });
  const scratchField = new Float64Array(601 * 601);
});

describe('zone of control and area effect', () => {
  it('ZOC reaches the area tiles across crossable linear tiles, and the playable linear tiles themselves', () => {
    // Square AL-FORM 5×5: unit at (2,2). River (crossable on foot) east, cliff west, a road north.
    const map = filledMap({ kind: 'square', width: 5, height: 5 }, 'clear');
    const g = map.grid;
    map.setTerrain(g.index([3, 2]), 'river');
    map.setTerrain(g.index([1, 2]), 'cliff');
    map.setTerrain(g.index([2, 3]), 'road');
    const at = (x: number, y: number) => g.index([x, y]);
    const foot = movementTablesFor(catalogue, map, 'foot');
    const zoc = Array.from(zoneOfControl(map, foot, at(2, 2)), (i) => g.coord(i));
    expect(zoc).toEqual(
      [
        [4, 2], // across the river
        [2, 4], // across the road…
        [2, 3], // …and the road tile itself
        [2, 0], // across the empty south edge
        [0, 0],
        [4, 0],
        [0, 4],
        [4, 4], // diagonals across the empty vertex tiles
      ]
        .map(([x, y]) => at(x!, y!))
        .sort((p, q) => p - q)
        .map((i) => g.coord(i)),
    );
    expect(zoc).not.toContainEqual([0, 2]); // the cliff blocks it
    // Wheels cannot cross the river: that side is shut for them.
    const wheeled = zoneOfControl(map, movementTablesFor(catalogue, map, 'wheeled'), at(2, 2));
    expect(Array.from(wheeled)).not.toContain(at(4, 2));
  });

  it('classic maps: ZOC is the neighbours not behind impassable edges', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 } });
    for (let i = 0; i < 9; i++) map.setTerrain(i, 'clear');
    map.setTerrain(map.grid.index([0, 0]), 'lake');
    const c = map.grid.index([1, 1]);
    map.setEdgeTerrain(c, 2, 'cliff');
    const zoc = zoneOfControl(map, movementTablesFor(catalogue, map, 'foot'), c);
    expect(zoc.length).toBe(6); // 8 neighbours − the lake − the one behind the cliff
    expect(Array.from(zoc)).not.toContain(map.grid.index([2, 1]));
  });

  it('area effect: the tiles within the radius, terrain ignored', () => {
    const map = filledMap({ kind: 'hex-hexagon', diameter: 9 }, 'lake');
    const g = map.grid;
    const c = g.index([0, 0, 0]);
    expect(Array.from(areaEffect(map, c, 2))).toEqual(Array.from(g.range(c, 2)));
    const areas = areaEffect(map, c, 2, { areaTilesOnly: true });
    expect(areas.length).toBe(7); // the centre and its six area neighbours two hops away
    expect(() => areaEffect(map, c, -1)).toThrow(/radius must be an integer ≥ 0/);
    expect(() => areaEffect(map, g.tileCount, 1)).toThrow(/outside the map/);
    const classic = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 } });
    expect(areaEffect(classic, 12, 1, { areaTilesOnly: true }).length).toBe(9);
  });
});
