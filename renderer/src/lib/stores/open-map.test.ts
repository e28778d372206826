import { describe, expect, it, vi } from 'vitest';
import { payloadOf, projectOf, settle, squareMap, startedBench, summaryOf } from './fake-api.testkit.js';
import type { MapSwitch } from './open-map.svelte.js';
import { TerrainMap } from '../../../../core/map/terrain-map.js';

const noLineage = { 'maps.lineage': () => ({ chain: [], children: [] }) };

describe('the open map', () => {
  it('creates a map and shows it, leaving the project list to the main process push', async () => {
    const m = squareMap();
    const { app, fake } = await startedBench({ ...noLineage, 'maps.create': () => payloadOf(m, 'm1', 'Valley') });
    const switched = vi.fn<(s: MapSwitch) => void>();
    app.maps.switched.on(switched);
    await app.maps.create({ name: 'Valley', kind: 'square', size: '6x6', alform: false });
    await settle();
    // No project.info after the creation: project.changed brings the new list.
    expect(fake.names()).toEqual(['maps.create', 'maps.lineage']);
    expect(app.maps.current).toMatchObject({ id: 'm1', summary: { name: 'Valley' } });
    expect(app.maps.screen).toBe('workspace');
    expect(switched.mock.calls.map(([s]) => s.reason)).toEqual(['open']);
  });

  it('generates a world through maps.generate and opens it', async () => {
    const m = squareMap();
    const { app, fake } = await startedBench({ ...noLineage, 'maps.generate': () => ({ jobId: 'j1', map: payloadOf(m, 'm1', 'Continent') }) });
    await app.maps.generate({ name: 'Continent', kind: 'square', size: '6x6', alform: false, seed: 3 });
    await settle();
    expect(fake.names()).toEqual(['maps.generate', 'maps.lineage']);
    expect(app.maps.current).toMatchObject({ id: 'm1', summary: { name: 'Continent' } });
  });

  it('opening an old map shows what the main process did to its roads in a toast', async () => {
    const m = squareMap();
    const notice = 'Converted road to through-tile networks (centre to centre): 4 tile edges became 3 links. Undo takes it back.';
    const { app } = await startedBench({ ...noLineage, 'maps.load': ({ id }) => ({ ...payloadOf(m, id, 'Old'), notice }) });
    await app.maps.openMap('m1');
    expect(app.maps.current?.id).toBe('m1');
    expect(app.notes.toasts.at(-1)).toMatchObject({ kind: 'info', text: notice });
  });

  it('closes the map when a pushed project no longer has it', async () => {
    const m = squareMap();
    const { app, fake } = await startedBench(noLineage);
    app.maps.open(payloadOf(m, 'm1'));
    fake.emit({ type: 'project.changed', project: projectOf([summaryOf(m, 'm1'), summaryOf(m, 'm2')]) });
    expect(app.maps.current?.id).toBe('m1');
    fake.emit({ type: 'project.changed', project: projectOf([summaryOf(m, 'm2')]) });
    expect(app.maps.current).toBeNull();
    expect(app.maps.screen).toBe('start');
  });

  it('imports, converts and exports without asking for the project again', async () => {
    const classic = squareMap();
    const { app, fake, saved } = await startedBench({
      ...noLineage,
      'maps.import': ({ fileName }) => ({ jobId: 'j', map: payloadOf(classic, 'imp', fileName) }),
      'maps.convert': ({ id }) => payloadOf(classic, `${id}-alform`),
      'maps.export': () => ({ fileName: 'imp.tmx', mime: 'application/xml', text: '<map/>', image: { fileName: 'imp-terrain.png', mime: 'image/png', base64: btoa('PNG') } }),
    });
    await app.maps.importFile(new File(['x'], 'valley.tmx'));
    expect(app.maps.current?.id).toBe('imp');
    expect(app.notes.toasts.at(-1)?.text).toBe('Imported valley.tmx: square 6x6 squares, 36 tiles');
    await app.maps.convertToAlform();
    expect(app.maps.current?.id).toBe('imp-alform');
    await app.maps.exportMap('tmx');
    expect(saved.map((s) => s.fileName)).toEqual(['imp.tmx', 'imp-terrain.png']);
    await settle();
    expect(fake.names().filter((n) => n.startsWith('project.'))).toEqual([]);
  });

  it('asks once when an import needs a folder outside the map\'s, grants it and imports again; a "no" imports nothing (issue 24)', async () => {
    const m = squareMap();
    let granted = false;
    const needsGrant = { folders: ['/u/a/tilesets'], question: 'This map uses tilesets in /u/a/tilesets — allow reading that folder?' };
    const { app, fake } = await startedBench({
      ...noLineage,
      'dialog.open': () => ({ path: '/u/a/maps/valley.tmx' }),
      'maps.importFile': () => (granted ? { jobId: 'j', map: payloadOf(m, 'imp', 'valley') } : { needsGrant }),
      'project.grantFolder': ({ folder }) => {
        granted = true;
        return { folders: [folder] };
      },
    });
    const questions: string[] = [];
    app.maps.ask = (q) => (questions.push(q), false);
    await app.maps.importWithDialog();
    expect(questions).toEqual([needsGrant.question]);
    expect(app.maps.current).toBeNull();
    expect(fake.names().filter((n) => n !== 'maps.lineage')).toEqual(['dialog.open', 'maps.importFile']);
    fake.calls.length = 0;
    app.maps.ask = (q) => (questions.push(q), true);
    await app.maps.importWithDialog();
    expect(questions).toHaveLength(2);
    expect(fake.names().filter((n) => n !== 'maps.lineage')).toEqual(['dialog.open', 'maps.importFile', 'project.grantFolder', 'maps.importFile']);
    expect(app.maps.current?.id).toBe('imp');
  });

  it('applies an edit in place: one revision, one `edited` with the changed tiles, hover kept up to date', async () => {
    const m = squareMap();
    const { app } = await startedBench(noLineage);
    const loaded = app.maps.open(payloadOf(m, 'm1'));
    app.maps.setHover(3);
    expect(app.maps.hover?.terrainId).toBe('');
    const edited = vi.fn();
    app.maps.edited.on(edited);
    const revision = app.maps.revision;
    await app.maps.applyEdit(loaded, { changes: [{ layer: 'terrain', index: 3, value: 2 }], palette: ['clear', 'forest'], canUndo: true, canRedo: false });
    expect(app.maps.current).toBe(loaded);
    expect(app.maps.revision).toBe(revision + 1);
    expect(Array.from(edited.mock.calls[0]![0].tiles)).toEqual([3]);
    expect(app.maps.hover).toMatchObject({ tile: 3, terrainId: 'forest' });
    app.maps.setHover(-1);
    expect(app.maps.hover).toBeNull();
  });

  it('loads the map again when the edit result says reload, and drops results for a map no longer open', async () => {
    const before = elevated(0);
    const after = elevated(40);
    const { app, fake } = await startedBench({ ...noLineage, 'maps.load': () => payloadOf(after, 'm1') });
    const loaded = app.maps.open(payloadOf(before, 'm1'));
    const switched = vi.fn<(s: MapSwitch) => void>();
    const edited = vi.fn();
    app.maps.switched.on(switched);
    app.maps.edited.on(edited);
    await app.maps.applyEdit(loaded, { changes: [], palette: ['clear'], canUndo: false, canRedo: true, reload: true });
    expect(fake.names()).toContain('maps.load');
    expect(app.maps.current).not.toBe(loaded);
    expect(app.maps.current?.map.layers.elevation?.[5]).toBe(40);
    expect(switched.mock.calls.map(([s]) => s.reason)).toEqual(['reload']);
    expect(edited).not.toHaveBeenCalled();

    // An answer for the map that was open before is dropped.
    await app.maps.applyEdit(loaded, { changes: [{ layer: 'terrain', index: 0, value: 1 }], palette: ['clear'], canUndo: true, canRedo: false });
    expect(edited).not.toHaveBeenCalled();
  });
});

/** A re-derived map differs in its elevation, which no tile change carries. */
function elevated(height: number): TerrainMap {
  const m = TerrainMap.create({ size: { kind: 'square', width: 6, height: 6 }, alform: false, palette: ['clear'], elevation: true });
  m.layers.elevation!.fill(height);
  return m;
}
