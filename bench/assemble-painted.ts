/**
 * Realizing a painted map (issue 25, "the painted map is the constraint"): a painted 60×40 hex
 * map (target < 2 s) and a painted 100×100 square map (< 5 s) filled from the starter library
 * with every painted cell honoured (core/assemble painted.ts `paintedConstraint` as the
 * solver's `allowed`, verified by `checkPainting`). The painting is a real one the library can
 * honour: the terrain an unconstrained assembly of another seed derives (forests, hills,
 * rivers and roads in networks), its instances thrown away — so realizing it means finding
 * tiles for a given river and road network and forest outline, not a fresh fill.
 *
 * Part of `npm run bench -- assemble` (assemble.bench.ts); timed: the constraint and the solve,
 * the library compiled apart as there.
 */
import { applyInstancePlan, buildAlFormTopology, checkPainting, paintedConstraint, placementsOf, planInstances, realizePaintedAlForm } from '../core/assemble/index.js';
import { paintedAlFormMap } from '../core/assemble/painted-alform.testkit.js';
import { mapRules } from '../core/assemble/modes.js';
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { listVectorTileFiles } from '../node/formats/vector-files.js';
import { importSvg } from '../core/vector/svg.js';
import { AssemblyLibrary } from '../core/assemble/library.js';
import { assemble } from '../core/assemble/solver.js';
import { buildTopology, shapeClassesOf } from '../core/assemble/topology.js';
import type { GridSize } from '../core/grid/types.js';
import { InstanceLayer } from '../core/map/instance-layer.js';
import { TerrainMap } from '../core/map/terrain-map.js';
import { parseCatalogue } from '../core/terrain/catalogue.js';
import type { VectorTile } from '../core/vector/types.js';
import catalogueJson from '../resources/terrain/default.json' with { type: 'json' };

export interface PaintedCase {
  readonly name: string;
  readonly size: GridSize;
  readonly tiles: 'square' | 'hex';
  readonly targetMs: number;
  /** AL-FORM: a painted map as a designer paints one (forests, a hill, a river on the linear tiles), realized only-what-is-painted. */
  readonly alform?: boolean;
}

export const PAINTED_CASES: readonly PaintedCase[] = [
  { name: 'painted hex 60×40', size: { kind: 'hex-rectangle', width: 60, height: 40 }, tiles: 'hex', targetMs: 2000 },
  { name: 'painted square 100×100', size: { kind: 'square', width: 100, height: 100 }, tiles: 'square', targetMs: 5000 },
  { name: 'painted AL-FORM hex 60×40', size: { kind: 'hex-rectangle', width: 60, height: 40 }, tiles: 'hex', targetMs: 2000, alform: true },
  { name: 'painted AL-FORM square 40×40', size: { kind: 'square', width: 40, height: 40 }, tiles: 'square', targetMs: 2000, alform: true },
  { name: 'painted AL-FORM globe side 9', size: { kind: 'icosahedron', side: 9 }, tiles: 'hex', targetMs: 2000, alform: true },
];

/** The seed of the assembly whose derived terrain is the painting (the realization uses the bench's own seed). */
const PAINTING_SEED = 11;

/** One painted map realized: times, backjumps, cells painted, violations of the painting. */
export function realizePaintedCase(c: PaintedCase, tiles: readonly VectorTile[], seed: number, maxWork: number) {
  const catalogue = parseCatalogue(structuredClone(catalogueJson), 'default.json');
  if (c.alform) return realizeAlFormCase(c, tiles, seed, maxWork);
  const map = TerrainMap.create({ size: c.size });
  const topology = buildTopology(map.grid);
  const library = new AssemblyLibrary(tiles, { shapeClasses: shapeClassesOf(topology) });
  const source = assemble(new InstanceLayer(map.grid), library, { seed: PAINTING_SEED, topology, maxWork });
  if (!source.ok) throw new Error(`${c.name}: the painting's source assembly failed: ${source.message}`);
  applyInstancePlan(map, planInstances(map, library, placementsOf(source.layer), { topology }));
  const t0 = performance.now();
  const allowed = paintedConstraint(map, topology, library, catalogue);
  const constraintMs = performance.now() - t0;
  const r = allowed.refused.length ? null : assemble(new InstanceLayer(map.grid), library, { seed, topology, maxWork, allowed });
  const ms = performance.now() - t0;
  const check = r?.ok ? checkPainting(map, topology, r.layer, library, catalogue) : null;
  return {
    case: c.name,
    cells: map.tileCount,
    painted: allowed.painted.length,
    refused: allowed.refused.length,
    ok: r?.ok ?? false,
    ...(r && !r.ok ? { reason: r.reason } : {}),
    constraintMs: Math.round(constraintMs * 10) / 10,
    ms: Math.round(ms * 10) / 10,
    targetMs: c.targetMs,
    backjumps: r?.stats.backjumps ?? 0,
    violations: check ? check.violations.length : null,
  };
}

/** An AL-FORM painted map realized (core/assemble realize-alform.ts), checked by the painting's checker and the network counts. */
function realizeAlFormCase(c: PaintedCase, tiles: readonly VectorTile[], seed: number, maxWork: number) {
  const catalogue = parseCatalogue(structuredClone(catalogueJson), 'default.json');
  const { map } = paintedAlFormMap(c.size, 2, { hills: c.tiles === 'hex' });
  const tags = starterTags(c.tiles);
  const t0 = performance.now();
  // As the app's auto-assemble and the CLI run it: the map rules (no dead ends, no loops) on, the library's tags read.
  const r = realizePaintedAlForm(map, { tiles, catalogue, tags: (id) => tags.get(id) ?? [] }, { seed, maxWork, strict: true, ...mapRules(catalogue) });
  const ms = performance.now() - t0;
  const topology = buildAlFormTopology(map.grid);
  const check = r.ok ? checkPainting(map, topology, r.result.layer, new AssemblyLibrary(tiles), catalogue, { strict: true, tags: (id) => tags.get(id) ?? [] }) : null;
  return {
    case: c.name,
    cells: map.tileCount,
    painted: r.ok ? r.region.length : 0,
    linear: r.linear ? r.linear.features.reduce((n, f) => n + f.cells.length, 0) : 0,
    refused: r.ok ? 0 : r.cells.length,
    ok: r.ok,
    ...(!r.ok ? { reason: `${r.stage}: ${r.message}` } : {}),
    constraintMs: 0,
    ms: Math.round(ms * 10) / 10,
    targetMs: c.targetMs,
    backjumps: r.ok ? r.result.stats.backjumps : 0,
    violations: check ? check.violations.length : null,
  };
}

/** The starter library's tags as the app's library records them: each tile's folder (`forest/x.svg` → "forest"). */
function starterTags(shape: 'square' | 'hex'): Map<string, string[]> {
  const dir = new URL(`../resources/tiles/starter/${shape}`, import.meta.url).pathname;
  return new Map(listVectorTileFiles(dir).map((p) => [importSvg(readFileSync(p, 'utf8'), p).tile.id, relative(dir, p).split(sep).slice(0, -1)]));
}
