/**
 * The solver on the starter square set (resources/tiles/starter/square), whose rivers and
 * forest edges close on themselves: large maps once ended at the work bound, the search
 * thrashing in plain backtracking (explanations too long to walk). Work counts, not times
 * (bench/assemble.bench.ts has the times). The set is taken without its road ends (at a
 * village, added for issue 25's end rule): without them every road must close or reach the
 * map's edge, the hard instance these tests keep the solver honest on.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkAssembly } from '../core/assemble/check.js';
import { InstanceLayer } from '../core/map/instance-layer.js';
import { AssemblyLibrary } from '../core/assemble/library.js';
import { assemble } from '../core/assemble/solver.js';
import { buildTopology, shapeClassesOf } from '../core/assemble/topology.js';
import { createGrid } from '../core/grid/create.js';
import { importSvg } from '../core/vector/svg.js';
import { listVectorTileFiles } from '../node/formats/vector-files.js';

const dir = fileURLToPath(new URL('../resources/tiles/starter/square', import.meta.url));
const tiles = listVectorTileFiles(dir).map((p) => importSvg(readFileSync(p, 'utf8'), p).tile).filter((t) => !t.id.startsWith('sq-road-end'));

function run(side: number, connected: boolean) {
  const g = createGrid({ size: { kind: 'square', width: side, height: side } });
  const topology = buildTopology(g);
  const lib = new AssemblyLibrary(tiles, { shapeClasses: shapeClassesOf(topology) });
  const connectivity = connected ? { connectivity: { terrains: ['road'] } } : {};
  return { g, r: assemble(new InstanceLayer(g), lib, { seed: 1, topology, ...connectivity }) };
}

describe('assembly with the starter square set', () => {
  it('40×40 with connected roads: checked by the independent checker, explanation walks kept short once they prove useless', () => {
    const { g, r } = run(40, true);
    expect(r.ok, r.ok ? '' : r.message).toBe(true);
    if (!r.ok) return;
    expect(checkAssembly(g, r.layer, tiles, { connectivity: { terrains: ['road'] } })).toEqual([]);
    const e = r.stats.explanations;
    // Every walk on this set is cut: after the first, each stops at the floor, not at 20 000.
    expect(e.walks).toBeGreaterThan(0);
    expect(e.walked).toBeLessThan(20_001 + e.walks * 5_001);
    // The choice heuristic looks at the cells that changed, not 1600 per decision.
    expect(r.stats.cellsExamined / r.stats.decisions).toBeLessThan(50);
  });

  it('100×100 assembles within the default work bound: the thrash unwinds instead of backtracking for ever', () => {
    const { r } = run(100, false);
    expect(r.ok, r.ok ? '' : r.message).toBe(true);
    expect(r.stats.unwinds).toBeGreaterThan(0);
    // A fill removes 471 of 472 candidates in each of 10 000 cells; little work beyond that.
    expect(r.stats.work).toBeLessThan(2 * 472 * 10_000);
  });
});
