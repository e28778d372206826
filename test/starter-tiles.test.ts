/**
 * The starter library of vector-form tiles (resources/tiles/starter/): the committed SVG
 * files are what the recipes (scripts/starter-tiles.ts) draw, every tile is valid with the
 * default catalogue's terrains, SVG import → export → import is the identity on each, and
 * every edge of every tile has several tiles that can sit across it, so automatic assembly
 * has choices.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCatalogue } from '../core/terrain/catalogue.js';
import { FitIndex } from '../core/vector/fit-index.js';
import { edgeIndicators } from '../core/vector/indicators.js';
import { edgeSignature } from '../core/vector/match.js';
import { shapeOrientations } from '../core/vector/orientation.js';
import { facingDirection } from '../core/vector/shape.js';
import { exportSvg, importSvg } from '../core/vector/svg.js';
import { listVectorTileFiles } from '../node/formats/vector-files.js';
import { starterTiles } from '../scripts/starter-tiles.js';

const root = fileURLToPath(new URL('../resources/', import.meta.url));
const catalogue = parseCatalogue(JSON.parse(readFileSync(join(root, 'terrain/default.json'), 'utf8')));
const terrains = new Set(catalogue.terrains.map((t) => t.id));
const dir = join(root, 'tiles/starter');
const files = listVectorTileFiles(dir);
const read = (p: string) => importSvg(readFileSync(p, 'utf8'), p, { terrains });
const byShape = (shape: string) => files.filter((p) => relative(dir, p).startsWith(`${shape}${sep}`)).map((p) => read(p).tile);

describe('the starter library', () => {
  it('is what the recipes draw (run scripts/make-starter-tiles.ts after changing them)', () => {
    const generated = starterTiles(terrains);
    const expected = new Map<string, string>();
    for (const [shape, list] of Object.entries(generated)) for (const { category, tile } of list) expected.set(join(shape, category, `${tile.id}.svg`), exportSvg(tile));
    expect(files.map((p) => relative(dir, p)).sort()).toEqual([...expected.keys()].sort());
    for (const p of files) expect(readFileSync(p, 'utf8'), p).toBe(expected.get(relative(dir, p)));
  });

  it('has at least 60 hexagons and 30 squares in the categories the issue asks for', () => {
    const categories = (shape: string) => [...new Set(files.filter((p) => relative(dir, p).startsWith(`${shape}${sep}`)).map((p) => relative(dir, p).split(sep)[1]))].sort();
    expect(byShape('hex').length).toBeGreaterThanOrEqual(60);
    expect(byShape('square').length).toBeGreaterThanOrEqual(30);
    expect(categories('hex')).toEqual(['bridge', 'clear', 'coast', 'forest', 'hills', 'lake', 'river', 'road']);
    expect(categories('square')).toEqual(['bridge', 'clear', 'forest', 'geomorph', 'river', 'road']);
    expect(files.filter((p) => p.includes(`${sep}geomorph${sep}`)).length).toBeGreaterThanOrEqual(30);
    // Hills come as contours at three heights, with peaks.
    const hills = byShape('hex').flatMap((t) => t.elements).filter((e) => e.terrain === 'hills');
    expect([...new Set(hills.map((e) => (e.kind === 'area' ? e.height : 'peak')))].sort()).toEqual([100, 200, 300, 'peak']);
  });

  it('round-trips every tile through SVG: import → export → import is the identity', () => {
    for (const p of files) {
      const { tile, warnings } = read(p);
      expect(warnings).toEqual([]);
      const text = exportSvg(tile);
      expect(importSvg(text, p, { terrains }).tile, p).toEqual(tile);
      expect(exportSvg(importSvg(text, p).tile)).toBe(text);
    }
  });

  for (const shape of ['hex', 'square']) {
    it(`gives every ${shape} edge several tiles that can sit across it`, () => {
      const tiles = byShape(shape);
      const index = new FitIndex();
      for (const t of tiles) index.add(t, shapeOrientations(t.shape));
      const signatures = new Map<string, Set<string>>();
      for (const t of tiles) {
        for (const ind of edgeIndicators(t)) {
          const across = new Set(index.query([{ dir: facingDirection(t.shape, ind.dir), facing: ind }]).map((c) => c.tile));
          expect(across.size, `${t.id} edge ${ind.dir}: ${[...across].join(', ')}`).toBeGreaterThanOrEqual(2);
          const sig = edgeSignature(ind);
          signatures.set(sig, (signatures.get(sig) ?? new Set()).add(t.id));
        }
      }
      // Each signature drawn is drawn by several tiles (variants), not one.
      for (const [sig, ids] of signatures) expect(ids.size, sig).toBeGreaterThanOrEqual(2);
    });
  }
});

