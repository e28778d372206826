import { describe, expect, it } from 'vitest';
import { TileClass } from '../../alform/classify.js';
import { findTerrain } from '../../terrain/lookup.js';
import type { TerrainCatalogue } from '../../terrain/types.js';
import { substituteClasses, substituteOffsets } from '../geometry/substitute-shape.js';
import type { Substitute } from '../types.js';
import { SUBSTITUTE_VARIANTS } from '../types.js';
import { SUBSTITUTE_LATTICES, forEachNeighbour, isLinearCell, latticeKind } from './cells.js';
import { DEFAULT_RATIOS, defaultSubstituteSource, defaultSubstitutes, generateSubstitute } from './generate.js';
import { catalogue, cellsOf, components, designerCatalogue, deviation, idAt, linearCellsWithTerrain, touchesSide } from './substitutes.testkit.js';

const SMALLEST = { square: 2, 'offset-square': 4, hex: 6 } as const;

/** Everything a substitute must satisfy whatever the terrain (types.ts): shape, palette, classes. */
function checkWellFormed(sub: Substitute, cat: TerrainCatalogue): void {
  const kind = latticeKind(sub.lattice);
  const classes = substituteClasses(kind, sub.ratio);
  expect(sub.cells.length).toBe(substituteOffsets(kind, sub.ratio).length / 2);
  expect(new Set(sub.palette).size).toBe(sub.palette.length);
  const used = new Set<number>();
  for (let i = 0; i < sub.cells.length; i++) {
    const v = sub.cells[i]!;
    expect(v).toBeLessThanOrEqual(sub.palette.length);
    if (v === 0) continue;
    used.add(v);
    const t = findTerrain(cat, sub.palette[v - 1]!);
    expect(t, `${sub.palette[v - 1]} in the catalogue`).toBeDefined();
    const where = `${sub.terrain} ${sub.lattice} 1:${sub.ratio} cell ${i} (${t!.id})`;
    expect(t!.class === 'area', where).toBe(classes[i] === TileClass.AREA);
  }
  // Palettes list only terrains the cells use.
  expect(used.size).toBe(sub.palette.length);
}

