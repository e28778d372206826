import { describe, expect, it } from 'vitest';
import type { Box, LatticeKind, Plane } from './lattice.js';
import { growBox, latticeGeometry } from './lattice.js';
import { countRunWindows, straighten, straightenReach } from './straighten.js';
import { hash2 } from './noise.js';

const LATTICES: LatticeKind[] = ['square', 'hex', 'brick'];
const W = 72;
const BOX: Box = { i0: 20, j0: 20, i1: W - 20, j1: W - 20 };

function plane(kind: LatticeKind, u0 = -17, v0 = 9): Plane {
  return { geo: latticeGeometry(kind), u0, v0, w: W, h: W };
}

/** Terrains 1–4 natural, 5 human-curated; `blocky` fields have long straight borders. */
const natural = Uint8Array.of(0, 1, 1, 1, 1, 0);
const seedsOf = (seed: number): number[] => [0, 1, 2, 3, 4, 5].map((t) => hash2(seed, t, 99));

function randomField(seed: number, blocky: boolean): Uint8Array {
  const f = new Uint8Array(W * W);
  for (let j = 0; j < W; j++) {
    for (let i = 0; i < W; i++) f[j * W + i] = 1 + (blocky ? hash2(seed, i >> 3, j >> 2) : hash2(seed, i, j)) % 5;
  }
  return f;
}

describe.each(LATTICES)('straighten on the %s lattice', (kind) => {
  const p = plane(kind);

  it('leaves no run window all border, on noisy and on blocky fields', () => {
    for (let seed = 1; seed <= 60; seed++) {
      for (const blocky of [false, true]) {
        const f = randomField(seed, blocky);
        expect(countRunWindows(p, f, natural, BOX)).toBeGreaterThan(0);
        const g = straighten(p, f, natural, seedsOf(seed), growBox(BOX, 4));
        expect(countRunWindows(p, g, natural, BOX), `seed ${seed}`).toBe(0);
      }
    }
  });

  it('never changes or copies human-curated cells, and leaves uniform tiles alone', () => {
    const f = randomField(3, false);
    const g = straighten(p, f, natural, seedsOf(3), BOX);
    let changed = 0;
    for (let k = 0; k < f.length; k++) {
      if (f[k] === 5 || g[k] === 5) expect(g[k]).toBe(f[k]);
      if (f[k] !== g[k]) changed++;
    }
    expect(changed).toBeGreaterThan(0);
    const flat = new Uint8Array(W * W).fill(2);
    expect(straighten(p, flat, natural, seedsOf(3), BOX)).toEqual(flat);
  });

  it('reads no farther than straightenReach: cells beyond it do not matter', () => {
    const reach = straightenReach(p.geo);
    expect(reach).toBe(kind === 'square' ? 15 : 2);
    const f = randomField(5, false);
    const g = straighten(p, f, natural, seedsOf(5), BOX);
    const scrambled = f.slice();
    const keep = growBox(BOX, reach);
    for (let j = 0; j < W; j++) {
      for (let i = 0; i < W; i++) {
        if (i >= keep.i0 && i < keep.i1 && j >= keep.j0 && j < keep.j1) continue;
        scrambled[j * W + i] = 1 + (hash2(77, i, j) % 5);
      }
    }
    const h = straighten(p, scrambled, natural, seedsOf(5), BOX);
    for (let j = BOX.j0; j < BOX.j1; j++) for (let i = BOX.i0; i < BOX.i1; i++) expect(h[j * W + i]).toBe(g[j * W + i]);
  });

  it('is a function of global coordinates: a shifted plane gives the same cells', () => {
    const f = randomField(9, false);
    const g = straighten(p, f, natural, seedsOf(9), BOX);
    // The same cells stored 3 columns and 2 rows further on.
    const q = plane(kind, p.u0 - 3, p.v0 - 2);
    const f2 = new Uint8Array(W * W);
    for (let j = 0; j < W - 2; j++) for (let i = 0; i < W - 3; i++) f2[(j + 2) * W + i + 3] = f[j * W + i]!;
    const g2 = straighten(q, f2, natural, seedsOf(9), { i0: BOX.i0 + 3, j0: BOX.j0 + 2, i1: BOX.i1 + 3, j1: BOX.j1 + 2 });
    for (let j = BOX.j0; j < BOX.j1; j++) for (let i = BOX.i0; i < BOX.i1; i++) expect(g2[(j + 2) * W + i + 3]).toBe(g[j * W + i]);
  });
});
