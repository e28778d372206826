/**
 * The sight walk against brute force: dense sampling of the segment with the grid's own
 * `pick` must find no tile the walk missed, and every tile the walk crosses in earnest
 * must hold some sample (square and hex maps, where tiles are exactly their Voronoi cells).
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import type { GridSize } from '../grid/types.js';
import { seededRandom } from '../util/random.js';
import { CELL, GRAZED, PAIR, PAIR_PARTNER, SightWalk, latticeOf } from './walk.js';

const cases: { size: GridSize; alform?: boolean }[] = [
  { size: { kind: 'square', width: 13, height: 9 } },
  { size: { kind: 'hex-rectangle', width: 12, height: 9 } },
  { size: { kind: 'hex-rectangle', width: 13, height: 9 }, alform: true },
  { size: { kind: 'hex-hexagon', diameter: 11 } },
];

describe('sight walk = the cells the segment passes through', () => {
  for (const c of cases) {
    it(`${JSON.stringify(c.size)}${c.alform ? ' AL-FORM' : ''}`, () => {
      const grid = createGrid(c);
      const lat = latticeOf(grid);
      const walk = new SightWalk();
      const random = seededRandom(3);
      for (let q = 0; q < 200; q++) {
        const a = Math.floor(random() * grid.tileCount);
        const b = Math.floor(random() * grid.tileCount);
        walk.walkFlat(lat, a, b);
        expect(walk.ok).toBe(true);
        expect(walk.tile[0]).toBe(a);
        expect(walk.tile[walk.count - 1]).toBe(b);
        let missedKinds = 0;
        const all = new Set<number>();
        const crossed = new Set<number>();
        for (let i = 0; i < walk.count; i++) {
          all.add(walk.tile[i]!);
          if (walk.kind[i] === CELL) crossed.add(walk.tile[i]!);
          if (![CELL, GRAZED, PAIR, PAIR_PARTNER].includes(walk.kind[i]!)) missedKinds++;
        }
        const [ax, ay] = grid.center(a) as [number, number];
        const [bx, by] = grid.center(b) as [number, number];
        const steps = 400;
        const hit = new Set<number>();
        const missed: string[] = [];
        for (let k = 0; k <= steps; k++) {
          const t = k / steps;
          const p = grid.pick([ax + t * (bx - ax), ay + t * (by - ay)]);
          hit.add(p);
          if (p >= 0 && !all.has(p)) missed.push(`tile ${p} on ${a}→${b}`);
        }
        // Cells crossed in earnest (not at a corner or along an edge) are long enough to be sampled.
        for (const t of crossed) if (!hit.has(t)) missed.push(`walked ${t} on ${a}→${b} but no sample falls in it`);
        expect(missed).toEqual([]);
        expect(missedKinds).toBe(0);
      }
    });
  }
});
