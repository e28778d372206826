/**
 * Long jobs running in the main process (import, derive, big creations): their progress from
 * `job.*` events, and Cancel. A failed job's message becomes an error toast.
 *
 * Renderer layer, no DOM.
 */
import type { Services } from '../../../../contract/api.js';
import type { CommandBus } from '../commands.js';
import type { Notifications } from './notifications.svelte.js';

export interface JobState {
  jobId: string;
  label: string;
  done: number;
  total: number;
  /** The step the job is in ('blending', 'storing'…); '' when it reports none. done / total count within it. */
  stage: string;
}

export class Jobs {
  jobs = $state<JobState[]>([]);

  constructor(
    private readonly api: Services,
    private readonly notes: Notifications,
    bus: CommandBus,
  ) {
    bus.onEvent('job.progress', (e) => {
      const job = this.jobs.find((j) => j.jobId === e.jobId);
      const state = { label: e.label, done: e.done, total: e.total, stage: e.stage ?? '' };
      if (job) Object.assign(job, state);
      else this.jobs.push({ jobId: e.jobId, ...state });
    });
    bus.onEvent('job.done', (e) => this.drop(e.jobId));
    bus.onEvent('job.failed', (e) => {
      this.drop(e.jobId);
      this.notes.error(e.message);
    });
  }

  async cancel(jobId: string): Promise<void> {
    await this.notes.run(null, async () => {
      await this.api.jobs.cancel({ jobId });
      this.drop(jobId);
    });
  }

  private drop(jobId: string): void {
    this.jobs = this.jobs.filter((j) => j.jobId !== jobId);
  }
}
