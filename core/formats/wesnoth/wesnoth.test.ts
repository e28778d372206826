import { describe, expect, it } from 'vitest';
import { InputError } from '../../util/input-error.js';
import { TerrainMap } from '../../map/terrain-map.js';
import { HexRectangleGrid } from '../../grid/hex/hex-rectangle.js';
import { wesnothToTile } from '../../coords/wesnoth.js';
import { errorOf } from '../../../test/support/formats.js';
import { parseWesnothMap, writeWesnothMap } from './wesnoth-map.js';
import { reverseWesnothMapping, terrainMapToWesnoth, wesnothTerrainResolver, wesnothToTerrainMap } from './terrain.js';
import { readWesnothMapping } from '../../map/import-mapping.js';

// A 4×3 playable map inside its border ring; player 1 starts on a keep, player 2 on a castle.
const MAP = `Xu, Xu, Xu, Xu, Xu, Xu
Xu, Gg, Gg^Fds, 1 Kh, Ww, Xu
Xu, Gs^Fp, Hh, Mm, Wo, Xu
Xu, Re, Gg^Vh, 2 Ch, Ss, Xu
Xu, Xu, Xu, Xu, Xu, Xu
`;

const MAPPING = {
  codes: { Gg: 'grassland', 'G*': 'clear', '^F*': 'forest', 'W*': 'water', '*^V*': 'town', Hh: 'hills', Mm: 'mountains', 'K*': 'castle', 'C*': 'castle', Re: 'road', Xu: 'impassable' },
  default: 'clear',
};

describe('Wesnoth .map files', () => {
  it('read codes, starts and size; writing gives the same file back', () => {
    const d = parseWesnothMap(MAP, 'm.map');
    expect([d.width, d.height, d.border]).toEqual([4, 3, true]);
    expect(d.codes.slice(6, 12)).toEqual(['Xu', 'Gg', 'Gg^Fds', 'Kh', 'Ww', 'Xu']);
    expect(d.starts).toEqual([
      { player: '1', x: 3, y: 1 },
      { player: '2', x: 3, y: 3 },
    ]);
    expect(writeWesnothMap(d)).toBe(MAP);
    expect(parseWesnothMap(writeWesnothMap(d), 'again')).toEqual(d);
  });

  it('read the old header form and padded columns', () => {
    const d = parseWesnothMap('usage=map\nborder_size=1\n\nXu  , Xu  , Xu\r\nXu  , Gg  , Xu\r\nXu  , Xu  , Xu\r\n', 'old.map');
    expect(d.header).toEqual([
      ['usage', 'map'],
      ['border_size', '1'],
    ]);
    expect([d.width, d.height]).toEqual([1, 1]);
    expect(parseWesnothMap(writeWesnothMap(d), 'x')).toEqual(d);
    const noBorder = parseWesnothMap('border_size=0\n\nGg, 1 Kh\n', 'nb.map');
    expect([noBorder.width, noBorder.height, noBorder.border]).toEqual([2, 1, false]);
    expect(noBorder.starts).toEqual([{ player: '1', x: 2, y: 1 }]);
  });

  const bad: [string, string, string][] = [
    ['ragged rows', 'Xu, Xu, Xu\nXu, Gg\nXu, Xu, Xu\n', 'r.map: line 2: expected 3 terrain codes like the rows above, got 2 (every row of a map has the same width)'],
    ['a bad code', 'Xu, Xu, Xu\nXu, G g^, Xu\nXu, Xu, Xu\n', 'r.map: line 2, column 5: expected a terrain code such as "Gg" or "Gg^Fds", got "G g^"'],
    ['an empty cell', 'Xu, Xu, Xu\nXu, , Xu\nXu, Xu, Xu\n', 'r.map: line 2, column 5: expected a terrain code'],
    ['too small for a border', 'Xu, Xu\nXu, Xu\n', 'r.map: line 2: expected at least 3×3 codes'],
    ['an empty file', '\n\n', 'r.map: line 3: expected rows of comma-separated terrain codes, got none'],
    ['UTF-16 text', '\u0000X\u0000u', 'r.map: line 1: expected a text file of terrain codes (found NUL bytes'],
    ['a bad border size', 'border_size=2\n\nGg\n', 'r.map: header border_size: expected border_size=0 or 1, got "2"'],
  ];
  for (const [what, text, message] of bad) {
    it(`reject ${what}`, () => {
      const e = errorOf(() => parseWesnothMap(text, 'r.map'));
      expect(e).toBeInstanceOf(InputError);
      expect(e.message).toContain(message);
    });
  }
});

