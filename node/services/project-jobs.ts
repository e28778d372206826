/**
 * Long jobs that end in the project (SPEC §11): a job computes in a worker (jobs.ts),
 * outside the queue, and only its final write enters the queue — into the project that was
 * open when it started (a new untitled one if none was), never into another opened
 * meanwhile. Also answers `jobs.cancel`.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { MapPayload } from '../../contract/contract.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import type { JobRunner, StartedJob } from './jobs.js';
import type { MapJobRequest, ValueJobRequest } from './job-protocol.js';
import type { AssembleOutcome, AssembleRequest } from './assemble-task.js';
import type { ProjectSession } from './project-session.js';
import type { EventHub } from './events.js';
import type { HandlersFor, OperationQueue } from './router.js';

export class ProjectJobs {
  constructor(
    private readonly runner: JobRunner,
    private readonly session: ProjectSession,
    private readonly queue: OperationQueue,
    private readonly events: EventHub,
  ) {}

  readonly handlers: HandlersFor<'jobs.cancel'> = {
    'jobs.cancel': ({ jobId }) => ({ cancelled: this.runner.cancel(jobId) }),
  };

  /** Runs `request` in a worker; `save` stores its map, inside the queue, if the same project is still open. */
  async run(request: MapJobRequest, save: (map: TerrainMap) => MapPayload): Promise<{ jobId: string; map: MapPayload }> {
    const { jobId, value } = await this.finish((runner) => runner.start(request), save);
    return { jobId, map: value };
  }

  /** An assembly job (assemble-task.ts); `save` stores its outcome, inside the queue, if the same project is still open. */
  runAssembly<R>(request: AssembleRequest, save: (outcome: AssembleOutcome, jobId: string) => R): Promise<{ jobId: string; value: R }> {
    return this.finish((runner) => runner.startAssembly(request), save);
  }

  private async finish<T, R>(start: (runner: JobRunner) => StartedJob<T>, save: (result: T, jobId: string) => R): Promise<{ jobId: string; value: R }> {
    const generation = await this.queue.exclusive(() => {
      this.session.ensure();
      return this.session.generation;
    });
    const job = start(this.runner);
    const emit = this.events.emit.bind(this.events);
    try {
      const result = await job.result;
      emit({ type: 'job.progress', jobId: job.jobId, label: 'Saving to the project', done: 0, total: 1, stage: 'storing' });
      const value = await this.queue.exclusive(() => {
        if (this.session.generation !== generation || !this.session.isOpen) throw new Error('the project was closed while the job ran; its result was not stored');
        return save(result, job.jobId);
      });
      emit({ type: 'job.progress', jobId: job.jobId, label: 'Saving to the project', done: 1, total: 1, stage: 'storing' });
      emit({ type: 'job.done', jobId: job.jobId });
      return { jobId: job.jobId, value };
    } catch (e) {
      emit({ type: 'job.failed', jobId: job.jobId, message: (e as Error).message });
      throw e;
    }
  }

  /**
   * Runs a value job (a library tile import) in a worker; `store` writes its result — in the
   * queue, once the job has ended — and what it returns is the call's answer. Not tied to the
   * project: a library is not closed with it.
   */
  async runValue<T, R>(request: ValueJobRequest, store: (value: T, jobId: string) => R | Promise<R>): Promise<R> {
    const job = this.runner.startValue<T>(request);
    const emit = this.events.emit.bind(this.events);
    try {
      const value = await job.result;
      const out = await this.queue.exclusive(() => store(value, job.jobId));
      emit({ type: 'job.done', jobId: job.jobId });
      return out;
    } catch (e) {
      emit({ type: 'job.failed', jobId: job.jobId, message: (e as Error).message });
      throw e;
    }
  }

  cancelAll(): void {
    this.runner.cancelAll();
  }
}
