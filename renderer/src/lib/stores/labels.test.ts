import { describe, expect, it } from 'vitest';
import type { EditResult } from '../../../../contract/contract.js';
import type { MapLabel } from '../../../../core/map/labels.js';
import { payloadOf, settle, squareMap, startedBench } from './fake-api.testkit.js';
import { TerrainMap } from '../../../../core/map/terrain-map.js';

const noLineage = { 'maps.lineage': () => ({ chain: [], children: [] }) };
const result = (labels: MapLabel[], extra: Partial<EditResult> = {}) => ({ changes: [], palette: ['clear'], canUndo: true, canRedo: false, labels, ...extra });
const label = (over: Partial<MapLabel> = {}): MapLabel => ({ id: 'l1', text: 'Bastogne', anchor: { point: [1.5, 2] }, style: 'place', size: 0.45, rotation: 0, ...over });

describe('the label tool', () => {
  it('places a label where clicked (a hex label on the tile), as one maps.addLabel; the answer replaces the open map\'s labels', async () => {
    const { app, fake } = await startedBench({ ...noLineage, 'maps.addLabel': ({ text, anchor, style }) => ({ ...result([label({ text, anchor, style })]), created: 'l1' }) });
    app.maps.open(payloadOf(squareMap(), 'm1'));
    await settle();
    app.labels.start([1.5, 2], 7);
    expect(app.labels.draft).toEqual({ point: [1.5, 2], tile: 7 });
    await app.labels.commit('  Bastogne ');
    expect(fake.calls.find((c) => c.name === 'maps.addLabel')!.args).toEqual({ id: 'm1', text: 'Bastogne', anchor: { point: [1.5, 2] }, style: 'place' });
    expect(app.maps.current!.map.labels.map((l) => l.text)).toEqual(['Bastogne']);
    expect(app.editing.canUndo).toBe(true);
    app.labels.style = 'hex';
    app.labels.start([0.5, 0.5], 3);
    await app.labels.commit('0304');
    expect(fake.calls.filter((c) => c.name === 'maps.addLabel')[1]!.args).toMatchObject({ anchor: { tile: 3 }, style: 'hex' });
    // Blank text drops the draft without a call.
    app.labels.start([0, 0], 0);
    expect(await app.labels.commit('   ')).toBe(false);
    expect(fake.calls.filter((c) => c.name === 'maps.addLabel')).toHaveLength(2);
  });

  it('moves, edits and deletes by id; a cleared text deletes; switching tools drops the draft', async () => {
    const { app, fake } = await startedBench({
      ...noLineage,
      'maps.editLabel': ({ anchor }) => result([label(anchor ? { anchor } : {})]),
      'maps.deleteLabel': () => result([]),
    });
    const m = squareMap();
    m.labels = [label({ anchor: { tile: 4 } })];
    app.maps.open(payloadOf(m, 'm1'));
    await settle();
    await app.labels.move('l1', [2.5, 0.5]);
    // A label on a tile moves to the tile under the drop.
    expect(fake.calls.find((c) => c.name === 'maps.editLabel')!.args).toEqual({ id: 'm1', label: 'l1', anchor: { tile: m.grid.pick([2.5, 0.5]) } });
    await app.labels.edit('l1', { size: 0.6, rotation: 15 });
    expect(fake.calls.filter((c) => c.name === 'maps.editLabel')[1]!.args).toEqual({ id: 'm1', label: 'l1', size: 0.6, rotation: 15 });
    await app.labels.edit('l1', { text: '  ' });
    expect(fake.calls.find((c) => c.name === 'maps.deleteLabel')!.args).toEqual({ id: 'm1', label: 'l1' });
    expect(app.maps.current!.map.labels).toEqual([]);
    app.editing.setTool('label');
    app.labels.start([0, 0], 0);
    app.editing.setTool('paint');
    expect(app.labels.draft).toBeNull();
  });

  it('on a globe, places and moves a label at the unit-sphere point clicked (all three coordinates)', async () => {
    const { app, fake } = await startedBench({
      ...noLineage,
      'maps.addLabel': ({ text, anchor, style }) => ({ ...result([label({ text, anchor, style })]), created: 'l1' }),
      'maps.editLabel': ({ anchor }) => result([label(anchor ? { anchor } : {})]),
    });
    app.maps.open(payloadOf(TerrainMap.create({ size: { kind: 'icosahedron', side: 3 }, palette: ['clear'] }), 'g1'));
    await settle();
    app.labels.start([0.6, 0, 0.8], 5);
    await app.labels.commit('Azores');
    expect(fake.calls.find((c) => c.name === 'maps.addLabel')!.args).toEqual({ id: 'g1', text: 'Azores', anchor: { point: [0.6, 0, 0.8] }, style: 'place' });
    await app.labels.move('l1', [0, 0.8, 0.6]);
    expect(fake.calls.find((c) => c.name === 'maps.editLabel')!.args).toEqual({ id: 'g1', label: 'l1', anchor: { point: [0, 0.8, 0.6] } });
  });
});
