/**
 * Small synthetic tile sets for the assembly tests, drawn with core/vector's types (the
 * starter library in resources/tiles is not used here): square road tiles with ports at the
 * middle of a side, hexagon river tiles, and helpers to build maps and layers.
 */
import { createGrid } from '../grid/create.js';
import type { Grid, GridSize } from '../grid/types.js';
import type { TileShape } from '../vector/shape.js';
import { HEX, SQUARE, edgePoint } from '../vector/shape.js';
import type { VectorElement, VectorTile } from '../vector/types.js';
import type { Vec2 } from '../vector/vec2.js';

/** A tile with lines of `terrain` from the middle of each listed side (edge index) to the centre. */
export function spokeTile(id: string, shape: TileShape, terrain: string, sides: readonly number[], t = 0.5): VectorTile {
  const elements: VectorElement[] = sides.map((i) => {
    const p: Vec2 = edgePoint(shape.edges[i]!, t);
    return { kind: 'line', id: `${terrain}${i}`, terrain, curve: { points: [[0, 0], [p[0] * 0.3, p[1] * 0.3], [p[0] * 0.7, p[1] * 0.7], p], closed: false } };
  });
  return { id, shape, elements };
}

/** Square road tiles: grass, dead end, straight, bend, tee, crossing (ports at t = 0.5). */
export const ROAD_TILES: readonly VectorTile[] = [
  { id: 'grass', shape: SQUARE, elements: [{ kind: 'point', id: 'tree', terrain: 'tree', at: [0.3, 0.3] }] },
  spokeTile('end', SQUARE, 'road', [0]),
  spokeTile('straight', SQUARE, 'road', [0, 2]),
  spokeTile('bend', SQUARE, 'road', [0, 1]),
  spokeTile('tee', SQUARE, 'road', [0, 1, 2]),
  spokeTile('cross', SQUARE, 'road', [0, 1, 2, 3]),
];

/** Square road tiles with the road off-centre (t = 0.3): mirrors and rotations matter. */
export const OFFSET_ROAD_TILES: readonly VectorTile[] = [
  { id: 'grass', shape: SQUARE, elements: [] },
  spokeTile('straight-off', SQUARE, 'road', [0, 2], 0.3),
  spokeTile('bend-off', SQUARE, 'road', [0, 1], 0.3),
];

/** Hexagon river tiles: plain, source, straight, wide bend, sharp bend, fork. */
export const RIVER_TILES: readonly VectorTile[] = [
  { id: 'plain', shape: HEX, elements: [] },
  spokeTile('source', HEX, 'river', [0]),
  spokeTile('river-straight', HEX, 'river', [0, 3]),
  spokeTile('river-wide', HEX, 'river', [0, 2]),
  spokeTile('river-sharp', HEX, 'river', [0, 1]),
  spokeTile('river-fork', HEX, 'river', [0, 2, 4]),
];

export const grid = (size: GridSize): Grid => createGrid({ size });

/** Every cell of a grid. */
export const allCells = (g: Grid): number[] => Array.from({ length: g.tileCount }, (_, i) => i);
