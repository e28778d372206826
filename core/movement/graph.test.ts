/**
 * The patent's three adjacency rules, each on a small hand-made map where that rule decides
 * the answer, with the default catalogue's modes (resources/terrain/default.json).
 */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { classifyTiles, TileClass } from '../alform/classify.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { buildMovementGraph, edgesOf } from './graph.js';
import { PathFinder } from './path-finder.js';
import { movementTablesFor } from './tables.js';

const catalogue = loadDefaultCatalogue();

/** A square AL-FORM map: every area tile `area`, every linear tile empty, then `paint`. */
function squareMap(w: number, h: number, area: string, paint: [number, number, string][] = []): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'square', width: w, height: h }, alform: true });
  const cls = classifyTiles(map.grid);
  for (let i = 0; i < map.tileCount; i++) if (cls[i] === TileClass.AREA) map.setTerrain(i, area);
  for (const [x, y, id] of paint) map.setTerrain(map.grid.index([x, y]), id);
  return map;
}

function finderFor(map: TerrainMap, mode: string): PathFinder {
  return new PathFinder(buildMovementGraph(map, movementTablesFor(catalogue, map, mode)));
}

const at = (map: TerrainMap, x: number, y: number) => map.grid.index([x, y]);
const coords = (map: TerrainMap, tiles: Int32Array) => Array.from(tiles, (t) => map.grid.coord(t));
const column = (x: number, h: number, id: string): [number, number, string][] => Array.from({ length: h }, (_, y) => [x, y, id]);

describe('rule A: area tiles across an unplayable linear tile', () => {
  it('crossing a river costs 2 × entry + the river (foot), and an empty border costs 2 × entry', () => {
    const open = finderFor(squareMap(5, 3, 'clear'), 'foot');
    expect(open.pathCost(at(open.graph.map, 0, 0), at(open.graph.map, 2, 0))).toBe(2);
    const map = squareMap(5, 3, 'clear', column(1, 3, 'river'));
    const f = finderFor(map, 'foot');
    // river foot: unplayable, crossing cost 2 → 2·1 + 2.
    expect(f.pathCost(at(map, 0, 0), at(map, 2, 0))).toBe(4);
    expect(coords(map, f.findPath(at(map, 0, 0), at(map, 2, 0))!.tiles)).toEqual([
      [0, 0],
      [2, 0],
    ]);
    // The river runs the whole height: every route east pays it exactly once (a king's
    // move diagonally across the river through the vertex (1,1), then east).
    expect(f.pathCost(at(map, 0, 0), at(map, 4, 2))).toBe(4 + 2);
  });

  it('a ford is cheaper, so the path detours to it when that saves cost', () => {
    const map = squareMap(5, 9, 'clear', [...column(1, 9, 'river'), [1, 8, 'river-ford']]);
    const f = finderFor(map, 'foot');
    // Straight across the river: 4. Via the ford at the far end: longer but 2·1 + 1 per crossing.
    expect(f.pathCost(at(map, 0, 8), at(map, 2, 8))).toBe(3);
    expect(f.pathCost(at(map, 0, 0), at(map, 2, 0))).toBe(4);
  });

  it('an impassable crossing (cliff) cuts the map', () => {
    const map = squareMap(5, 3, 'clear', column(1, 3, 'cliff'));
    const f = finderFor(map, 'foot');
    expect(f.findPath(at(map, 0, 0), at(map, 2, 0))).toBeNull();
  });

  it('on square maps a vertex tile joins only the diagonal pair through it, not the orthogonal pairs', () => {
    // A wall (impassable for wheels) on the edge between (0,0) and (2,0); the vertex (1,1) is empty.
    const map = squareMap(3, 3, 'clear', [[1, 0, 'wall']]);
    const f = finderFor(map, 'wheeled');
    const g = f.graph;
    expect(edgesOf(g, at(map, 0, 0)).map(([v]) => g.grid.coord(v))).toEqual(
      expect.arrayContaining([
        [2, 2],
        [0, 2],
      ]),
    );
    expect(edgesOf(g, at(map, 0, 0)).some(([v]) => v === at(map, 2, 0))).toBe(false);
    // Round the wall: diagonal through the empty vertex, then south: 2 + 2.
    expect(f.pathCost(at(map, 0, 0), at(map, 2, 0))).toBe(4);
  });
});

