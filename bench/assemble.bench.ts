/**
 * Automatic assembly (issue 12): time and backtracks of core/assemble's solver with the
 * starter library (resources/tiles/starter/{square,hex}) on square 20×20, 40×40 and 100×100,
 * a hex map of diameter 61 and the globe (side 15), each without and with a connectivity
 * requirement (the roads form one network), next to a plain WaveFunctionCollapse without
 * backjumping (bench/wfc-baseline.ts: restart on contradiction, generate-and-test for
 * connectivity) on the same inputs. Targets: 40×40 with connectivity < 1 s, 100×100 < 5 s.
 * The solver's outputs are checked by the independent checker on the smaller maps.
 *
 * Then the published peer (bench/assemble-peer.ts): `wavefunctioncollapse`, mxgmn's
 * SimpleTiledModel, beside the solver on the same adjacency — the starter square set and
 * mxgmn's Knots set, several seeds, a time budget per run; its comments say what each can
 * express. ASSEMBLE_PEER_ONLY=1 runs only that part.
 *
 * Then the realization of painted maps (assemble-painted.ts, issue 25): a painted 60×40 hex
 * map (target < 2 s) and a painted 100×100 square map (< 5 s), each printed beside its target.
 *
 * Then issue 25's map rules (bench/assemble-networks.ts): time with and without them on 40×40
 * square and 30×20 hex, and the dead ends, loops and single patches of each result
 * (→ assemble-networks.json; ASSEMBLE_NETWORKS_ONLY=1 runs only that part).
 *
 * `--quick`: 20×20, 40×40, hex diameter 21, globe side 5 (the painted maps still run). Results →
 * bench/results/assemble.json and assemble-peer.json (…-quick.json with --quick).
 */
import { readFileSync } from 'node:fs';
import { checkAssembly } from '../core/assemble/check.js';
import { InstanceLayer } from '../core/map/instance-layer.js';
import { AssemblyLibrary } from '../core/assemble/library.js';
import { assemble } from '../core/assemble/solver.js';
import { buildTopology, shapeClassesOf } from '../core/assemble/topology.js';
import { createGrid } from '../core/grid/create.js';
import type { GridSize } from '../core/grid/types.js';
import { importSvg } from '../core/vector/svg.js';
import type { VectorTile } from '../core/vector/types.js';
import { listVectorTileFiles } from '../node/formats/vector-files.js';
import { runNetworkRules } from './assemble-networks.js';
import { peerSettings, runPeerComparison } from './assemble-peer.js';
import { writeResult } from './harness.js';
import { plainWfc } from './wfc-baseline.js';
import { PAINTED_CASES, realizePaintedCase } from './assemble-painted.js';

const QUICK = process.argv.includes('--quick');
const SEED = 1;
const MAX_WORK = 20_000_000; // the solver's default: a 100×100 fill alone removes ~4.7 million candidates
const WFC_BUDGET_MS = QUICK ? 5_000 : 30_000;
const WFC_ATTEMPTS = 50;
const CHECK_UP_TO = 1600;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

function starter(shape: 'square' | 'hex'): VectorTile[] {
  const dir = new URL(`../resources/tiles/starter/${shape}`, import.meta.url).pathname;
  return listVectorTileFiles(dir).map((p) => importSvg(readFileSync(p, 'utf8'), p).tile);
}

