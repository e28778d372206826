/**
 * maps.generate through AppServices.call: a generated world as a job with a progress step per
 * stage, stored as an ordinary map of the project; bad parameters refused in one line; a
 * cancelled generation stores nothing.
 */
import { describe, expect, it } from 'vitest';
import type { AppEvent, MapPayload, ProjectInfo } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { checkWorld } from '../../core/generate/check-world.js';
import { WORLD_STAGES } from '../../core/generate/world.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-generate-');
const { call } = kit;
const ARGS = { name: 'Continent', kind: 'hex-rectangle', size: '41x31', alform: true, seed: 7, settlements: 12 };

describe('maps.generate', () => {
  it('generates a world as a job, a progress step per stage, stored as an ordinary map', async () => {
    const r = await call<{ jobId: string; map: MapPayload }>('maps.generate', ARGS);
    expect(r.map.summary).toMatchObject({ name: 'Continent', kind: 'hex-rectangle', size: '41x31', alform: true, tileCount: 41 * 31 });
    const map = mapFromJson(r.map.map);
    expect(map.palette).toEqual(expect.arrayContaining(['ocean', 'river']));
    expect(map.networks?.isEmpty).toBe(false);
    expect(checkWorld(map)).toMatchObject({ straightBorderRuns: 0, parallelFeatures: 0, uphillRivers: 0, riversEndingInland: 0 });
    const stages = kit.events.filter((e): e is AppEvent & { type: 'job.progress' } => e.type === 'job.progress' && e.jobId === r.jobId).map((e) => e.stage);
    // Every stage, in order (the job system may add its own steps around them).
    const ours = stages.filter((st): st is string => (WORLD_STAGES as readonly (string | undefined)[]).includes(st));
    expect([...new Set(ours)]).toEqual([...WORLD_STAGES]);
    expect(kit.events.filter((e) => 'jobId' in e && e.jobId === r.jobId).at(-1)).toEqual({ type: 'job.done', jobId: r.jobId });
    expect((await call<ProjectInfo>('project.info')).maps.map((m) => m.name)).toEqual(['Continent']);
  });

  it('refuses bad sizes and parameters before any job', async () => {
    await expect(call('maps.generate', { ...ARGS, size: '40x31' })).rejects.toThrow(/width must be odd/);
    await expect(call('maps.generate', { ...ARGS, land: 0.99 })).rejects.toThrow(/land/);
    expect((await call<ProjectInfo>('project.info')).maps).toEqual([]);
  });

  it('a cancelled generation stores nothing', async () => {
    await kit.services.shutdown();
    kit.make({ jobStepDelayMs: 400 });
    const running = call('maps.generate', ARGS);
    running.catch(() => undefined);
    const first = await new Promise<AppEvent & { type: 'job.progress' }>((resolve) => {
      const off = kit.services.onEvent((e) => {
        if (e.type === 'job.progress') {
          off();
          resolve(e);
        }
      });
    });
    expect(await call('jobs.cancel', { jobId: first.jobId })).toEqual({ cancelled: true });
    await expect(running).rejects.toThrow(/was cancelled; nothing was written/);
    expect((await call<ProjectInfo>('project.info')).maps).toEqual([]);
  });
});
