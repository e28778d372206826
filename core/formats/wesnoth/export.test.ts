/**
 * Wesnoth export inverts the import (issue 14): an unedited map comes back code for code,
 * overlays included; painted tiles take the map's own code for their terrain; terrain with no
 * code is counted in a warning. Walls, impassable overlays, chasms and void import as the
 * catalogue's impassable terrain.
 */
import { describe, expect, it } from 'vitest';
import { HexRectangleGrid } from '../../grid/hex/hex-rectangle.js';
import { wesnothToTile } from '../../coords/wesnoth.js';
import { loadDefaultCatalogue } from '../../terrain/catalogue.testkit.js';
import { getTerrain } from '../../terrain/lookup.js';
import { parseWesnothMap, writeWesnothMap } from './wesnoth-map.js';
import { wesnothTerrainResolver, wesnothToTerrainMap } from './terrain.js';
import { DEFAULT_WESNOTH_CODES, DEFAULT_WESNOTH_MAPPING } from './default-mapping.js';
import { exportWesnoth } from './export.js';

// 5×2 playable; row 1 grass variants with overlays, row 2 the impassable kinds.
const MAP = `Xu, Xu, Xu, Xu, Xu, Xu, Xu
Xu, Gs^Fp, Gg, 1 Kh, Gd^Vh, Rb, Xu
Xu, Xu, Mm^Xm, Qxu, Xv, Gg^Xo, Xu
Xu, Xu, Xu, Xu, Xu, Xu, Xu
`;

const data = parseWesnothMap(MAP, 'm.map');

describe('Wesnoth import of impassable terrain', () => {
  it('walls, impassable overlays, chasms and void become impassable terrain, passable only by air', () => {
    const map = wesnothToTerrainMap(data, DEFAULT_WESNOTH_MAPPING);
    const grid = map.grid as HexRectangleGrid;
    const t = (x: number, y: number) => map.terrainAt(wesnothToTile(grid, { width: 5, height: 2, border: false }, x, y));
    expect([t(1, 2), t(2, 2), t(3, 2), t(4, 2), t(5, 2)]).toEqual(['impassable', 'impassable', 'impassable', 'impassable', 'impassable']);
    expect([t(1, 1), t(2, 1), t(3, 1), t(4, 1), t(5, 1)]).toEqual(['forest', 'clear', 'urban', 'village', 'clear']);
    const imp = getTerrain(loadDefaultCatalogue(), 'impassable');
    expect(imp.movement.foot).toEqual({ cost: 'impassable', playable: false });
    expect(imp.movement.tracked).toEqual({ cost: 'impassable', playable: false });
    expect(imp.movement.air).toEqual({ cost: 1, playable: true });
  });
});

describe('Wesnoth export with the import mapping', () => {
  it('gives an unedited map back code for code (overlays, starts and border included)', () => {
    const map = wesnothToTerrainMap(data, DEFAULT_WESNOTH_MAPPING);
    const out = exportWesnoth(map, { mapping: DEFAULT_WESNOTH_MAPPING });
    expect(writeWesnothMap(out.data)).toBe(MAP);
    expect([out.kept, out.recoded, out.warnings]).toEqual([10, 0, []]);
  });

  it("codes a painted tile with the map's own code for its terrain, else the catalogue's, and warns with counts", () => {
    const map = wesnothToTerrainMap(data, DEFAULT_WESNOTH_MAPPING);
    const grid = map.grid as HexRectangleGrid;
    const tile = (x: number, y: number) => wesnothToTile(grid, { width: 5, height: 2, border: false }, x, y);
    map.setTerrain(tile(2, 1), 'forest'); // the map's forest is Gs^Fp
    map.setTerrain(tile(5, 1), 'hills'); // no hills on the map: the catalogue's Hh
    map.setTerrain(tile(1, 2), 'my-terrain'); // nobody knows: Gg, and a warning
    map.setTerrain(tile(2, 2), 'my-terrain');
    const out = exportWesnoth(map, { mapping: DEFAULT_WESNOTH_MAPPING });
    const rows = writeWesnothMap(out.data).split('\n');
    expect(rows[1]).toBe('Xu, Gs^Fp, Gs^Fp, 1 Kh, Gd^Vh, Hh, Xu');
    expect(rows[2]).toBe('Xu, Gg, Gg, Qxu, Xv, Gg^Xo, Xu');
    expect([out.kept, out.recoded]).toEqual([6, 4]);
    expect(out.warnings).toEqual(['2 tiles of terrain "my-terrain" have no Wesnoth code (not in the mapping or the catalogue\'s codes); written as Gg']);
  });

  it('every default-catalogue area terrain has a code; those the import produces read back as themselves', () => {
    const catalogue = loadDefaultCatalogue();
    const resolve = wesnothTerrainResolver(DEFAULT_WESNOTH_MAPPING);
    const produced = new Set(Object.values(DEFAULT_WESNOTH_MAPPING.codes));
    for (const t of catalogue.terrains.filter((x) => x.class === 'area')) {
      const code = DEFAULT_WESNOTH_CODES[t.id];
      expect(code, t.id).toBeDefined();
      if (produced.has(t.id)) expect(resolve(code!), `${t.id} → ${code}`).toBe(t.id);
    }
  });
});
