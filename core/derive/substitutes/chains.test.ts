import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../util/random.js';
import { SUBSTITUTE_LATTICES, forEachNeighbour, isLinearCell, substituteCells } from './cells.js';
import { distanceToPolyline, meander, nearestLinear, routeChain } from './chains.js';

describe('substitute cells', () => {
  it('let linear features step only between linear cells, orthogonally on square', () => {
    for (const lattice of SUBSTITUTE_LATTICES) {
      const cells = substituteCells(lattice, 12);
      for (let i = 0; i < cells.count; i++) {
        forEachNeighbour(cells.steps, i, (j) => {
          expect(isLinearCell(cells, i) && isLinearCell(cells, j)).toBe(true);
          const d = Math.hypot(cells.ux[i]! - cells.ux[j]!, cells.uy[i]! - cells.uy[j]!);
          // Adjoining tiles are one spacing apart (offset-square half-edge neighbours: √(1 + ¼)).
          expect(d).toBeLessThanOrEqual(lattice === 'offset-square' ? Math.sqrt(1.25) + 1e-9 : 1 + 1e-9);
        });
      }
    }
  });

  it('put the canonical feature’s ends at the middle of the west and east sides', () => {
    expect(substituteCells('square', 10).west).toEqual([-5, 0]);
    expect(substituteCells('offset-square', 12).east).toEqual([6, 0]);
    const hex = substituteCells('hex', 12);
    // The hexagon's west corner: cube k(−2, 1, 1), k = 4.
    expect(hex.west[0]).toBeCloseTo(-8 * (Math.sqrt(3) / 2));
    expect(hex.west[1]).toBeCloseTo(0);
  });
});

describe('routeChain', () => {
  it('follows a straight guide exactly where the lattice has a straight line of linear cells', () => {
    const cells = substituteCells('square', 10);
    // Row dy = 0 of a 1:10 square substitute is Y-EDGE, VERTEX, Y-EDGE… (anchor (1, 1)).
    const from = cells.indexOf(-5, 0);
    const to = cells.indexOf(5, 0);
    const chain = routeChain(cells, from, to, [-5, 0, 5, 0], 6);
    expect(Array.from(chain)).toEqual(Array.from({ length: 11 }, (_, k) => cells.indexOf(k - 5, 0)));
  });

  it('never enters blocked cells and reports an unreachable end with an empty chain', () => {
    const cells = substituteCells('square', 10);
    const from = cells.indexOf(-5, 0);
    const to = cells.indexOf(5, 0);
    const blocked = new Uint8Array(cells.count);
    // A wall of blocked linear cells down column dx = 0 (all linear: a = 1 is odd).
    for (let dy = -5; dy <= 5; dy++) blocked[cells.indexOf(0, dy)] = 1;
    expect(routeChain(cells, from, to, [-5, 0, 5, 0], 6, blocked).length).toBe(0);
    blocked[cells.indexOf(0, 4)] = 0;
    const around = routeChain(cells, from, to, [-5, 0, 5, 0], 6, blocked);
    expect(around.length).toBeGreaterThan(11);
    expect(Array.from(around).some((i) => blocked[i] === 1)).toBe(false);
    expect(() => routeChain(cells, cells.indexOf(-5, -5), to, [0, 0, 1, 1], 1)).toThrow(/linear cells only/);
  });

  it('meanders: fixed ends, a swing of at least 0.7 × amplitude', () => {
    for (let seed = 0; seed < 20; seed++) {
      const line = meander(seededRandom(seed), -10, 0, 10, 0, 3);
      expect(line.slice(0, 2)).toEqual([-10, 0]);
      expect(line[line.length - 2]).toBeCloseTo(10);
      expect(line[line.length - 1]).toBeCloseTo(0);
      let swing = 0;
      for (let k = 1; k < line.length; k += 2) swing = Math.max(swing, Math.abs(line[k]!));
      expect(swing).toBeGreaterThanOrEqual(0.7 * 3 - 0.05);
    }
    expect(distanceToPolyline([0, 0, 10, 0], 5, 3)).toBeCloseTo(3);
    expect(distanceToPolyline([0, 0, 10, 0], -4, 3)).toBeCloseTo(5);
    const cells = substituteCells('hex', 6);
    expect(isLinearCell(cells, nearestLinear(cells, 0, 0))).toBe(true);
  });
});
