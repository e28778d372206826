import { describe, expect, it } from 'vitest';
import { ALFORM_GRID_CASES, alformGrid, caseLabel } from '../alform/alform.testkit.js';
import { TileClass } from '../alform/classify.js';
import { buildAlFormTopology } from './alform-topology.js';

describe('the area-across-linear topology', () => {
  for (const [size, wrap] of ALFORM_GRID_CASES) {
    it(`${caseLabel(size, wrap)}: every area slot faces an area tile across one linear tile, and back`, () => {
      const g = alformGrid(size, wrap);
      const t = buildAlFormTopology(g);
      const E = t.maxSlots;
      expect(t.areaCells.length + t.linearCells.length).toBe(g.tileCount);
      for (const c of t.areaCells) {
        for (let s = 0; s < t.slotCount[c]!; s++) {
          const m = t.neighbour[c * E + s]!;
          const l = t.linearOf[c * E + s]!;
          if (m < 0) continue;
          expect(t.tileClass[m]).toBe(TileClass.AREA);
          expect(t.tileClass[l]).not.toBe(TileClass.AREA);
          const b = t.backSlot[c * E + s]!;
          expect(t.neighbour[m * E + b]).toBe(c);
          expect(t.linearOf[m * E + b]).toBe(l);
        }
      }
    });
  }

  it('round every inner corner the cells close up (what the bank walks rely on), globe pentagons too', () => {
    for (const [size, wrap] of ALFORM_GRID_CASES) {
      const g = alformGrid(size, wrap);
      const t = buildAlFormTopology(g);
      const E = t.maxSlots;
      for (const c0 of t.areaCells) {
        for (let s0 = 0; s0 < t.slotCount[c0]!; s0++) {
          let c = c0, s = s0, steps = 0, off = false;
          do {
            const ns = (s + 1) % t.slotCount[c]!;
            const m = t.neighbour[c * E + ns]!;
            if (m < 0) {
              off = true;
              break;
            }
            s = t.backSlot[c * E + ns]!;
            c = m;
            steps++;
          } while ((c !== c0 || s !== s0) && steps < 8);
          if (!off) expect(steps, `${caseLabel(size, wrap)} cell ${c0} slot ${s0}`).toBeLessThanOrEqual(4);
        }
      }
    }
  });
});
