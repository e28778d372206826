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
import * as core from '../../../core/map/ground-selection.js';
import { defaultRatio, offeredRatios } from '../../../core/derive/options.js';
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

  // core/alform/selection.test.ts walks through every step; here, that the app's clicks are
  // core's, with tiles named as the app shows them.
  it('starts, extends, and shrinks a selection as core does, naming tiles as the app shows them', () => {
    const l = hexAl();
    const g = l.map.grid;
    const [a, b, c, far] = [g.index([4, 4]), g.index([6, 4]), g.index([8, 6]), g.index([0, 0])];
    const abc = [a, b, c];
    for (const [tiles, tile, add] of [[[], a, false], [[a], b, true], [[a, b], c, true], [abc, a, false], [abc, far, false], [[far], far, true]] as const) {
      expect(selectionClick(l, tiles, tile, add)).toEqual(core.selectionClick(l.map, tiles, tile, add));
    }
    expect(selectionClick(l, abc, far, true).message).toBe('(0, 0) does not adjoin the selection: add tiles that adjoin a selected one');
    expect(selectionClick(l, abc, b, false).message).toBe('removing (6, 4) would split the selection in two; remove tiles from its edge');
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
    // core/alform/selection.test.ts follows the reference as it is handed on; here, the refusal as the app words it.
    const hex = adjoiningTiles(l, pent)[0]!;
    expect(g.degree(hex)).toBe(6);
    const refused = selectionClick(l, [hex, pent], hex, false);
    expect(refused.tiles).toEqual([hex, pent]);
    expect(refused.message).toMatch(/only a pentagon/);
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
  it('are core/derive/options.ts ratios, for every kind', () => {
    for (const kind of GRID_KINDS) {
      expect(defaultDeriveRatio(kind)).toBe(defaultRatio(kind));
      expect(deriveRatioChoices(kind)).toEqual(offeredRatios(kind));
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
