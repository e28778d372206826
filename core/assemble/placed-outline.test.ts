import { describe, expect, it } from 'vitest';
import { HEX, SQUARE } from '../vector/shape.js';
import { grid, spokeTile } from './assemble.testkit.js';
import { encodePlacement } from './orientation-code.js';
import { placedOutline } from './placed-outline.js';

/** The midpoint of the edge a cell shares with its neighbour in direction d (regular flat grids). */
function edgeMid(g: ReturnType<typeof grid>, c: number, d: number): [number, number] {
  const a = g.center(c);
  const b = g.center(g.neighbor(c, d));
  return [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2];
}

describe('placedOutline', () => {
  it('puts an edge crossing on the map edge its placement turns it to, in model units', () => {
    const g = grid({ kind: 'hex-rectangle', width: 5, height: 5 });
    const c = g.index([2, 2]);
    const end = spokeTile('end', HEX, 'road', [0]);
    for (let r = 0; r < 6; r++) {
      const out = placedOutline(g, c, end, encodePlacement({ orientation: { rotation: 60 * r, mirror: 'none' } }), false);
      expect(out.lines).toHaveLength(1);
      const pts = out.lines[0]!.points;
      expect(pts[0]![0]).toBeCloseTo(g.center(c)[0]!, 9);
      expect(pts[0]![1]).toBeCloseTo(g.center(c)[1]!, 9);
      // Edge 0 faces grid direction 0; turned clockwise by r steps it faces direction r.
      const [mx, my] = edgeMid(g, c, r);
      expect(pts.at(-1)![0]).toBeCloseTo(mx, 9);
      expect(pts.at(-1)![1]).toBeCloseTo(my, 9);
    }
  });

  it('square maps: edge i faces direction 2i; points and areas come along; globe maps are refused', () => {
    const g = grid({ kind: 'square', width: 4, height: 4 });
    const c = g.index([1, 1]);
    const tile = { ...spokeTile('t', SQUARE, 'road', [1]), elements: [...spokeTile('t', SQUARE, 'road', [1]).elements, { kind: 'point' as const, id: 'p', terrain: 'tree', at: [0, 0] as [number, number] }] };
    const out = placedOutline(g, c, tile, 0, false);
    const [mx, my] = edgeMid(g, c, 2);
    expect(out.lines[0]!.points.at(-1)![0]).toBeCloseTo(mx, 9);
    expect(out.lines[0]!.points.at(-1)![1]).toBeCloseTo(my, 9);
    expect(out.points).toEqual([{ terrain: 'tree', at: [g.center(c)[0], g.center(c)[1]] }]);
    expect(() => placedOutline(grid({ kind: 'icosahedron', side: 2 }), 0, spokeTile('h', HEX, 'road', [0]), 0, false)).toThrow(/flat maps only/);
  });
});
