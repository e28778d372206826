/**
 * The analysis service (`analysis.*`, SPEC §4): path, reach, line of sight and field of
 * vision on an open map; analysis.ts answers them and keeps the graphs between edits.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { Queue } from './collaborators.js';
import type { OpenMaps } from './open-maps.js';
import type { HandlersFor } from './router.js';

export type AnalysisOperation = 'analysis.path' | 'analysis.reach' | 'analysis.los' | 'analysis.fov';

export interface AnalysisDeps {
  readonly queue: Queue;
  readonly maps: Pick<OpenMaps, 'get'>;
}

export function analysisService({ queue, maps }: AnalysisDeps): HandlersFor<AnalysisOperation> {
  return {
    'analysis.path': ({ id, mode, from, to }) => queue.exclusive(() => maps.get(id).path(mode, from, to)),
    'analysis.reach': ({ id, mode, from, budget }) => queue.exclusive(() => maps.get(id).reach(mode, from, budget)),
    'analysis.los': ({ id, from, to, observerHeight, targetHeight, rayCast, curvature }) =>
      queue.exclusive(() => maps.get(id).los(from, to, observerHeight, targetHeight, rayCast ? { curvature: curvature ?? false } : undefined)),
    'analysis.fov': ({ id, from, radius, observerHeight, rayCast, curvature }) =>
      queue.exclusive(() => maps.get(id).fov(from, radius, observerHeight, rayCast ? { curvature: curvature ?? false } : undefined)),
  };
}