export default async function run(): Promise<string> {
  const square = starter('square');
  const networks = writeResult('assemble-networks', { seeds: 'per row', rows: runNetworkRules({ square, hex: starter('hex') }) });
  if (process.env.ASSEMBLE_NETWORKS_ONLY === '1') return networks;
  process.stdout.write(`  → ${networks}\n`);
  const settings = peerSettings(QUICK);
  process.stdout.write(`  peer: ${settings.seeds} seeds, ${settings.budgetMs / 1000} s a run\n`);
  const peerRows = runPeerComparison(square, settings);
  const peerFile = writeResult(QUICK ? 'assemble-peer-quick' : 'assemble-peer', {
    peer: 'wavefunctioncollapse 2.1.0 (SimpleTiledModel, not periodic), restarting on contradiction within the budget',
    solver: `core/assemble assemble(), boundary any, maxWork ${MAX_WORK}`,
    seeds: settings.seeds,
    budgetMsPerRun: settings.budgetMs,
    rows: peerRows,
  });
  if (process.env.ASSEMBLE_PEER_ONLY === '1') return peerFile;
  process.stdout.write(`  → ${peerFile}\n`);
  const hex = starter('hex');
  const tileSets = { square, hex };
  let libraryInfo: Record<string, string> = {};
  const cases: { name: string; size: GridSize; tiles: 'square' | 'hex' }[] = QUICK
    ? [
        { name: 'square 20×20', size: { kind: 'square', width: 20, height: 20 }, tiles: 'square' },
        { name: 'square 40×40', size: { kind: 'square', width: 40, height: 40 }, tiles: 'square' },
        { name: 'hex diameter 21', size: { kind: 'hex-hexagon', diameter: 21 }, tiles: 'hex' },
        { name: 'globe side 5', size: { kind: 'icosahedron', side: 5 }, tiles: 'hex' },
      ]
    : [
        { name: 'square 20×20', size: { kind: 'square', width: 20, height: 20 }, tiles: 'square' },
        { name: 'square 40×40', size: { kind: 'square', width: 40, height: 40 }, tiles: 'square' },
        { name: 'square 100×100', size: { kind: 'square', width: 100, height: 100 }, tiles: 'square' },
        { name: 'hex diameter 61', size: { kind: 'hex-hexagon', diameter: 61 }, tiles: 'hex' },
        { name: 'globe side 15', size: { kind: 'icosahedron', side: 15 }, tiles: 'hex' },
      ];
  const rows = [];
  for (const c of cases) {
    const g = createGrid({ size: c.size });
    const topo = buildTopology(g);
    // The library compiled for the map's own cell shapes, as the CLI and the app do; timed apart.
    const tl = performance.now();
    const lib = new AssemblyLibrary(tileSets[c.tiles], { shapeClasses: shapeClassesOf(topo) });
    const libraryMs = round(performance.now() - tl);
    libraryInfo = { ...libraryInfo, [c.name]: `${tileSets[c.tiles].length} starter tiles, candidates per class ${lib.classes.map((k) => k.count).join('/')}, compiled in ${libraryMs} ms` };
    for (const connected of [false, true]) {
      const connectivity = connected ? { terrains: ['road'] } : undefined;
      const t0 = performance.now();
      const r = assemble(new InstanceLayer(g), lib, { seed: SEED, topology: topo, maxWork: MAX_WORK, ...(connectivity ? { connectivity } : {}) });
      const ms = performance.now() - t0;
      let violations: number | null = null;
      if (r.ok && g.tileCount <= CHECK_UP_TO) violations = checkAssembly(g, r.layer, c.tiles === 'square' ? square : hex, connectivity ? { connectivity } : {}).length;
      const t1 = performance.now();
      const w = plainWfc(topo, lib, { seed: SEED, maxAttempts: WFC_ATTEMPTS, budgetMs: WFC_BUDGET_MS, ...(connectivity ? { connectivity } : {}) });
      const wfcMs = performance.now() - t1;
      const row = {
        case: c.name,
        cells: g.tileCount,
        libraryMs,
        connectivity: connected ? 'roads connected' : 'none',
        solver: {
          ok: r.ok,
          ...(r.ok ? {} : { reason: r.reason }),
          ms: round(ms),
          decisions: r.stats.decisions,
          backjumps: r.stats.backjumps,
          levelsSkipped: r.stats.levelsSkipped,
          work: r.stats.work,
          explanations: r.stats.explanations,
          ...(r.stats.connectivity ? { connectivityPasses: r.stats.connectivity } : {}),
          checkerViolations: violations,
        },
        plainWfc: { ok: w.ok, ms: round(wfcMs), attempts: w.attempts, contradictions: w.contradictions, disconnected: w.disconnected },
      };
      process.stdout.write(`  ${c.name}${connected ? ' connected' : ''}: solver ${r.ok ? 'ok' : r.reason} ${ms.toFixed(0)} ms, ${r.stats.backjumps} backjumps; plain WFC ${w.ok ? 'ok' : 'gave up'} ${wfcMs.toFixed(0)} ms, ${w.attempts} attempts\n`);
      rows.push(row);
    }
  }
  const painted = PAINTED_CASES.map((c) => {
    const p = realizePaintedCase(c, tileSets[c.tiles], SEED, MAX_WORK);
    const verdict = p.ok && p.ms < p.targetMs ? 'met' : 'MISSED';
    process.stdout.write(
      `  ${p.case}: ${p.ok ? 'ok' : (p.reason ?? `${p.refused} cells refused`)} ${p.ms.toFixed(0)} ms (target < ${p.targetMs} ms: ${verdict}), ${p.painted} painted cells, ${p.backjumps} backjumps, ${p.violations ?? '–'} violations of the painting\n`,
    );
    return p;
  });
  return writeResult(QUICK ? 'assemble-quick' : 'assemble', {
    seed: SEED,
    library: libraryInfo,
    targets: { '40×40 with connectivity': '< 1 s', '100×100': '< 5 s', 'painted hex 60×40': '< 2 s', 'painted square 100×100': '< 5 s', 'painted AL-FORM hex 60×40, square 40×40, globe side 9': '< 2 s' },
    painted,
    bounds: { solverMaxWork: MAX_WORK, wfcAttempts: WFC_ATTEMPTS, wfcBudgetMs: WFC_BUDGET_MS },
    rows,
  });
}
