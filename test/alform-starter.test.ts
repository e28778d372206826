/**
 * AL-FORM assembly and rerouting with the starter library's hexagons (clear, forest, hills,
 * road — the area terrain a river cuts), loaded the way the starter-tiles test loads them:
 * the independent checker finds nothing, forest edges, contours and roads are rerouted.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCatalogue } from '../core/terrain/catalogue.js';
import { importSvg } from '../core/vector/svg.js';
import { HEX } from '../core/vector/shape.js';
import { listVectorTileFiles } from '../node/formats/vector-files.js';
import { assembleAlForm, AssemblyLibrary, buildAlFormTopology, checkAssembly, LinearLayer, placeLinearFeature } from '../core/assemble/index.js';
import { alformGridOf, riverTiles, riverWalk } from '../core/assemble/alform.testkit.js';

const root = fileURLToPath(new URL('../resources/', import.meta.url));
const catalogue = parseCatalogue(JSON.parse(readFileSync(join(root, 'terrain/default.json'), 'utf8')));
const terrains = new Set(catalogue.terrains.map((t) => t.id));
const tiles = ['clear', 'forest', 'hills', 'road'].flatMap((c) =>
  listVectorTileFiles(join(root, 'tiles/starter/hex', c)).map((p) => importSvg(readFileSync(p, 'utf8'), p, { terrains }).tile),
);

describe('AL-FORM assembly with the starter hexagons', () => {
  for (const seed of [5, 8]) {
    it(`seed ${seed}: a river across the map, everything it meets rerouted, the checker finds nothing`, () => {
      const g = alformGridOf({ kind: 'hex-rectangle', width: 7, height: 6 });
      const rivers = riverTiles(HEX);
      const linear = new LinearLayer(g);
      placeLinearFeature(linear, riverWalk(g, seed, 14), rivers);
      const r = assembleAlForm(g, new AssemblyLibrary(tiles), { seed, linear, linearTiles: rivers });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const routes = r.rerouted!.routesByStep.reduce((a, b) => a + b, 0);
      expect(routes).toBeGreaterThan(0);
      const topo = buildAlFormTopology(g);
      expect(checkAssembly(g, r.layer, tiles, { region: topo.areaCells, alform: { linear: r.linear, linearTiles: rivers, rerouted: r.rerouted!.tiles } })).toEqual([]);
    });
  }
});
