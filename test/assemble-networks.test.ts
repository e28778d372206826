/**
 * Issue 25 "assembled maps read as maps": the solver's map rules (core/assemble modes.ts
 * `mapRules`) on the starter library, on a square map, a hexagon map and the globe, a few
 * seeds each — measured by core/assemble network-shape.ts, which knows nothing of the solver.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PATCH_BIAS, mapRules } from '../core/assemble/modes.js';
import { AssemblyLibrary } from '../core/assemble/library.js';
import { networkRolesOf } from '../core/assemble/network-ends.js';
import { networkShape } from '../core/assemble/network-shape.js';
import { assemble } from '../core/assemble/solver.js';
import { buildTopology, shapeClassesOf } from '../core/assemble/topology.js';
import { createGrid } from '../core/grid/create.js';
import type { GridSize } from '../core/grid/types.js';
import { InstanceLayer } from '../core/map/instance-layer.js';
import { parseCatalogue } from '../core/terrain/catalogue.js';
import { importSvg } from '../core/vector/svg.js';
import { matchOptionsFrom } from '../core/vector/terrain-rules.js';
import { listVectorTileFiles } from '../node/formats/vector-files.js';

const root = fileURLToPath(new URL('../resources/', import.meta.url));
const catalogue = parseCatalogue(JSON.parse(readFileSync(`${root}terrain/default.json`, 'utf8')));
const roles = networkRolesOf(catalogue);
const starter = (shape: string) => listVectorTileFiles(`${root}tiles/starter/${shape}`).map((p) => importSvg(readFileSync(p, 'utf8'), p).tile);
const SEEDS = [1, 2, 3];
const CASES: { name: string; size: GridSize; shape: string }[] = [
  { name: 'square 20×20', size: { kind: 'square', width: 20, height: 20 }, shape: 'square' },
  { name: 'hex 16×12', size: { kind: 'hex-rectangle', width: 16, height: 12 }, shape: 'hex' },
  { name: 'globe side 3', size: { kind: 'icosahedron', side: 3 }, shape: 'hex' },
];

describe.each(CASES)('the map rules on the starter library, $name', ({ size, shape }) => {
  const g = createGrid({ size });
  const topology = buildTopology(g);
  const tiles = starter(shape);
  const lib = new AssemblyLibrary(tiles, { match: matchOptionsFrom(catalogue), shapeClasses: shapeClassesOf(topology) });
  const shapes = (rules: boolean) =>
    SEEDS.map((seed) => {
      const r = assemble(new InstanceLayer(g), lib, { seed, topology, ...(rules ? mapRules(catalogue) : {}) });
      expect(r.ok, r.ok ? '' : r.message).toBe(true);
      return r.ok ? networkShape(g, r.layer, tiles, roles).totals : null;
    });

  it('no dead ends and no loops: every river and road ends at a source, a mouth, a settlement or the border, and none closes on itself', () => {
    for (const t of shapes(true)) expect(t).toMatchObject({ deadEnds: 0, loops: 0 });
  });
});

it('the patch bias makes fewer single-tile patches on the square and hexagon starter maps (6 seeds each)', () => {
  let withBias = 0;
  let without = 0;
  for (const { size, shape } of [CASES[0]!, CASES[1]!]) {
    const g = createGrid({ size });
    const tiles = starter(shape);
    const lib = new AssemblyLibrary(tiles, { match: matchOptionsFrom(catalogue) });
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      for (const patches of [0, PATCH_BIAS]) {
        const r = assemble(new InstanceLayer(g), lib, { seed, ...mapRules(catalogue), patches });
        expect(r.ok).toBe(true);
        // Seeded: the bias reweights the one draw, so the same seed gives the same map.
        if (patches && seed === 1 && r.ok) expect(assemble(new InstanceLayer(g), lib, { seed, ...mapRules(catalogue), patches }).ok && r.layer.toJSON()).toEqual(r.layer.toJSON());
        const n = r.ok ? networkShape(g, r.layer, tiles, roles).totals.singlePatches : 0;
        if (patches) withBias += n;
        else without += n;
      }
    }
  }
  expect(withBias).toBeLessThan(without);
});

it('without the rules the square starter map has dead ends inside and loops (the test above can fail)', () => {
  const g = createGrid({ size: { kind: 'square', width: 20, height: 20 } });
  const tiles = starter('square');
  const lib = new AssemblyLibrary(tiles, { match: matchOptionsFrom(catalogue) });
  const totals = SEEDS.map((seed) => {
    const r = assemble(new InstanceLayer(g), lib, { seed });
    return r.ok ? networkShape(g, r.layer, tiles, roles).totals : { deadEnds: 0, loops: 0 };
  });
  expect(totals.reduce((a, t) => a + t.deadEnds, 0)).toBeGreaterThan(0);
  expect(totals.reduce((a, t) => a + t.loops, 0)).toBeGreaterThan(0);
});
