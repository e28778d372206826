import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../../../../core/map/terrain-map.js';
import { alformHexMap, payloadOf, projectOf, settle, squareMap, startedBench, summaryOf } from './fake-api.testkit.js';

describe('ground selection and derivation', () => {
  it('selects, extends and clears by the rules of lib/selection.ts', async () => {
    const { app } = await startedBench({ 'maps.lineage': () => ({ chain: [], children: [] }) });
    app.maps.open(payloadOf(squareMap(), 'm1'));
    const g = app.ground;
    g.select(7, false);
    g.extend(8);
    g.extend(35); // does not adjoin
    expect(g.selection).toEqual([7, 8]);
    g.select(20, true); // shift-click on a tile that does not adjoin: refused with a reason
    expect(g.selection).toEqual([7, 8]);
    expect(app.notes.toasts.at(-1)?.kind).toBe('error');
    g.clear();
    expect(g.selection).toEqual([]);
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
    app.ground.select(7, false);
    app.ground.select(8, true);
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
    app.ground.select(7, false);
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
