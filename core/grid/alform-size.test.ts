import { describe, expect, it } from 'vitest';
import { planMapSize } from './alform-size.js';
import { createGrid } from './create.js';
import { tileCountOf } from './size.js';
import type { GridSize, Wrap } from './types.js';

describe('planning a new map size', () => {
  it('derives the AL-FORM grid from the size in area tiles (SPEC §3)', () => {
    const none = { x: false, y: false };
    expect(planMapSize({ kind: 'hex-rectangle', width: 6, height: 5 }, none, true)).toEqual({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, tileCount: 99, areaTiles: 30 });
    expect(planMapSize({ kind: 'icosahedron', side: 2 }, none, true)).toMatchObject({ size: { kind: 'icosahedron', side: 5 }, tileCount: 362 });
    expect(planMapSize({ kind: 'square', width: 4, height: 3 }, { x: true, y: false }, true).size).toEqual({ kind: 'square', width: 8, height: 5 });
    expect(planMapSize({ kind: 'hex-rectangle', width: 6, height: 5 }, none, false)).toEqual({ size: { kind: 'hex-rectangle', width: 6, height: 5 }, tileCount: 30, areaTiles: 30 });
    expect(() => planMapSize({ kind: 'square', width: 100, height: 100 }, none, true, 1000)).toThrow('a square 199x199 map has 39601 tiles; maps have at most 1000');
  });

  // The form checks sizes without building grids: it must refuse exactly what createGrid refuses.
  it('refuses exactly the sizes createGrid refuses, and counts tiles as the grids do', () => {
    const sizes: GridSize[] = [];
    for (const kind of ['square', 'offset-square', 'hex-rectangle'] as const) for (const w of [0, 1, 2, 3, 4, 5, 6]) for (const h of [1, 2, 3]) sizes.push({ kind, width: w, height: h });
    for (const diameter of [-1, 0, 1, 2, 3, 5, 7, 1.5]) sizes.push({ kind: 'hex-hexagon', diameter });
    for (const side of [-1, 0, 1, 2, 3, 0.5]) sizes.push({ kind: 'icosahedron', side });
    const wraps: Wrap[] = [{ x: false, y: false }, { x: true, y: false }, { x: false, y: true }, { x: true, y: true }];
    let made = 0;
    for (const classic of sizes) {
      for (const wrap of wraps) {
        for (const alform of [false, true]) {
          let plan: ReturnType<typeof planMapSize> | null = null;
          let planned = '';
          try {
            plan = planMapSize(classic, wrap, alform);
          } catch (e) {
            planned = (e as Error).message;
          }
          let built = '';
          let count = 0;
          try {
            count = createGrid({ size: plan?.size ?? classic, wrap, alform }).tileCount;
          } catch (e) {
            built = (e as Error).message;
          }
          const what = `${JSON.stringify(classic)} ${JSON.stringify(wrap)} alform=${alform}`;
          if (plan === null) expect(planned, what).not.toBe('');
          else {
            expect(built, what).toBe('');
            expect(plan.tileCount, what).toBe(count);
            expect(plan.areaTiles, what).toBe(tileCountOf(classic));
            made++;
          }
          // What the plan refuses on the classic size, building the classic grid refuses too.
          if (plan === null && !alform) expect(() => createGrid({ size: classic, wrap }), what).toThrow();
        }
      }
    }
    expect(made).toBeGreaterThan(50);
  });
});
