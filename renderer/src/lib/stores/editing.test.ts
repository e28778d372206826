import { describe, expect, it } from 'vitest';
import type { EditResult } from '../../../../contract/contract.js';
import { TerrainMap } from '../../../../core/map/terrain-map.js';
import { payloadOf, settle, squareMap, startedBench } from './fake-api.testkit.js';
import { replayNote } from './editing.svelte.js';
import { CENTRE, encodeConnection } from '../../../../core/map/network-code.js';

const noLineage = { 'maps.lineage': () => ({ chain: [], children: [] }) };

describe('map editing', () => {
  it('chooses the tool and the brush from the palette', async () => {
    const { app } = await startedBench();
    const e = app.editing;
    e.selectTerrain('river');
    expect([e.tool, e.linearTerrain, e.brushTerrain]).toEqual(['linear', 'river', 'river']);
    e.selectTerrain('clear');
    expect([e.tool, e.areaTerrain, e.brushTerrain]).toEqual(['paint', 'clear', 'clear']);
    e.setTool('fill');
    e.selectTerrain('forest');
    expect([e.tool, e.brushTerrain]).toEqual(['fill', 'forest']);
    e.setTool('erase');
    expect(e.brushTerrain).toBe('');
    e.selectTerrain('no-such-terrain');
    expect(e.tool).toBe('erase');
  });

  it('draws a linear chain as one maps.drawLinear call and applies the answer', async () => {
    const m = squareMap();
    const { app, fake } = await startedBench({
      ...noLineage,
      'maps.drawLinear': ({ tiles }) => ({ changes: tiles.map((index) => ({ layer: 'terrain' as const, index, value: 2 })), palette: ['clear', 'river'], canUndo: true, canRedo: false }),
    });
    const loaded = app.maps.open(payloadOf(m, 'm1'));
    await settle();
    fake.calls.length = 0;
    expect(await app.editing.drawLinear([3, 4, 5], 'river')).toBe(true);
    expect(fake.calls).toEqual([{ name: 'maps.drawLinear', args: { id: 'm1', tiles: [3, 4, 5], terrain: 'river' } }]);
    expect(loaded.map.terrainAt(4)).toBe('river');
    expect(app.editing.canUndo).toBe(true);
    expect(await app.editing.drawLinear([], 'river')).toBe(false);
    expect(fake.calls).toHaveLength(1);
  });

  it('draws and erases a through-tile road as one maps.drawNetwork / maps.eraseNetwork call each and applies the network patches', async () => {
    const m = squareMap();
    const { app, fake } = await startedBench({
      ...noLineage,
      'maps.drawNetwork': ({ tiles }) => ({ changes: [], networks: tiles.map((tile) => ({ tile, codes: [encodeConnection(2, CENTRE, 2)] })), palette: ['clear', 'road'], canUndo: true, canRedo: false }),
      'maps.eraseNetwork': ({ tiles }) => ({ changes: [], networks: tiles.map((tile) => ({ tile, codes: [] })), palette: ['clear', 'road'], canUndo: true, canRedo: false }),
    });
    const loaded = app.maps.open(payloadOf(m, 'm1'));
    await settle();
    fake.calls.length = 0;
    expect(await app.editing.drawNetwork([3, 4], 'road')).toBe(true);
    expect(fake.calls).toEqual([{ name: 'maps.drawNetwork', args: { id: 'm1', tiles: [3, 4], terrain: 'road' } }]);
    expect(loaded.map.networks?.at(4)).toEqual([encodeConnection(2, CENTRE, 2)]);
    // One tile joins nothing: no call, no empty undo step.
    expect(await app.editing.drawNetwork([3], 'road')).toBe(false);
    expect(fake.calls).toHaveLength(1);
    expect(await app.editing.eraseNetwork([3, 4], 'road')).toBe(true);
    expect(fake.calls.at(-1)).toEqual({ name: 'maps.eraseNetwork', args: { id: 'm1', tiles: [3, 4], terrain: 'road' } });
    expect(loaded.map.networks?.at(4)).toEqual([]);
  });

  it('classic maps: draws a run of edges as one maps.drawEdges call', async () => {
    const m = squareMap();
    const { app, fake } = await startedBench({
      ...noLineage,
      'maps.drawEdges': ({ slots }) => ({ changes: slots.map((index) => ({ layer: 'edges' as const, index, value: 2 })), palette: ['clear', 'river'], canUndo: true, canRedo: false }),
    });
    const loaded = app.maps.open(payloadOf(m, 'm1'));
    await settle();
    fake.calls.length = 0;
    expect(await app.editing.drawEdges([7, 9], 'river')).toBe(true);
    expect(fake.calls).toEqual([{ name: 'maps.drawEdges', args: { id: 'm1', slots: [7, 9], terrain: 'river' } }]);
    expect(loaded.map.layers.edges![9]).toBe(2);
    expect(await app.editing.drawEdges([], 'river')).toBe(false);
  });

  it('paints as one call, applies the answer and marks the project dirty', async () => {
    const m = squareMap();
    const { app, fake } = await startedBench({
      ...noLineage,
      'maps.paint': ({ tiles }) => ({ changes: tiles.map((index) => ({ layer: 'terrain' as const, index, value: 2 })), palette: ['clear', 'forest'], canUndo: true, canRedo: false }),
    });
    const loaded = app.maps.open(payloadOf(m, 'm1'));
    await settle();
    fake.calls.length = 0;
    expect(await app.editing.paint([1, 2], 'forest')).toBe(true);
    expect(fake.calls).toEqual([{ name: 'maps.paint', args: { id: 'm1', tiles: [1, 2], terrain: 'forest' } }]);
    expect(loaded.map.terrainAt(2)).toBe('forest');
    expect([app.editing.canUndo, app.editing.canRedo, app.project.project?.dirty]).toEqual([true, false, true]);
    expect(await app.editing.paint([], 'forest')).toBe(false);
    expect(fake.calls).toHaveLength(1);
  });

  it('a map opened (again) brings the undo state of its journal; closing clears it', async () => {
    const { app } = await startedBench(noLineage);
    app.maps.open(payloadOf(squareMap(), 'm1', 'm1', {}, { canUndo: true, canRedo: false }));
    expect([app.editing.canUndo, app.editing.canRedo]).toEqual([true, false]);
    app.maps.open(payloadOf(squareMap(), 'm2', 'm2', {}, { canUndo: false, canRedo: true }));
    expect([app.editing.canUndo, app.editing.canRedo]).toEqual([false, true]);
    app.maps.close();
    expect([app.editing.canUndo, app.editing.canRedo]).toEqual([false, false]);
  });

  it('undo of a re-derivation loads the map again (its elevation is not in the tile changes)', async () => {
    const parent = squareMap();
    const rederived = TerrainMap.create({ size: { kind: 'square', width: 6, height: 6 }, alform: false, palette: ['clear'], elevation: true });
    rederived.layers.elevation!.fill(7);
    const undo: EditResult = { changes: [], palette: ['clear'], canUndo: false, canRedo: true, reload: true, label: 'Derive tactical map' };
    const { app, fake } = await startedBench({ ...noLineage, 'maps.undo': () => undo, 'maps.load': () => payloadOf(rederived, 'm1') });
    const loaded = app.maps.open(payloadOf(parent, 'm1'));
    app.editing.canUndo = true;
    await app.editing.undo();
    await settle();
    expect(fake.names()).toEqual(['maps.lineage', 'maps.undo', 'maps.load', 'maps.lineage']);
    expect(app.maps.current).not.toBe(loaded);
    expect(app.maps.current?.map.layers.elevation?.[0]).toBe(7);
    // The result's undo state holds after the reload (it is not reset as for another map).
    expect([app.editing.canUndo, app.editing.canRedo]).toEqual([false, true]);
    // Every undo says what it undid (issue 30).
    expect(app.notes.toasts.at(-1)?.text).toBe('Undid: derive tactical map');
  });

  it('names what an undo or redo did, and whose history it was', () => {
    expect(replayNote('undo', 'Paint 12 hexes forest')).toBe('Undid: paint 12 hexes forest');
    expect(replayNote('redo', 'Draw river')).toBe('Redid: draw river');
    expect(replayNote('undo', 'Save tile “Ford”', 'in the library')).toBe('Undid in the library: save tile “Ford”');
  });

  it('does nothing without an open map or history, and drops an answer for a map closed meanwhile', async () => {
    const m = squareMap();
    let answer!: (r: EditResult) => void;
    const { app, fake } = await startedBench({ ...noLineage, 'maps.redo': () => new Promise<EditResult>((r) => (answer = r)) });
    await app.editing.undo();
    expect(fake.calls).toEqual([]);
    app.maps.open(payloadOf(m, 'm1'));
    app.editing.canRedo = true;
    const redo = app.editing.redo();
    await settle();
    app.maps.close();
    answer({ changes: [{ layer: 'terrain', index: 0, value: 1 }], palette: ['clear'], canUndo: true, canRedo: false });
    await redo;
    expect([app.editing.canUndo, app.project.project?.dirty]).toEqual([false, false]);
  });

  it('classic maps paint edges; a failure is shown, not thrown', async () => {
    const m = squareMap();
    const { app, fake } = await startedBench({ ...noLineage, 'maps.paintEdge': () => Promise.reject(new Error('maps.paintEdge: no edge there')) });
    app.maps.open(payloadOf(m, 'm1'));
    expect(await app.editing.paintEdge(0, 1, 'river')).toBe(false);
    expect(fake.calls.at(-1)).toEqual({ name: 'maps.paintEdge', args: { id: 'm1', tile: 0, dir: 1, terrain: 'river' } });
    expect(app.notes.toasts.at(-1)?.text).toBe('maps.paintEdge: no edge there');
  });
});
