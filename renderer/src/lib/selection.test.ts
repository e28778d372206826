import { describe, expect, it } from 'vitest';
import {
  adjoiningTiles,
  defaultDeriveRatio,
  deriveRatioChoices,
  groundTileAt,
  isConnected,
  parseSeed,
  referenceProblem,
  selectionProblem,
  selectionClick,
  selectionExtend,
} from './selection.js';
import { TerrainMap } from '../../../core/map/terrain-map.js';
import type { GridSize } from '../../../core/grid/types.js';
import { tileClasses } from '../../../core/alform/tile-classes.js';
import { TileClass } from '../../../core/alform/classify.js';
import { isAdmissibleRatio } from '../../../core/derive/geometry/ratios.js';
import { GRID_KINDS } from '../../../core/grid/types.js';
import type { LoadedMap } from './map-model.js';

function load(size: GridSize, alform: boolean): LoadedMap {
  const map = TerrainMap.create({ size, alform });
  return { id: 'm', summary: { id: 'm', name: 'm', kind: map.spec.kind, size: '', alform, tileCount: map.tileCount, updatedAt: '' }, map, classes: alform ? tileClasses(map.grid) : null };
}

const hexAl = () => load({ kind: 'hex-rectangle', width: 11, height: 9 }, true);
const coords = (l: LoadedMap, tiles: readonly number[]) => tiles.map((t) => l.map.grid.coord(t).join(','));

describe('which tiles adjoin (core/alform/adjoining.ts)', () => {
  it('joins AL-FORM area tiles across one linear tile (hex: six)', () => {
    const l = hexAl();
    expect(coords(l, adjoiningTiles(l, l.map.grid.index([4, 4]))).sort()).toEqual(['2,2', '2,4', '4,2', '4,6', '6,4', '6,6']);
  });

  // Changed: one rule for the app and the CLI. Patent rule A joins area tiles across the
  // square VERTEX tile, so a diagonal-only selection is connected (the app used to refuse it).
  it('joins square area tiles touching at a corner, so the app takes a diagonal selection as the CLI does', () => {
    const l = load({ kind: 'square', width: 9, height: 9 }, true);
    const g = l.map.grid;
    expect(adjoiningTiles(l, g.index([4, 4]))).toHaveLength(8);
    const [a, b] = [g.index([4, 4]), g.index([6, 6])];
    expect(selectionClick(l, [a], b, true)).toEqual({ tiles: [a, b], message: null });
    expect(isConnected(l, [a, b])).toBe(true);
    expect(selectionProblem(l, [a, b])).toBeNull();
  });
});

