import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import type { GridSpec } from '../grid/create.js';
import { backSlotOf, buildTopology, slotDirectionOf, type Topology } from './topology.js';

/** Every slot with a neighbour has a back slot on it that leads back, in the same grid direction's opposite where one exists. */
function expectBackSlotsLeadBack(t: Topology): number {
  let checked = 0;
  for (let c = 0; c < t.cellCount; c++) {
    for (let s = 0; s < t.slotCount[c]!; s++) {
      const m = t.neighbour[c * t.maxSlots + s]!;
      if (m < 0) continue;
      const back = t.backSlot[c * t.maxSlots + s]!;
      expect(t.neighbour[m * t.maxSlots + back]).toBe(c);
      checked++;
    }
  }
  return checked;
}

describe('topology back slots', () => {
  const specs: [string, GridSpec][] = [
    ['square', { size: { kind: 'square', width: 5, height: 4 } }],
    ['offset-square', { size: { kind: 'offset-square', width: 5, height: 4 } }],
    ['hex-rectangle', { size: { kind: 'hex-rectangle', width: 5, height: 4 } }],
    ['icosahedron (pentagons)', { size: { kind: 'icosahedron', side: 2 } }],
  ];
  for (const [name, spec] of specs) {
    it(`lead back to the tile across on ${name} maps`, () => {
      expect(expectBackSlotsLeadBack(buildTopology(createGrid(spec)))).toBeGreaterThan(10);
    });
  }

  it('are the opposite side on flat maps, across the wrap seam too; none for a tile not beside', () => {
    const grid = createGrid({ size: { kind: 'square', width: 3, height: 3 }, wrap: { x: true, y: true } });
    const t = buildTopology(grid);
    for (let c = 0; c < t.cellCount; c++) for (let s = 0; s < 4; s++) expect(t.backSlot[c * 4 + s]).toBe((s + 2) % 4);
    // East of tile 2 (the last column) is tile 0, across the seam; its back slot is west.
    expect(t.neighbour[2 * 4 + 1]).toBe(0);
    expect(grid.neighbor(0, slotDirectionOf(grid, 3))).toBe(2);
    expect(backSlotOf(grid, 0, 2, 1, 4)).toBe(3);
    expect(backSlotOf(grid, 4, 0, 1, 4)).toBe(-1);
  });
});
