/**
 * Wesnoth roads as through-tile networks (issue 26): road hexes import as a road network
 * centre to centre (one chain for a road one hex wide), an unedited map still exports code
 * for code, and a road drawn in Sandtable exports as Wesnoth's road codes, overlays kept.
 */
import { describe, expect, it } from 'vitest';
import { loadDefaultCatalogue } from '../../terrain/catalogue.testkit.js';
import { parseWesnothMap, writeWesnothMap } from './wesnoth-map.js';
import { wesnothToTerrainMap } from './terrain.js';
import { DEFAULT_WESNOTH_MAPPING } from './default-mapping.js';
import { exportWesnoth } from './export.js';
import { isRoadCode } from './roads.js';
import { NetworkSides } from '../../map/network-sides.js';
import { networkComponents, networkCrossings, networkDeadEnds } from '../../map/network-query.js';
import { applyNetworkPlan, planNetworkDraw } from '../../map/network-plan.js';
import { chainThrough } from '../../map/network-edit.js';

// 6×4 with Wesnoth's border ring (4×2 playable): a cobbled road along row 2 through a village, grass elsewhere.
const MAP = `Gg, Gg, Gg, Gg, Gg, Gg
Rr, Rr, Rr^Vh, Rr, Rr, Rr
Gg, Gg, Gs^Fp, Gg, Gg, Gg
Gg, Gg, Gg, Gg, Gg, Gg
`;

describe('Wesnoth roads', () => {
  it('road codes are bases starting with R, overlays aside', () => {
    expect(['Rr', 'Re', 'Rb^Vh', 'Rrc'].every(isRoadCode)).toBe(true);
    expect(['Gg', 'Gg^Vh', 'Wwt', 'Mm^Xm'].some(isRoadCode)).toBe(false);
  });

  it('import a road of hexes as one through-tile chain; export it back code for code', () => {
    const data = parseWesnothMap(MAP, 'road.map');
    const map = wesnothToTerrainMap(data, DEFAULT_WESNOTH_MAPPING, { source: 'road.map' });
    const road = map.palette.indexOf('road') + 1;
    expect(road).toBeGreaterThan(0);
    const sides = NetworkSides.of(map);
    const comps = networkComponents(map.networks!, sides, road);
    expect(comps).toHaveLength(1);
    // The file's outer ring is Wesnoth's border: the playable road is the row's four inner hexes.
    const roadHexes = (map.meta.wesnoth as { codes: string[] }).codes.filter((c) => isRoadCode(c)).length;
    expect(roadHexes).toBe(4);
    expect(comps[0]!.tiles).toHaveLength(roadHexes);
    // A road one hex wide: two ends, no junctions.
    expect(networkDeadEnds(map.networks!, sides, road).filter((d) => d.reason === 'ends-in-tile')).toHaveLength(2);
    expect(networkCrossings(map.networks!, sides, road, () => 0).filter((c) => c.type === 'junction')).toEqual([]);
    const out = exportWesnoth(map, { mapping: DEFAULT_WESNOTH_MAPPING });
    expect(writeWesnothMap(out.data)).toBe(writeWesnothMap(data));
    // Without roads the import is as before.
    expect(wesnothToTerrainMap(data, DEFAULT_WESNOTH_MAPPING, { roads: false }).networks).toBeNull();
  });

  it('a road drawn in Sandtable exports as Rr hexes, a village on it as Rr^Vh', () => {
    const data = parseWesnothMap(MAP, 'road.map');
    const map = wesnothToTerrainMap(data, DEFAULT_WESNOTH_MAPPING, { source: 'road.map', roads: false });
    const catalogue = loadDefaultCatalogue();
    const sides = NetworkSides.of(map);
    // From the forest hex to a grass neighbour.
    const tileCodes = (map.meta.wesnoth as { codes: string[] }).codes;
    const forest = tileCodes.indexOf('Gs^Fp');
    const grass = [...Array(6).keys()].map((d) => sides.across(forest, d)).find((n) => n >= 0 && tileCodes[n] === 'Gg')!;
    const chain = chainThrough(sides, [forest, grass]);
    applyNetworkPlan(map, planNetworkDraw(map, catalogue, 'road', chain));
    const out = writeWesnothMap(exportWesnoth(map, { mapping: DEFAULT_WESNOTH_MAPPING }).data);
    expect(out).toContain('Rr^Fp');
    expect(out.split(/[\s,]+/).filter((c) => c.startsWith('Rr')).length).toBe(data.codes.filter((c) => c.startsWith('Rr')).length + 2);
    expect(out).not.toContain('Gs^Fp');
  });
});
