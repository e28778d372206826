/**
 * Labels through Tiled (issue 30 item 1): a map's labels leave as text objects of the
 * "Sandtable labels" layer that Tiled shows in place, and come back exactly in TMX and TMJ —
 * classic and AL-FORM maps, tile, point and along anchors.
 */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../../map/terrain-map.js';
import { classicToAlform } from '../../map/alform-transfer.js';
import type { MapLabel } from '../../map/labels.js';
import { loadDefaultCatalogue } from '../../terrain/catalogue.testkit.js';
import { compileColours } from '../../terrain/compiled.js';
import { terrainSwatches } from './swatches.js';
import { generateMapping, terrainMapToTiled, tiledToTerrainMap } from './terrain.js';
import { parseTmx, writeTmx } from './tmx.js';
import { parseTmj, writeTmj } from './tmj.js';
import { LABELS_LAYER_NAME } from './labels.js';

const catalogue = loadDefaultCatalogue();

function roundTrips(map: TerrainMap): { back: TerrainMap[]; tmx: string } {
  const sw = terrainSwatches(map.palette, compileColours(catalogue, map.palette), map.spec.kind === 'square' ? 'square' : 'hex', 't.png');
  const tiled = terrainMapToTiled(map, sw.reverse);
  const tmx = writeTmx(tiled);
  const back = [parseTmx(tmx, { source: 'm.tmx' }), parseTmj(writeTmj(tiled), { source: 'm.tmj' })].map((t) => {
    expect(t.skipped).toEqual([]);
    return tiledToTerrainMap(t, generateMapping(t), { source: 'm' });
  });
  return { back, tmx };
}

function withLabels(map: TerrainMap, labels: MapLabel[]): TerrainMap {
  map.labels = labels;
  return map;
}

describe('labels through Tiled', () => {
  it('a classic hex map: text objects Tiled shows, read back exactly', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 8, height: 6 }, palette: ['clear'] });
    map.layers.terrain.fill(1);
    const c = map.grid.center(20);
    withLabels(map, [
      { id: 'l1', text: 'Bastogne', anchor: { tile: 20 }, style: 'place', size: 0.45, rotation: 0 },
      { id: 'l2', text: 'Ourthe', anchor: { along: [9, 10] }, style: 'river', size: 0.3, rotation: 0 },
      { id: 'n', text: 'Ford <here> & "there"', anchor: { point: [c[0]! + 0.25, c[1]! - 0.1] }, style: 'note', size: 0.3, rotation: 15 },
    ]);
    const { back, tmx } = roundTrips(map);
    expect(tmx).toMatch(new RegExp(`<objectgroup [^>]*name="${LABELS_LAYER_NAME}"`));
    expect(tmx).toMatch(/<text fontfamily="serif" pixelsize="\d+" bold="1" color="#1b1b1b" halign="center" valign="center">Bastogne<\/text>/);
    expect(tmx).toMatch(/rotation="-15"/);
    for (const m of back) expect(m.labels).toEqual(map.labels);
  });

  it('an AL-FORM square map comes back AL-FORM with the same labels on the same tiles', () => {
    const classic = TerrainMap.create({ size: { kind: 'square', width: 5, height: 4 }, palette: ['clear'] });
    classic.layers.terrain.fill(1);
    const map = classicToAlform(classic);
    const area = map.grid.index([4, 2]);
    withLabels(map, [{ id: 'l1', text: 'Hill 402', anchor: { tile: area }, style: 'hex', size: 0.3, rotation: 0 }]);
    for (const m of roundTrips(map).back) {
      expect(m.spec.alform).toBe(true);
      expect(m.labels).toEqual(map.labels);
    }
  });

  it('a map without labels writes no label layer', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 }, palette: ['clear'] });
    expect(roundTrips(map).tmx).not.toContain(LABELS_LAYER_NAME);
  });
});
