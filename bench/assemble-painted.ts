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
import { applyInstancePlan, checkPainting, paintedConstraint, placementsOf, planInstances } from '../core/assemble/index.js';
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
}

export const PAINTED_CASES: readonly PaintedCase[] = [
  { name: 'painted hex 60×40', size: { kind: 'hex-rectangle', width: 60, height: 40 }, tiles: 'hex', targetMs: 2000 },
  { name: 'painted square 100×100', size: { kind: 'square', width: 100, height: 100 }, tiles: 'square', targetMs: 5000 },
];

/** The seed of the assembly whose derived terrain is the painting (the realization uses the bench's own seed). */
const PAINTING_SEED = 11;

/** One painted map realized: times, backjumps, cells painted, violations of the painting. */
export function realizePaintedCase(c: PaintedCase, tiles: readonly VectorTile[], seed: number, maxWork: number) {
  const catalogue = parseCatalogue(structuredClone(catalogueJson), 'default.json');
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
