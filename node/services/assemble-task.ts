/**
 * The work of an "Assemble tiles" job (`maps.assemble`, SPEC §6 automatic assembly): the
 * seeded solver of core/assemble over a copy of the map's instance layer — classic maps by
 * `assemble`, AL-FORM maps across their linear layer by `assembleAlForm` — in a job worker
 * (job-worker.ts), so a long search neither blocks the app nor, when cancelled (the worker is
 * terminated), leaves anything behind. It returns the finished instance layer (and linear
 * layer) as JSON; the main thread plans and journals it as one undo step
 * (instance-service.ts). The mode's options come from core/assemble modes.ts, as the CLI's.
 * The painting is the constraint (core/assemble painted.ts, the rule the place tool and
 * `sandtable assemble --from` use): painted cells take only tiles that honour it, and when a
 * cell of the region has none, the job answers those cells with the reason before solving.
 *
 * Plain Node (worker_threads through job-worker.ts); must not depend on Electron or DOM.
 */
import {
  ASSEMBLY_MODES,
  mapRules,
  AssemblyLibrary,
  InstanceLayer,
  assemble,
  assembleAlForm,
  buildAlFormTopology,
  buildTopology,
  paintedConstraint,
  realizeLinearPainting,
  shapeClassesOf,
} from '../../core/assemble/index.js';
import type { PaintedConstraint } from '../../core/assemble/index.js';
import type { AssemblyModeName, InstanceLayerJson, LinearLayerJson } from '../../core/assemble/index.js';
import { parseCatalogue } from '../../core/terrain/catalogue.js';
import { matchOptionsFrom } from '../../core/vector/terrain-rules.js';
import { vectorTileFromJson } from '../../core/vector/json.js';
import type { PackedMap } from './job-protocol.js';
import { unpackMap } from './job-protocol.js';
import type { Progress } from './job-protocol.js';

/** The progress label of an assembly (the renderer shows it in the jobs panel). */
export const ASSEMBLE_LABEL = 'Assembling tiles';

export interface AssembleRequest {
  kind: 'assemble';
  map: PackedMap;
  /** The library's area tiles of the map's shapes (core/vector JSON form), and an AL-FORM map's linear tiles. */
  tiles: unknown[];
  linearTiles: unknown[];
  catalogue: unknown;
  mode: AssemblyModeName;
  seed: number;
  /** Tiles to fill; absent: the whole map. */
  region?: number[];
  connected?: string[];
  /** Relative weight per tile id (default 1). */
  weights?: Record<string, number>;
  /** The library's tags of the area tiles (what a tile depicts, core/assemble painted.ts). */
  tags?: Record<string, string[]>;
  /** Only what is painted (painted.ts `strict`). */
  strict?: boolean;
}

export type AssembleOutcome =
  | { kind: 'assembled'; instances: InstanceLayerJson; linear?: LinearLayerJson; placed: number; backjumps: number }
  | { kind: 'failed'; reason: 'unsatisfiable' | 'work-bound'; region: number[]; message: string }
  /** Painted cells of the region no tile of the library honours, with the reason; nothing was solved. */
  | { kind: 'unhonoured'; cells: { tile: number; reason: string }[] }
  /** The request itself is wrong (a linear tile in an AL-FORM region, a bad weight): one line for `$.tiles` / `$.weights`. */
  | { kind: 'refused'; path: string; message: string };

/** The refused cells of the region (every cell when there is none), in cell order. */
function refusedIn(allowed: PaintedConstraint, region: readonly number[] | undefined): { tile: number; reason: string }[] {
  const inside = region ? new Set(region) : null;
  return allowed.refused.filter((r) => !inside || inside.has(r.cell)).map((r) => ({ tile: r.cell, reason: r.reason }));
}

