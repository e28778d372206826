/**
 * Everyday editing on a map of a million tiles (issue 14): which tiles a rectangle covers
 * (core/map/region-select.ts scans every tile centre), copying that region and planning its
 * paste elsewhere (core/map/region.ts), and resizing the map with an anchor (core/map/resize.ts).
 * No peer does these on our maps; the figures say what a designer waits for. → bench/results/regions.json.
 */
import { TerrainMap } from '../core/map/terrain-map.js';
import { tilesInPolygon, rectanglePolygon } from '../core/map/region-select.js';
import { copyRegion, planPasteRegion, regionAnchor } from '../core/map/region.js';
import { resizeMap } from '../core/map/resize.js';
import { loadDefaultCatalogue } from '../core/terrain/catalogue.testkit.js';
import { timeOnce, writeResult } from './harness.js';

export default async function run(): Promise<string> {
  const catalogue = loadDefaultCatalogue();
  // AL-FORM hex map of 1001 × 999 = 1 000 000 tiles (the image of a 501 × 500 classic map).
  const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 1001, height: 999 }, alform: true });
  const grid = map.grid;
  for (let t = 0; t < map.tileCount; t += 7) map.layers.terrain[t] = map.terrainIndex(t % 2 ? 'forest' : 'clear');
  const [cx, cy] = grid.center(grid.index([500, 500])) as [number, number];
  const half = 50; // a 100 × 100 spacing square: about 10 000 tiles
  const project = (t: number): readonly [number, number] => {
    const c = grid.center(t);
    return [c[0]!, c[1]!];
  };
  const box = rectanglePolygon(cx - half, cy - half, cx + half, cy + half);
  // Seeded with the tile under a corner (what the views pass) against a scan of every tile.
  const select = timeOnce(() => tilesInPolygon(grid, true, box, project, [grid.pick([cx - half + 0.5, cy - half + 0.5])]));
  const scan = timeOnce(() => tilesInPolygon(grid, true, box, project), 1);
  if (scan.result.length !== select.result.length) throw new Error('the seeded and the scanning rectangle disagree');
  const tiles = select.result;
  const anchor = regionAnchor(map, tiles);
  const copy = timeOnce(() => copyRegion(map, tiles, anchor));
  let target = anchor;
  for (let k = 0; k < 40; k++) target = grid.neighbor(target, 1);
  const paste = timeOnce(() => planPasteRegion(map, catalogue, copy.result, target));

  const classic = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 1000, height: 1000 } });
  const resize = timeOnce(() => resizeMap(classic, catalogue, { kind: 'hex-rectangle', width: 1100, height: 1000 }, 'e', 'clear'), 1);

  return writeResult('regions', {
    mapTiles: map.tileCount,
    rectangle: { tiles: tiles.length, ms: Math.round(select.ms), fullScanMs: Math.round(scan.ms) },
    copy: { cells: copy.result.values.length, ms: Math.round(copy.ms) },
    planPaste: { changes: paste.result.changes.length, ms: Math.round(paste.ms) },
    resize: { from: '1000x1000', to: '1100x1000', addedTiles: resize.result.plan.added, ms: Math.round(resize.ms) },
  });
}
