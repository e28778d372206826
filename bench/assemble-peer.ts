/**
 * The assembly bench's peer section: core/assemble's solver beside `wavefunctioncollapse`
 * (mxgmn's SimpleTiledModel, bench/wfc-peer.ts) on the same adjacency, over several seeds, each
 * run given a time budget: how many seeds each solves within it, and the median time of those
 * it solves. Two tile sets:
 *   starter   resources/tiles/starter/square in its 8 orientations, the library's edge
 *             signatures translated into the peer's neighbour pairs; the peer twice, every
 *             tile F (candidate for candidate the solver's set) and with symmetric
 *             orientations merged (fewer variants, the same relation and distribution)
 *   knots     mxgmn's own Knots set (bench/knots.ts): the peer reads mxgmn's pairs, the solver
 *             the same tiles drawn as vector tiles, weighted as the peer weighs them
 * Both outputs are checked against the library's fit relation (violations: 0). The peer is
 * stopped at the budget (checked every 64 of its steps); the solver's own bound is work, so
 * it runs to the end and a run over the budget counts as not solved.
 *
 * What each contender can express. Both: any edge-matching relation on a square grid, tile
 * weights, a seed. The peer only that — plus a map that wraps (periodic), which this bench
 * does not use: no boundary rule (its map edge asks nothing, so the solver runs with
 * `boundary: 'any'`, its default), no connected network (a user generates and tests, as
 * bench/wfc-baseline.ts does), no counts per tile, no fixed tiles kept, no hexagon, offset or
 * globe cells, no AL-FORM linear tiles between area tiles, and on a contradiction it starts
 * again (no backtracking). The solver adds those: boundary closed/open, connectivity,
 * min/max counts, fixed instances, every grid kind, AL-FORM maps (alform-assemble.ts), and
 * backjumping with an explanation of an unsatisfiable region.
 *
 * Environment: ASSEMBLE_PEER_SEEDS (default 10), ASSEMBLE_PEER_BUDGET_S (per run; default 60,
 * 10 with --quick), ASSEMBLE_PEER_SIZES (square sides; default 20,40,100, 20,40 with --quick).
 */
import { AssemblyLibrary } from '../core/assemble/library.js';
import { assemble } from '../core/assemble/solver.js';
import { ShapeClass, buildTopology } from '../core/assemble/topology.js';
import { createGrid } from '../core/grid/create.js';
import { InstanceLayer } from '../core/map/instance-layer.js';
import type { VectorTile } from '../core/vector/types.js';
import { KNOTS_DATA, KNOTS_SYMMETRY, KNOTS_TILES } from './knots.js';
import type { PeerTranslation } from './wfc-peer.js';
import { SYMMETRIES, peerTilesetOf, runPeer, variantCandidates, violationsOf } from './wfc-peer.js';

const MAX_WORK = 20_000_000;
const round = (x: number) => Math.round(x);

interface Run {
  readonly ok: boolean;
  readonly ms: number;
  readonly attempts?: number;
  readonly violations: number | null;
}

export interface PeerSettings {
  readonly seeds: number;
  readonly budgetMs: number;
  readonly sizes: readonly number[];
}

export function peerSettings(quick: boolean): PeerSettings {
  const env = (name: string): string | undefined => process.env[name]?.trim() || undefined;
  const seeds = Number(env('ASSEMBLE_PEER_SEEDS') ?? 10);
  const budgetMs = 1000 * Number(env('ASSEMBLE_PEER_BUDGET_S') ?? (quick ? 10 : 60));
  const sizes = (env('ASSEMBLE_PEER_SIZES') ?? (quick ? '20,40' : '20,40,100')).split(',').map(Number);
  if (!(seeds >= 1) || !(budgetMs > 0) || sizes.some((s) => !(s >= 2))) throw new Error('ASSEMBLE_PEER_SEEDS ≥ 1, ASSEMBLE_PEER_BUDGET_S > 0 and ASSEMBLE_PEER_SIZES (comma-separated sides ≥ 2) expected');
  return { seeds, budgetMs, sizes };
}

