import { describe, expect, it } from 'vitest';
import type { Grid, Layout } from '../grid/types.js';
import { HexRectangleGrid } from '../grid/hex/hex-rectangle.js';
import { HexHexagonGrid } from '../grid/hex/hex-hexagon.js';
import { OffsetSquareGrid } from '../grid/offset-square/offset-square.js';
import type { RedBlobForm } from './redblob.js';
import { RED_BLOB_FORMS, fromRedBlob, redBlobToTile, tileToRedBlob, toRedBlob } from './redblob.js';
import { POINTY_TOP_ROTATION } from './common.js';

// Red Blob's own "to pixel" formulas, on a y-down screen, circumradius s. With s = 1/√3
// adjoining centres are 1 apart, as in our unit frame. Written from the guide, independent
// of the conversions under test.
const s = 1 / Math.sqrt(3);
const SQ3 = Math.sqrt(3);
const pixel: Record<RedBlobForm, (a: number, b: number) => [number, number]> = {
  'axial-flat': (q, r) => [s * 1.5 * q, s * (SQ3 / 2) * q + s * SQ3 * r],
  'axial-pointy': (q, r) => [s * SQ3 * q + s * (SQ3 / 2) * r, s * 1.5 * r],
  'odd-q': (col, row) => [s * 1.5 * col, s * SQ3 * (row + 0.5 * (col & 1))],
  'even-q': (col, row) => [s * 1.5 * col, s * SQ3 * (row - 0.5 * (col & 1))],
  'odd-r': (col, row) => [s * SQ3 * (col + 0.5 * (row & 1)), s * 1.5 * row],
  'even-r': (col, row) => [s * SQ3 * (col - 0.5 * (row & 1)), s * 1.5 * row],
  'doubled-height': (col, row) => [s * 1.5 * col, s * (SQ3 / 2) * row],
  'doubled-width': (col, row) => [s * (SQ3 / 2) * col, s * 1.5 * row],
};
const pointy = (form: RedBlobForm) => form === 'axial-pointy' || form.endsWith('-r') || form === 'doubled-width';
const layoutFor = (form: RedBlobForm): Layout => ({ size: 1, origin: [0, 0], rotation: pointy(form) ? POINTY_TOP_ROTATION : 0 });

describe('Red Blob forms', () => {
  const grids: Grid[] = [new HexRectangleGrid(5, 4), new HexRectangleGrid(4, 5, undefined, 'alform'), new HexHexagonGrid(7)];

  for (const form of RED_BLOB_FORMS) {
    it(`${form}: a tile's Red Blob position (y flipped) is its centre in our model space`, () => {
      for (const g of grids) {
        for (let i = 0; i < g.tileCount; i++) {
          const [a, b] = tileToRedBlob(g, i, form);
          const [px, py] = pixel[form](a, b);
          const [cx, cy] = g.center(i, layoutFor(form));
          expect(px).toBeCloseTo(cx!, 9);
          expect(-py).toBeCloseTo(cy!, 9);
          expect(redBlobToTile(g, [a, b], form)).toBe(i);
        }
      }
    });
  }

  it('round-trip through our 120° axial', () => {
    for (const form of RED_BLOB_FORMS) {
      for (let x = -5; x <= 5; x++) {
        for (let y = -5; y <= 5; y++) {
          const [a, b] = toRedBlob(x, y, form);
          expect(fromRedBlob(a, b, form)).toEqual([x, y]);
        }
      }
    }
  });

  it('flat axial (q, r) is our (x, −y); pointy axial is (y − x, x)', () => {
    expect(toRedBlob(3, 2, 'axial-flat')).toEqual([3, -2]);
    expect(toRedBlob(3, 2, 'axial-pointy')).toEqual([-1, 3]);
    expect(toRedBlob(0, 0, 'axial-flat')).toEqual([0, 0]);
    expect(Object.is(toRedBlob(4, 0, 'axial-flat')[1], -0)).toBe(false);
  });

  it('see our classic W×H map as odd-q rows 0 … −(H−1), and shown pointy-top as the even-r rectangle', () => {
    const g = new HexRectangleGrid(6, 4);
    for (let i = 0; i < g.tileCount; i++) {
      const x = Math.floor(i / 4);
      const k = i % 4;
      expect(tileToRedBlob(g, i, 'odd-q')).toEqual([x, k === 0 ? 0 : -k]);
      expect(tileToRedBlob(g, i, 'even-r')).toEqual([k, x]);
    }
  });

  it('reject bad input with clear messages', () => {
    const g = new HexRectangleGrid(5, 4);
    expect(() => fromRedBlob(1, 2, 'doubled-height')).toThrow('Red Blob doubled-height coordinates need an even col + row, got [1, 2]');
    expect(() => fromRedBlob(1.5, 2, 'odd-q')).toThrow('Red Blob odd-q coordinates must be integers, got [1.5, 2]');
    expect(() => redBlobToTile(g, [9, 9], 'odd-q')).toThrow('Red Blob odd-q [9, 9] is not on this hex-rectangle 5x4 map');
    expect(() => redBlobToTile(g, [1, 2, 3], 'odd-r')).toThrow('Red Blob odd-r coordinates are [col, row], got [1,2,3]');
    expect(() => tileToRedBlob(g, 20, 'odd-q')).toThrow('tile index 20 is outside this hex-rectangle 5x4 map');
    expect(() => tileToRedBlob(new OffsetSquareGrid(3, 3), 0, 'odd-q')).toThrow('Red Blob coordinates applies to hex-rectangle and hex-hexagon maps, not offset-square');
    expect(() => toRedBlob(0, 0, 'odd-x' as RedBlobForm)).toThrow('Red Blob form must be one of');
  });
});
