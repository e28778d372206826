import { describe, expect, it } from 'vitest';
import { SQUARE } from '../../../core/vector/shape.js';
import type { VectorTile } from '../../../core/vector/types.js';
import { parseCatalogue } from '../../../core/terrain/catalogue.js';
import catalogueJson from '../../../resources/terrain/default.json' with { type: 'json' };
import { sideTicks, sketchElements, sketchIndicators, sketchViewBox } from './tile-sketch.js';

const catalogue = parseCatalogue(structuredClone(catalogueJson), 'default');
const tile: VectorTile = {
  id: 't',
  shape: SQUARE,
  elements: [
    { id: 'road', kind: 'line', terrain: 'road', curve: { closed: false, points: [[-1, 0], [-0.3, 0], [0.3, 0], [1, 0]] } },
    { id: 'wood', kind: 'area', terrain: 'forest', side: 'left', height: 40, curve: { closed: false, points: [[-1, 0.5], [-0.3, 0.5], [0.3, 0.5], [1, 0.5]] } },
    { id: 'hill', kind: 'point', terrain: 'hills', at: [0.2, -0.5], height: 120 },
  ],
};

describe('tile sketch', () => {
  it('paints each element in its terrain colour, fills only closed areas, and labels heights', () => {
    const els = sketchElements(tile, catalogue);
    const colourOf = (id: string) => catalogue.terrains.find((t) => t.id === id)!.colour;
    expect(els.map((e) => [e.id, e.colour, e.filled])).toEqual([
      ['road', colourOf('road'), false],
      ['wood', colourOf('forest'), true],
      ['hill', colourOf('hills'), true],
    ]);
    // The open wood (inside on the left of an eastward curve at y = 0.5, y up) covers the tile's top: SVG y from -0.5 up to -1.
    const ys = [...els[1]!.region.matchAll(/[ML] (-?[\d.]+) (-?[\d.]+)/g)].map((m) => Number(m[2]));
    expect(Math.max(...ys)).toBeCloseTo(-0.5, 6);
    expect(Math.min(...ys)).toBeCloseTo(-1, 6);
    expect(els[0]!.d).toBe('M -1 0 C -0.3 0 0.3 0 1 0');
    expect(els[1]!.label?.text).toBe('40 m');
    expect(els[2]!.at).toEqual({ x: 0.2, y: 0.5 });
    expect(sketchElements(tile, null)[0]!.colour).toBe('#888888');
  });

  it('puts the ticks on the inside side: left of an eastward curve is up (y up), so SVG y decreases', () => {
    const ticks = sideTicks({ closed: false, points: [[-1, 0], [-0.3, 0], [0.3, 0], [1, 0]] }, 'left', 0.1, 1);
    expect(ticks).toBe('M 0 0 L 0 -0.1');
    expect(sideTicks({ closed: false, points: [[-1, 0], [-0.3, 0], [0.3, 0], [1, 0]] }, 'right', 0.1, 1)).toBe('M 0 0 L 0 0.1');
  });

  it('marks every crossing where core puts its indicator', () => {
    const marks = sketchIndicators(tile, catalogue);
    expect(marks).toHaveLength(4);
    expect(marks.filter((m) => m.title.includes('line road'))).toHaveLength(2);
    expect(marks.every((m) => Math.abs(Math.abs(m.x) - 1) < 1e-9)).toBe(true);
    expect(sketchViewBox(SQUARE)).toBe('-1.15 -1.15 2.3 2.3');
  });
});
