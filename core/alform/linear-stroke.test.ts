import { describe, expect, it } from 'vitest';
import { chainBreak, linearAdjacent, LinearStroke, nearestLinearTile, strokeChain, type StrokeSample } from './linear-stroke.js';
import { TileClass } from './classify.js';
import { tileClasses } from './tile-classes.js';
import { alformGrid } from './alform.testkit.js';
import type { Grid, GridSize, ModelPoint } from '../grid/types.js';
import { NO_WRAP } from '../grid/types.js';
import { seededRandom } from '../util/random.js';

/** Samples every `step` model units along the polyline through `points` (flat or on the sphere). */
function samplesAlong(grid: Grid, points: readonly number[][], step: number): StrokeSample[] {
  const out: StrokeSample[] = [];
  for (let k = 0; k + 1 < points.length; k++) {
    const a = points[k]!;
    const b = points[k + 1]!;
    const len = Math.hypot(...a.map((v, i) => b[i]! - v));
    const n = Math.max(1, Math.ceil(len / step));
    for (let j = k === 0 ? 0 : 1; j <= n; j++) {
      let p = a.map((v, i) => v + ((b[i]! - v) * j) / n);
      if (grid.modelDimensions === 3) {
        const r = Math.hypot(...p);
        p = p.map((v) => v / r);
      }
      out.push({ tile: grid.pick(p as ModelPoint), point: p as ModelPoint });
    }
  }
  return out;
}

function distToPolyline(p: readonly number[], points: readonly number[][]): number {
  let best = Infinity;
  for (let k = 0; k + 1 < points.length; k++) {
    const a = points[k]!;
    const b = points[k + 1]!;
    const ab = a.map((v, i) => b[i]! - v);
    const ab2 = ab.reduce((s, v) => s + v * v, 0);
    const t = ab2 > 0 ? Math.min(1, Math.max(0, ab.reduce((s, v, i) => s + v * (p[i]! - a[i]!), 0) / ab2)) : 0;
    best = Math.min(best, Math.hypot(...p.map((v, i) => v - (a[i]! + t * ab[i]!))));
  }
  return best;
}

/** The chain rule's promises for a stroke along `points`. */
function checkStroke(grid: Grid, points: readonly number[][], step: number): number[] {
  const cls = tileClasses(grid);
  const samples = samplesAlong(grid, points, step);
  const chain = strokeChain(grid, cls, samples);
  expect(chain.length).toBeGreaterThan(1);
  // One connected chain of linear tiles: every consecutive pair joined, no gaps.
  expect(chainBreak(grid, cls, chain)).toBe(-1);
  for (let k = 0; k < chain.length; k++) {
    expect(cls[chain[k]!]).not.toBe(TileClass.AREA);
    if (k > 0) expect(linearAdjacent(grid, cls, chain[k - 1]!, chain[k]!)).toBe(true);
    // No stub: a tile is never a detour between two tiles joined directly (three sides at a corner).
    if (k > 1) expect(linearAdjacent(grid, cls, chain[k - 2]!, chain[k]!)).toBe(false);
  }
  // It follows the hand: every tile lies within a tile spacing of the pointer's path, and the
  // chain starts and ends at the linear tiles nearest the first and last samples.
  // (The sampled path, not `points`: on the globe the pointer runs over the sphere, not the chords.)
  const spacing = grid.spacing();
  const path = samples.map((s) => [...s.point]);
  for (const t of chain) expect(distToPolyline(grid.center(t), path)).toBeLessThan(1.25 * spacing);
  const first = samples.find((s) => s.tile >= 0)!;
  const last = [...samples].reverse().find((s) => s.tile >= 0)!;
  expect(chain[0]).toBe(nearestLinearTile(grid, cls, first.tile, first.point));
  expect(chain[chain.length - 1]).toBe(nearestLinearTile(grid, cls, last.tile, last.point));
  return chain;
}

const flat = (size: GridSize) => alformGrid(size, NO_WRAP);
const centre = (grid: Grid, coord: number[]) => grid.center(grid.index(coord));

