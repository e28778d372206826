import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import { TileClass } from '../alform/classify.js';
import { orientationMatrix } from './geometry/orient.js';
import { latticeClass } from './geometry/substitute-shape.js';
import { Placement, latticeKind } from './placement.js';
import { strategicView } from './strategic-view.js';
import { catalogue, strategicMap } from './derive.testkit.js';
import { defaultSubstituteSource } from './substitutes/generate.js';

const SIZES: readonly GridSize[] = [
  { kind: 'square', width: 9, height: 9 },
  { kind: 'hex-rectangle', width: 9, height: 9 },
  { kind: 'offset-square', width: 9, height: 9 },
];

function placementFor(size: GridSize, ratio: number): Placement {
  const map = strategicMap(size);
  const { view } = strategicView(map, [0], 4);
  return new Placement({ view, catalogue, substitutes: defaultSubstituteSource(catalogue), ratio, seed: 1, palette: catalogue.terrains.map((t) => t.id) });
}

describe.each(SIZES)('placement on $kind', (size) => {
  const ratio = size.kind === 'square' ? 10 : 12;
  const p = placementFor(size, ratio);

  it('covers every small tile by one substitute inside and by two or more on shared sides', () => {
    const cover = new Int32Array(18);
    const counts = new Map<number, number>();
    for (let gx = -3 * ratio; gx <= 3 * ratio; gx++) {
      for (let gy = -3 * ratio; gy <= 3 * ratio; gy++) {
        const n = p.covering(gx, gy, cover);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(4);
        counts.set(n, (counts.get(n) ?? 0) + 1);
        for (let k = 0; k < n; k++) {
          expect(p.offsetIndex(gx - p.centreX(cover[2 * k]!), gy - p.centreY(cover[2 * k + 1]!))).toBeGreaterThanOrEqual(0);
        }
      }
    }
    // Interiors dominate; sides are shared by two.
    expect(counts.get(1)!).toBeGreaterThan(counts.get(2)!);
    expect(counts.get(2)!).toBeGreaterThan(0);
  });

  it('turns linear substitutes onto every linear class, and area substitutes every way that keeps area cells on area cells', () => {
    expect(p.orientationsFor(TileClass.AREA).length).toBeGreaterThanOrEqual(2);
    const linearClasses = new Set<number>();
    for (let x = 0; x < 4; x++) for (let y = 0; y < 4; y++) if ((x & 1) | (y & 1)) linearClasses.add(latticeClass(p.lattice, x, y));
    for (const cls of linearClasses) {
      const found = p.orientationsFor(cls);
      expect(found.length, `class ${cls}`).toBeGreaterThan(0);
      const onto = (k: number): boolean => {
        const m = orientationMatrix(latticeKind(p.lattice), p.orientations[k]!);
        return latticeClass(p.lattice, m[1], m[3]) === cls;
      };
      // Where some turn carries the canonical tile onto this class, only such turns are used.
      if (p.orientations.some((_, k) => onto(k))) for (const k of found) expect(onto(k)).toBe(true);
      else expect(found.length).toBe(p.orientations.length);
    }
  });

  it('draws natural ground and towns from several variants, so a wide forest does not repeat one picture; fields keep one', () => {
    const seen = new Map<string, Set<string>>();
    for (const terrain of ['forest', 'urban']) {
      const keys = new Set<string>();
      for (let px = 0; px < 16; px += 2) {
        for (let py = 0; py < 16; py += 2) {
          const k = 0;
          for (let v = 0; v < 4; v++) keys.add(Array.from(p.placedSubstitute(terrain, k, v)!.cells).join());
        }
      }
      seen.set(terrain, keys);
    }
    expect(seen.get('forest')!.size).toBe(4);
    // The positions pick among the variants (a hash of P), and every variant is used.
    const picked = new Set<number>();
    for (let px = 0; px < 32; px += 2) for (let py = 0; py < 32; py += 2) picked.add(p.variantAt(px, py, 'forest'));
    expect(picked.size).toBe(4);
    for (let px = 0; px < 32; px += 2) for (let py = 0; py < 32; py += 2) expect(p.variantAt(px, py, 'fields')).toBe(0);
  });

  it('places the same terrain with different orientations on different tiles', () => {
    const seen = new Set<string>();
    for (let px = 0; px < 16; px += 2) {
      for (let py = 0; py < 16; py += 2) {
        const k = p.pickOrientation(px, py, p.orientationsFor(TileClass.AREA));
        seen.add(JSON.stringify(p.orientations[k]));
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(Math.min(3, p.orientationsFor(TileClass.AREA).length));
  });
});
