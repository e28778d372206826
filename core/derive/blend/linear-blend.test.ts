import { describe, expect, it } from 'vitest';
import { blendLinearSet, blendWindow, combineAreaLinear, type LinearCandidates } from './linear-blend.js';
import { KINDS, byGlobal, catalogue, emptyWindow } from './blend.testkit.js';
import type { AreaCandidates } from './area-blend.js';

describe('blendLinearSet', () => {
  it('forms the catalogue composites whatever the order', () => {
    expect(blendLinearSet(catalogue, ['road', 'river'])).toBe('river-bridge');
    expect(blendLinearSet(catalogue, ['river', 'road'])).toBe('river-bridge');
    expect(blendLinearSet(catalogue, ['railroad', 'river'])).toBe('rail-bridge');
    expect(blendLinearSet(catalogue, ['road', 'railroad'])).toBe('level-crossing');
    expect(blendLinearSet(catalogue, ['railroad', 'road', 'river'])).toBe(blendLinearSet(catalogue, ['river', 'road', 'railroad']));
  });

  it('keeps the higher-priority terrain when no composite applies, and is empty for nothing', () => {
    expect(blendLinearSet(catalogue, ['hedgerow', 'road'])).toBe('road');
    expect(blendLinearSet(catalogue, ['river'])).toBe('river');
    expect(blendLinearSet(catalogue, [])).toBe('');
    expect(blendLinearSet(catalogue, ['', ''])).toBe('');
  });

  it('rejects area or unknown terrains', () => {
    expect(() => blendLinearSet(catalogue, ['forest'])).toThrow(/needs linear terrains .* got "forest"/);
  });
});

describe('combineAreaLinear', () => {
  it('lays linear terrain over the area edge', () => {
    expect(combineAreaLinear(catalogue, 'beach', '')).toBe('beach');
    expect(combineAreaLinear(catalogue, '', 'road')).toBe('road');
    expect(combineAreaLinear(catalogue, 'beach', 'road')).toBe('road');
    expect(combineAreaLinear(catalogue, '', '')).toBe('');
  });
});

describe('blendWindow', () => {
  const area: AreaCandidates = { palette: ['clear'], at: (_x, _y, out) => ((out[0] = 1), 1) };
  // A north–south river at global x = 1 and an east–west road at global y = 1.
  const linear: LinearCandidates = {
    palette: ['river', 'road'],
    at(gx, gy, out) {
      let n = 0;
      if (gx === 1) out[n++] = 1;
      if (gy === 1) out[n++] = 2;
      return n;
    },
  };

  it.each(KINDS)('blends area, then linear over it, with a bridge where road meets river (%s)', (kind) => {
    const map = emptyWindow(9, 9, kind);
    blendWindow({ map, originX: -4, originY: -4 }, { catalogue, seed: 3, candidates: area, linear });
    const tiles = byGlobal(map, -4, -4);
    const at = (gx: number, gy: number) => tiles.get(`${gx},${gy}`);
    expect(at(1, 1)).toBe('river-bridge');
    expect(at(1, -1)).toBe('river');
    expect(at(-3, 1)).toBe('road');
    expect(at(0, 0)).toBe('clear');
    // Square vertex tiles are linear too; on hex-topology maps (−1, −1) is an edge tile.
    expect(at(-1, -1)).toBe('');
    expect(at(2, 2)).toBe('clear');
  });

  it('rejects bad linear candidates and bad windows', () => {
    const map = emptyWindow(3, 3);
    expect(() => blendWindow({ map: emptyWindow(5, 5, 'offset-square'), originX: 2, originY: 0 }, { catalogue, seed: 1, candidates: area, linear })).toThrow(
      /multiple of 4/,
    );
    const bad: LinearCandidates = { palette: ['river'], at: (_x, _y, out) => ((out[0] = 5), 1) };
    expect(() => blendWindow({ map, originX: 0, originY: 0 }, { catalogue, seed: 1, candidates: area, linear: bad })).toThrow(
      /palette index 1…1, got 5/,
    );
  });
});