describe('linear stroke → one connected chain', () => {
  it('square: along the side of a row of squares, through the VERTEX tile at every corner', () => {
    const grid = flat({ kind: 'square', width: 6, height: 5 });
    const cls = tileClasses(grid);
    // The line y = 1 runs along the sides between area rows 0 and 2 (odd y: Y-EDGE and VERTEX tiles).
    const chain = checkStroke(grid, [centre(grid, [0, 1]), centre(grid, [8, 1])], 0.1);
    expect(chain.map((t) => grid.coord(t).join(','))).toEqual(['0,1', '1,1', '2,1', '3,1', '4,1', '5,1', '6,1', '7,1', '8,1']);
    expect(chain.filter((t) => cls[t] === TileClass.VERTEX)).toHaveLength(4);
  });

  it('square: a diagonal freehand stroke turns corners through VERTEX tiles', () => {
    const grid = flat({ kind: 'square', width: 8, height: 8 });
    const cls = tileClasses(grid);
    const chain = checkStroke(grid, [[0.3, 0.4], [11.2, 12.6]], 0.07);
    // No two edge tiles follow each other diagonally: each turn has its vertex tile.
    for (let k = 1; k < chain.length; k++) {
      const [ax, ay] = grid.coord(chain[k - 1]!);
      const [bx, by] = grid.coord(chain[k]!);
      expect(Math.abs(ax! - bx!) + Math.abs(ay! - by!)).toBe(1);
    }
    expect(chain.some((t) => cls[t] === TileClass.VERTEX)).toBe(true);
  });

  it('offset-square: full and half edges', () => {
    const grid = flat({ kind: 'offset-square', width: 6, height: 5 });
    const cls = tileClasses(grid);
    const chain = checkStroke(grid, [centre(grid, [0, 0]), centre(grid, [9, 8]), centre(grid, [2, 7])], 0.08);
    const classes = new Set(chain.map((t) => cls[t]));
    expect(classes.has(TileClass.FULL_EDGE)).toBe(true);
    expect(classes.has(TileClass.UPPER_HALF_EDGE) || classes.has(TileClass.LOWER_HALF_EDGE)).toBe(true);
  });

  it('hex: a stroke straight across the hexes follows hexsides only', () => {
    const grid = flat({ kind: 'hex-rectangle', width: 7, height: 6 });
    checkStroke(grid, [centre(grid, [0, 0]), centre(grid, [12, 8])], 0.1);
    checkStroke(grid, [centre(grid, [0, 6]), centre(grid, [6, 2]), centre(grid, [12, 10])], 0.05);
  });

  it('hex-hexagon', () => {
    const grid = flat({ kind: 'hex-hexagon', diameter: 7 });
    const tiles = [0, grid.tileCount - 1];
    checkStroke(grid, tiles.map((t) => grid.center(t)), 0.1);
  });

  it('globe (icosahedron): along a great circle, across faces', () => {
    const grid = flat({ kind: 'icosahedron', side: 6 });
    const chain = checkStroke(grid, [grid.center(0), grid.center(Math.floor(grid.tileCount / 3)), grid.center(Math.floor(grid.tileCount / 2))], grid.spacing() / 8);
    expect(chain.length).toBeGreaterThan(10);
  });

  it('a fast drag (two samples far apart) still gives the tiles along the hand, connected', () => {
    const grid = flat({ kind: 'hex-rectangle', width: 12, height: 10 });
    const a = centre(grid, [1, 1]);
    const b = centre(grid, [20, 16]);
    const cls = tileClasses(grid);
    const chain = strokeChain(grid, cls, [a, b].map((p) => ({ tile: grid.pick(p as ModelPoint), point: p as ModelPoint })));
    expect(chainBreak(grid, cls, chain)).toBe(-1);
    for (const t of chain) expect(distToPolyline(grid.center(t), [a, b])).toBeLessThan(1.25 * grid.spacing());
  });

  it('a trembling hand gives no spurs, and samples off the map are bridged', () => {
    const grid = flat({ kind: 'hex-rectangle', width: 8, height: 8 });
    const cls = tileClasses(grid);
    const random = seededRandom(7);
    const samples: StrokeSample[] = [];
    for (let k = 0; k <= 300; k++) {
      const p: ModelPoint = [1 + k * 0.035 + (random() - 0.5) * 0.3, 2 + k * 0.02 + (random() - 0.5) * 0.3];
      samples.push({ tile: k % 50 === 25 ? -1 : grid.pick(p), point: p });
    }
    const chain = strokeChain(grid, cls, samples);
    expect(chainBreak(grid, cls, chain)).toBe(-1);
    // No tile is visited twice: wobbles retract instead of leaving spurs.
    expect(new Set(chain).size).toBe(chain.length);
  });

  it('going back over the last tiles retracts the chain', () => {
    const grid = flat({ kind: 'square', width: 6, height: 5 });
    const stroke = new LinearStroke(grid, tileClasses(grid));
    const along = (x: number) => ({ tile: grid.index([x, 1]), point: centre(grid, [x, 1]) as ModelPoint });
    for (const x of [0, 1, 2, 3, 4]) stroke.add(along(x));
    expect(stroke.tiles).toHaveLength(5);
    expect(stroke.add(along(2))).toBe(true);
    expect(stroke.tiles.map((t) => grid.coord(t)[0])).toEqual([0, 1, 2]);
    expect(stroke.add(along(2))).toBe(false);
  });

  it('the search settles tiles near the stroke only, not the whole map', () => {
    const grid = flat({ kind: 'hex-rectangle', width: 60, height: 60 });
    const stroke = new LinearStroke(grid, tileClasses(grid));
    for (const s of samplesAlong(grid, [centre(grid, [2, 2]), centre(grid, [40, 30])], 0.1)) stroke.add(s);
    expect(stroke.settled).toBeLessThan(grid.tileCount / 20);
  });

  it('chainBreak names the first gap or non-linear tile', () => {
    const grid = flat({ kind: 'square', width: 6, height: 5 });
    const cls = tileClasses(grid);
    const i = (x: number, y: number) => grid.index([x, y]);
    expect(chainBreak(grid, cls, [i(1, 0), i(1, 1), i(2, 1)])).toBe(-1);
    expect(chainBreak(grid, cls, [i(1, 0), i(2, 1)])).toBe(1); // diagonal: no vertex between
    expect(chainBreak(grid, cls, [i(1, 0), i(2, 0)])).toBe(1); // an area tile
    expect(chainBreak(grid, cls, [i(0, 0)])).toBe(0);
    expect(chainBreak(grid, cls, [i(1, 0), -3])).toBe(1);
  });
});
