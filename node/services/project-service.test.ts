/**
 * The project service through AppServices.call, exactly as IPC and browser mode send it,
 * on temporary project files: new, save, open, recovery, the app's info and its dialogs.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppEvent, EditResult, MapPayload, ProjectInfo, RecoveryEntry } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { openProject } from '../store/index.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-project-');
const { call } = kit;

describe('projects, paint, undo, save, open', () => {
  it('round-trips a painted AL-FORM hex map through save and open, undo history included', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'Ardennes', kind: 'hex-rectangle', size: '9x7', alform: true, fill: 'clear' });
    expect(created.summary).toMatchObject({ name: 'Ardennes', kind: 'hex-rectangle', size: '9x7', alform: true, tileCount: 63 });
    expect(created.history).toEqual({ canUndo: false, canRedo: false });
    const id = created.summary.id;
    const map = mapFromJson(created.map);
    const area = map.grid.index([2, 2]);
    const linear = map.grid.index([1, 0]);
    expect(map.terrainAt(area)).toBe('clear');

    const forest = await call<EditResult>('maps.paint', { id, tiles: [area], terrain: 'forest' });
    expect(forest.changes).toEqual([{ layer: 'terrain', index: area, value: forest.palette.indexOf('forest') + 1 }]);
    expect(forest).toMatchObject({ canUndo: true, canRedo: false });
    const river = await call<EditResult>('maps.paint', { id, tiles: [linear], terrain: 'river' });
    expect(river.palette).toEqual(['clear', 'forest', 'river']);

    const undone = await call<EditResult>('maps.undo', { id });
    expect(undone.changes).toEqual([{ layer: 'terrain', index: linear, value: 0 }]);
    expect(undone).toMatchObject({ canUndo: true, canRedo: true });
    const redone = await call<EditResult>('maps.redo', { id });
    expect(redone.changes).toEqual([{ layer: 'terrain', index: linear, value: 3 }]);

    // A no-op paint is not an edit: nothing to undo beyond the two real ones.
    expect((await call<EditResult>('maps.paint', { id, tiles: [area], terrain: 'forest' })).changes).toEqual([]);

    const before = await call<ProjectInfo>('project.info');
    expect(before).toMatchObject({ path: null, dirty: true });
    const file = join(kit.dir, 'saved', 'ardennes');
    // Outside the allowed roots: refused unless the user chose it (a Save dialog grants it).
    await expect(call('project.save', { path: file })).rejects.toThrow(/may not save a project to this path/);
    kit.services.grantPath(`${file}.sandtable`);
    await expect(call('project.save', { path: file })).rejects.toThrow(/no such folder/);
    const saved = await call<ProjectInfo>('project.save', { path: 'ardennes' });
    expect(saved.path).toBe(join(kit.dir, 'projects', 'ardennes.sandtable'));
    expect(saved.dirty).toBe(false);
    // The untitled recovery file is gone once the project has a name.
    expect(readdirSync(join(kit.dir, 'user', 'recovery')).filter((f) => f.endsWith('.sandtable'))).toEqual([]);
    expect(await call('project.recent')).toEqual([saved.path]);

    await kit.services.shutdown();
    kit.make();
    const opened = await call<ProjectInfo>('project.open', { path: saved.path! });
    expect(opened.maps.map((m) => m.name)).toEqual(['Ardennes']);
    const reopened = await call<MapPayload>('maps.load', { id });
    // The payload says so, so the undo button is enabled the moment the map opens again.
    expect(reopened.history).toEqual({ canUndo: true, canRedo: false });
    const loaded = mapFromJson(reopened.map);
    expect(loaded.terrainAt(area)).toBe('forest');
    expect(loaded.terrainAt(linear)).toBe('river');
    // The undo journal lives in the file: undo after reopening takes the river away again.
    expect((await call<EditResult>('maps.undo', { id })).changes).toEqual([{ layer: 'terrain', index: linear, value: 0 }]);
    expect(mapFromJson((await call<MapPayload>('maps.load', { id })).map).terrainAt(linear)).toBe('');
    // And it is written: a fresh connection sees the undo.
    const check = openProject(saved.path!);
    expect(check.maps.load(id).terrainAt(linear)).toBe('');
    check.close();
  });

  it('refuses to overwrite a file that is not a Sandtable project, and refuses missing files', async () => {
    await call('maps.create', { name: 'm', kind: 'square', size: '3x3', alform: false });
    const notes = join(kit.dir, 'projects', 'notes.txt');
    const fake = join(kit.dir, 'projects', 'notes.sandtable');
    await call('project.save', { path: 'first' });
    writeFileSync(notes, 'my notes');
    writeFileSync(fake, 'my notes');
    // Only .sandtable files are written by a save; an existing one that is not a project is not replaced.
    await expect(call('project.save', { path: notes })).rejects.toThrow(/notes\.txt: a project is saved as a \.sandtable file/);
    await expect(call('project.save', { path: fake })).rejects.toThrow(/notes\.sandtable exists and is not a Sandtable project/);
    expect(readFileSync(notes, 'utf8')).toBe('my notes');
    expect(readFileSync(fake, 'utf8')).toBe('my notes');
    await expect(call('project.open', { path: join(kit.dir, 'projects', 'nope.sandtable') })).rejects.toThrow(/project\.open: .*nope\.sandtable: no such project file/);
    await expect(call('project.open', { path: notes })).rejects.toThrow(/project\.open: .*notes\.txt/);
    // The failed open left the project that was open alone.
    expect((await call<ProjectInfo>('project.info')).path).toBe(join(kit.dir, 'projects', 'first.sandtable'));
  });

  it('keeps an unsaved project for crash recovery and offers it to the next session', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'Lost', kind: 'square', size: '5x5', alform: true });
    await call('maps.paint', { id: created.summary.id, tiles: [0], terrain: 'forest' });
    // The session dies without closing anything: its connection just goes away, as in a crash.
    (kit.services.session as unknown as { project: { db: { close(): void } } }).project.db.close();
    kit.make();
    const offered = await call<RecoveryEntry[]>('project.recovery');
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({ mapCount: 1, mapNames: ['Lost'] });
    const info = await call<ProjectInfo>('project.open', { path: offered[0]!.path });
    expect(info).toMatchObject({ path: null, dirty: true });
    expect(mapFromJson((await call<MapPayload>('maps.load', { id: created.summary.id })).map).terrainAt(0)).toBe('forest');
    // Reopened, it is this session's untitled project again, no longer on offer.
    expect(await call('project.recovery')).toEqual([]);
  });

  it('deletes the recovery file when the designer discards an untitled project', async () => {
    await call('maps.create', { name: 'Scratch', kind: 'square', size: '3x3', alform: false });
    const recovery = join(kit.dir, 'user', 'recovery');
    expect(readdirSync(recovery).some((f) => f.endsWith('.sandtable'))).toBe(true);
    await kit.services.shutdown({ discardUntitled: true });
    expect(readdirSync(recovery).filter((f) => f.endsWith('.sandtable'))).toEqual([]);
    kit.make();
    expect(await call('project.recovery')).toEqual([]);
  });

  it('emits project.changed when maps come and go', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'A', kind: 'square', size: '3x3', alform: false });
    await call('maps.delete', { id: created.summary.id });
    const changes = kit.events.filter((e): e is Extract<AppEvent, { type: 'project.changed' }> => e.type === 'project.changed');
    expect(changes.map((e) => e.project.maps.length)).toEqual([1, 0]);
    await expect(call('maps.load', { id: created.summary.id })).rejects.toThrow(`maps.load: no map with id "${created.summary.id}" in this project`);
  });
});

describe('app', () => {
  it('reports its mode and refuses native dialogs in browser mode', async () => {
    expect(await call('app.info')).toEqual({ version: '0.0.0-test', mode: 'browser', defaultProjectDir: join(kit.dir, 'projects') });
    await expect(call('dialog.open', { purpose: 'project' })).rejects.toThrow(/dialog\.open: native file dialogs exist only in the desktop app/);
    const catalogue = await call('catalogue.get');
    expect(catalogue.terrains.length).toBe(kit.services.catalogue.terrains.length);
  });

  it('uses the dialog host when there is one', async () => {
    await kit.services.shutdown();
    kit.make({ mode: 'electron', dialogs: { open: async (p) => `/picked/${p}`, save: async (p, name) => (name ? `/saved/${p}/${name}` : null) } });
    expect(await call('dialog.open', { purpose: 'import' })).toEqual({ path: '/picked/import' });
    expect(await call('dialog.save', { purpose: 'export', defaultName: 'a.tmx' })).toEqual({ path: '/saved/export/a.tmx' });
    expect(await call('dialog.save', { purpose: 'project' })).toEqual({ path: null });
  });

  it('needs an open project for map operations, but creating a map starts one', async () => {
    await expect(call('maps.load', { id: 'x' })).rejects.toThrow('maps.load: no project is open; create one (project.new) or open one (project.open)');
    expect(await call('maps.list')).toEqual([]);
    await call('maps.create', { name: 'First', kind: 'icosahedron', size: '2', alform: false });
    expect((await call<ProjectInfo>('project.info')).maps.map((m) => m.kind)).toEqual(['icosahedron']);
    await expect(call('maps.create', { name: 'Odd', kind: 'hex-hexagon', size: '4', alform: true })).rejects.toThrow(/maps\.create: .*hex-hexagon/);
    await expect(call('maps.create', { name: 'Huge', kind: 'square', size: '5000x5000', alform: false })).rejects.toThrow(/has 25000000 tiles; maps have at most 16777216/);
    await expect(call('maps.create', { name: 'Wet', kind: 'square', size: '3x3', alform: false, fill: 'river' })).rejects.toThrow('maps.create: fill needs area terrain; "river" is linear');
  });
});
