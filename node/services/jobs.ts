/**
 * Long jobs off the main thread (SPEC §11): each job runs in its own worker_threads worker
 * (job-worker.ts), reports `job.progress` events, and can be cancelled by terminating the
 * worker — which stops it wherever it is, even inside a tight loop. A worker only computes
 * and returns a map; writing it is the caller's, in one transaction, after the job ends,
 * so a cancelled job has written nothing.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { AppEvent } from '../../contract/contract.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import type { JobInput, JobRequest, MapJobRequest, ValueJobRequest, WorkerMessage } from './job-protocol.js';
import type { AssembleOutcome, AssembleRequest } from './assemble-task.js';
import { transferList, unpackMap } from './job-protocol.js';
import { DEFAULT_LIMITS } from '../../core/util/limits.js';
import { FolderGrantNeeded } from '../files/path-capability.js';

export class JobCancelledError extends Error {
  constructor(readonly jobId: string) {
    super(`job ${jobId} was cancelled; nothing was written`);
    this.name = 'JobCancelledError';
  }
}

/**
 * Where the worker's entry file is. From source (tests, browser mode under tsx) a small
 * bootstrap loads the TypeScript; in the Electron build electron.vite.config.ts bundles
 * job-worker.ts as `job-worker.mjs` beside the main bundle, and main passes that URL.
 */
export function sourceWorkerUrl(): URL {
  return new URL('./job-worker-boot.mjs', import.meta.url);
}

export interface JobRunnerOptions {
  workerUrl: URL;
  emit: (event: AppEvent) => void;
  /** Pause in the worker between steps; tests use it to cancel at a known point. */
  stepDelayMs?: number;
  /** The worker's V8 heap budget in MiB (default DEFAULT_LIMITS.jobHeapMiB); a job that passes it is stopped. */
  heapMiB?: number;
}

/** Why a job stopped for memory: one line naming the budget. */
export function outOfMemoryMessage(heapMiB: number): string {
  return `the job needed more than its memory budget of ${heapMiB} MiB and was cancelled; nothing was written (docs/limits.md)`;
}

export interface StartedJob<T = TerrainMap> {
  readonly jobId: string;
  readonly result: Promise<T>;
}

interface Running {
  worker: Worker;
  cancelled: boolean;
}

export class JobRunner {
  private readonly running = new Map<string, Running>();

  constructor(private readonly options: JobRunnerOptions) {}

  get activeCount(): number {
    return this.running.size;
  }

  start(request: MapJobRequest): StartedJob {
    return this.launch(request, (m) => (m.type === 'done' ? unpackMap(m.map) : undefined));
  }

  /** An assembly job (assemble-task.ts): it ends in an outcome, not a map. */
  startAssembly(request: AssembleRequest): StartedJob<AssembleOutcome> {
    return this.launch(request, (m) => (m.type === 'assembled' ? m.outcome : undefined));
  }
  /** A job whose worker answers a value (job-protocol.ts ValueJobRequest), e.g. the tiles a library import read. */
  startValue<T>(request: ValueJobRequest): StartedJob<T> {
    return this.launch(request, (m) => (m.type === 'value' ? (m.value as T) : undefined));
  }


  /** Starts the worker; `finished` reads the job's result out of its last message (undefined: not a result). */
  private launch<T>(request: JobRequest | ValueJobRequest, finished: (m: WorkerMessage) => T | undefined): StartedJob<T> {
    const jobId = randomUUID();
    const input: JobInput = { request, stepDelayMs: this.options.stepDelayMs ?? 0 };
    const transfer = request.kind === 'convert' || request.kind === 'derive' ? transferList(request.map) : [];
    const heapMiB = this.options.heapMiB ?? DEFAULT_LIMITS.jobHeapMiB;
    // A memory budget per job: a file that gets past the declared-size checks still cannot
    // take the whole process down; V8 stops the worker and the job fails with one line.
    const worker = new Worker(this.options.workerUrl, { workerData: input, transferList: transfer, resourceLimits: { maxOldGenerationSizeMb: heapMiB } });
    const job: Running = { worker, cancelled: false };
    this.running.set(jobId, job);
    const result = new Promise<T>((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        this.running.delete(jobId);
        fn();
      };
      worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'progress') {
          if (!job.cancelled) this.options.emit({ type: 'job.progress', jobId, label: m.label, done: m.done, total: m.total, ...(m.stage === undefined ? {} : { stage: m.stage }) });
        } else if (m.type !== 'error') {
          finish(() => {
            try {
              const value = finished(m);
              if (value === undefined) throw new Error(`the job's worker answered "${m.type}", which this job does not end with`);
              resolve(value);
            } catch (e) {
              reject(e as Error);
            }
          });
          void worker.terminate();
        } else {
          finish(() => reject(m.folders ? new FolderGrantNeeded(m.folders) : new Error(m.message)));
          void worker.terminate();
        }
      });
      worker.on('error', (e) =>
        finish(() => reject(job.cancelled ? new JobCancelledError(jobId) : (e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(outOfMemoryMessage(heapMiB)) : e)),
      );
      worker.on('exit', (code) => finish(() => reject(job.cancelled ? new JobCancelledError(jobId) : new Error(`the job's worker stopped unexpectedly (exit code ${code})`))));
    });
    return { jobId, result };
  }

  /** Stops a running job; false when no job has this id (unknown, or already finished). */
  cancel(jobId: string): boolean {
    const job = this.running.get(jobId);
    if (!job) return false;
    job.cancelled = true;
    void job.worker.terminate();
    return true;
  }

  cancelAll(): void {
    for (const id of [...this.running.keys()]) this.cancel(id);
  }
}