describe('default substitutes', () => {
  it('are deterministic: the same arguments give identical substitutes, another seed another one', () => {
    for (const lattice of SUBSTITUTE_LATTICES) {
      const ratio = DEFAULT_RATIOS[lattice][0]!;
      for (const id of ['forest', 'river', 'fields', 'village', 'swamp', 'road']) {
        const a = generateSubstitute(catalogue, id, lattice, ratio, 7);
        const b = generateSubstitute(catalogue, id, lattice, ratio, 7);
        expect(b.palette).toEqual(a.palette);
        expect(b.cells).toEqual(a.cells);
      }
      const forests = [1, 2, 3].map((seed) => Array.from(generateSubstitute(catalogue, 'forest', lattice, ratio, seed).cells).join(''));
      expect(new Set(forests).size).toBe(3);
    }
  });

  it('exist for every default terrain on every lattice, with area terrain on area cells and linear on linear cells', () => {
    for (const lattice of SUBSTITUTE_LATTICES) {
      for (const ratio of [SMALLEST[lattice], ...DEFAULT_RATIOS[lattice], 24]) {
        for (const t of catalogue.terrains) {
          const sub = generateSubstitute(catalogue, t.id, lattice, ratio);
          expect(sub.terrain).toBe(t.id);
          expect(sub.lattice).toBe(lattice);
          expect(sub.ratio).toBe(ratio);
          checkWellFormed(sub, catalogue);
          expect(sub.palette).toContain(t.id);
          const cells = cellsOf(sub);
          if (t.class === 'area') {
            // An area substitute fills every area cell.
            for (let i = 0; i < cells.count; i++) if (!isLinearCell(cells, i)) expect(sub.cells[i], `${t.id} ${lattice} cell ${i}`).not.toBe(0);
          } else {
            // A linear substitute's area cells are 0 but for decorations beside its chain.
            for (let i = 0; i < cells.count; i++) {
              if (isLinearCell(cells, i) || sub.cells[i] === 0) continue;
              let besideChain = false;
              forEachNeighbour(cells.near, i, (j) => {
                if (isLinearCell(cells, j) && sub.cells[j] !== 0) besideChain = true;
              });
              expect(besideChain, `${t.id} ${lattice} 1:${ratio} decoration at cell ${i}`).toBe(true);
            }
          }
        }
      }
    }
  });

  it('give forest both forest and clearings, with tree lines only on linear cells at a clearing edge', () => {
    for (const lattice of SUBSTITUTE_LATTICES) {
      for (const ratio of [DEFAULT_RATIOS[lattice][0]!, 24]) {
        for (const seed of [0, 1, 2]) {
          // A clearing in some drawings (variants), of sizes and shapes of their own.
          const clearings = new Set<number>();
          for (let variant = 0; variant < 4; variant++) {
            const sub = generateSubstitute(catalogue, 'forest', lattice, ratio, seed, variant);
            const cells = cellsOf(sub);
            const area = (id: string) => [...Array(cells.count).keys()].filter((i) => !isLinearCell(cells, i) && idAt(sub, i) === id).length;
            const areaCount = [...Array(cells.count).keys()].filter((i) => !isLinearCell(cells, i)).length;
            if (area('clear') > 0) clearings.add(area('clear'));
            expect(area('clear')).toBeLessThan(0.3 * areaCount);
            expect(area('forest')).toBeGreaterThan(0.6 * areaCount);
          }
          expect(clearings.size, `${lattice} 1:${ratio} seed ${seed}`).toBeGreaterThanOrEqual(1);
          const sub = generateSubstitute(catalogue, 'forest', lattice, ratio, seed);
          const cells = cellsOf(sub);
          for (let i = 0; i < cells.count; i++) {
            if (idAt(sub, i) !== 'tree-line') continue;
            const sides = new Set<string>();
            forEachNeighbour(cells.near, i, (j) => {
              if (!isLinearCell(cells, j)) sides.add(idAt(sub, j));
            });
            expect(sides.has('clear') && sides.has('forest'), `tree line at cell ${i}`).toBe(true);
          }
        }
      }
    }
  });

  it('draw each linear terrain as one connected chain from the west boundary to the east boundary', () => {
    for (const lattice of SUBSTITUTE_LATTICES) {
      for (const ratio of [SMALLEST[lattice], DEFAULT_RATIOS[lattice][0]!, 24]) {
        for (const t of catalogue.terrains) {
          if (t.class !== 'linear') continue;
          const sub = generateSubstitute(catalogue, t.id, lattice, ratio, 3);
          const cells = cellsOf(sub);
          const linear = linearCellsWithTerrain(sub);
          const comps = components(cells, (i) => isLinearCell(cells, i) && sub.cells[i] !== 0);
          const where = `${t.id} ${lattice} 1:${ratio}`;
          expect(comps.length, where).toBe(1);
          expect(comps[0]!.length).toBe(linear.length);
          expect(touchesSide(cells, comps[0]!, -1), `${where} west`).toBe(true);
          expect(touchesSide(cells, comps[0]!, 1), `${where} east`).toBe(true);
          // A chain, not a blob: each cell has at most a few chain neighbours, and its length is of the order of the ratio.
          expect(linear.length).toBeGreaterThanOrEqual(ratio);
          expect(linear.length).toBeLessThanOrEqual(3 * ratio + 2);
          expect(linear.some((i) => idAt(sub, i) === t.id)).toBe(true);
        }
      }
    }
  });

  it('keep roads straight and let rivers meander', () => {
    for (const lattice of SUBSTITUTE_LATTICES) {
      for (const ratio of [DEFAULT_RATIOS[lattice][0]!, 24]) {
        let riverTotal = 0;
        for (let seed = 0; seed < 6; seed++) {
          const road = generateSubstitute(catalogue, 'road', lattice, ratio, seed);
          const river = generateSubstitute(catalogue, 'river', lattice, ratio, seed);
          const roadDev = deviation(cellsOf(road), linearCellsWithTerrain(road));
          const riverDev = deviation(cellsOf(river), linearCellsWithTerrain(river));
          // The straightest line the lattice has: exact on square, a one-tile zigzag on the others.
          expect(roadDev, `road ${lattice} 1:${ratio} seed ${seed}`).toBeLessThanOrEqual(lattice === 'square' ? 0 : 1);
          expect(riverDev, `river ${lattice} 1:${ratio} seed ${seed}`).toBeGreaterThan(roadDev);
          riverTotal += riverDev;
        }
        // On average a river swings well off the straight line: ≥ 1/10 of the substitute's width.
        expect(riverTotal / 6, `river ${lattice} 1:${ratio}`).toBeGreaterThanOrEqual(ratio / 10);
      }
    }
  });

  it('put one or two fords on a river, banks beside it, and verges along a road', () => {
    for (const lattice of SUBSTITUTE_LATTICES) {
      const ratio = DEFAULT_RATIOS[lattice][0]!;
      for (let seed = 0; seed < 4; seed++) {
        const river = generateSubstitute(catalogue, 'river', lattice, ratio, seed);
        const fords = linearCellsWithTerrain(river).filter((i) => idAt(river, i) === 'river-ford');
        expect(fords.length).toBeGreaterThanOrEqual(1);
        expect(fords.length).toBeLessThanOrEqual(2);
        const banks = river.palette.filter((id) => findTerrain(catalogue, id)!.class === 'area');
        expect(banks.length).toBeGreaterThan(0);
        for (const id of banks) expect(['marsh-edge', 'clear']).toContain(id);

        const road = generateSubstitute(catalogue, 'road', lattice, ratio, seed);
        const cells = cellsOf(road);
        const chain = linearCellsWithTerrain(road);
        expect(chain.every((i) => idAt(road, i) === 'road')).toBe(true);
        // Every area cell beside the road is a clear verge.
        for (const i of chain) {
          forEachNeighbour(cells.near, i, (j) => {
            if (!isLinearCell(cells, j)) expect(idAt(road, j)).toBe('clear');
          });
        }
      }
    }
  });

  it('draw variants and composites on their base chain with the variant in the middle', () => {
    for (const lattice of SUBSTITUTE_LATTICES) {
      const ratio = DEFAULT_RATIOS[lattice][0]!;
      for (const [id, base] of [
        ['river-bridge', 'river'],
        ['ridge-pass', 'ridge'],
        ['level-crossing', 'railroad'],
        ['crossroads', 'road'],
      ] as const) {
        const sub = generateSubstitute(catalogue, id, lattice, ratio);
        const cells = cellsOf(sub);
        const chain = linearCellsWithTerrain(sub);
        const accents = chain.filter((i) => idAt(sub, i) === id);
        expect(accents.length).toBeGreaterThan(0);
        expect(chain.filter((i) => idAt(sub, i) === base).length).toBeGreaterThan(ratio / 2);
        for (const i of accents) expect(Math.abs(cells.ux[i]!)).toBeLessThanOrEqual(2);
      }
    }
  });

  it('give human-curated area terrain straight lines and natural terrain its features', () => {
    for (const lattice of SUBSTITUTE_LATTICES) {
      const ratio = DEFAULT_RATIOS[lattice][0]!;
      const has = (terrain: string, id: string) => generateSubstitute(catalogue, terrain, lattice, ratio).palette.includes(id);
      expect(has('fields', 'hedgerow')).toBe(true);
      expect(has('urban', 'road')).toBe(true);
      expect(has('village', 'road') && has('village', 'village')).toBe(true);
      expect(has('hills', 'ridge')).toBe(true);
      expect(has('mountains', 'ridge') && has('mountains', 'rocky')).toBe(true);
      expect(has('swamp', 'stream') && has('swamp', 'lake')).toBe(true);
      expect(has('marsh', 'stream')).toBe(true);
      expect(generateSubstitute(catalogue, 'ocean', lattice, ratio).palette).toEqual(['ocean']);
      // Streets form one network.
      const urban = generateSubstitute(catalogue, 'urban', lattice, ratio);
      expect(components(cellsOf(urban), (i) => idAt(urban, i) === 'road').length).toBe(1);
    }
  });

  it('draw hills as a cluster: a crest ridgeline with a spur, broken ground along it, and a brook that never touches a ridge', () => {
    let brooks = 0;
    for (const lattice of SUBSTITUTE_LATTICES) {
      const ratio = DEFAULT_RATIOS[lattice][0]!;
      for (let seed = 0; seed < 6; seed++) {
        for (let variant = 0; variant < SUBSTITUTE_VARIANTS; variant++) {
          const sub = generateSubstitute(catalogue, 'hills', lattice, ratio, seed, variant);
          const cells = cellsOf(sub);
          const where = `${lattice} seed ${seed} variant ${variant}`;
          const ridge = linearCellsWithTerrain(sub).filter((i) => idAt(sub, i) === 'ridge');
          // The crest runs most of the substitute across: at least half a large tile of ridge.
          expect(ridge.length, where).toBeGreaterThanOrEqual(ratio / 2);
          // Crest and spur form one ridgeline.
          expect(components(cells, (i) => idAt(sub, i) === 'ridge').length, where).toBe(1);
          const near = (i: number, set: readonly number[], d: number) => set.some((k) => Math.hypot(cells.ux[i]! - cells.ux[k]!, cells.uy[i]! - cells.uy[k]!) <= d);
          // Broken ground clusters along the crest, never scattered over the hill.
          for (let i = 0; i < cells.count; i++) if (['rough', 'rocky'].includes(idAt(sub, i))) expect(near(i, ridge, 2.5), `${where}: broken ground at ${i}`).toBe(true);
          const brook = linearCellsWithTerrain(sub).filter((i) => idAt(sub, i) === 'stream');
          if (brook.length > 0) brooks++;
          // A valley lies beside the crest: no brook cell is a ridge cell's neighbour.
          for (const i of brook) forEachNeighbour(cells.near, i, (j) => expect(idAt(sub, j), `${where}: brook ${i} beside ${j}`).not.toBe('ridge'));
        }
      }
    }
    // Some drawings have a valley brook, most do not.
    expect(brooks).toBeGreaterThan(0);
    expect(brooks).toBeLessThan(SUBSTITUTE_LATTICES.length * 6 * SUBSTITUTE_VARIANTS * 0.6);
  });

  it('make several drawings of a terrain: variant 0 is the substitute a library is seeded with, the others differ', () => {
    for (const lattice of SUBSTITUTE_LATTICES) {
      const ratio = DEFAULT_RATIOS[lattice][0]!;
      for (const id of ['forest', 'clear', 'hills']) {
        const drawings = Array.from({ length: SUBSTITUTE_VARIANTS }, (_, v) => generateSubstitute(catalogue, id, lattice, ratio, 0, v));
        expect(Array.from(drawings[0]!.cells)).toEqual(Array.from(generateSubstitute(catalogue, id, lattice, ratio).cells));
        expect(new Set(drawings.map((d) => Array.from(d.cells, (v) => d.palette[v - 1] ?? '').join())).size, `${id} ${lattice}`).toBe(SUBSTITUTE_VARIANTS);
        for (const d of drawings) checkWellFormed(d, catalogue);
      }
      const source = defaultSubstituteSource(catalogue);
      expect(source.get('forest', lattice, ratio, 2)).toBe(source.get('forest', lattice, ratio, 2));
      expect(source.get('forest', lattice, ratio, 2)).not.toBe(source.get('forest', lattice, ratio, 1));
    }
    expect(() => generateSubstitute(catalogue, 'forest', 'hex', 12, 0, SUBSTITUTE_VARIANTS)).toThrow(/variant must be an integer 0-3, got 4/);
    expect(() => generateSubstitute(catalogue, 'forest', 'hex', 12, 0, 0.5)).toThrow(/variant/);
  });

  it('lay streets on square as straight lines right across the substitute', () => {
    for (const ratio of [10, 24]) {
      for (let seed = 0; seed < 3; seed++) {
        const urban = generateSubstitute(catalogue, 'urban', 'square', ratio, seed);
        const cells = cellsOf(urban);
        const h = ratio / 2;
        const roadAt = (dx: number, dy: number) => idAt(urban, cells.indexOf(dx, dy)) === 'road';
        const fullColumn = (dx: number) => Array.from({ length: ratio + 1 }, (_, k) => k - h).every((dy) => roadAt(dx, dy));
        const fullRow = (dy: number) => Array.from({ length: ratio + 1 }, (_, k) => k - h).every((dx) => roadAt(dx, dy));
        let columns = 0;
        let rows = 0;
        for (let k = -h; k <= h; k++) {
          if (fullColumn(k)) columns++;
          if (fullRow(k)) rows++;
        }
        // Blocks a few tiles across (streets about half a large tile apart), not single buildings.
        expect(columns).toBeGreaterThanOrEqual(1);
        expect(rows).toBeGreaterThanOrEqual(1);
        for (let i = 0; i < cells.count; i++) {
          if (idAt(urban, i) === 'road') expect(fullColumn(cells.dx[i]!) || fullRow(cells.dy[i]!), `road cell ${i}`).toBe(true);
        }
      }
    }
  });

  it('draw a designer catalogue from terrain properties, using only its terrains', () => {
    for (const lattice of SUBSTITUTE_LATTICES) {
      const ratio = DEFAULT_RATIOS[lattice][0]!;
      for (const t of designerCatalogue.terrains) checkWellFormed(generateSubstitute(designerCatalogue, t.id, lattice, ratio), designerCatalogue);
      expect(generateSubstitute(designerCatalogue, 'moor', lattice, ratio).palette).toEqual(['moor']);
      expect(generateSubstitute(designerCatalogue, 'constructor', lattice, ratio).palette).toEqual(['constructor']);
      const ditch = generateSubstitute(designerCatalogue, 'ditch', lattice, ratio);
      expect(ditch.palette).toEqual(['ditch']);
      expect(deviation(cellsOf(ditch), linearCellsWithTerrain(ditch))).toBeLessThanOrEqual(lattice === 'square' ? 0 : 1);
      // A prefix variant and a composite ride on their base's chain.
      expect([...generateSubstitute(designerCatalogue, 'ditch-culvert', lattice, ratio).palette].sort()).toEqual(['ditch', 'ditch-culvert']);
      expect([...generateSubstitute(designerCatalogue, 'crossing', lattice, ratio).palette].sort()).toEqual(['crossing', 'gully']);
    }
  });

  it('name what is wrong with bad arguments', () => {
    expect(() => generateSubstitute(catalogue, 'lava', 'square', 10)).toThrow(/unknown terrain "lava"/);
    expect(() => generateSubstitute(catalogue, 'forest', 'hex', 10)).toThrow(/multiple of 6/);
    expect(() => generateSubstitute(catalogue, 'forest', 'triangle' as never, 10)).toThrow(/lattice must be one of/);
    expect(() => generateSubstitute(catalogue, 'forest', 'square', 10, 1.5)).toThrow(/seed must be an integer/);
  });
});

