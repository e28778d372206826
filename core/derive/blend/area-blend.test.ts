import { describe, expect, it } from 'vitest';
import { blendArea, blendPad, type AreaCandidates } from './area-blend.js';
import { straightRuns } from './straight-runs.js';
import { TerrainMap } from '../../map/terrain-map.js';
import { KINDS, areaTiles, blockSource, byGlobal, catalogue, emptyWindow, type WindowKind } from './blend.testkit.js';

const MIX = ['forest', 'clear', 'mountains', 'ocean', 'fields', 'hills', 'village'];

/** Two terrains split along global x = 0, `west` to the west. */
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

function blend(kind: WindowKind, source: AreaCandidates, seed: number, w = 41, h = 41, ox = -20, oy = -20) {
  const map = emptyWindow(w, h, kind);
  blendArea({ map, originX: ox, originY: oy }, { catalogue, seed, candidates: source });
  return map;
}

describe.each(KINDS)('blendArea on %s windows', (kind) => {
  // Origins valid on every kind (hex-topology windows need x a multiple of 4), 16 apart in x.
  const o = [-20, -20, -4, -10] as const;

  it('is deterministic and depends on the seed', () => {
    const source = blockSource(MIX, 99);
    const a = blend(kind, source, 5);
    const b = blend(kind, source, 5);
    expect(a.layers.terrain).toEqual(b.layers.terrain);
    expect(a.palette).toEqual(b.palette);
    const c = blend(kind, source, 6);
    const same = a.layers.terrain.every((v, i) => a.terrainOf(v) === c.terrainOf(c.layers.terrain[i]!));
    expect(same).toBe(false);
  });

  it('two overlapping windows at different origins agree exactly on their overlap', () => {
    const source = blockSource(MIX, 4242);
    const a = byGlobal(blend(kind, source, 17, 41, 41, o[0], o[1]), o[0], o[1]);
    const b = byGlobal(blend(kind, source, 17, 33, 29, o[2], o[3]), o[2], o[3]);
    // A far larger window around both agrees too: nothing beyond the pad matters.
    const big = byGlobal(blend(kind, source, 17, 121, 121, -60, -60), -60, -60);
    let shared = 0;
    for (const [key, id] of b) {
      const other = a.get(key);
      if (other === undefined) continue;
      shared++;
      expect(id, key).toBe(other);
      expect(big.get(key), key).toBe(id);
    }
    expect(shared).toBeGreaterThan(500);
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
    expect(blend(kind, reversed, 3).layers.terrain).toEqual(blend(kind, base, 3).layers.terrain);
  });

  it('lays a forest-edge band between forest and clear, with wiggled borders and no straight run', () => {
    const map = blend(kind, split('forest', 'clear'), 1);
    const cells = areaTiles(map, -20, -20);
    expect(new Set(cells.map((c) => c.id))).toEqual(new Set(['forest', 'forest-edge', 'clear']));
    // Along each area row (global y), the band is there most of the time, a few tiles wide,
    // and the first clear tile moves from row to row: no ruled line.
    const rows = new Map<number, { gx: number; id: string }[]>();
    for (const c of cells) rows.set(c.gy, [...(rows.get(c.gy) ?? []), c]);
    const firstClear = new Set<number>();
    let rowsWithBand = 0;
    let crossing = 0;
    for (const row of rows.values()) {
      row.sort((p, q) => p.gx - q.gx);
      // Rows of a hex-topology window are slanted and some end before the border.
      if (row[0]!.gx > -8 || row[row.length - 1]!.gx < 8) continue;
      crossing++;
      const band = row.filter((c) => c.id === 'forest-edge').length;
      if (band >= 1) rowsWithBand++;
      expect(band).toBeLessThanOrEqual(6);
      const clear = row.find((c) => c.id === 'clear');
      if (clear !== undefined) firstClear.add(clear.gx);
    }
    expect(crossing).toBeGreaterThanOrEqual(10);
    expect(rowsWithBand).toBeGreaterThanOrEqual(0.8 * crossing);
    expect(firstClear.size).toBeGreaterThan(2);
    expect(straightRuns(map, catalogue).runsOver2).toBe(0);
  });

  it('picks the coast by elevation: tidal flat low, beach edge on sand, cliff edge high; water stays water', () => {
    const low = blend(kind, split('clear', 'ocean', 0), 2);
    expect(areaTiles(low, -20, -20).some((c) => c.id === 'tidal-flat')).toBe(true);
    const mid = blend(kind, split('clear', 'ocean', 10), 2);
    expect(areaTiles(mid, -20, -20).some((c) => c.id === 'sand')).toBe(true);
    expect(mid.palette).toContain('beach');
    const high = blend(kind, split('clear', 'ocean', 50), 2);
    expect(areaTiles(high, -20, -20).some((c) => c.id === 'rocky')).toBe(true);
    expect(high.palette).toContain('cliff');
    for (const map of [low, mid, high]) {
      for (const c of areaTiles(map, -20, -20)) if (c.gx >= 16) expect(c.id).toBe('ocean');
    }
  });

  it('keeps human-curated borders stark and straight', () => {
    const map = blend(kind, split('fields', 'forest'), 8);
    for (const c of areaTiles(map, -20, -20)) expect(c.id).toBe(c.gx < 0 ? 'fields' : 'forest');
    // No transition edge on the linear tiles either.
    for (const id of byGlobal(map, -20, -20).values()) expect(['fields', 'forest', '']).toContain(id);
  });

  it('lays bands only where the ground changes: detail inside uniform ground stays as drawn', () => {
    // Clear ground everywhere; its "substitute" draws copses of forest 3 cells across.
    const copses: AreaCandidates = {
      palette: ['clear', 'forest'],
      at(gx, gy, out, ground) {
        const u = Math.floor(gx / 2);
        const v = Math.floor(gy / 2);
        out[0] = ((u % 9) + 9) % 9 < 3 && ((v % 9) + 9) % 9 < 3 ? 2 : 1;
        if (ground !== undefined) ground[0] = 1;
        return 1;
      },
    };
    const map = blend(kind, copses, 2);
    const ids = new Set(areaTiles(map, -20, -20).map((c) => c.id));
    expect(ids).toEqual(new Set(['clear', 'forest']));
  });

  it('reads candidates only within blendPad lattice cells of the window', () => {
    const pad = blendPad(kind === 'square' ? 'square' : kind === 'hex-rectangle' ? 'hex' : 'brick');
    // 2 displacements of 2, a band reach of 2, despeckling 1, straightening 2 (one pass of
    // triads) or 15 on square (five targeted passes of 3).
    expect(pad).toBe(kind === 'square' ? 22 : 9);
    const asked: [number, number][] = [];
    const base = blockSource(MIX, 11);
    const spy: AreaCandidates = { ...base, at: (gx, gy, out) => (asked.push([gx, gy]), base.at(gx, gy, out)) };
    const map = blend(kind, spy, 4, 21, 21, -8, -8);
    const tiles = byGlobal(map, -8, -8);
    const xs = [...tiles.keys()].map((k) => Number(k.split(',')[0]));
    const ys = [...tiles.keys()].map((k) => Number(k.split(',')[1]));
    for (const [gx, gy] of asked) {
      expect(gx).toBeGreaterThanOrEqual(Math.min(...xs) - 2 * pad);
      expect(gx).toBeLessThanOrEqual(Math.max(...xs) + 2 * pad);
      expect(gy).toBeGreaterThanOrEqual(Math.min(...ys) - 2 * pad);
      expect(gy).toBeLessThanOrEqual(Math.max(...ys) + 2 * pad);
    }
  });
});

