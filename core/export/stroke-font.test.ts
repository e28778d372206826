import { describe, expect, it } from 'vitest';
import { glyphStrokes, textPolylines, textWidthUnits } from './stroke-font.js';

describe('stroke font', () => {
  it('has a well-formed glyph for every digit, capital and the punctuation numbers and labels use', () => {
    for (const ch of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-.,;()/:\'+=%?') {
      const strokes = glyphStrokes(ch);
      expect(strokes.length, ch).toBeGreaterThan(0);
      for (const s of strokes) {
        expect(s.length % 2, ch).toBe(0);
        expect(s.length, ch).toBeGreaterThanOrEqual(4);
        for (let i = 0; i < s.length; i += 2) {
          expect(s[i]!, ch).toBeLessThanOrEqual(4);
          expect(s[i + 1]!, ch).toBeLessThanOrEqual(6);
        }
      }
    }
  });

  it('prints lower case as capitals, unknown characters as ?, and anchors text', () => {
    expect(glyphStrokes('a')).toEqual(glyphStrokes('A'));
    expect(glyphStrokes('€')).toEqual(glyphStrokes('?'));
    const lines = textPolylines('0520', 100, 50, 12, 'middle');
    const xs = lines.flatMap((l) => l.filter((_, i) => i % 2 === 0));
    const ys = lines.flatMap((l) => l.filter((_, i) => i % 2 === 1));
    expect(Math.min(...xs)).toBeCloseTo(100 - (textWidthUnits('0520') * 2) / 2);
    expect(Math.max(...ys)).toBe(50);
    expect(Math.min(...ys)).toBe(38);
  });
});
