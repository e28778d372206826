/**
 * `npm run bench -- world` (issue 27): a generated world stage by stage, on
 * - a 1000 × 1000 hex map (1 M tiles; generated on its AL-FORM image, 4 M grid tiles), and
 * - the Earth-size globe (icosahedron side 153, about 237 000 tiles),
 * every stage (elevation … networks) timed through generateWorld's stage callback, the total
 * printed beside the target (1 M tiles under 10 s). Azgaar's Fantasy Map Generator's own
 * published per-stage figures (its bench/baseline.json, see shared/ANCHORS.md) are given per
 * cell as a REFERENCE, not a run: its cells are Voronoi cells, 10 k–100 k of them.
 * Results → bench/results/world.json.
 */
import { generateWorld, type WorldStage } from '../core/generate/world.js';
import type { GridSize } from '../core/grid/types.js';
import { writeResult } from './harness.js';

const TARGET_MS_PER_MILLION = 10_000;

/** Azgaar FMG bench/baseline.json (ANCHORS.md): milliseconds for a number of cells. */
const AZGAAR_REFERENCE = [
  { stage: 'voronoi', cells: 50_000, ms: 137 },
  { stage: 'heightmap template', cells: 40_000, ms: 32 },
  { stage: 'biomes', cells: 30_000, ms: 4.8 },
  { stage: 'routes (200 burgs)', cells: 10_000, ms: 328 },
];

interface Run {
  readonly map: string;
  readonly tiles: number;
  readonly gridTiles: number;
  readonly stagesMs: Partial<Record<WorldStage, number>>;
  readonly totalMs: number;
  readonly msPerMillionTiles: number;
  readonly targetMsPerMillion: number;
  readonly meetsTarget: boolean;
  readonly riverTiles: number;
  readonly settlements: number;
  readonly railways: number;
  readonly roads: number;
}

function timed(name: string, size: GridSize): Run {
  const stagesMs: Partial<Record<WorldStage, number>> = {};
  let current: WorldStage | null = null;
  let since = performance.now();
  const start = since;
  const w = generateWorld({ size, alform: false }, { seed: 2026 }, undefined, (stage) => {
    const now = performance.now();
    if (current) stagesMs[current] = Math.round(now - since);
    current = stage === 'done' ? null : stage;
    since = now;
  });
  const totalMs = Math.round(performance.now() - start);
  const tiles = w.map.tileCount;
  const msPerMillionTiles = Math.round((totalMs * 1e6) / tiles);
  const run: Run = {
    map: name,
    tiles,
    gridTiles: w.stages.lattice.grid.tileCount,
    stagesMs,
    totalMs,
    msPerMillionTiles,
    targetMsPerMillion: TARGET_MS_PER_MILLION,
    meetsTarget: msPerMillionTiles < TARGET_MS_PER_MILLION,
    riverTiles: w.stages.rivers.river.reduce((n, r) => n + (r ? 1 : 0), 0),
    settlements: w.stages.settlements.length,
    railways: w.stages.networks.railways.length,
    roads: w.stages.networks.roads.length,
  };
  const stages = Object.entries(stagesMs).map(([k, v]) => `${k} ${v}`).join(', ');
  process.stdout.write(`  ${name}: ${tiles} tiles, ${totalMs} ms (${msPerMillionTiles} ms per 1 M tiles; target < ${TARGET_MS_PER_MILLION}) ${run.meetsTarget ? 'MEETS' : 'MISSES'} — ${stages}\n`);
  return run;
}

export default async function run(): Promise<string> {
  const runs = [timed('hex 1000×1000', { kind: 'hex-rectangle', width: 1000, height: 1000 }), timed('globe side 153', { kind: 'icosahedron', side: 153 })];
  const reference = AZGAAR_REFERENCE.map((r) => ({ ...r, usPerCell: Math.round((r.ms * 1000 * 100) / r.cells) / 100 }));
  for (const r of reference) process.stdout.write(`  reference (Azgaar FMG, published, not run): ${r.stage} ${r.ms} ms for ${r.cells} cells = ${r.usPerCell} µs a cell\n`);
  return writeResult('world', { runs, azgaarReference: reference });
}