describe('Wesnoth mapping', () => {
  it('prefers the whole code, then overlays, then the base; longest pattern first', () => {
    const resolve = wesnothTerrainResolver(readWesnothMapping(MAPPING));
    expect(['Gg', 'Gs', 'Gg^Fds', 'Gs^Fp', 'Gg^Vh', 'Ww', 'Wo', 'Kh', 'Ch', 'Ss', 'Xu', 'Re'].map(resolve)).toEqual([
      'grassland',
      'clear',
      'forest',
      'forest',
      'town',
      'water',
      'water',
      'castle',
      'castle',
      'clear',
      'impassable',
      'road',
    ]);
    const withExact = wesnothTerrainResolver({ codes: { ...MAPPING.codes, 'Gg^Fds': 'orchard', '^Fp': 'pines' }, default: '' });
    expect([withExact('Gg^Fds'), withExact('Gs^Fp'), withExact('Gs^Fet')]).toEqual(['orchard', 'pines', 'forest']);
  });

  it('names the JSON path of a bad entry', () => {
    expect(() => readWesnothMapping({ codes: { 'a b': 'x' }, default: '' }, 'w.json')).toThrow('w.json: $.codes["a b"]: expected a terrain code or pattern');
    expect(() => readWesnothMapping({ codes: {}, default: 3 }, 'w.json')).toThrow('w.json: $.default: expected a string, got 3');
  });
});

describe('Wesnoth ↔ terrain maps', () => {
  const data = parseWesnothMap(MAP, 'm.map');

  it('drop the border by default (same picture), keeping it in meta for export', () => {
    const map = wesnothToTerrainMap(data, MAPPING);
    expect(map.spec.size).toEqual({ kind: 'hex-rectangle', width: 4, height: 3 });
    const grid = map.grid as HexRectangleGrid;
    const at = (x: number, y: number) => map.terrainAt(wesnothToTile(grid, { width: 4, height: 3, border: false }, x, y));
    expect([at(1, 1), at(2, 1), at(3, 1), at(4, 1)]).toEqual(['grassland', 'forest', 'castle', 'water']);
    expect([at(1, 3), at(2, 3), at(3, 3), at(4, 3)]).toEqual(['road', 'town', 'castle', 'clear']);
    expect((map.meta.wesnoth as { borderCodes: string[] }).borderCodes).toEqual(Array(18).fill('Xu'));
  });

  it('keep the border when asked: (W+2)×(H+2)', () => {
    const map = wesnothToTerrainMap(data, MAPPING, { border: 'keep' });
    expect(map.spec.size).toEqual({ kind: 'hex-rectangle', width: 6, height: 5 });
    const grid = map.grid as HexRectangleGrid;
    expect(map.terrainAt(wesnothToTile(grid, { width: 4, height: 3, border: true }, 0, 0))).toBe('impassable');
    expect(map.terrainAt(wesnothToTile(grid, { width: 4, height: 3, border: true }, 2, 1))).toBe('forest');
  });

  it('export: terrain → codes through the reverse mapping; border, starts and header come back', () => {
    const exact = { codes: { Gg: 'grassland', 'Gg^Fds': 'forest', Kh: 'castle', Ww: 'water', Re: 'road', 'Gg^Vh': 'town', Hh: 'hills', Mm: 'mountains', Gs: 'clear' }, default: 'clear' };
    for (const border of ['drop', 'keep'] as const) {
      const map = wesnothToTerrainMap(data, exact, { border });
      const out = terrainMapToWesnoth(map, reverseWesnothMapping(exact));
      expect([out.width, out.height]).toEqual([4, 3]);
      expect(out.starts).toEqual(data.starts);
      const again = wesnothToTerrainMap(parseWesnothMap(writeWesnothMap(out), 'out.map'), exact, { border });
      for (let i = 0; i < map.tileCount; i++) expect(again.terrainAt(i)).toBe(map.terrainAt(i));
    }
    const text = writeWesnothMap(terrainMapToWesnoth(wesnothToTerrainMap(data, exact), reverseWesnothMapping(exact)));
    expect(text.split('\n')[0]).toBe('Xu, Xu, Xu, Xu, Xu, Xu');
    expect(text.split('\n')[1]).toBe('Xu, Gg, Gg^Fds, 1 Kh, Ww, Xu');
  });

  it('a map made in Sandtable gets a border that repeats its edge tiles', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 2, height: 2 } });
    for (let i = 0; i < 4; i++) map.setTerrain(i, i < 2 ? 'water' : 'grassland');
    const out = terrainMapToWesnoth(map, { codes: { water: 'Ww', grassland: 'Gg' }, default: 'Gg' });
    const rows = writeWesnothMap(out).trim().split('\n');
    expect(rows.length).toBe(4);
    expect(rows[0]!.split(', ')[1]).toBe(rows[1]!.split(', ')[1]);
    expect(() => terrainMapToWesnoth(TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 } }), { codes: {}, default: 'Gg' })).toThrow('Wesnoth maps are classic hex-rectangles, not square');
  });
});
