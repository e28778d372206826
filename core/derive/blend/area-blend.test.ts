import { describe, expect, it } from 'vitest';
import { blendArea, type AreaCandidates } from './area-blend.js';
import { straightRuns } from './straight-runs.js';
import { blockSource, catalogue, emptyWindow } from './blend.testkit.js';

const MIX = ['forest', 'clear', 'mountains', 'ocean', 'fields', 'hills', 'village'];

/** Two terrains split along x = 0 (global), forest to the west. */
function split(west: string, east: string, elevation = 0): AreaCandidates {
  return {
    palette: [west, east],
    at(gx, _gy, out) {
      out[0] = gx < 0 ? 1 : 2;
      return 1;
    },
    elevation: () => elevation,
  };
}

function blend(source: AreaCandidates, seed: number, w = 41, h = 41, ox = -20, oy = -20) {
  const map = emptyWindow(w, h);
  blendArea({ map, originX: ox, originY: oy }, { catalogue, seed, candidates: source });
  return map;
}

function areaIds(map: ReturnType<typeof emptyWindow>): Set<string> {
  const out = new Set<string>();
  const w = (map.spec.size as { width: number }).width;
  for (let i = 0; i < map.tileCount; i++) if ((i % w) % 2 === 0 && Math.floor(i / w) % 2 === 0) out.add(map.terrainAt(i));
  return out;
}

describe('blendArea', () => {
  it('is deterministic and depends on the seed', () => {
    const source = blockSource(MIX, 99);
    const a = blend(source, 5);
    const b = blend(source, 5);
    expect(a.layers.terrain).toEqual(b.layers.terrain);
    expect(a.palette).toEqual(b.palette);
    const c = blend(source, 6);
    const same = a.layers.terrain.every((v, i) => a.terrainOf(v) === c.terrainOf(c.layers.terrain[i]!));
    expect(same).toBe(false);
  });

  it('two overlapping windows agree on their overlap', () => {
    const source = blockSource(MIX, 4242);
    const a = blend(source, 17, 41, 41, -20, -20);
    const b = blend(source, 17, 33, 29, -4, -10);
    for (let gy = -10; gy < 19; gy++) {
      for (let gx = -4; gx < 21; gx++) {
        const ta = a.terrainAt((gy + 20) * 41 + (gx + 20));
        const tb = b.terrainAt((gy + 10) * 33 + (gx + 4));
        expect(tb, `(${gx}, ${gy})`).toBe(ta);
      }
    }
  });

  it('the candidate order never matters (an unordered set)', () => {
    const base = blockSource(MIX, 7);
    const reversed: AreaCandidates = {
      palette: base.palette,
      at(gx, gy, out) {
        const n = base.at(gx, gy, out);
        out.subarray(0, n).reverse();
        return n;
      },
      elevation: base.elevation!,
    };
    expect(blend(reversed, 3).layers.terrain).toEqual(blend(base, 3).layers.terrain);
  });

  it('lays a forest-edge band between forest and clear, with wiggled borders', () => {
    const map = blend(split('forest', 'clear'), 1);
    expect(areaIds(map)).toEqual(new Set(['forest', 'forest-edge', 'clear']));
    // The band follows the border on nearly every row, a few tiles wide, and the first
    // clear tile of a row moves from row to row: no ruled line.
    const firstClear = new Set<number>();
    let rowsWithBand = 0;
    for (let y = 0; y < 41; y += 2) {
      let band = 0;
      for (let x = 0; x < 41; x += 2) if (map.terrainAt(y * 41 + x) === 'forest-edge') band++;
      for (let x = 0; x < 41; x += 2) {
        if (map.terrainAt(y * 41 + x) === 'clear') {
          firstClear.add(x);
          break;
        }
      }
      if (band >= 1) rowsWithBand++;
      expect(band).toBeLessThanOrEqual(6);
    }
    expect(rowsWithBand).toBeGreaterThanOrEqual(17);
    expect(firstClear.size).toBeGreaterThan(2);
    expect(straightRuns(map, catalogue).longest).toBeLessThanOrEqual(2);
  });

  it('picks the coast by elevation: tidal flat low, beach edge on sand, cliff edge high', () => {
    const low = blend(split('clear', 'ocean', 0), 2);
    expect(areaIds(low).has('tidal-flat')).toBe(true);
    const mid = blend(split('clear', 'ocean', 10), 2);
    expect(areaIds(mid).has('sand')).toBe(true);
    expect(mid.palette).toContain('beach');
    const high = blend(split('clear', 'ocean', 50), 2);
    expect(areaIds(high).has('rocky')).toBe(true);
    expect(high.palette).toContain('cliff');
    // The water side stays water: the band lies on land.
    for (const map of [low, mid, high]) {
      for (let y = 0; y < 41; y += 2) expect(map.terrainAt(y * 41 + 40)).toBe('ocean');
    }
  });

  it('keeps human-curated borders stark and straight', () => {
    const map = blend(split('fields', 'forest'), 8);
    for (let y = 0; y < 41; y += 2) {
      for (let x = 0; x < 41; x += 2) {
        const gx = x - 20;
        const id = map.terrainAt(y * 41 + x);
        if (gx < 0) expect(id).toBe('fields');
        else expect(id === 'forest').toBe(true);
      }
    }
  });

  it('writes no terrain on vertex tiles and plain borders', () => {
    const map = blend(split('forest', 'clear'), 1);
    for (let y = 1; y < 41; y += 2) for (let x = 1; x < 41; x += 2) expect(map.layers.terrain[y * 41 + x]).toBe(0);
  });

  it('rejects bad windows and bad candidates with clear errors', () => {
    const source = split('forest', 'clear');
    const map = emptyWindow(5, 5);
    expect(() => blendArea({ map, originX: 1, originY: 0 }, { catalogue, seed: 1, candidates: source })).toThrow(
      /window origin must be two even integers .* got \(1, 0\)/,
    );
    const bad: AreaCandidates = { palette: ['forest'], at: (_x, _y, out) => ((out[0] = 2), 1) };
    expect(() => blendArea({ map, originX: 0, originY: 0 }, { catalogue, seed: 1, candidates: bad })).toThrow(/palette index 1…1, got 2/);
    const many: AreaCandidates = { palette: ['forest'], at: () => 17 };
    expect(() => blendArea({ map, originX: 0, originY: 0 }, { catalogue, seed: 1, candidates: many })).toThrow(/count 0…16 .* got 17/);
    const twice: AreaCandidates = { palette: ['forest', 'forest'], at: () => 0 };
    expect(() => blendArea({ map, originX: 0, originY: 0 }, { catalogue, seed: 1, candidates: twice })).toThrow(/lists a terrain id twice/);
  });
});
