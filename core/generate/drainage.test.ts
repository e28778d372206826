import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import { areaLattice, type AreaLattice } from './lattice.js';
import { drainArea, outletOf, Water } from './drainage.js';

/** The area index of area tile (x, y) of a square AL-FORM lattice. */
const sq = (lat: AreaLattice, x: number, y: number): number => lat.areaOf[lat.grid.index([2 * x, 2 * y])]!;
const neighbours = (lat: AreaLattice, a: number): number[] => Array.from(lat.nbr.subarray(a * lat.slots, a * lat.slots + lat.slots)).filter((b) => b >= 0);

describe('drainage against a hand-computed accumulation', () => {
  it('square: a 5 × 5 basin draining through one sea tile', () => {
    const lat = areaLattice(createGrid({ size: { kind: 'square', width: 9, height: 9 }, alform: true }));
    const n = lat.tiles.length;
    expect(n).toBe(25);
    const height = new Float32Array(n).fill(10);
    const land = new Uint8Array(n).fill(1);
    const sea = sq(lat, 2, 0);
    height[sea] = -1;
    land[sea] = 0;
    const h: [number, number, number][] = [
      [2, 1, 1], [1, 1, 2], [3, 1, 2],
      [1, 2, 3], [2, 2, 2.5], [3, 2, 3],
      [1, 3, 4], [2, 3, 3.5], [3, 3, 4],
    ];
    for (const [x, y, v] of h) height[sq(lat, x, y)] = v;
    const d = drainArea(lat, height, land);
    // By hand: row 3 → (2,2); row 2 → (2,1); row 1 → the sea tile.
    expect(d.down[sq(lat, 2, 3)]).toBe(sq(lat, 2, 2));
    expect(d.down[sq(lat, 1, 2)]).toBe(sq(lat, 2, 1));
    expect(d.down[sq(lat, 1, 1)]).toBe(sea);
    const unit = 1 / 25;
    expect(d.flow[sq(lat, 1, 3)]).toBeCloseTo(unit, 6);
    expect(d.flow[sq(lat, 2, 2)]).toBeCloseTo(4 * unit, 6);
    expect(d.flow[sq(lat, 2, 1)]).toBeCloseTo(7 * unit, 6);
    expect(d.flow[sea]).toBeCloseTo(9 * unit, 6);
    expect(d.water.filter((w) => w === Water.LAKE).length).toBe(0);
  });

  it('hex: a radius-2 hexagon draining through a corner of its rim', () => {
    const lat = areaLattice(createGrid({ size: { kind: 'hex-hexagon', diameter: 9 }, alform: true }));
    const n = lat.tiles.length;
    expect(n).toBe(19);
    const centre = Array.from({ length: n }, (_, a) => a).find((a) => neighbours(lat, a).length === 6 && neighbours(lat, a).every((b) => lat.border[b] === 0))!;
    const ring = neighbours(lat, centre);
    // A rim corner: a border tile with exactly one inner neighbour.
    const sea = Array.from({ length: n }, (_, a) => a).find((a) => lat.border[a] === 1 && neighbours(lat, a).filter((b) => lat.border[b] === 0).length === 1)!;
    const r = neighbours(lat, sea).find((b) => lat.border[b] === 0)!;
    const [rl, rr] = neighbours(lat, r).filter((b) => ring.includes(b));
    const rll = neighbours(lat, rl!).find((b) => ring.includes(b) && b !== r)!;
    const rrr = neighbours(lat, rr!).find((b) => ring.includes(b) && b !== r)!;
    const opp = ring.find((b) => ![r, rl, rr, rll, rrr].includes(b))!;
    const height = new Float32Array(n).fill(10);
    const land = new Uint8Array(n).fill(1);
    height[sea] = -1;
    land[sea] = 0;
    [[r, 1], [rl!, 2], [rr!, 2.1], [rll, 2.2], [rrr, 2.3], [opp, 2.4], [centre, 3]].forEach(([a, v]) => (height[a!] = v!));
    const d = drainArea(lat, height, land);
    expect([d.down[rl!], d.down[rr!], d.down[centre], d.down[rll], d.down[opp]]).toEqual([r, r, r, rl, rll]);
    const unit = 1 / 19;
    expect(d.flow[opp]).toBeCloseTo(unit, 6);
    expect(d.flow[rll]).toBeCloseTo(2 * unit, 6);
    expect(d.flow[rl!]).toBeCloseTo(3 * unit, 6);
    expect(d.flow[rr!]).toBeCloseTo(2 * unit, 6);
    expect(d.flow[r]).toBeCloseTo(7 * unit, 6);
    expect(d.flow[sea]).toBeCloseTo(7 * unit, 6);
  });

  it('fills a pit into a lake and drains every land tile', () => {
    const lat = areaLattice(createGrid({ size: { kind: 'square', width: 9, height: 9 }, alform: true }));
    const height = new Float32Array(25).fill(0.5);
    const land = new Uint8Array(25).fill(1);
    land[sq(lat, 0, 0)] = 0;
    height[sq(lat, 0, 0)] = -1;
    height[sq(lat, 2, 2)] = 0.1;
    height[sq(lat, 2, 3)] = 0.1;
    const d = drainArea(lat, height, land);
    expect(d.water[sq(lat, 2, 2)]).toBe(Water.LAKE);
    expect(d.water[sq(lat, 2, 3)]).toBe(Water.LAKE);
    for (let a = 0; a < 25; a++) {
      if (d.water[a] !== Water.LAND) continue;
      const o = outletOf(d, a);
      // Ends in water, or (−1) at a land tile on the map's border.
      if (o < 0) {
        let c = a;
        while (d.down[c]! >= 0) c = d.down[c]!;
        expect(lat.border[c]).toBe(1);
      } else expect(d.water[o]).not.toBe(Water.LAND);
    }
  });
});
