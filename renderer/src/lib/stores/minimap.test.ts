import { afterEach, describe, expect, it, vi } from 'vitest';
import { MINIMAP_DEBOUNCE_MS } from './minimap.svelte.js';
import { payloadOf, squareMap, startedBench } from './fake-api.testkit.js';

describe('the minimap store', () => {
  afterEach(() => vi.useRealTimers());

  it('builds the picture only while shown, once per pause in edits, and stays on across maps', async () => {
    const { app } = await startedBench({ 'maps.lineage': () => ({ chain: [], children: [] }) });
    vi.useFakeTimers();
    const loaded = app.maps.open(payloadOf(squareMap(), 'm1'));
    expect([app.minimap.image, app.minimap.builds]).toEqual([null, 0]);
    app.minimap.toggle();
    expect(app.minimap.builds).toBe(1);
    expect(app.minimap.image?.frame).toMatchObject({ kind: 'flat' });
    // Three edits in a row: one build, after they pause.
    for (let k = 0; k < 3; k++) await app.maps.applyEdit(loaded, { changes: [{ layer: 'terrain', index: k, value: 1 }], palette: ['clear'], canUndo: true, canRedo: false });
    expect(app.minimap.builds).toBe(1);
    vi.advanceTimersByTime(MINIMAP_DEBOUNCE_MS);
    expect(app.minimap.builds).toBe(2);
    // Another map: built at once, still shown.
    app.maps.open(payloadOf(squareMap(), 'm2'));
    expect([app.minimap.visible, app.minimap.builds]).toEqual([true, 3]);
    app.minimap.toggle();
    expect(app.minimap.image).toBeNull();
    app.maps.open(payloadOf(squareMap(), 'm3'));
    expect(app.minimap.builds).toBe(3);
  });
});
