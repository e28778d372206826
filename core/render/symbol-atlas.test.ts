import { describe, expect, it } from 'vitest';
import { symbolAtlas, symbolSlot } from './symbol-atlas.js';
import { SYMBOL_PATTERNS } from './symbols.js';

/** Alpha of cell `k` (0-based) as a flat array. */
function cellAlpha(k: number): Uint8Array {
  const a = symbolAtlas(64);
  const out = new Uint8Array(a.cell * a.cell);
  const x0 = (k % a.cols) * a.cell;
  const y0 = Math.floor(k / a.cols) * a.cell;
  for (let y = 0; y < a.cell; y++) for (let x = 0; x < a.cell; x++) out[y * a.cell + x] = a.pixels[4 * ((y0 + y) * a.width + x0 + x) + 3]!;
  return out;
}

describe('symbol atlas', () => {
  it('holds one power-of-two cell per pattern, slots in SYMBOL_PATTERNS order', () => {
    const a = symbolAtlas(64);
    expect(a.cols * a.rows).toBeGreaterThanOrEqual(SYMBOL_PATTERNS.length);
    expect(a.width & (a.width - 1)).toBe(0);
    expect(a.height & (a.height - 1)).toBe(0);
    expect(a.pixels.length).toBe(4 * a.width * a.height);
    SYMBOL_PATTERNS.forEach((p, k) => expect(a.slots.get(p)).toBe(k + 1));
    expect(symbolSlot('no-such-pattern')).toBe(0);
    expect(symbolSlot(undefined)).toBe(0);
    expect(symbolAtlas(64)).toBe(a);
    expect(() => symbolAtlas(100)).toThrow(/power of two/);
  });

  it('draws every symbol inside its cell, with a blank margin, and no two alike', () => {
    const a = symbolAtlas(64);
    const cells = SYMBOL_PATTERNS.map((_, k) => cellAlpha(k));
    cells.forEach((c, k) => {
      const covered = c.reduce((n, v) => n + (v > 128 ? 1 : 0), 0);
      // Something visible, but a symbol, not a fill: 1 %–45 % of the cell.
      expect(covered, SYMBOL_PATTERNS[k]).toBeGreaterThan(0.01 * c.length);
      expect(covered, SYMBOL_PATTERNS[k]).toBeLessThan(0.45 * c.length);
      for (let i = 0; i < a.cell; i++) {
        expect(c[i]).toBe(0);
        expect(c[i * a.cell]).toBe(0);
      }
    });
    for (let i = 0; i < cells.length; i++) {
      for (let j = i + 1; j < cells.length; j++) {
        let diff = 0;
        for (let p = 0; p < cells[i]!.length; p++) if (Math.abs(cells[i]![p]! - cells[j]![p]!) > 128) diff++;
        expect(diff, `${SYMBOL_PATTERNS[i]} / ${SYMBOL_PATTERNS[j]}`).toBeGreaterThan(0.02 * cells[i]!.length);
      }
    }
  });
});
