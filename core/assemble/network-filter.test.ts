import { describe, expect, it } from 'vitest';
import { InstanceLayer } from '../map/instance-layer.js';
import { SQUARE } from '../vector/shape.js';
import { ROAD_TILES, grid, spokeTile } from './assemble.testkit.js';
import { AssemblyLibrary } from './library.js';
import type { NetworkRoles } from './network-ends.js';
import { networkShape } from './network-shape.js';
import { assemble } from './solver.js';
import { buildTopology } from './topology.js';

const ROLES: NetworkRoles = { watercourses: new Set(['river']), routes: new Set(['road']), water: new Set(), highGround: new Set(), settlements: new Set(['village']) };
const square = (w: number, h: number) => grid({ kind: 'square', width: w, height: h });
/** Whether cell c of a w×h square map has an outer edge. */
const onEdge = (w: number, h: number, c: number): boolean => c % w === 0 || c % w === w - 1 || c < w || c >= w * (h - 1);

describe('the end constraint (networks.ends)', () => {
  it('keeps dead ends off the inside of the map: only its edge cells hold the road end, for several seeds', () => {
    const g = square(7, 7);
    const lib = new AssemblyLibrary(ROAD_TILES);
    let interiorWithout = 0;
    for (const seed of [1, 2, 3, 4]) {
      const off = assemble(new InstanceLayer(g), lib, { seed });
      const on = assemble(new InstanceLayer(g), lib, { seed, networks: { roles: ROLES } });
      expect(off.ok && on.ok).toBe(true);
      if (!off.ok || !on.ok) return;
      for (let c = 0; c < g.tileCount; c++) {
        if (off.layer.get(c)!.tile === 'end' && !onEdge(7, 7, c)) interiorWithout++;
        if (!onEdge(7, 7, c)) expect(on.layer.get(c)!.tile, `cell ${c}`).not.toBe('end');
      }
      expect(networkShape(g, on.layer, ROAD_TILES, ROLES).totals.deadEnds).toBe(0);
    }
    // Without the constraint the same seeds do end roads inside: the test can fail.
    expect(interiorWithout).toBeGreaterThan(0);
  });

  it('lets a dead end stand where the region meets empty cells, not where it meets placed ones', () => {
    const g = square(5, 5);
    const topology = buildTopology(g);
    const only = [spokeTile('end', SQUARE, 'road', [0]), { id: 'grass', shape: SQUARE, elements: [] }];
    const lib = new AssemblyLibrary(only, { weights: { grass: 0 } });
    // The middle cell alone, its neighbours empty: it is the region's border, the end may stand.
    const alone = assemble(new InstanceLayer(g), lib, { seed: 1, topology, region: [12], networks: { roles: ROLES } });
    expect(alone.ok && alone.layer.get(12)!.tile).toBe('end');
    // Its neighbours placed (grass): the middle cell is inside what is assembled, so grass it is.
    const ringed = new InstanceLayer(g);
    for (const c of [7, 11, 13, 17]) ringed.set(c, 'grass', 0);
    const inside = assemble(ringed, lib, { seed: 1, topology, region: [12], networks: { roles: ROLES } });
    expect(inside.ok && inside.layer.get(12)!.tile).toBe('grass');
  });

  it('names the network rule when it makes the region unsatisfiable', () => {
    const g = square(3, 3);
    const grass = { id: 'grass', shape: SQUARE, elements: [] };
    const lib = new AssemblyLibrary([spokeTile('end', SQUARE, 'road', [0]), spokeTile('straight', SQUARE, 'road', [0, 2]), grass]);
    // The middle cell among placed tiles: a road comes down into it from above, grass elsewhere,
    // so only the road's end fits there, inside what is assembled.
    const around = new InstanceLayer(g);
    for (let c = 0; c < 9; c++) if (c !== 4) around.set(c, 'grass', 0);
    around.set(1, 'straight', 0);
    expect(assemble(around, lib, { seed: 1, region: [4] }).ok).toBe(true);
    const r = assemble(around, lib, { seed: 1, region: [4], networks: { roles: ROLES } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toBe('unsatisfiable');
    expect(r.message).toMatch(/no river or road ending inside the region/);
  });
});
