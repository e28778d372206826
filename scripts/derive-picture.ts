/**
 * Draws derived tactical ground to look at (issue 15): a strategic selection of forest, hills,
 * a town and clear ground with a river across it and a road bridging the river, derived with
 * core/derive and exported with core/export's renderPng. Regenerates docs/pictures/derive-*.png:
 * `node --import tsx scripts/derive-picture.ts square docs/pictures/derive-square-1-10.png`
 * (kinds: square, hex-rectangle, offset-square).
 */
import { writeFileSync } from 'node:fs';
import { deriveTactical } from '../core/derive/derive.js';
import { catalogue, layLine, strategicMap } from '../core/derive/derive.testkit.js';
import { classifyTile, TileClass } from '../core/alform/classify.js';
import { renderPng } from '../core/export/png.js';
import type { GridSize } from '../core/grid/types.js';

const [kind = 'square', out = '/tmp/derived.png'] = process.argv.slice(2);
const size = { kind, width: 21, height: 21 } as GridSize;
const map = strategicMap(size, 1);
const isArea = (t: number): boolean => classifyTile(map.grid, t) === TileClass.AREA;
let ref = -1;
let most = 0;
for (let t = 0; t < map.grid.tileCount; t++) {
  if (!isArea(t)) continue;
  const n = map.grid.range(t, 9).length;
  if (n > most) [ref, most] = [t, n];
}
// Ground: a forest to the west, hills to the south-east, a town in the middle, clear elsewhere.
const tiles = [ref, ...Array.from(map.grid.range(ref, 6)).filter((t) => t !== ref && isArea(t))];
for (let t = 0; t < map.grid.tileCount; t++) map.setTerrain(t, isArea(t) ? 'clear' : '');
const [rx, ry] = map.grid.center(ref);
for (const t of tiles) {
  const [x, y] = map.grid.center(t);
  map.setTerrain(t, map.grid.distance(t, ref) <= 1 ? 'urban' : x < rx - 1.5 ? 'forest' : y < ry - 1.0 ? 'hills' : 'clear');
}
// A river across the selection, and a road from one side to the other bridging it.
const linear = Array.from(map.grid.range(ref, 6)).filter((t) => !isArea(t));
const far = (a: number): number => linear.reduce((b, t) => (map.grid.distance(t, a) > map.grid.distance(b, a) ? t : b), linear[0]!);
const e1 = far(ref);
const e2 = far(e1);
layLine(map, e1, e2, 'river');
const river = new Set(linear.filter((t) => map.terrainAt(t) === 'river'));
// The road runs straight west to east through the town, crossing the river on a bridge.
// Of the rows near the town, the one crossing the river at fewest tiles (on hex the river may run along a row).
const [, cy] = map.grid.coord(ref) as [number, number];
const rowOf = (t: number): number => (map.grid.coord(t) as [number, number])[1]!;
const crossings = (y: number): number => linear.filter((t) => rowOf(t) === y && river.has(t)).length;
const roadRow = [cy + 1, cy - 1, cy + 3, cy - 3].reduce((b, y) => (crossings(y) >= 1 && (crossings(b) === 0 || crossings(y) < crossings(b)) ? y : b));
for (const t of linear) if (rowOf(t) === roadRow) map.setTerrain(t, river.has(t) ? 'river-bridge' : 'road');
const derived = deriveTactical(map, { catalogue, tiles, seed: 3 });
writeFileSync(out, renderPng(derived, catalogue, { size: 1100, legend: true, numbers: false }, 'derived').bytes);
console.log(`${derived.grid.tileCount} tiles: ${derived.palette.join(', ')}`);
