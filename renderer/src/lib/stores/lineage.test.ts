import { describe, expect, it } from 'vitest';
import type { Lineage } from '../../../../contract/contract.js';
import { payloadOf, settle, squareMap, startedBench } from './fake-api.testkit.js';

const family: Lineage = { chain: [{ id: 'm1', name: 'Valley' }], children: [{ id: 'c1', name: 'Valley · tactical', tiles: [7, 8], stale: false }] };

describe('lineage', () => {
  it('is asked when a map opens; the child under a tile can be opened', async () => {
    const { app, fake } = await startedBench({ 'maps.lineage': () => family });
    app.maps.open(payloadOf(squareMap(), 'm1'));
    expect(app.lineage.lineage).toBeNull();
    await settle();
    expect(fake.calls).toEqual([{ name: 'maps.lineage', args: { id: 'm1' } }]);
    expect(app.lineage.lineage?.mapId).toBe('m1');
    expect([app.lineage.childAt(8), app.lineage.childAt(9), app.lineage.childAt(-1)]).toEqual(['c1', null, null]);
  });

  it('is asked again after an edit when the map has children, and a late answer for another map is dropped', async () => {
    const answers: ((l: Lineage) => void)[] = [];
    const { app, fake } = await startedBench({ 'maps.lineage': () => new Promise<Lineage>((r) => answers.push(r)) });
    const first = app.maps.open(payloadOf(squareMap(), 'm1'));
    await settle();
    answers.shift()!(family);
    await settle();
    await app.maps.applyEdit(first, { changes: [{ layer: 'terrain', index: 7, value: 1 }], palette: ['clear'], canUndo: true, canRedo: false });
    expect(fake.names()).toEqual(['maps.lineage', 'maps.lineage']);
    // Another map opens before the answer about the first comes.
    app.maps.open(payloadOf(squareMap(), 'm2'));
    await settle();
    answers.shift()!(family);
    answers.shift()!({ chain: [{ id: 'm2', name: 'Hills' }], children: [] });
    await settle();
    expect(app.lineage.lineage).toMatchObject({ mapId: 'm2', children: [] });
    expect(app.lineage.childAt(8)).toBeNull();
  });

  it('says when the question fails', async () => {
    const { app } = await startedBench({ 'maps.lineage': () => Promise.reject(new Error('maps.lineage: no map with id "m1"')) });
    app.maps.open(payloadOf(squareMap(), 'm1'));
    await settle();
    expect(app.notes.toasts.at(-1)?.text).toBe('maps.lineage: no map with id "m1"');
  });
});
