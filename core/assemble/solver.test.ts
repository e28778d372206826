import { describe, expect, it } from 'vitest';
import { ROAD_TILES, RIVER_TILES, allCells, grid } from './assemble.testkit.js';
import { checkAssembly } from './check.js';
import { InstanceLayer } from './instance-layer.js';
import { AssemblyLibrary } from './library.js';
import { assemble } from './solver.js';

describe('assemble', () => {
  it('fills a square map with matching road tiles', () => {
    const g = grid({ kind: 'square', width: 8, height: 6 });
    const lib = new AssemblyLibrary(ROAD_TILES);
    const r = assemble(new InstanceLayer(g), lib, { seed: 1 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(checkAssembly(g, r.layer, ROAD_TILES, { region: allCells(g) })).toEqual([]);
  });

  it('fills hex maps with river tiles', () => {
    for (const size of [{ kind: 'hex-rectangle', width: 7, height: 5 } as const, { kind: 'hex-hexagon', diameter: 5 } as const]) {
      const g = grid(size);
      const lib = new AssemblyLibrary(RIVER_TILES);
      const r = assemble(new InstanceLayer(g), lib, { seed: 3, boundary: 'closed', connectivity: { terrains: ['river'] } });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(checkAssembly(g, r.layer, RIVER_TILES, { region: allCells(g), boundary: 'closed', connectivity: { terrains: ['river'] } })).toEqual([]);
    }
  });
});