/** The solver on an empty side × side square map; its output checked against the library's relation. */
function runSolver(lib: AssemblyLibrary, side: number, seed: number, budgetMs: number): Run {
  const g = createGrid({ size: { kind: 'square', width: side, height: side } });
  const topology = buildTopology(g);
  const t0 = performance.now();
  const r = assemble(new InstanceLayer(g), lib, { seed, topology, maxWork: MAX_WORK });
  const ms = performance.now() - t0;
  if (!r.ok) return { ok: false, ms, violations: null };
  const cands = Array.from({ length: g.tileCount }, (_, c) => {
    const p = r.layer.get(c)!;
    return lib.candidateOf(ShapeClass.SQUARE, p.tile, p.code);
  });
  const identity = Array.from({ length: lib.classes[ShapeClass.SQUARE]!.count }, (_, i) => i);
  return { ok: ms <= budgetMs, ms, violations: violationsOf(cands, identity, lib, side, side) };
}

function summary(runs: readonly Run[]) {
  const solved = runs.filter((r) => r.ok);
  const times = solved.map((r) => r.ms).sort((a, b) => a - b);
  const median = times.length ? (times[(times.length - 1) >> 1]! + times[times.length >> 1]!) / 2 : null;
  return {
    solved: `${solved.length}/${runs.length}`,
    medianMsOfSolved: median === null ? null : round(median),
    msPerSeed: runs.map((r) => round(r.ms)),
    ...(runs.some((r) => r.attempts !== undefined) ? { attemptsPerSeed: runs.map((r) => r.attempts ?? 0) } : {}),
    violations: solved.reduce((n, r) => n + (r.violations ?? 0), 0),
  };
}

interface Contest {
  readonly tileSet: string;
  readonly lib: AssemblyLibrary;
  readonly peers: Readonly<Record<string, PeerTranslation>>;
}

function contests(starter: readonly VectorTile[]): Contest[] {
  const square = new AssemblyLibrary(starter, { shapeClasses: [ShapeClass.SQUARE] });
  // The peer weighs each variant 1, so a Knots tile weighs its variant count; the solver's weight is per tile.
  const knotsWeights = Object.fromEntries(Object.entries(KNOTS_SYMMETRY).map(([n, s]) => [n, SYMMETRIES[s]!.count]));
  const knots = new AssemblyLibrary(KNOTS_TILES, { shapeClasses: [ShapeClass.SQUARE], weights: knotsWeights });
  const knotsTiles = KNOTS_DATA.tiles.map((t) => ({ name: t.name, symmetry: t.symmetry! }));
  return [
    { tileSet: `starter square (${starter.length} tiles × 8 orientations)`, lib: square, peers: { 'peer, every tile F': peerTilesetOf(square, false), 'peer, symmetric orientations merged': peerTilesetOf(square, true) } },
    { tileSet: "mxgmn's Knots (5 tiles, 13 variants)", lib: knots, peers: { "peer, mxgmn's data": { data: KNOTS_DATA, candidates: variantCandidates(knots, knotsTiles) } } },
  ];
}

/** Every tile set × size × contender over the seeds; one line per row on stdout. */
export function runPeerComparison(starter: readonly VectorTile[], settings: PeerSettings) {
  const rows = [];
  for (const c of contests(starter)) {
    for (const side of settings.sizes) {
      const seeds = Array.from({ length: settings.seeds }, (_, i) => i + 1);
      const contenders: Record<string, ReturnType<typeof summary>> = {
        'Sandtable solver': summary(seeds.map((s) => runSolver(c.lib, side, s, settings.budgetMs))),
      };
      for (const [name, t] of Object.entries(c.peers)) {
        contenders[`${name} (${t.candidates.length} variants)`] = summary(seeds.map((s) => runPeer(t, c.lib, side, side, s, settings.budgetMs)));
      }
      const line = Object.entries(contenders).map(([n, r]) => `${n} ${r.solved} median ${r.medianMsOfSolved ?? '—'} ms`).join('; ');
      process.stdout.write(`  ${c.tileSet} ${side}×${side}: ${line}\n`);
      rows.push({ tileSet: c.tileSet, size: `${side}×${side}`, contenders });
    }
  }
  return rows;
}
