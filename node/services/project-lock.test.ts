/**
 * The writer lock through the services (node/store/writer-lock.ts): a second app session
 * on an open project is refused with the two choices, can open it read-only (ProjectInfo
 * says so; paint is refused), or take over (the first session's paint is then refused).
 * Two sessions in one process hold two connections, exactly as two processes would; the
 * two-process test is node/store/writer-lock.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { ProjectInfo } from '../../contract/contract.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-lock-');

describe('one project, two app sessions', () => {
  it('refuses the second, then opens read-only or takes over', async () => {
    const first = kit.services;
    const { summary } = await first.invoke('maps.create', { name: 'm', kind: 'square', size: '4x4', alform: false, fill: 'clear' });
    const saved = await first.invoke('project.save', { path: 'shared' });
    const path = saved.path!;
    expect(path).toBe(join(kit.dir, 'projects', 'shared.sandtable'));

    const second = kit.make();
    await expect(second.invoke('project.open', { path })).rejects.toThrow(/open for editing in another Sandtable window .*; open it read-only, or take over/);
    const ro = await second.invoke('project.open', { path, access: 'read-only' });
    expect(ro).toMatchObject<Partial<ProjectInfo>>({ path, readOnly: true });
    await expect(second.invoke('maps.paint', { id: summary.id, tiles: [0], terrain: 'forest' })).rejects.toThrow(/open read-only in this window; nothing was changed/);

    const taken = await second.invoke('project.open', { path, access: 'take-over' });
    expect(taken.readOnly).toBeUndefined();
    await expect(first.invoke('maps.paint', { id: summary.id, tiles: [1], terrain: 'forest' })).rejects.toThrow(/took over this project; this change was not written/);
    expect((await first.invoke('project.info', {})).readOnly).toBe(true);
    await second.invoke('maps.paint', { id: summary.id, tiles: [2], terrain: 'forest' });
    await first.shutdown();
  });
});
