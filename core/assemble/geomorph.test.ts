import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import type { TileShape } from '../vector/shape.js';
import { HEX, OFFSET_SQUARE, SQUARE } from '../vector/shape.js';
import type { GridSize } from '../grid/types.js';
import { allCells } from './assemble.testkit.js';
import { checkAssembly } from './check.js';
import { CORRIDOR, geomorphAssembleOptions, geomorphLibraryOptions, geomorphStyles, geomorphTiles } from './geomorph.js';
import { InstanceLayer } from '../map/instance-layer.js';
import { AssemblyLibrary } from './library.js';
import { assemble } from './solver.js';

const checkOptions = (cells: number[]) => ({ region: cells, boundary: 'closed' as const, connectivity: { terrains: [CORRIDOR] } });

describe('geomorph mode (seed 002)', () => {
  it('has the seed’s 6 square styles and 14 hexagon necklaces', () => {
    expect(geomorphStyles(4)).toEqual([0b0000, 0b0001, 0b0011, 0b0101, 0b0111, 0b1111]);
    expect(geomorphStyles(6)).toHaveLength(14);
    expect(geomorphStyles(6, 3)).toHaveLength(36);
    expect(geomorphTiles(OFFSET_SQUARE)).toHaveLength(36);
    expect(new AssemblyLibrary(geomorphTiles(OFFSET_SQUARE), geomorphLibraryOptions()).classes[1]!.count).toBe(72);
    expect(geomorphTiles(SQUARE)).toHaveLength(6);
    expect(new AssemblyLibrary(geomorphTiles(SQUARE), geomorphLibraryOptions()).classes[0]!.count).toBe(24);
  });

  const seeds = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
  const sets: [string, TileShape, (n: number) => GridSize, number[], number[]][] = [
    ['squares', SQUARE, (n) => ({ kind: 'square', width: n, height: n }), seeds(12), seeds(6)],
    ['hexagons', HEX, (n) => ({ kind: 'hex-rectangle', width: n, height: n }), seeds(12), seeds(3)],
    ['offset squares', OFFSET_SQUARE, (n) => ({ kind: 'offset-square', width: n, height: n }), seeds(12), seeds(3)],
  ];
  for (const [name, shape, size, small, large] of sets) {
    for (const [n, list] of [[4, small], [30, large]] as const) {
      it(`${n}×${n} ${name} are always connected, with a solid outer boundary (${list.length} seeds)`, () => {
        const g = createGrid({ size: size(n) });
        const tiles = geomorphTiles(shape);
        const lib = new AssemblyLibrary(tiles, geomorphLibraryOptions());
        const maps = new Set<string>();
        for (const seed of list) {
          const r = assemble(new InstanceLayer(g), lib, geomorphAssembleOptions(seed));
          expect(r.ok, r.ok ? '' : r.message).toBe(true);
          if (!r.ok) return;
          expect(checkAssembly(g, r.layer, tiles, checkOptions(allCells(g)))).toEqual([]);
          maps.add(JSON.stringify(r.layer.toJSON()));
        }
        expect(maps.size).toBe(list.length);
      });
    }
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
