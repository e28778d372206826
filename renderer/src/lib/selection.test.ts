import { describe, expect, it } from 'vitest';
import {
  adjoiningTiles,
  defaultDeriveRatio,
  deriveRatioChoices,
  groundTileAt,
  isConnected,
  parseSeed,
  referenceProblem,
  groundProblem,
} from './selection.js';
import { TerrainMap } from '../../../core/map/terrain-map.js';
import type { GridSize } from '../../../core/grid/types.js';
import { tileClasses } from '../../../core/alform/tile-classes.js';
import { TileClass } from '../../../core/alform/classify.js';
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
    expect(isConnected(l, [a, b])).toBe(true);
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

  it('refuses linear tiles', () => {
    const l = hexAl();
    const linear = l.map.grid.index([5, 4]);
    expect(referenceProblem(l, linear)).toBe('(5, 4) is a linear tile; select area tiles (the reference first)');
    expect(groundProblem(l, linear)).toBe('(5, 4) is a linear tile; select area tiles (the reference first)');
    expect(groundProblem(l, l.map.grid.index([4, 4]))).toBeNull();
  });

  it('never makes a pentagon the reference on the globe', () => {
    const l = load({ kind: 'icosahedron', side: 5 }, true);
    const g = l.map.grid;
    let pent = -1;
    for (let i = 0; i < g.tileCount && pent < 0; i++) if (g.degree(i) === 5) pent = i;
    expect(l.classes![pent]).toBe(TileClass.AREA);
    expect(referenceProblem(l, pent)).toMatch(/^the reference tile lat \d+, lon \d+ is a pentagon; a pentagon is never the reference tile \(SPEC §7\)/);
    expect(groundProblem(l, pent)).toBeNull();
  });

  it('tells a connected selection from a split one', () => {
    const l = hexAl();
    const g = l.map.grid;
    expect(isConnected(l, [g.index([4, 4]), g.index([6, 4]), g.index([8, 4])])).toBe(true);
    expect(isConnected(l, [g.index([4, 4]), g.index([8, 4])])).toBe(false);
    expect(isConnected(l, [])).toBe(true);
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
