import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import { HEX, SQUARE } from '../vector/shape.js';
import { allCells } from './assemble.testkit.js';
import { checkAssembly } from './check.js';
import { CORRIDOR, geomorphAssembleOptions, geomorphLibraryOptions, geomorphStyles, geomorphTiles } from './geomorph.js';
import { InstanceLayer } from './instance-layer.js';
import { AssemblyLibrary } from './library.js';
import { assemble } from './solver.js';

const checkOptions = (cells: number[]) => ({ region: cells, boundary: 'closed' as const, connectivity: { terrains: [CORRIDOR] } });

describe('geomorph mode (seed 002)', () => {
  it('has the seed’s 6 square styles and 14 hexagon necklaces', () => {
    expect(geomorphStyles(4)).toEqual([0b0000, 0b0001, 0b0011, 0b0101, 0b0111, 0b1111]);
    expect(geomorphStyles(6)).toHaveLength(14);
    expect(geomorphTiles(SQUARE)).toHaveLength(6);
    expect(new AssemblyLibrary(geomorphTiles(SQUARE), geomorphLibraryOptions()).classes[0]!.count).toBe(24);
  });

  for (const [w, h, seeds] of [[4, 4, [1, 2, 3, 4, 5, 6, 7, 8]], [30, 30, [1, 2, 3]]] as const) {
    it(`${w}×${h} squares are always connected, with a solid outer boundary`, () => {
      const g = createGrid({ size: { kind: 'square', width: w, height: h } });
      const tiles = geomorphTiles(SQUARE);
      const lib = new AssemblyLibrary(tiles, geomorphLibraryOptions());
      const maps = new Set<string>();
      for (const seed of seeds) {
        const r = assemble(new InstanceLayer(g), lib, geomorphAssembleOptions(seed));
        expect(r.ok, r.ok ? '' : r.message).toBe(true);
        if (!r.ok) return;
        expect(checkAssembly(g, r.layer, tiles, checkOptions(allCells(g)))).toEqual([]);
        maps.add(JSON.stringify(r.layer.toJSON()));
      }
      expect(maps.size).toBe(seeds.length);
    });
  }

  it('lower solid weights give fewer solid sides', () => {
    const g = createGrid({ size: { kind: 'square', width: 12, height: 12 } });
    const tiles = geomorphTiles(SQUARE);
    const solidSides = (solidWeight: number): number => {
      const r = assemble(new InstanceLayer(g), new AssemblyLibrary(tiles, geomorphLibraryOptions({ solidWeight })), geomorphAssembleOptions(3));
      if (!r.ok) throw new Error(r.message);
      return allCells(g).reduce((n, c) => n + 4 - (r.layer.get(c)!.tile.split('-')[2]!.match(/1/g)?.length ?? 0), 0);
    };
    expect(solidSides(0.1)).toBeLessThan(solidSides(3));
  });

  it('hexagon geomorphs on a hex map and on the globe are connected', () => {
    const tiles = geomorphTiles(HEX);
    const lib = new AssemblyLibrary(tiles, geomorphLibraryOptions());
    for (const size of [{ kind: 'hex-rectangle', width: 9, height: 8 } as const, { kind: 'icosahedron', side: 2 } as const]) {
      const g = createGrid({ size });
      const r = assemble(new InstanceLayer(g), lib, geomorphAssembleOptions(5));
      expect(r.ok, r.ok ? '' : r.message).toBe(true);
      if (!r.ok) return;
      expect(checkAssembly(g, r.layer, tiles, checkOptions(allCells(g)))).toEqual([]);
    }
  });
});
