import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../../../../core/map/terrain-map.js';
import { alformHexMap, payloadOf, projectOf, settle, squareMap, startedBench, summaryOf } from './fake-api.testkit.js';

describe('ground selection and derivation', () => {
  it('clicks ground into the one selection: plain starts over (the reference), shift adds, alt subtracts, a drag adds', async () => {
    const { app } = await startedBench({ 'maps.lineage': () => ({ chain: [], children: [] }) });
    app.maps.open(payloadOf(squareMap(), 'm1'));
    const g = app.ground;
    g.select(7, 'replace');
    g.extend(8, 'add');
    g.select(9, 'add');
    expect([g.selection, app.regions.selection]).toEqual([[7, 8, 9], Int32Array.of(7, 8, 9)]);
    g.select(8, 'subtract');
    expect(g.selection).toEqual([7, 9]);
    // Nothing is refused click by click; derive says why it cannot take the selection.
    expect(g.problem).toBe('derive needs one connected area: the selection has 2 parts');
    g.select(9, 'replace');
    expect([g.selection, app.selection.reference]).toEqual([[9], 9]);
    g.clear();
    expect(g.selection).toEqual([]);
  });

  it('a rectangle selection is what derive and auto-assemble get: its area tiles, the reference first', async () => {
    const map = alformHexMap();
    const { app, fake } = await startedBench({
      'maps.lineage': () => ({ chain: [], children: [] }),
      'maps.fitting': () => ({ kind: 'library', total: 0, fits: [] }),
      'maps.assemble': () => ({ ok: false, jobId: 'j', reason: 'unsatisfiable', region: [], message: 'no assembly exists' }),
    });
    app.maps.open(payloadOf(map, 'h1'));
    const g = map.grid;
    const [a, link, b] = [g.index([4, 4]), g.index([5, 4]), g.index([6, 4])];
    // What the marquee tool hands the store: two hexes and the hexside between them.
    app.regions.select([a, link, b], 'replace');
    expect(app.ground.selection).toEqual([a, b]);
    expect(app.ground.problem).toBeNull();
    expect(app.assemble.region).toEqual([a, b]);
    await app.assemble.openDialog();
    await app.assemble.run();
    expect(fake.calls.find((c) => c.name === 'maps.assemble')?.args).toMatchObject({ id: 'h1', tiles: [a, b] });
    // Fill-select (the wand) on the empty map takes every hex; assemble gets the hexes only, never the linear tiles.
    app.selection.fill(a, 'replace');
    const areas = Array.from({ length: map.tileCount }, (_, t) => t).filter((t) => app.maps.current!.classes![t] === 0);
    expect(app.assemble.region?.length).toBe(areas.length);
    expect(app.regions.selection.length).toBe(map.tileCount);
  });

  it('derive explains a disconnected selection and sends nothing', async () => {
    const map = alformHexMap();
    const { app, fake } = await startedBench({ 'maps.lineage': () => ({ chain: [], children: [] }) });
    app.maps.open(payloadOf(map, 'h1'));
    const g = map.grid;
    app.regions.select([[0, 0], [4, 4], [8, 8]].map((c) => g.index(c)), 'replace');
    app.ground.openDialog();
    expect(app.ground.dialog).toBe(false);
    expect(app.notes.toasts.at(-1)).toMatchObject({ kind: 'error', text: 'Cannot derive: derive needs one connected area: the selection has 3 parts.' });
    expect(await app.ground.derive(12, 0)).toBe(false);
    expect(fake.names()).not.toContain('maps.derive');
  });

  it('opens the dialog only with ground selected, and derives from it (no project pull afterwards)', async () => {
    const parent = squareMap();
    const child = TerrainMap.create({ size: { kind: 'square', width: 20, height: 10 }, alform: false });
    const { app, fake } = await startedBench({
      'maps.lineage': () => ({ chain: [], children: [] }),
      'maps.derive': () => ({ jobId: 'j', cached: false, map: payloadOf(child, 'c1', 'Valley · tactical') }),
    });
    app.maps.open(payloadOf(parent, 'm1'));
    app.ground.openDialog();
    expect([app.ground.dialog, app.editing.tool]).toEqual([false, 'select']);
    expect(app.notes.toasts.at(-1)?.text).toMatch(/^Select ground first/);
    app.ground.select(7, 'replace');
    app.ground.select(8, 'add');
    app.ground.openDialog();
    expect(app.ground.dialog).toBe(true);
    await settle();
    fake.calls.length = 0;
    expect(await app.ground.derive(8, 3)).toBe(true);
    await settle();
    expect(fake.calls[0]).toEqual({ name: 'maps.derive', args: { id: 'm1', tiles: [7, 8], ratio: 8, seed: 3 } });
    expect(fake.names().filter((n) => n.startsWith('project.'))).toEqual([]);
    expect(app.maps.current?.id).toBe('c1');
    expect([app.ground.selection, app.ground.dialog, app.ground.ratio, app.ground.seed]).toEqual([[], false, 8, 3]);
    expect(app.notes.toasts.at(-1)?.text).toBe('Derived Valley · tactical: square 6x6 squares, 200 tiles');
  });

  it('derives a stale child again with its own ratio and seed', async () => {
    const parent = squareMap();
    const { app, fake } = await startedBench({
      'maps.lineage': () => ({ chain: [], children: [{ id: 'c1', name: 'T', tiles: [7, 8], stale: true }] }),
      'maps.derive': () => ({ jobId: 'j', cached: false, map: payloadOf(parent, 'c1') }),
    });
    fake.emit({ type: 'project.changed', project: projectOf([summaryOf(parent, 'm1'), summaryOf(parent, 'c1', 'T', { derived: { parent: 'm1', ratio: 6, seed: 11, stale: true } })]) });
    app.maps.open(payloadOf(parent, 'm1'));
    await settle();
    expect(await app.ground.rederive('nope')).toBe(false);
    expect(await app.ground.rederive('c1')).toBe(true);
    expect(fake.calls.find((c) => c.name === 'maps.derive')?.args).toEqual({ id: 'm1', tiles: [7, 8], ratio: 6, seed: 11 });
  });

  it("resets the ratio to the kind's default for a map of another kind; a reload keeps the selection", async () => {
    const hex = alformHexMap();
    const { app } = await startedBench({ 'maps.lineage': () => ({ chain: [], children: [] }), 'maps.load': () => payloadOf(squareMap(), 'm1') });
    const loaded = app.maps.open(payloadOf(squareMap(), 'm1'));
    expect(app.ground.ratio).toBe(10);
    app.ground.select(7, 'replace');
    await app.maps.applyEdit(loaded, { changes: [], palette: ['clear'], canUndo: false, canRedo: true, reload: true });
    expect(app.ground.selection).toEqual([7]);
    app.maps.open(payloadOf(hex, 'h1'));
    expect([app.ground.ratio, app.ground.selection]).toEqual([12, []]);
  });

  it('derives nothing without a selection', async () => {
    const { app, fake } = await startedBench({ 'maps.lineage': () => ({ chain: [], children: [] }) });
    app.maps.open(payloadOf(squareMap(), 'm1'));
    expect(await app.ground.derive(10, 0)).toBe(false);
    expect(fake.names()).not.toContain('maps.derive');
  });
});