export async function runAssembleTask(request: AssembleRequest, progress: Progress): Promise<AssembleOutcome> {
  await progress(ASSEMBLE_LABEL, 0, 1, 'compiling tiles');
  const map = unpackMap(request.map);
  const catalogue = parseCatalogue(request.catalogue, 'catalogue');
  const match = matchOptionsFrom(catalogue);
  const tiles = request.tiles.map((t, k) => vectorTileFromJson(t, `tile ${k}`, { skipValidation: true }));
  const mode = ASSEMBLY_MODES[request.mode];
  const alform = map.spec.alform === true;
  const alTopology = alform ? buildAlFormTopology(map.grid) : null;
  const topology = alTopology ?? buildTopology(map.grid);
  let library: AssemblyLibrary;
  try {
    library = new AssemblyLibrary(tiles, mode.library({ match, shapeClasses: shapeClassesOf(topology), ...(request.weights ? { weights: request.weights } : {}) }));
  } catch (e) {
    if (e instanceof RangeError) return { kind: 'refused', path: '$.weights', message: e.message };
    throw e;
  }
  // Progress from inside the synchronous search: posted as it goes (the worker's port does
  // not wait for its event loop), whole percents only.
  let percent = -1;
  const onProgress = (decided: number, cells: number): void => {
    const p = Math.floor((100 * decided) / Math.max(1, cells));
    if (p === percent) return;
    percent = p;
    void progress(ASSEMBLE_LABEL, decided, cells, 'placing tiles');
  };
  await progress(ASSEMBLE_LABEL, 0, 1, 'placing tiles');
  const layer = map.instances ?? new InstanceLayer(map.grid);
  const tags = request.tags ?? {};
  const allowed = paintedConstraint(map, topology, library, catalogue, { tags: (id) => tags[id] ?? [], instances: layer, strict: request.strict === true });
  const region = request.region ? { region: [...new Set(request.region)] } : {};
  const unhonoured = refusedIn(allowed, region.region);
  if (unhonoured.length) return { kind: 'unhonoured', cells: unhonoured };
  // The map rules (no dead ends …, issue 25) are on for the app's auto-assemble: a mode may drop them.
  const base = { ...mode.assemble({ seed: request.seed, ...mapRules(catalogue), ...(request.connected?.length ? { connectivity: { terrains: request.connected } } : {}) }), allowed };
  try {
    if (!alform) {
      const r = assemble(layer, library, { ...base, topology, ...region, onProgress });
      if (!r.ok) return { kind: 'failed', reason: r.reason, region: [...r.region], message: r.message };
      return { kind: 'assembled', instances: r.layer.toJSON(), placed: request.region ? region.region!.length : r.layer.placedCount(), backjumps: r.stats.backjumps };
    }
    const stored = request.linearTiles.map((t, k) => vectorTileFromJson(t, `linear tile ${k}`, { skipValidation: true }));
    // The painted linear tiles not laid yet are laid from the library first (issue 25): rivers
    // blocking, roads with their terrain; a painted feature no tile lays stops the assembly.
    const laid = realizeLinearPainting(map, [...stored, ...tiles], catalogue, match, map.linear);
    if (laid.refused.length) return { kind: 'unhonoured', cells: laid.refused.map((r) => ({ tile: r.cell, reason: r.reason })) };
    const linearTiles = [...stored, ...laid.linearTiles.filter((t) => !stored.some((s) => s.id === t.id))];
    const painted = laid.features.length > 0;
    const linear = painted ? laid.linear : map.linear;
    const r = assembleAlForm(layer, library, { ...base, topology: alTopology!, ...region, onProgress, ...(linear ? { linear, linearTiles } : {}) });
    if (!r.ok) return { kind: 'failed', reason: r.reason, region: [...r.region], message: r.message };
    return { kind: 'assembled', instances: r.layer.toJSON(), linear: r.linear.toJSON(), placed: request.region ? region.region!.length : r.layer.placedCount(), backjumps: r.stats.backjumps };
  } catch (e) {
    if (e instanceof RangeError) return { kind: 'refused', path: '$.tiles', message: e.message };
    throw e;
  }
}
