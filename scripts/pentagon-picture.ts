/**
 * Draws the 12 pentagons of a globe assembled from the starter hexagons, and below them a
 * few starter hexagons with closed features (lake, hill, clearing, island, copse, the
 * crossroads) beside their pentagon warps, to look at (issue 31: nothing may vanish).
 * `node --import tsx scripts/pentagon-picture.ts out.svg [seed]` then `convert out.svg out.png`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assemble, AssemblyLibrary, decodePlacement, placedTile } from '../core/assemble/index.js';
import { createGrid } from '../core/grid/create.js';
import { IcosahedronGrid } from '../core/grid/icosahedron/icosahedron-grid.js';
import { InstanceLayer } from '../core/map/instance-layer.js';
import { parseCatalogue } from '../core/terrain/catalogue.js';
import { thumbnailScene, thumbnailStyle, thumbnailSvg } from '../core/export/thumbnail.js';
import { PENTAGON } from '../core/vector/shape.js';
import { importSvg } from '../core/vector/svg.js';
import type { VectorTile } from '../core/vector/types.js';
import { warpHexTile } from '../core/vector/warp.js';
import { listVectorTileFiles } from '../node/formats/vector-files.js';

const out = process.argv[2] ?? 'pentagons.svg';
const seed = Number(process.argv[3] ?? 1);
const root = new URL('../resources/', import.meta.url).pathname;
const catalogue = parseCatalogue(JSON.parse(readFileSync(join(root, 'terrain/default.json'), 'utf8')));
const tiles = listVectorTileFiles(join(root, 'tiles/starter/hex')).map((p) => importSvg(readFileSync(p, 'utf8'), p).tile);
const style = thumbnailStyle(catalogue);
const SIZE = 160;
const cells: { tile: VectorTile; label: string }[] = [];

const grid = createGrid({ size: { kind: 'icosahedron', side: 3 } });
const r = assemble(new InstanceLayer(grid), new AssemblyLibrary(tiles), { seed });
if (!r.ok) throw new Error(r.message);
if (!(grid instanceof IcosahedronGrid)) throw new Error('not a globe');
for (const p of grid.pentagons()) {
  const inst = r.layer.get(p)!;
  const tile = tiles.find((t) => t.id === inst.tile)!;
  cells.push({ tile: placedTile(tile, decodePlacement(inst.code), PENTAGON), label: `${p}: ${tile.id}` });
}
for (const id of ['hex-lake-1', 'hex-hill-high-1', 'hex-forest-clearing-1', 'hex-sea-island-1', 'hex-clear-copse-1', 'hex-road-crossroads-1']) {
  const tile = tiles.find((t) => t.id === id);
  if (!tile) continue;
  cells.push({ tile, label: id }, { tile: warpHexTile(tile, PENTAGON).tile, label: `${id} warped` });
}
const cols = 6;
const parts = cells.map((c, i) => {
  const x = (i % cols) * (SIZE + 10), y = Math.floor(i / cols) * (SIZE + 24);
  // The thumbnail's drawing without its own <svg> wrapper, moved into place (pixels, viewBox 0 0 SIZE SIZE).
  const inner = thumbnailSvg(thumbnailScene(c.tile, style, SIZE)).replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return `<g transform="translate(${x} ${y})">${inner}</g><text x="${x + 2}" y="${y + SIZE + 14}" font-size="10" font-family="sans-serif">${c.label}</text>`;
});
const w = cols * (SIZE + 10), h = Math.ceil(cells.length / cols) * (SIZE + 24);
writeFileSync(out, `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="white"/>${parts.join('')}</svg>`);