describe('rule B and C: playable linear tiles', () => {
  it('boats move along a river (C) and cannot land on clear ground', () => {
    const map = squareMap(5, 5, 'clear', [...column(1, 5, 'river'), [2, 4, 'lake']]);
    const f = finderFor(map, 'boat');
    const path = f.findPath(at(map, 1, 0), at(map, 1, 4))!;
    expect(coords(map, path.tiles)).toEqual([
      [1, 0],
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
    ]);
    expect(path.cost).toBe(4);
    expect(f.findPath(at(map, 1, 0), at(map, 0, 0))).toBeNull();
    // Rule B: from the river into the lake that adjoins it, one spacing at the lake's cost.
    expect(f.pathCost(at(map, 1, 4), at(map, 2, 4))).toBe(1);
    // Along to the vertex (1,3), then diagonally into the lake it touches.
    expect(f.pathCost(at(map, 1, 0), at(map, 2, 4))).toBe(4);
  });

  it('a playable wall is walked along (B in, C along, B out) when the ground beside it is worse', () => {
    // Swamp on both sides (foot 3 a spacing); a wall (foot-playable, 2 a spacing) runs north.
    const map = squareMap(3, 9, 'swamp', column(1, 9, 'wall'));
    const f = finderFor(map, 'foot');
    const path = f.findPath(at(map, 0, 0), at(map, 0, 8))!;
    // Onto the wall at the vertex (1,1) 2, six steps north 6·2, off it from (1,7) to (0,8) 3.
    expect(path.cost).toBe(2 + 12 + 3);
    const onWall = coords(map, path.tiles).filter(([x]) => x === 1);
    expect(onWall).toEqual(Array.from({ length: 7 }, (_, y) => [1, y + 1]));
    // Through the swamp instead it would be four area hops of 2·3.
    expect(path.cost).toBeLessThan(4 * 6);
  });

  it('a bridge lets wheeled cross a river they cannot ford', () => {
    const river = squareMap(5, 5, 'clear', column(1, 5, 'river'));
    expect(finderFor(river, 'wheeled').findPath(at(river, 0, 0), at(river, 2, 0))).toBeNull();
    const bridged = squareMap(5, 5, 'clear', [...column(1, 5, 'river'), [1, 4, 'river-bridge']]);
    const f = finderFor(bridged, 'wheeled');
    const path = f.findPath(at(bridged, 0, 0), at(bridged, 2, 0))!;
    expect(coords(bridged, path.tiles)).toContainEqual([1, 4]);
    // North 2 hops (2 + 2), onto the bridge 0.5, off it 1, back south 2 + 2.
    expect(path.cost).toBe(4 + 0.5 + 1 + 4);
  });
});

describe('classic maps', () => {
  it('moving to a neighbour costs its entry cost plus the edge terrain crossed', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 1 } });
    for (let i = 0; i < 3; i++) map.setTerrain(i, 'clear');
    map.setEdgeTerrain(0, 2, 'river');
    map.setEdgeTerrain(1, 2, 'river-bridge');
    const foot = finderFor(map, 'foot');
    expect(foot.pathCost(0, 1)).toBe(1 + 2);
    expect(foot.pathCost(1, 2)).toBe(1);
    const wheeled = finderFor(map, 'wheeled');
    expect(wheeled.pathCost(0, 1)).toBe(Infinity);
    expect(wheeled.pathCost(1, 2)).toBe(1);
  });

  it('square diagonals cross the vertex terrain (both diagonals of a 2×2 block share one vertex)', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 2 } });
    for (let i = 0; i < 6; i++) map.setTerrain(i, 'clear');
    map.layers.vertices![0] = map.terrainIndex('cliff'); // NE corner of (0,0): the centre of the left 2×2 block
    const foot = finderFor(map, 'foot');
    // 7 orthogonal pairs and the 2 diagonal pairs of the right block, each both ways.
    expect(foot.graph.edgeCount).toBe(2 * (7 + 2));
    const i = (x: number, y: number) => map.grid.index([x, y]);
    expect(foot.pathCost(i(0, 0), i(1, 1))).toBe(2);
    expect(foot.pathCost(i(1, 0), i(0, 1))).toBe(2);
    expect(foot.pathCost(i(1, 0), i(2, 1))).toBe(1);
    expect(foot.pathCost(i(2, 0), i(1, 1))).toBe(1);
  });
});
