import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import { TerrainMap } from '../map/terrain-map.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { buildMapGeometry } from './map-geometry.js';
import { pickDrawn } from './pick-drawn.js';
import { defaultCatalogue } from './render.testkit.js';

/** An AL-FORM map of clear ground, with `linear` on every linear tile ('' for none). */
function alform(size: GridSize, linear: string) {
  const map = TerrainMap.create({ size, alform: true, meta: { name: 'pick' } });
  for (let t = 0; t < map.grid.tileCount; t++) map.setTerrain(t, classifyTile(map.grid, t) === TileClass.AREA ? 'clear' : linear);
  return { map, geo: buildMapGeometry(map, defaultCatalogue) };
}

const mid = (a: readonly number[], b: readonly number[], t: number): number[] => [a[0]! + (b[0]! - a[0]!) * t, a[1]! + (b[1]! - a[1]!) * t];

describe.each([
  { name: 'hex', size: { kind: 'hex-rectangle', width: 13, height: 9 } as GridSize },
  { name: 'square', size: { kind: 'square', width: 13, height: 11 } as GridSize },
  { name: 'offset-square', size: { kind: 'offset-square', width: 13, height: 11 } as GridSize },
])('picking what is drawn on an AL-FORM $name map', ({ size }) => {
  const { map, geo } = alform(size, '');
  const grid = map.grid;
  // An area tile well inside, and each linear neighbour of it.
  const area = Array.from({ length: grid.tileCount }, (_, t) => t).find((t) => classifyTile(grid, t) === TileClass.AREA && grid.range(t, 3).length >= 30)!;
  const nb = new Int32Array(12);
  const n = grid.neighbors(area, nb);
  const linears = Array.from(nb.subarray(0, n)).filter((t) => t >= 0 && classifyTile(grid, t) !== TileClass.AREA);

  it('reports the area tile over the area polygon, where the lattice pick says linear (issue 14)', () => {
    const c = grid.center(area);
    let analyticLinear = 0;
    for (const l of linears) {
      // Two thirds of the way to the linear tile's centre: inside the drawn area polygon.
      const p = mid(c, grid.center(l), 0.6);
      if (grid.pick(p) === l) analyticLinear++;
      expect(pickDrawn(grid, true, geo, p)).toBe(area);
    }
    expect(analyticLinear).toBeGreaterThan(0);
    expect(pickDrawn(grid, true, geo, c)).toBe(area);
  });

  it('reports an empty linear tile on its narrow footprint, so the linear tool reaches it', () => {
    for (const l of linears) expect(pickDrawn(grid, true, geo, grid.center(l))).toBe(l);
  });

  it('reports a drawn river wherever its strip is drawn, and the classic pick on classic maps', () => {
    const wet = alform(size, 'river');
    const c = grid.center(area);
    for (const l of linears) {
      expect(pickDrawn(wet.map.grid, true, wet.geo, mid(c, grid.center(l), 0.95))).toBe(l);
      expect(pickDrawn(wet.map.grid, true, wet.geo, mid(c, grid.center(l), 0.3))).toBe(area);
    }
    const classic = TerrainMap.create({ size, meta: { name: 'classic' } });
    const cg = buildMapGeometry(classic, defaultCatalogue);
    for (let t = 0; t < classic.grid.tileCount; t += 7) {
      const p = classic.grid.center(t);
      expect(pickDrawn(classic.grid, false, cg, p)).toBe(classic.grid.pick(p));
    }
  });
});

describe('picking what is drawn on an AL-FORM globe (issue 25: hover over a clearing named another cell)', () => {
  const { map, geo } = alform({ kind: 'icosahedron', side: 5 }, '');
  const grid = map.grid;
  const unit = (v: readonly number[]) => {
    const l = Math.hypot(v[0]!, v[1]!, v[2]!);
    return [v[0]! / l, v[1]! / l, v[2]! / l];
  };
  const towards = (a: readonly number[], b: readonly number[], t: number) => unit(a.map((v, k) => v + (b[k]! - v) * t));
  const pentagon = Array.from({ length: grid.tileCount }, (_, t) => t).find((t) => grid.isPentagon(t))!;
  const areas = [pentagon, ...Array.from({ length: grid.tileCount }, (_, t) => t).filter((t) => classifyTile(grid, t) === TileClass.AREA && !grid.isPentagon(t)).slice(0, 12)];
  const linearsOf = (a: number) => {
    const nb = new Int32Array(6);
    return Array.from(nb.subarray(0, grid.neighbors(a, nb))).filter((t) => classifyTile(grid, t) !== TileClass.AREA);
  };

  it('reports the area cell over its wide polygon — pentagon and hexagons — where the lattice pick says linear', () => {
    let analyticLinear = 0;
    let probes = 0;
    for (const a of areas) {
      const c = grid.center(a);
      expect(pickDrawn(grid, true, geo, c)).toBe(a);
      for (const l of linearsOf(a)) {
        for (const t of [0.45, 0.6]) {
          const p = towards(c, grid.center(l), t);
          probes++;
          if (grid.pick(p) !== a) analyticLinear++;
          expect(pickDrawn(grid, true, geo, p)).toBe(a);
        }
      }
    }
    expect(probes).toBeGreaterThan(60);
    expect(analyticLinear).toBeGreaterThan(probes / 3);
  });

  it('reports an empty linear tile on its narrow footprint and a drawn river on its strip; classic globes keep the grid pick', () => {
    const wet = alform({ kind: 'icosahedron', side: 5 }, 'river');
    for (const a of areas.slice(0, 4)) {
      for (const l of linearsOf(a)) {
        expect(pickDrawn(grid, true, geo, grid.center(l))).toBe(l);
        expect(pickDrawn(wet.map.grid, true, wet.geo, towards(grid.center(a), grid.center(l), 0.95))).toBe(l);
        expect(pickDrawn(wet.map.grid, true, wet.geo, towards(grid.center(a), grid.center(l), 0.3))).toBe(a);
      }
    }
    const classic = TerrainMap.create({ size: { kind: 'icosahedron', side: 4 }, meta: { name: 'classic' } });
    const cg = buildMapGeometry(classic, defaultCatalogue);
    for (let t = 0; t < classic.grid.tileCount; t += 5) {
      const p = towards(classic.grid.center(t), classic.grid.center((t + 1) % classic.grid.tileCount), 0.2);
      expect(pickDrawn(classic.grid, false, cg, p)).toBe(classic.grid.pick(p));
    }
  });

  it('never reports the far side of the globe: a piece holds directions on its own hemisphere only', () => {
    const c = grid.center(pentagon);
    expect(pickDrawn(grid, true, geo, [-c[0]!, -c[1]!, -c[2]!])).not.toBe(pentagon);
  });
});
