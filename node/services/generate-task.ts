/**
 * The world generation job's work (`maps.generate`, issue 27), apart from the other map jobs
 * (job-tasks.ts), as derive-task.ts is: a worker that generates loads core/generate only.
 *
 * Plain Node (worker_threads): must not depend on Electron or DOM.
 */
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { numberNewMap } from '../../core/map/numbering.js';
import { generateWorld, WORLD_STAGES } from '../../core/generate/world.js';
import { GENERATE_LABEL } from '../../contract/operations/generate.js';
import type { JobRequest, Progress } from './job-protocol.js';

/** A generated world: one progress step per stage (core/generate WORLD_STAGES). */
export async function runGenerateTask(request: Extract<JobRequest, { kind: 'generate' }>, progress: Progress): Promise<TerrainMap> {
  const total = WORLD_STAGES.length;
  await progress(GENERATE_LABEL, 0, total, WORLD_STAGES[0]);
  const { map } = generateWorld({ size: request.size, alform: request.alform }, request.params, undefined, (stage) => {
    if (stage !== 'done') void progress(GENERATE_LABEL, WORLD_STAGES.indexOf(stage), total, stage);
  });
  map.meta = { ...map.meta, name: request.name };
  await progress(GENERATE_LABEL, total, total, WORLD_STAGES[total - 1]);
  return numberNewMap(map);
}
