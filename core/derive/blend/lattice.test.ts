import { describe, expect, it } from 'vitest';
import type { LatticeGeometry, LatticeKind, RelEdge } from './lattice.js';
import { latticeGeometry } from './lattice.js';
import { runFamilies } from './straight-runs.js';

const LATTICES: LatticeKind[] = ['square', 'hex', 'brick'];

/** Anchor of the tile holding cell (u, v), or throws if none or several hold it. */
function tileOf(geo: LatticeGeometry, u: number, v: number): string {
  const anchors = geo.tile.cells.map(([du, dv]) => [u - du, v - dv] as const).filter(([a, b]) => geo.tile.isAnchor(a, b));
  if (anchors.length !== 1) throw new Error(`cell (${u}, ${v}) lies in ${anchors.length} tiles`);
  return anchors[0]!.join(',');
}

const fine = (geo: LatticeGeometry, u: number, v: number, slot: number): [number, number] => [
  2 * u + geo.slotSteps[slot]![0],
  2 * v + geo.slotSteps[slot]![1],
];

describe.each(LATTICES)('%s lattice', (kind) => {
  const geo = latticeGeometry(kind);

  it('has neighbours one step away and edge slots among them', () => {
    for (const [du, dv] of geo.dirs) expect(geo.distance(du, dv)).toBe(1);
    for (const [du, dv] of geo.slotSteps) expect(geo.dirs.some(([a, b]) => a === du && b === dv)).toBe(true);
    expect(geo.distance(2, 1)).toBe(kind === 'square' ? 3 : 2);
  });

  it('tiles the plane: every cell lies in exactly one tile, whose cells are connected', () => {
    for (let u = -9; u <= 9; u++) for (let v = -9; v <= 9; v++) expect(() => tileOf(geo, u, v)).not.toThrow();
    const cells = geo.tile.cells;
    for (let k = 1; k < cells.length; k++) {
      const linked = cells.slice(0, k).some(([a, b]) => geo.dirs.some(([du, dv]) => a + du === cells[k]![0] && b + dv === cells[k]![1]));
      expect(linked).toBe(true);
    }
  });

  it('walks each family line forwards and back, and matches the detector’s lines of fine tiles', () => {
    const detector = runFamilies(kind);
    expect(detector.length).toBe(geo.families.length);
    geo.families.forEach((fam, f) => {
      for (const slot of fam.slots) {
        const [nu, nv, ns] = fam.next(slot);
        const [pu, pv, ps] = fam.prev(ns);
        expect([nu + pu, nv + pv, ps]).toEqual([0, 0, slot]);
        // In fine tiles: the edge is on the detector's line, and the next one is one step on.
        const [x, y] = fine(geo, 3, 5, slot);
        const [x2, y2] = fine(geo, 3 + nu, 5 + nv, ns);
        expect(detector[f]!.member(x, y)).toBe(true);
        expect([x2 - x, y2 - y]).toEqual(detector[f]!.step);
        const [ax, ay] = detector[f]!.across(x, y);
        expect([x - ax, y - ay]).toEqual([6, 10]);
      }
    });
  });

  it('puts an edge inside a tile in every run window of every line', () => {
    geo.families.forEach((fam) => {
      for (let u0 = -6; u0 <= 6; u0++) {
        for (let v0 = -6; v0 <= 6; v0++) {
          // Walk 40 edges of the line through (u0, v0); count edges outside tiles in a row.
          let edge: RelEdge = [u0, v0, fam.slots[0]!];
          let outside = 0;
          for (let k = 0; k < 40; k++) {
            const [u, v, s] = edge;
            const [su, sv] = geo.slotSteps[s]!;
            if (tileOf(geo, u, v) === tileOf(geo, u + su, v + sv)) outside = 0;
            else outside++;
            expect(outside, `${fam.name} line through (${u0}, ${v0})`).toBeLessThan(fam.window);
            const [du, dv, ns] = fam.next(s);
            edge = [u + du, v + dv, ns];
          }
        }
      }
    });
  });
});
