import { describe, expect, it } from 'vitest';
import { fakeApi, payloadOf, projectOf, settle, squareMap, startedBench, startupHandlers, summaryOf } from './fake-api.testkit.js';
import { Workbench } from './workbench.js';
import { ThemeStore } from './theme.svelte.js';

describe('the project store', () => {
  it('asks the start-up questions once and tolerates a missing recovery folder', async () => {
    const fake = fakeApi({ ...startupHandlers(projectOf([], '/p/a.sandtable')), 'project.recovery': () => Promise.reject(new Error('no folder')) });
    const app = new Workbench(fake.api, 'browser', { theme: new ThemeStore('light', () => {}) });
    await app.init();
    expect(fake.names().sort()).toEqual(['app.info', 'catalogue.get', 'project.info', 'project.recent', 'project.recovery']);
    const p = app.project;
    expect([p.appVersion, p.projectDir, p.project?.path, p.recent, p.recovery]).toEqual(['9.9.9', '/projects', '/p/a.sandtable', ['/projects/a.sandtable'], []]);
    expect(p.terrain('forest')?.class).toBe('area');
    expect(p.terrain('')).toBeUndefined();
    expect(app.notes.toasts).toEqual([]);
  });

  it('takes the project the main process pushes', async () => {
    const { app, fake } = await startedBench();
    const m = squareMap();
    fake.emit({ type: 'project.changed', project: projectOf([summaryOf(m, 'm1')], '/p/b.sandtable', true) });
    expect(app.project.project).toMatchObject({ path: '/p/b.sandtable', dirty: true, maps: [{ id: 'm1' }] });
    expect(fake.calls).toEqual([]);
  });

  it('opens a project (and its only map) and asks for the recent list again, not for the project', async () => {
    const m = squareMap();
    const opened = projectOf([summaryOf(m, 'm1')], '/p/c.sandtable');
    const { app, fake } = await startedBench({ 'project.open': () => opened, 'maps.load': () => payloadOf(m, 'm1'), 'maps.lineage': () => ({ chain: [], children: [] }) });
    expect(await app.project.openProject('/p/c.sandtable')).toBe(true);
    await settle();
    expect(fake.names()).toEqual(['project.open', 'project.recent', 'maps.load', 'maps.lineage']);
    expect(app.maps.current?.id).toBe('m1');
    expect(app.maps.screen).toBe('workspace');
  });

  it('offers read-only or take-over when another window edits the project, and opens with the answer', async () => {
    const m = squareMap();
    const opened = { ...projectOf([summaryOf(m, 'm1')], '/p/l.sandtable'), readOnly: true };
    const { app, fake } = await startedBench({
      'project.open': ({ path, access }) => {
        if (!access) throw new Error(`${path}: this project is open for editing in another Sandtable window (process 7 on h, since t); open it read-only, or take over (the other window can then no longer change it)`);
        return opened;
      },
      'maps.load': () => payloadOf(m, 'm1'),
      'maps.lineage': () => ({ chain: [], children: [] }),
    });
    expect(await app.project.openProject('/p/l.sandtable')).toBe(false);
    expect(app.project.locked).toMatchObject({ path: '/p/l.sandtable' });
    expect(app.notes.toasts).toEqual([]); // a choice, not an error
    expect(await app.project.openProject('/p/l.sandtable', 'read-only')).toBe(true);
    expect(app.project.locked).toBeNull();
    expect(app.project.project?.readOnly).toBe(true);
    expect(fake.calls.filter((c) => c.name === 'project.open').map((c) => c.args)).toEqual([{ path: '/p/l.sandtable' }, { path: '/p/l.sandtable', access: 'read-only' }]);
  });

  it("follows the other window's commits in a read-only window: loads the open map again and says so", async () => {
    const m = squareMap();
    const info = { ...projectOf([summaryOf(m, 'm1')], '/p/f.sandtable'), readOnly: true };
    const { app, fake } = await startedBench({ 'project.open': () => info, 'maps.load': () => payloadOf(m, 'm1'), 'maps.lineage': () => ({ chain: [], children: [] }) });
    expect(await app.project.openProject('/p/f.sandtable', 'read-only')).toBe(true);
    await settle();
    const before = app.maps.current;
    fake.emit({ type: 'project.followed', project: info });
    await settle();
    expect(fake.names().filter((n) => n === 'maps.load')).toHaveLength(2);
    expect(app.maps.current).not.toBe(before);
    expect(app.maps.current?.id).toBe('m1');
    expect(app.notes.toasts.map((t) => t.text)).toContain("Updated from the other window's changes");
  });

  it('saves, says where, and marks edits dirty until then', async () => {
    const { app, fake } = await startedBench({ 'project.save': ({ path }) => projectOf([], path ?? '/p/d.sandtable') });
    app.project.markDirty();
    expect(app.project.project?.dirty).toBe(true);
    expect(await app.project.saveProject('/p/e.sandtable')).toBe(true);
    expect(fake.names()).toEqual(['project.save', 'project.recent']);
    expect(app.project.project).toMatchObject({ path: '/p/e.sandtable', dirty: false });
    expect(app.notes.toasts.at(-1)?.text).toBe('Saved e.sandtable');
  });

  it('a new project closes the open map; a failed open says why and keeps what was open', async () => {
    const m = squareMap();
    const { app } = await startedBench({ 'project.new': () => projectOf([]), 'maps.lineage': () => ({ chain: [], children: [] }) });
    app.maps.open(payloadOf(m, 'm1'));
    expect(await app.project.openProject('/nope.sandtable')).toBe(false);
    expect(app.notes.toasts.at(-1)?.text).toBe('project.open: not faked in this test');
    expect(app.maps.current?.id).toBe('m1');
    await app.project.newProject();
    expect(app.maps.current).toBeNull();
    expect(app.maps.screen).toBe('start');
  });

  it('discards a recovered project', async () => {
    const { app, fake } = await startedBench({ 'project.discardRecovery': () => [] });
    await app.project.discardRecovery('/r/1.sandtable');
    expect(fake.calls).toEqual([{ name: 'project.discardRecovery', args: { path: '/r/1.sandtable' } }]);
  });
});
