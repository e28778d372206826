/**
 * Test tiles for AL-FORM assembly and rerouting: area tiles with a road, a forest edge and
 * a contour (an uphill side), and linear river tiles for every shape — one spoke tile per
 * set of crossed edges, so any river path can be laid. Test-only.
 */
import { createGrid } from '../grid/create.js';
import type { Grid, GridSize, Wrap } from '../grid/types.js';
import { alformSizeOf } from '../grid/alform-size.js';
import type { TileShape } from '../vector/shape.js';
import { HEX, OFFSET_SQUARE, SQUARE, edgePoint } from '../vector/shape.js';
import type { AreaElement, VectorTile } from '../vector/types.js';
import type { Vec2 } from '../vector/vec2.js';
import { lerp } from '../vector/vec2.js';
import { spokeTile } from './assemble.testkit.js';
import { tileClasses } from '../alform/tile-classes.js';
import { seededRandom } from '../util/random.js';

/** The AL-FORM grid of a classic size. */
export function alformGridOf(size: GridSize, wrap: Wrap = { x: false, y: false }): Grid {
  return createGrid({ size: alformSizeOf(size, wrap), wrap, alform: true });
}

/** A curve element across the tile from edge i at t to edge j at u (a gentle S through the middle). */
function across(shape: TileShape, id: string, i: number, t: number, j: number, u: number): [Vec2, Vec2, Vec2, Vec2] {
  void id;
  const a = edgePoint(shape.edges[i]!, t), b = edgePoint(shape.edges[j]!, u);
  return [a, lerp(a, [0, 0], 0.45), lerp(b, [0, 0], 0.45), b];
}

/** Area tiles of a shape: plain; a road from edge 0 to edge k; a contour (uphill on its left) from edge k to edge 0; both. */
export function areaTiles(shape: TileShape): VectorTile[] {
  const n = shape.edges.length;
  const k = Math.floor(n / 2);
  const contour = (id: string, i: number, j: number): AreaElement => ({ kind: 'area', id, terrain: 'contour', side: 'left', height: 10, curve: { points: across(shape, id, i, 0.3, j, 0.7), closed: false } });
  const road = (id: string, i: number, j: number) => ({ kind: 'line' as const, id, terrain: 'road', curve: { points: across(shape, id, i, 0.5, j, 0.5), closed: false } });
  return [
    { id: `${shape.name}-plain`, shape, elements: [] },
    { id: `${shape.name}-road`, shape, elements: [road('road', 0, k)] },
    { id: `${shape.name}-road-bend`, shape, elements: [road('road', 0, 1)] },
    { id: `${shape.name}-contour`, shape, elements: [contour('c10', k, 0)] },
    { id: `${shape.name}-contour-road`, shape, elements: [contour('c10', k, 0), road('road', 1, n - 1)] },
  ];
}

function subsets(n: number, most: number): number[][] {
  const out: number[][] = [];
  for (let m = 1; m < 1 << n; m++) {
    const s = Array.from({ length: n }, (_, i) => i).filter((i) => m & (1 << i));
    if (s.length <= most) out.push(s);
  }
  return out;
}

/** River tiles for a shape: one per set of crossed edges, spokes to the middle. */
export function riverTiles(shape: TileShape): VectorTile[] {
  return subsets(shape.edges.length, 6).map((s) => spokeTile(`river-${shape.name}-${s.join('')}`, shape, 'river', s));
}

/**
 * A seeded walk over linear tiles, `length` long, from `start` (or a linear tile on the
 * map's rim), each step to an edge-adjoining linear tile not yet on the walk.
 */
export function riverWalk(grid: Grid, seed: number, length: number, start?: number): number[] {
  const cls = tileClasses(grid);
  const random = seededRandom(seed);
  const nb = new Int32Array(8);
  const edgeDir = (d: number): boolean => grid.kind !== 'square' || (d & 1) === 0;
  const linear = Array.from({ length: grid.tileCount }, (_, i) => i).filter((i) => cls[i] !== 0);
  const rim = linear.filter((l) => {
    const deg = grid.neighbors(l, nb);
    for (let d = 0; d < deg; d++) if (edgeDir(d) && nb[d]! < 0) return true;
    return false;
  });
  let cur = start ?? (rim.length ? rim[Math.floor(random() * rim.length)]! : linear[0]!);
  const path = [cur];
  const seen = new Set(path);
  for (let k = 1; k < length; k++) {
    const deg = grid.neighbors(cur, nb);
    const options: number[] = [];
    for (let d = 0; d < deg; d++) if (edgeDir(d) && nb[d]! >= 0 && cls[nb[d]!] !== 0 && !seen.has(nb[d]!)) options.push(nb[d]!);
    if (options.length === 0) break;
    cur = options[Math.floor(random() * options.length)]!;
    path.push(cur);
    seen.add(cur);
  }
  return path;
}

export const SHAPES = { square: SQUARE, 'offset-square': OFFSET_SQUARE, hex: HEX } as const;