describe('defaultSubstitutes / defaultSubstituteSource', () => {
  it('cover every terrain × lattice × default ratio', () => {
    const subs = defaultSubstitutes(catalogue);
    expect(subs.length).toBe(catalogue.terrains.length * 3);
    const keys = new Set(subs.map((s) => `${s.terrain}|${s.lattice}|${s.ratio}`));
    expect(keys.size).toBe(subs.length);
    for (const lattice of SUBSTITUTE_LATTICES) {
      for (const t of catalogue.terrains) expect(keys.has(`${t.id}|${lattice}|${DEFAULT_RATIOS[lattice][0]}`)).toBe(true);
    }
    expect(DEFAULT_RATIOS).toEqual({ square: [10], 'offset-square': [12], hex: [12] });
  });

  it('generate on demand at any admissible ratio, once', () => {
    const source = defaultSubstituteSource(catalogue, 5);
    const a = source.get('forest', 'hex', 18)!;
    expect(a.ratio).toBe(18);
    expect(source.get('forest', 'hex', 18)).toBe(a);
    expect(a.cells).toEqual(generateSubstitute(catalogue, 'forest', 'hex', 18, 5).cells);
    expect(source.get('lava', 'hex', 18)).toBeUndefined();
    expect(() => source.get('forest', 'square', 5)).toThrow(/multiple of 2/);
  });
});
