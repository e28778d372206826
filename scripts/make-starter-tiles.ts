/**
 * Writes the starter library of vector-form tiles (scripts/starter-tiles.ts has the recipes)
 * as SVG files designers can open in Inkscape: resources/tiles/starter/<shape>/<category>/<id>.svg.
 * The folder is replaced as a whole, so a recipe removed here leaves no stale file.
 *
 *   node --import tsx scripts/make-starter-tiles.ts
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parseCatalogue } from '../core/terrain/catalogue.js';
import { exportSvg } from '../core/vector/svg.js';
import { starterTiles } from './starter-tiles.js';

const root = fileURLToPath(new URL('../resources/', import.meta.url));
const catalogue = parseCatalogue(JSON.parse(readFileSync(join(root, 'terrain/default.json'), 'utf8')));
const tiles = starterTiles(new Set(catalogue.terrains.map((t) => t.id)));
const out = join(root, 'tiles/starter');
rmSync(out, { recursive: true, force: true });
for (const [shape, list] of Object.entries(tiles)) {
  for (const { category, tile } of list) {
    const dir = join(out, shape, category);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${tile.id}.svg`), exportSvg(tile));
  }
  process.stdout.write(`${shape}: ${list.length} tiles\n`);
}
