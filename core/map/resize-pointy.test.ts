import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { resizeMap, type ResizeAnchor } from './resize.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';

const catalogue = loadDefaultCatalogue();

/** Row (0 = top) and place in the row (0 = left) of every forest tile, as the map is drawn. */
function forestPlaces(map: TerrainMap): string[] {
  const g = map.grid;
  const ys = [...new Set(Array.from({ length: g.tileCount }, (_, i) => g.center(i)[1]!.toFixed(6)))].map(Number).sort((a, b) => b - a);
  const xs = [...new Set(Array.from({ length: g.tileCount }, (_, i) => g.center(i)[0]!.toFixed(6)))].map(Number).sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < g.tileCount; i++) {
    if (map.terrainAt(i) !== 'forest') continue;
    const [x, y] = g.center(i);
    out.push(`${ys.indexOf(Number(y!.toFixed(6)))},${xs.indexOf(Number(x!.toFixed(6)))}`);
  }
  return out.sort();
}

describe('resizing a pointy-top map (issue 30)', () => {
  // 4 rows of 5 hexes; forest on the top-left hex.
  const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 4, height: 5 }, orientation: 'pointy', palette: ['clear', 'forest'] });
  map.layers.terrain.fill(1);
  map.setTerrain(0, 'forest');
  const grow = (anchor: ResizeAnchor) => resizeMap(map, catalogue, { kind: 'hex-rectangle', width: 6, height: 5 }, anchor, 'clear').map;

  it('reads the anchor on the screen: "n" keeps the top rows, "s" the bottom ones', () => {
    expect(forestPlaces(map)).toEqual(['0,1']); // row 0; place 1 because row 1 starts half a hex further left
    const keepTop = grow('n');
    expect(keepTop.spec.orientation).toBe('pointy');
    expect(forestPlaces(keepTop)).toEqual(['0,1']);
    // Two rows added above: the forest is now in row 2, still first in its row.
    expect(forestPlaces(grow('s'))).toEqual(['2,1']);
  });
});
