import { describe, expect, it } from 'vitest';
import { Jobs } from './jobs.svelte.js';
import { Notifications } from './notifications.svelte.js';
import { CommandBus } from '../commands.js';
import { services } from '../../../../contract/api.js';
import { fakeApi, settle } from './fake-api.testkit.js';

function setup() {
  const fake = fakeApi({ 'jobs.cancel': () => ({ cancelled: true }) });
  const bus = new CommandBus();
  bus.connect(fake.api);
  const notes = new Notifications();
  return { fake, notes, jobs: new Jobs(services(fake.api), notes, bus) };
}

describe('jobs', () => {
  it('follows job events: progress adds or updates, done and failed remove (failed with a message)', () => {
    const { fake, notes, jobs } = setup();
    fake.emit({ type: 'job.progress', jobId: 'j1', label: 'Importing', done: 1, total: 10 });
    fake.emit({ type: 'job.progress', jobId: 'j2', label: 'Deriving', done: 0, total: 5 });
    fake.emit({ type: 'job.progress', jobId: 'j1', label: 'Importing', done: 7, total: 10 });
    expect(jobs.jobs.map((j) => [j.jobId, j.done])).toEqual([['j1', 7], ['j2', 0]]);
    fake.emit({ type: 'job.done', jobId: 'j1' });
    fake.emit({ type: 'job.failed', jobId: 'j2', message: 'derive: out of memory' });
    expect(jobs.jobs).toEqual([]);
    expect(notes.toasts.map((t) => t.text)).toEqual(['derive: out of memory']);
  });

  it('keeps the stage a job reports, counting done / total within it', () => {
    const { fake, jobs } = setup();
    fake.emit({ type: 'job.progress', jobId: 'j1', label: 'Deriving tactical map', done: 3, total: 4, stage: 'routing linear features' });
    expect(jobs.jobs[0]).toMatchObject({ stage: 'routing linear features', done: 3, total: 4 });
    fake.emit({ type: 'job.progress', jobId: 'j1', label: 'Deriving tactical map', done: 0, total: 2, stage: 'blending' });
    expect(jobs.jobs[0]).toMatchObject({ stage: 'blending', done: 0, total: 2 });
    fake.emit({ type: 'job.progress', jobId: 'j1', label: 'Saving to the project', done: 0, total: 1 });
    expect(jobs.jobs[0]!.stage).toBe('');
  });

  it('cancels through jobs.cancel and drops the job at once', async () => {
    const { fake, jobs } = setup();
    fake.emit({ type: 'job.progress', jobId: 'j1', label: 'Importing', done: 1, total: 10 });
    await jobs.cancel('j1');
    await settle();
    expect(fake.calls).toEqual([{ name: 'jobs.cancel', args: { jobId: 'j1' } }]);
    expect(jobs.jobs).toEqual([]);
  });
});
