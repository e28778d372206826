/**
 * Entry point of a job worker thread (jobs.ts starts one per job): runs the job's task
 * (job-tasks.ts), posts progress, then posts the finished map with its buffers transferred
 * (or, for a value job such as a tile import, the value).
 * The main thread terminates the worker to cancel, so nothing here needs to clean up.
 * Each task's module is loaded only for its own kind of job: a worker starts per job, and
 * loading the assembler, the tile importer and the map importers for a derivation more than
 * doubled its start (issue 30).
 *
 * Plain Node (worker_threads): must not depend on Electron or DOM.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import type { JobInput, WorkerMessage } from './job-protocol.js';
import { packMap, transferList } from './job-protocol.js';
import { FolderGrantNeeded } from '../files/path-capability.js';

const port = parentPort;
if (!port) throw new Error('job-worker.ts runs as a worker thread (see jobs.ts), not on its own');
const input = workerData as JobInput;
const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const progress = async (label: string, done: number, total: number, stage?: string): Promise<void> => {
  post({ type: 'progress', label, done, total, ...(stage === undefined ? {} : { stage }) });
  if (input.stepDelayMs > 0) await pause(input.stepDelayMs);
};
const request = input.request;
const postMap = (map: TerrainMap): void => {
  const packed = packMap(map, false);
  post({ type: 'done', map: packed }, transferList(packed));
};
const failed = (e: unknown) =>
  post({ type: 'error', message: e instanceof Error ? e.message : String(e), ...(e instanceof FolderGrantNeeded ? { folders: [...e.folders] } : {}) });

if (request.kind === 'assemble') {
  import('./assemble-task.js')
    .then(({ runAssembleTask }) => runAssembleTask(request, progress))
    .then((outcome) => post({ type: 'assembled', outcome }))
    .catch(failed);
} else if (request.kind === 'tiles-import') {
  import('./tile-import-task.js')
    .then(({ runTileImportTask }) => runTileImportTask(request, progress))
    .then((value) => post({ type: 'value', value }))
    .catch(failed);
} else if (request.kind === 'derive') {
  import('./derive-task.js')
    .then(({ runDeriveTask }) => runDeriveTask(request, progress))
    .then(postMap)
    .catch(failed);
} else if (request.kind === 'generate') {
  import('./generate-task.js')
    .then(({ runGenerateTask }) => runGenerateTask(request, progress))
    .then(postMap)
    .catch(failed);
} else {
  import('./job-tasks.js')
    .then(({ runJobTask }) => runJobTask(request, progress))
    .then(postMap)
    .catch(failed);
}
