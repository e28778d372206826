import { describe, expect, it } from 'vitest';
import { ROAD_TILES, allCells, grid } from './assemble.testkit.js';
import { checkAssembly } from './check.js';
import { InstanceLayer } from '../map/instance-layer.js';
import { AssemblyLibrary } from './library.js';
import { assemble } from './solver.js';

const tally = (layer: InstanceLayer, id: string): number => allCells(layer.grid).filter((c) => layer.get(c)?.tile === id).length;

describe('minimum counts per tile', () => {
  it('reaches every minimum, even of tiles the weights make rare, checked by the independent checker', () => {
    const g = grid({ kind: 'square', width: 8, height: 8 });
    const lib = new AssemblyLibrary(ROAD_TILES, { weights: { cross: 0.01, end: 0.01, grass: 5 } });
    const counts = { cross: { min: 4 }, end: { min: 3, max: 5 }, tee: 6 };
    for (const seed of [1, 2, 3, 4]) {
      // Without the minimum the rare tiles stay (almost) absent; with it they are there.
      const free = assemble(new InstanceLayer(g), lib, { seed, boundary: 'closed' });
      if (!free.ok) throw new Error(free.message);
      expect(tally(free.layer, 'cross')).toBeLessThan(4);
      const r = assemble(new InstanceLayer(g), lib, { seed, boundary: 'closed', counts });
      expect(r.ok, r.ok ? '' : r.message).toBe(true);
      if (!r.ok) return;
      expect(tally(r.layer, 'cross')).toBeGreaterThanOrEqual(4);
      expect(checkAssembly(g, r.layer, ROAD_TILES, { region: allCells(g), boundary: 'closed', counts })).toEqual([]);
    }
  });

  it('the checker reports a minimum not reached', () => {
    const g = grid({ kind: 'square', width: 3, height: 3 });
    const layer = new InstanceLayer(g);
    for (const c of allCells(g)) layer.set(c, 'grass', 0);
    expect(checkAssembly(g, layer, ROAD_TILES, { counts: { cross: { min: 1 } } })).toEqual([{ kind: 'count', where: 'tile "cross"', why: '0 instances, at least 1 required' }]);
  });

  it('a region too small for a minimum is unsatisfiable without search, the region being the cells that could hold it', () => {
    const g = grid({ kind: 'square', width: 2, height: 2 });
    const r = assemble(new InstanceLayer(g), new AssemblyLibrary(ROAD_TILES), { seed: 1, counts: { cross: { min: 5 } } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toBe('unsatisfiable');
    expect(r.stats.decisions).toBe(0);
    expect(r.region).toEqual([0, 1, 2, 3]);
    expect(r.message).toContain('"cross" needs at least 5');
  });

  it('explains a minimum the boundary rules out by the cells that lost the tile', () => {
    // On a closed 3×3 map only the centre can hold a crossing.
    const g = grid({ kind: 'square', width: 3, height: 3 });
    const r = assemble(new InstanceLayer(g), new AssemblyLibrary(ROAD_TILES), { seed: 1, boundary: 'closed', counts: { cross: { min: 2 } } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toBe('unsatisfiable');
    expect(r.region).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('at the minimum every cell that can hold the tile takes it (pruning, not search)', () => {
    // Closed 3×3: the centre is the one cell that can hold a crossing; a minimum of 1 forces it.
    const g = grid({ kind: 'square', width: 3, height: 3 });
    const lib = new AssemblyLibrary(ROAD_TILES, { weights: { cross: 0 } });
    for (const seed of [1, 2, 3]) {
      const r = assemble(new InstanceLayer(g), lib, { seed, boundary: 'closed', counts: { cross: { min: 1 } } });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.layer.get(4)!.tile).toBe('cross');
      expect(r.stats.backjumps).toBe(0);
    }
  });

  it('fixed instances outside the region count towards the minimum', () => {
    const g = grid({ kind: 'square', width: 4, height: 4 });
    const layer = new InstanceLayer(g);
    layer.set(5, 'cross', 0);
    const region = allCells(g).filter((c) => c !== 5);
    const lib = new AssemblyLibrary(ROAD_TILES, { weights: { cross: 0 } });
    const r = assemble(layer, lib, { seed: 3, region, counts: { cross: { min: 1, max: 1 } } });
    expect(r.ok, r.ok ? '' : r.message).toBe(true);
    if (!r.ok) return;
    expect(tally(r.layer, 'cross')).toBe(1);
  });

  it('rejects a minimum above the maximum, or not a count', () => {
    const g = grid({ kind: 'square', width: 2, height: 2 });
    const lib = new AssemblyLibrary(ROAD_TILES);
    expect(() => assemble(new InstanceLayer(g), lib, { seed: 1, counts: { cross: { min: 3, max: 2 } } })).toThrow(/minimum count 3 above its maximum 2/);
    expect(() => assemble(new InstanceLayer(g), lib, { seed: 1, counts: { cross: { min: 1.5 } } })).toThrow(/minimum count of tile "cross" must be an integer/);
  });
});
