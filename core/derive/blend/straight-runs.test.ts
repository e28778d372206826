import { describe, expect, it } from 'vitest';
import { straightRuns } from './straight-runs.js';
import { TerrainMap } from '../../map/terrain-map.js';
import { blendArea } from './area-blend.js';
import { blockSource, catalogue, emptyWindow, naiveBlend } from './blend.testkit.js';

const NATURAL = ['forest', 'clear', 'mountains', 'ocean', 'hills', 'marsh', 'sand', 'rough'];

function paint(rows: string[], legend: Record<string, string>) {
  // rows are area tiles only; the AL-FORM map has linear tiles between them.
  const h = rows.length * 2 - 1;
  const w = rows[0]!.length * 2 - 1;
  const map = emptyWindow(w, h);
  rows.forEach((row, r) => [...row].forEach((ch, c) => map.setTerrain(2 * r * w + 2 * c, legend[ch]!)));
  return map;
}

describe('straightRuns', () => {
  it('measures vertical and horizontal runs of natural border', () => {
    const map = paint(['FFCC', 'FFCC', 'FFCC', 'FCCC'], { F: 'forest', C: 'clear' });
    expect(straightRuns(map, catalogue)).toEqual({ longest: 3, runsOver2: 1 });
    const flat = paint(['FFFFF', 'CCCCC'], { F: 'forest', C: 'clear' });
    expect(straightRuns(flat, catalogue)).toEqual({ longest: 5, runsOver2: 1 });
  });

  it('ignores human-curated borders and uniform maps', () => {
    const fields = paint(['FFCC', 'FFCC', 'FFCC'], { F: 'fields', C: 'clear' });
    expect(straightRuns(fields, catalogue)).toEqual({ longest: 0, runsOver2: 0 });
    const one = paint(['CCC', 'CCC'], { C: 'clear' });
    expect(straightRuns(one, catalogue).longest).toBe(0);
  });

  it('a zigzag border has runs of at most 2', () => {
    const map = paint(['FFCC', 'FFFC', 'FCCC', 'FFCC'], { F: 'forest', C: 'clear' });
    expect(straightRuns(map, catalogue).longest).toBeLessThanOrEqual(2);
  });

  it('the naive blocky blend has long runs; the organic blend none longer than 2, on many seeds', () => {
    for (let seed = 1; seed <= 16; seed++) {
      const source = blockSource(NATURAL, seed * 7919);
      const naive = emptyWindow(81, 81);
      naiveBlend(naive, -40, -40, source);
      expect(straightRuns(naive, catalogue).longest).toBeGreaterThan(2);
      const organic = emptyWindow(81, 81);
      blendArea({ map: organic, originX: -40, originY: -40 }, { catalogue, seed, candidates: source });
      const report = straightRuns(organic, catalogue);
      expect(report.runsOver2, `seed ${seed}`).toBe(0);
      expect(report.longest).toBeLessThanOrEqual(2);
      expect(report.longest).toBeGreaterThan(0);
    }
  });

  it('refuses maps it cannot read', () => {
    const globe = TerrainMap.create({ size: { kind: 'icosahedron', side: 3 }, alform: true });
    expect(() => straightRuns(globe, catalogue)).toThrow(/icosahedron/);
    const classic = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 } });
    expect(() => straightRuns(classic, catalogue)).toThrow(/AL-FORM maps; got a/);
  });
});
