/**
 * The derivation job's work (`maps.derive`, SPEC §7), apart from the other map jobs
 * (job-tasks.ts): a worker that derives loads only this and core/derive, not the importers
 * and their formats — a worker starts per job, so what it loads is paid on every derivation
 * (issue 30: deriving 60 tiles through the services over its 1 s target).
 *
 * Plain Node (worker_threads): must not depend on Electron or DOM.
 */
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { DERIVE_STAGES, deriveTactical } from '../../core/derive/derive.js';
import type { Substitute, SubstituteSource } from '../../core/derive/types.js';
import { parseCatalogue } from '../../core/terrain/catalogue.js';
import type { JobRequest, Progress } from './job-protocol.js';
import { unpackMap } from './job-protocol.js';

/** The progress label of a derivation (the renderer shows it). */
export const DERIVE_LABEL = 'Deriving tactical map';

export async function runDeriveTask(request: Extract<JobRequest, { kind: 'derive' }>, progress: Progress): Promise<TerrainMap> {
  await progress(DERIVE_LABEL, 0, 1, DERIVE_STAGES[0]);
  const catalogue = parseCatalogue(request.catalogue, 'catalogue');
  let percent = -1;
  let current = '';
  const map = deriveTactical(unpackMap(request.map), {
    catalogue,
    substitutes: listSource(request.substitutes),
    tiles: request.tiles,
    ratio: request.ratio,
    seed: request.seed,
    onProgress(done, total, stage) {
      // Whole percents of each stage only: a large window reports thousands of steps.
      const p = Math.floor((100 * done) / Math.max(1, total));
      if (p === percent && stage === current) return;
      percent = p;
      current = stage;
      void progress(DERIVE_LABEL, done, total, stage);
    },
  });
  await progress(DERIVE_LABEL, 1, 1, DERIVE_STAGES[DERIVE_STAGES.length - 1]);
  return map;
}

/** The substitutes handed to a job, as a SubstituteSource. */
export function listSource(list: readonly Substitute[]): SubstituteSource {
  const byKey = new Map(list.map((s) => [`${s.terrain}\u0000${s.lattice}\u0000${s.ratio}`, s]));
  return { get: (terrain, lattice, ratio) => byKey.get(`${terrain}\u0000${lattice}\u0000${ratio}`) };
}
