import { describe, expect, it } from 'vitest';
import { InstanceLayer } from '../map/instance-layer.js';
import { SQUARE } from '../vector/shape.js';
import { RIVER_TILES, ROAD_TILES, grid, spokeTile } from './assemble.testkit.js';
import { AssemblyLibrary } from './library.js';
import type { NetworkRoles } from './network-ends.js';
import { networkShape } from './network-shape.js';
import { assemble } from './solver.js';

const ROLES: NetworkRoles = { watercourses: new Set(['river']), routes: new Set(['road']), water: new Set(), highGround: new Set(), settlements: new Set() };

describe('the acyclic rule (networks.acyclic)', () => {
  it('square roads and hexagon rivers close no loop, for several seeds; without the rule they do', () => {
    let loopsWithout = 0;
    for (const [g, tiles] of [[grid({ kind: 'square', width: 8, height: 8 }), ROAD_TILES], [grid({ kind: 'hex-rectangle', width: 8, height: 8 }), RIVER_TILES]] as const) {
      const lib = new AssemblyLibrary(tiles);
      for (const seed of [1, 2, 3, 4]) {
        const off = assemble(new InstanceLayer(g), lib, { seed });
        const on = assemble(new InstanceLayer(g), lib, { seed, networks: { roles: ROLES, ends: false } });
        expect(off.ok && on.ok).toBe(true);
        if (!off.ok || !on.ok) return;
        loopsWithout += networkShape(g, off.layer, tiles, ROLES).totals.loops;
        expect(networkShape(g, on.layer, tiles, ROLES).totals.loops, `seed ${seed}`).toBe(0);
      }
    }
    expect(loopsWithout).toBeGreaterThan(0);
  });

  it('on the globe too (hexagon tiles warped onto the pentagons)', () => {
    // Without ends: on a globe (no border) these sources would be dead ends, and a river with no end cannot be a tree.
    const g = grid({ kind: 'icosahedron', side: 3 });
    const lib = new AssemblyLibrary(RIVER_TILES);
    for (const seed of [1, 2]) {
      const r = assemble(new InstanceLayer(g), lib, { seed, networks: { roles: ROLES, ends: false } });
      expect(r.ok, r.ok ? '' : r.message).toBe(true);
      if (r.ok) expect(networkShape(g, r.layer, RIVER_TILES, ROLES).totals.loops).toBe(0);
    }
  });

  it('names the rule when only a loop would do', () => {
    // Four bends on a closed 2×2 map can only make a ring.
    const g = grid({ kind: 'square', width: 2, height: 2 });
    const lib = new AssemblyLibrary([spokeTile('bend', SQUARE, 'road', [0, 1])]);
    expect(assemble(new InstanceLayer(g), lib, { seed: 1, boundary: 'closed' }).ok).toBe(true);
    const r = assemble(new InstanceLayer(g), lib, { seed: 1, boundary: 'closed', networks: { roles: ROLES } });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toBe('unsatisfiable');
      expect(r.message).toMatch(/no network closing a loop/);
    }
  });
});
