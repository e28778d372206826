/**
 * A read-only window follows the writer's commits (project-follow.ts, issue 24): another
 * process (node/store/writer-lock-child.ts) holds the project and paints; the app session
 * that opened it read-only is told with `project.followed` — asserted through the event, not
 * by timing — and its open map, read again, shows the edit.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import type { MapPayload, ProjectInfo } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { cleanupTempDirs } from '../store/store.testkit.js';
import { newLockProject, startWindow } from '../store/writer-lock.testkit.js';
import { AppServices } from './app-services.js';
import { createContext } from './context.js';
import { ProjectFollower } from './project-follow.js';

afterAll(cleanupTempDirs);

const terrainAt = (payload: MapPayload, index: number): number | undefined => mapFromJson(payload.map).layers.terrain[index];

describe('a read-only window and the writer in another process', () => {
  it("sees the writer's committed edit, told by project.followed", async () => {
    const path = newLockProject('follow.sandtable');
    const writer = await startWindow(path);
    const services = new AppServices({ mode: 'browser', version: '0.0.0-test', userDataDir: join(dirname(path), 'user'), allowedRoots: [dirname(path)], followIntervalMs: 20 });
    try {
      expect(await writer.send({ op: 'open', access: 'exclusive' })).toMatchObject({ ok: true, readOnly: false });
      await expect(services.invoke('project.open', { path })).rejects.toThrow(/open for editing in another Sandtable window/);
      expect(await services.invoke('project.open', { path, access: 'read-only' })).toMatchObject({ path, readOnly: true });
      expect(terrainAt(await services.invoke('maps.load', { id: 'front' }), 3)).toBe(0);

      const followed = new Promise<ProjectInfo>((resolve) => services.onEvent((e) => e.type === 'project.followed' && resolve(e.project)));
      expect(await writer.send({ op: 'paint', index: 3, value: 2 })).toMatchObject({ ok: true });
      expect(await followed).toMatchObject({ path, readOnly: true, maps: [{ id: 'front' }] });
      expect(terrainAt(await services.invoke('maps.load', { id: 'front' }), 3)).toBe(2);
    } finally {
      writer.child.kill('SIGKILL');
      await services.shutdown();
    }
  }, 60_000);

  it('is news when what the window shows changed since it read it, not when the writer claims or gives back its lock', async () => {
    const path = newLockProject('quiet.sandtable');
    const writer = await startWindow(path);
    const ctx = createContext({ mode: 'browser', version: '0.0.0-test', userDataDir: join(dirname(path), 'user'), allowedRoots: [dirname(path)] });
    const follower = new ProjectFollower(ctx);
    const events: string[] = [];
    ctx.events.on((e) => events.push(e.type));
    try {
      expect(await writer.send({ op: 'open', access: 'exclusive' })).toMatchObject({ ok: true });
      ctx.session.open(path, 'read-only');
      // A commit between the open and the first look is news: the window read the project before it.
      expect(await writer.send({ op: 'paint', index: 4, value: 1 })).toMatchObject({ ok: true });
      expect(follower.check()).toBe(true);
      expect(follower.check()).toBe(false);
      expect(await writer.send({ op: 'close' })).toMatchObject({ ok: true }); // the lock row goes: a commit, nothing shown
      expect(follower.check()).toBe(false);
      expect(await writer.send({ op: 'open', access: 'exclusive' })).toMatchObject({ ok: true });
      expect(follower.check()).toBe(false);
      expect(await writer.send({ op: 'paint', index: 5, value: 1 })).toMatchObject({ ok: true });
      expect(follower.check()).toBe(true);
      expect(follower.check()).toBe(false); // told once
      expect(await writer.send({ op: 'undo' })).toMatchObject({ ok: true });
      expect(follower.check()).toBe(true);
      expect(events).toEqual(['project.followed', 'project.followed', 'project.followed']);
    } finally {
      writer.child.kill('SIGKILL');
      ctx.session.close();
    }
  }, 60_000);
});
