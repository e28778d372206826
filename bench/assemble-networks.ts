/**
 * Issue 25's map rules (core/assemble modes.ts `mapRules`: no dead ends, no loops, the patch
 * bias) on the starter library: the solver's time with and without them on a 40×40 square and
 * a 30×20 hex map, a few seeds, and what core/assemble network-shape.ts counts in each result
 * (dead ends, loops, sources, mouths, single-tile patches). Part of `npm run bench -- assemble`;
 * ASSEMBLE_NETWORKS_ONLY=1 runs only this.
 */
import { readFileSync } from 'node:fs';
import { AssemblyLibrary } from '../core/assemble/library.js';
import { mapRules } from '../core/assemble/modes.js';
import { networkRolesOf } from '../core/assemble/network-ends.js';
import { networkShape } from '../core/assemble/network-shape.js';
import { assemble } from '../core/assemble/solver.js';
import { buildTopology, shapeClassesOf } from '../core/assemble/topology.js';
import { createGrid } from '../core/grid/create.js';
import type { GridSize } from '../core/grid/types.js';
import { InstanceLayer } from '../core/map/instance-layer.js';
import { parseCatalogue } from '../core/terrain/catalogue.js';
import type { VectorTile } from '../core/vector/types.js';
import { matchOptionsFrom } from '../core/vector/terrain-rules.js';

const SEEDS = [1, 2, 3];

export interface NetworkRulesRow {
  readonly case: string;
  readonly rules: 'none' | 'map rules';
  readonly seed: number;
  readonly ok: boolean;
  readonly ms: number;
  readonly backjumps: number;
  readonly deadEnds: number;
  readonly loops: number;
  readonly sources: number;
  readonly mouths: number;
  readonly singlePatches: number;
}

export function runNetworkRules(tileSets: { square: VectorTile[]; hex: VectorTile[] }): NetworkRulesRow[] {
  const catalogue = parseCatalogue(JSON.parse(readFileSync(new URL('../resources/terrain/default.json', import.meta.url), 'utf8')));
  const roles = networkRolesOf(catalogue);
  const cases: { name: string; size: GridSize; tiles: 'square' | 'hex' }[] = [
    { name: 'square 40×40', size: { kind: 'square', width: 40, height: 40 }, tiles: 'square' },
    { name: 'hex 30×20', size: { kind: 'hex-rectangle', width: 30, height: 20 }, tiles: 'hex' },
  ];
  const rows: NetworkRulesRow[] = [];
  for (const c of cases) {
    const g = createGrid({ size: c.size });
    const topology = buildTopology(g);
    const tiles = tileSets[c.tiles];
    const lib = new AssemblyLibrary(tiles, { match: matchOptionsFrom(catalogue), shapeClasses: shapeClassesOf(topology) });
    for (const rules of ['none', 'map rules'] as const) {
      for (const seed of SEEDS) {
        const t0 = performance.now();
        const r = assemble(new InstanceLayer(g), lib, { seed, topology, ...(rules === 'none' ? {} : mapRules(catalogue)) });
        const ms = Math.round(performance.now() - t0);
        const t = r.ok ? networkShape(g, r.layer, tiles, roles).totals : { deadEnds: -1, loops: -1, sources: -1, mouths: -1, singlePatches: -1 };
        rows.push({ case: c.name, rules, seed, ok: r.ok, ms, backjumps: r.stats.backjumps, ...t });
        process.stdout.write(`  ${c.name} ${rules} seed ${seed}: ${r.ok ? 'ok' : r.reason} ${ms} ms, ${r.stats.backjumps} backjumps; dead ends ${t.deadEnds}, loops ${t.loops}, single patches ${t.singlePatches}\n`);
      }
    }
  }
  return rows;
}