describe('selecting ground', () => {
  it('takes the area tile drawn under the pointer over an empty linear tile, nothing over a feature', () => {
    const l = hexAl();
    const grid = l.map.grid;
    const area = grid.index([4, 4]);
    const linear = grid.index([5, 4]);
    expect(l.classes![linear]).not.toBe(TileClass.AREA);
    // A point on the linear tile, a little towards the area tile.
    const c = grid.center(linear);
    const a = grid.center(area);
    const p = [c[0]! + 0.2 * (a[0]! - c[0]!), c[1]! + 0.2 * (a[1]! - c[1]!)];
    expect(groundTileAt(l, linear, p)).toBe(area);
    expect(groundTileAt(l, area, a)).toBe(area);
    l.map.setTerrain(linear, 'river');
    expect(groundTileAt(l, linear, p)).toBe(-1);
    expect(groundTileAt(l, -1, p)).toBe(-1);
  });

  it('starts, extends, and shrinks a selection with the reference first', () => {
    const l = hexAl();
    const g = l.map.grid;
    const [a, b, c, far] = [g.index([4, 4]), g.index([6, 4]), g.index([8, 6]), g.index([0, 0])];
    let s = selectionClick(l, [], a, false);
    expect(s).toEqual({ tiles: [a], message: null });
    s = selectionClick(l, s.tiles, b, true);
    expect(s.tiles).toEqual([a, b]);
    s = selectionClick(l, s.tiles, c, true);
    expect(s.tiles).toEqual([a, b, c]);
    // Not adjoining: refused, with the reason.
    const refused = selectionClick(l, s.tiles, far, true);
    expect(refused.tiles).toBe(s.tiles);
    expect(refused.message).toBe('(0, 0) does not adjoin the selection: add tiles that adjoin a selected one');
    // Removing the middle tile would split a from c.
    const split = selectionClick(l, s.tiles, b, false);
    expect(split.tiles).toBe(s.tiles);
    expect(split.message).toBe('removing (6, 4) would split the selection in two; remove tiles from its edge');
    // Removing the reference hands the role to the next tile.
    s = selectionClick(l, s.tiles, a, false);
    expect(s).toEqual({ tiles: [b, c], message: null });
    // A plain click elsewhere starts over.
    expect(selectionClick(l, s.tiles, far, false).tiles).toEqual([far]);
    // Removing the last tile empties it.
    expect(selectionClick(l, [far], far, true).tiles).toEqual([]);
  });

  it('refuses linear tiles', () => {
    const l = hexAl();
    const linear = l.map.grid.index([5, 4]);
    expect(referenceProblem(l, linear)).toBe('(5, 4) is a linear tile; select area tiles (the reference first)');
    expect(selectionClick(l, [], linear, false).tiles).toEqual([]);
    const a = l.map.grid.index([4, 4]);
    expect(selectionClick(l, [a], linear, true).tiles).toEqual([a]);
    expect(selectionExtend(l, [a], linear)).toEqual([a]);
  });

  it('extends by dragging over adjoining tiles only, silently', () => {
    const l = hexAl();
    const g = l.map.grid;
    const a = g.index([4, 4]);
    let tiles = selectionExtend(l, [], a);
    expect(tiles).toEqual([a]);
    tiles = selectionExtend(l, tiles, g.index([6, 6]));
    tiles = selectionExtend(l, tiles, g.index([0, 0]));
    tiles = selectionExtend(l, tiles, a);
    expect(coords(l, tiles)).toEqual(['4,4', '6,6']);
  });

  it('never makes a pentagon the reference on the globe', () => {
    const l = load({ kind: 'icosahedron', side: 5 }, true);
    const g = l.map.grid;
    let pent = -1;
    for (let i = 0; i < g.tileCount && pent < 0; i++) if (g.degree(i) === 5) pent = i;
    expect(l.classes![pent]).toBe(TileClass.AREA);
    const click = selectionClick(l, [], pent, false);
    expect(click.tiles).toEqual([]);
    expect(click.message).toMatch(/^the reference tile lat \d+, lon \d+ is a pentagon; a pentagon is never the reference tile \(SPEC §7\)/);
    expect(selectionExtend(l, [], pent)).toEqual([]);
    // Start on an adjoining hexagon, then the pentagon may join.
    const hex = adjoiningTiles(l, pent)[0]!;
    expect(g.degree(hex)).toBe(6);
    let s = selectionClick(l, [], hex, false);
    s = selectionClick(l, s.tiles, pent, true);
    expect(s.tiles).toEqual([hex, pent]);
    // Removing the hexagon would leave the pentagon as the reference: refused.
    const refused = selectionClick(l, s.tiles, hex, false);
    expect(refused.tiles).toBe(s.tiles);
    expect(refused.message).toMatch(/only a pentagon/);
    // With another hexagon after the pentagon, that hexagon becomes the reference.
    const other = adjoiningTiles(l, pent).find((t) => t !== hex && adjoiningTiles(l, t).includes(hex))!;
    s = selectionClick(l, s.tiles, other, true);
    expect(selectionClick(l, s.tiles, hex, false).tiles).toEqual([other, pent]);
  });

  it('tells a connected selection from a split one', () => {
    const l = hexAl();
    const g = l.map.grid;
    expect(isConnected(l, [g.index([4, 4]), g.index([6, 4]), g.index([8, 4])])).toBe(true);
    expect(isConnected(l, [g.index([4, 4]), g.index([8, 4])])).toBe(false);
    expect(isConnected(l, [])).toBe(true);
    expect(selectionProblem(l, [g.index([4, 4]), g.index([8, 4])])).toBe('the selection must be connected: (8, 4) does not adjoin the others');
  });
});

describe('scale ratios offered', () => {
  it('starts at the admissible ratio nearest 1:10', () => {
    expect(defaultDeriveRatio('square')).toBe(10);
    expect(defaultDeriveRatio('offset-square')).toBe(12);
    expect(defaultDeriveRatio('hex-rectangle')).toBe(12);
    expect(defaultDeriveRatio('hex-hexagon')).toBe(12);
    expect(defaultDeriveRatio('icosahedron')).toBe(12);
  });

  it('offers every admissible ratio up to 48 in its step, the default among them', () => {
    expect(deriveRatioChoices('square').slice(0, 4)).toEqual([2, 4, 6, 8]);
    expect(deriveRatioChoices('offset-square')).toEqual([4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48]);
    expect(deriveRatioChoices('icosahedron')).toEqual([6, 12, 18, 24, 30, 36, 42, 48]);
    for (const kind of GRID_KINDS) {
      const choices = deriveRatioChoices(kind);
      expect(choices).toContain(defaultDeriveRatio(kind));
      for (const r of choices) expect(isAdmissibleRatio(kind, r)).toBe(true);
    }
  });

  it('reads a seed or says what is wrong', () => {
    expect(parseSeed(' 42 ')).toEqual({ seed: 42 });
    expect(parseSeed('')).toEqual({ seed: 0 });
    expect(parseSeed('-1')).toEqual({ error: 'seed must be a whole number 0 … 2147483647, got "-1"' });
    expect(parseSeed('1.5')).toHaveProperty('error');
    expect(parseSeed('2147483648')).toEqual({ error: 'seed must be at most 2147483647, got 2147483648' });
  });
});
