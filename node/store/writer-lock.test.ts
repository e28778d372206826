/**
 * Two processes, one project (docs/store.md "Two processes, one project"): an exclusive
 * writer lock with "open read-only / take over". Two real child processes
 * (writer-lock-child.ts) play two app windows: the second is refused while the first
 * edits, reads its edits read-only, takes over; then the first's edits are refused (and
 * reported, never lost silently) and the second's undo never reverts the first's edit. A
 * SIGKILLed holder leaves a lock that the next open takes silently.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openProject } from './project.js';
import { ProjectLockedError } from './writer-lock.js';
import { cleanupTempDirs } from './store.testkit.js';
import { newLockProject as newProject, startWindow } from './writer-lock.testkit.js';

afterAll(cleanupTempDirs);

describe('two processes on one project: one writer, read-only or take over', () => {
  it('refuses the second writer, lets it read, and after a take-over loses no edit and undoes none across processes', async () => {
    const path = newProject();
    const a = await startWindow(path);
    const b = await startWindow(path);
    try {
      expect(await a.send({ op: 'open', access: 'exclusive' })).toMatchObject({ ok: true, readOnly: false });
      expect(await a.send({ op: 'paint', index: 1, value: 1 })).toMatchObject({ ok: true });

      // The second window is refused, with the holder and the two ways on.
      const refused = await b.send({ op: 'open', access: 'exclusive' });
      expect(refused).toMatchObject({ ok: false, name: 'ProjectLockedError' });
      expect(refused.message).toMatch(new RegExp(`open for editing in another Sandtable window \\(process ${a.child.pid} on .*\\); open it read-only, or take over`));

      // Read-only: sees the writer's edits as they are committed, writes nothing.
      expect(await b.send({ op: 'open', access: 'read-only' })).toMatchObject({ ok: true, readOnly: true });
      expect(await b.send({ op: 'read', index: 1 })).toMatchObject({ value: 1 });
      expect(await a.send({ op: 'paint', index: 2, value: 2 })).toMatchObject({ ok: true });
      expect(await b.send({ op: 'read', index: 2 })).toMatchObject({ value: 2 });
      const hash = (await b.send({ op: 'hash' })).hash;
      expect(await b.send({ op: 'paint', index: 3, value: 1 })).toMatchObject({ ok: false, name: 'ProjectReadOnlyError' });
      expect(await b.send({ op: 'undo' })).toMatchObject({ ok: false, name: 'ProjectReadOnlyError' });
      expect((await b.send({ op: 'hash' })).hash).toBe(hash);
      await b.send({ op: 'close' });

      // Take over: the first window's next edit is refused and reported — nothing half-written.
      expect(await b.send({ op: 'open', access: 'take-over' })).toMatchObject({ ok: true, readOnly: false });
      const before = (await b.send({ op: 'hash' })).hash;
      const lost = await a.send({ op: 'paint', index: 4, value: 1 });
      expect(lost).toMatchObject({ ok: false, name: 'ProjectReadOnlyError' });
      expect(lost.message).toMatch(/took over this project; this change was not written/);
      expect(await a.send({ op: 'undo' })).toMatchObject({ ok: false, name: 'ProjectReadOnlyError' });
      expect((await b.send({ op: 'hash' })).hash).toBe(before);

      // The new writer's undo never reaches the first window's edits.
      expect(await b.send({ op: 'undo' })).toEqual({ ok: true }); // nothing of its own to undo
      expect(await b.send({ op: 'read', index: 2 })).toMatchObject({ value: 2 });
      expect(await b.send({ op: 'paint', index: 5, value: 2 })).toMatchObject({ ok: true });
      const undone = await b.send({ op: 'undo' });
      expect(undone.changes).toEqual([{ layer: 'terrain', index: 5, before: 2, after: 0 }]);
      expect(await b.send({ op: 'undo' })).toEqual({ ok: true });
      expect(await b.send({ op: 'read', index: 1 })).toMatchObject({ value: 1 });
      expect(await b.send({ op: 'read', index: 2 })).toMatchObject({ value: 2 });
      await b.send({ op: 'close' });
    } finally {
      a.child.kill('SIGKILL');
      b.child.kill('SIGKILL');
    }
    const check = openProject(path);
    expect(check.integrityCheck()).toEqual(['ok']);
    expect([...check.maps.load('front').layers.terrain.subarray(0, 6)]).toEqual([0, 1, 2, 0, 0, 0]);
    check.close();
  }, 60_000);

  it('a killed holder holds nothing: the next exclusive open takes its lock', async () => {
    const path = newProject();
    const a = await startWindow(path);
    expect(await a.send({ op: 'open', access: 'exclusive' })).toMatchObject({ ok: true });
    expect(() => openProject(path, { access: 'exclusive' })).toThrow(ProjectLockedError);
    a.child.kill('SIGKILL');
    await new Promise((resolve) => a.child.once('exit', resolve));
    const p = openProject(path, { access: 'exclusive' });
    expect(p.readOnly).toBe(false);
    p.close();
    // Closing gave the lock back: another exclusive open is fine.
    openProject(path, { access: 'exclusive' }).close();
  }, 30_000);
});
