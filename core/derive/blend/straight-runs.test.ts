import { describe, expect, it } from 'vitest';
import { runFamilies, straightRuns } from './straight-runs.js';
import { requireIndexXY } from '../../grid/capabilities.js';
import { TerrainMap } from '../../map/terrain-map.js';
import { blendArea } from './area-blend.js';
import { KINDS, blockSource, catalogue, emptyWindow, naiveBlend, type WindowKind } from './blend.testkit.js';
import { windowTiles } from './window.js';

const NATURAL = ['forest', 'clear', 'mountains', 'ocean', 'hills', 'marsh', 'sand', 'rough'];

function paint(rows: string[], legend: Record<string, string>) {
  // rows are area tiles only; the AL-FORM map has linear tiles between them.
  const h = rows.length * 2 - 1;
  const w = rows[0]!.length * 2 - 1;
  const map = emptyWindow(w, h);
  rows.forEach((row, r) => [...row].forEach((ch, c) => map.setTerrain(2 * r * w + 2 * c, legend[ch]!)));
  return map;
}

/** A hex-topology window whose area tiles take `at(u, v)` (cell (u, v) = local tile (2u, 2v)). */
function paintAxial(kind: 'hex-rectangle' | 'offset-square', at: (u: number, v: number) => string) {
  const map = emptyWindow(25, 25, kind);
  const tiles = windowTiles({ map, originX: 0, originY: 0 });
  for (let i = 0; i < tiles.count; i++) {
    const x = tiles.gx[i]!;
    const y = tiles.gy[i]!;
    if (((x | y) & 1) === 0) map.setTerrain(i, at(x / 2, y / 2));
  }
  return map;
}

describe('straightRuns on square maps', () => {
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
});

describe.each(['hex-rectangle', 'offset-square'] as const)('straightRuns on %s maps', (kind) => {
  const blob = (cells: [number, number][]) => paintAxial(kind, (u, v) => (cells.some(([a, b]) => a === u && b === v) ? 'forest' : 'clear'));

  it('measures runs in tiles: each edge tile on a line carries the border half a tile', () => {
    // One cell: its two edges on each side line up, 1 tile.
    expect(straightRuns(blob([[6, 6]]), catalogue)).toEqual({ longest: 1, runsOver2: 0 });
    // Two cells stacked: 4 edge tiles in a line beside them, 2 tiles: allowed.
    expect(straightRuns(blob([[6, 6], [6, 7]]), catalogue)).toEqual({ longest: 2, runsOver2: 0 });
    // Three stacked: 6 edge tiles on each side, 3 tiles.
    expect(straightRuns(blob([[6, 6], [6, 7], [6, 8]]), catalogue)).toEqual({ longest: 3, runsOver2: 2 });
    // Three along the other two axes.
    expect(straightRuns(blob([[6, 6], [7, 6], [8, 6]]), catalogue).runsOver2).toBe(2);
    expect(straightRuns(blob([[6, 6], [7, 7], [8, 8]]), catalogue).runsOver2).toBe(2);
    // Three in a triangle: every side bends.
    expect(straightRuns(blob([[6, 6], [7, 6], [7, 7]]), catalogue).runsOver2).toBe(0);
  });

  it('finds a long straight border along each axis, and not along the corner directions', () => {
    expect(straightRuns(paintAxial(kind, (u) => (u < 5 ? 'forest' : 'clear')), catalogue).runsOver2).toBeGreaterThan(0);
    expect(straightRuns(paintAxial(kind, (_u, v) => (v < 8 ? 'forest' : 'clear')), catalogue).runsOver2).toBeGreaterThan(0);
    expect(straightRuns(paintAxial(kind, (u, v) => (v - u < 3 ? 'forest' : 'clear')), catalogue).runsOver2).toBeGreaterThan(0);
    // Unit height 2v − u: a horizontal border (hexagon corners, brick crenellation) steps up
    // and down every column; its longest straight piece is 3 edges, 1.5 tiles.
    expect(straightRuns(paintAxial(kind, (u, v) => (2 * v - u < 6 ? 'forest' : 'clear')), catalogue)).toEqual({ longest: 1.5, runsOver2: 0 });
  });

  it('ignores human-curated borders', () => {
    expect(straightRuns(paintAxial(kind, (u) => (u < 5 ? 'fields' : 'clear')), catalogue)).toEqual({ longest: 0, runsOver2: 0 });
  });

  it('follows lines whose edge tiles are collinear, one tile apart, and consecutive along a border', () => {
    const map = emptyWindow(25, 25, kind);
    const tiles = windowTiles({ map, originX: 0, originY: 0 });
    const grid = requireIndexXY(map.grid, 'this test');
    const centre = (x: number, y: number) => map.grid.center(grid.indexXY(x, y)) as [number, number];
    for (const fam of runFamilies(kind === 'hex-rectangle' ? 'hex' : 'brick')) {
      const [sx, sy] = fam.step;
      let checked = 0;
      for (let i = 0; i < tiles.count; i++) {
        const x = tiles.gx[i]!;
        const y = tiles.gy[i]!;
        if (!fam.member(x, y) || grid.indexXY(x + 2 * sx, y + 2 * sy) < 0) continue;
        expect(fam.member(x + sx, y + sy)).toBe(true);
        const [a, b, c] = [centre(x, y), centre(x + sx, y + sy), centre(x + 2 * sx, y + 2 * sy)];
        // Collinear and evenly spaced…
        expect(b[0] - a[0]).toBeCloseTo(c[0] - b[0], 9);
        expect(b[1] - a[1]).toBeCloseTo(c[1] - b[1], 9);
        expect(Math.hypot(b[0] - a[0], b[1] - a[1])).toBeLessThanOrEqual(Math.hypot(1, 0.5) + 1e-9);
        // …and two neighbours on a line share an area tile: they meet at a corner of the border.
        const [dx, dy] = fam.across(x, y);
        const [ex, ey] = fam.across(x + sx, y + sy);
        const areas = [`${x - dx},${y - dy}`, `${x + dx},${y + dy}`];
        const next = [`${x + sx - ex},${y + sy - ey}`, `${x + sx + ex},${y + sy + ey}`];
        expect(areas.filter((k) => next.includes(k)).length).toBe(1);
        checked++;
      }
      expect(checked).toBeGreaterThan(100);
    }
  });
});

describe('straightRuns', () => {
  it.each(KINDS)('on %s: the naive blocky blend has long runs; the organic blend none longer than 2 tiles, on 16 seeds', (kind: WindowKind) => {
    for (let seed = 1; seed <= 16; seed++) {
      const source = blockSource(NATURAL, seed * 7919);
      const naive = emptyWindow(81, 81, kind);
      naiveBlend(naive, -40, -40, source);
      expect(straightRuns(naive, catalogue).runsOver2).toBeGreaterThan(0);
      const organic = emptyWindow(81, 81, kind);
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