describe('blendArea windows', () => {
  it('writes no terrain on square vertex tiles and plain borders', () => {
    const map = blend('square', split('forest', 'clear'), 1);
    for (let y = 1; y < 41; y += 2) for (let x = 1; x < 41; x += 2) expect(map.layers.terrain[y * 41 + x]).toBe(0);
  });

  it('rejects bad windows and bad candidates with clear errors', () => {
    const source = split('forest', 'clear');
    const run = (map: TerrainMap, originX = 0, originY = 0) => () => blendArea({ map, originX, originY }, { catalogue, seed: 1, candidates: source });
    expect(run(emptyWindow(5, 5), 1, 0)).toThrow(/window origin must be two even integers .* got \(1, 0\)/);
    expect(run(emptyWindow(5, 5, 'hex-rectangle'), 2, 0)).toThrow(/hex-rectangle window origin must have x a multiple of 4 .* got \(2, 0\)/);
    expect(run(emptyWindow(5, 5, 'offset-square'), 4, 1)).toThrow(/offset-square window origin .* got \(4, 1\)/);
    expect(run(TerrainMap.create({ size: { kind: 'hex-rectangle', width: 5, height: 5 } }))).toThrow(/AL-FORM maps; got a classic hex-rectangle map/);
    expect(run(TerrainMap.create({ size: { kind: 'square', width: 6, height: 5 }, wrap: { x: true, y: false }, alform: true }))).toThrow(
      /unwrapped maps .* wrapped along x/,
    );
    expect(run(TerrainMap.create({ size: { kind: 'hex-hexagon', diameter: 5 }, alform: true }))).toThrow(/square, hex-rectangle and offset-square .* got hex-hexagon/);
    const map = emptyWindow(5, 5);
    const bad: AreaCandidates = { palette: ['forest'], at: (_x, _y, out) => ((out[0] = 2), 1) };
    expect(() => blendArea({ map, originX: 0, originY: 0 }, { catalogue, seed: 1, candidates: bad })).toThrow(/palette index 1…1, got 2/);
    const many: AreaCandidates = { palette: ['forest'], at: () => 17 };
    expect(() => blendArea({ map, originX: 0, originY: 0 }, { catalogue, seed: 1, candidates: many })).toThrow(/count 0…16 .* got 17/);
    const twice: AreaCandidates = { palette: ['forest', 'forest'], at: () => 0 };
    expect(() => blendArea({ map, originX: 0, originY: 0 }, { catalogue, seed: 1, candidates: twice })).toThrow(/lists a terrain id twice/);
  });
});
