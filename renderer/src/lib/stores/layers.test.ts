import { describe, expect, it } from 'vitest';
import type { EditResult } from '../../../../contract/contract.js';
import { DEFAULT_VIEW_LAYERS, VIEW_LAYERS } from '../../../../core/map/view-layers.js';
import { payloadOf, settle, squareMap, startedBench } from './fake-api.testkit.js';

const placed: EditResult = { changes: [{ layer: 'terrain', index: 3, value: 1 }], palette: ['clear', 'forest'], instances: [{ tile: 3, vectorTile: 'sq-road', placement: 0 }], canUndo: true, canRedo: false };

function storedMap(layers?: object) {
  const map = squareMap();
  if (layers) map.meta.layers = layers as typeof map.meta.layers;
  return map;
}

describe('the layers panel', () => {
  it('shows every layer, opaque, on a map that has no settings yet', async () => {
    const { app } = await startedBench();
    app.maps.open(payloadOf(storedMap(), 'm1'));
    expect(app.layers.layers).toEqual(DEFAULT_VIEW_LAYERS);
    for (const k of VIEW_LAYERS) expect(app.layers.layers[k].visible).toBe(true);
  });

  it('keeps the settings per map: stored with the map, and each map opens with its own', async () => {
    const { app, fake } = await startedBench({ 'maps.setLayers': (a) => ({ layers: a.layers }) });
    app.maps.open(payloadOf(storedMap(), 'm1'));
    await app.layers.setVisible('linear', false);
    await app.layers.setOpacity('terrain', 0.4);
    const stored = fake.calls.filter((c) => c.name === 'maps.setLayers').at(-1)!.args as { id: string; layers: typeof DEFAULT_VIEW_LAYERS };
    expect(stored.id).toBe('m1');
    expect(stored.layers.linear).toEqual({ visible: false, opacity: 1 });
    expect(stored.layers.terrain).toEqual({ visible: true, opacity: 0.4 });

    // Another map opens with its own settings (none: the defaults)…
    app.maps.open(payloadOf(storedMap(), 'm2'));
    expect(app.layers.layers).toEqual(DEFAULT_VIEW_LAYERS);
    // …and the first, read back from the project as the store kept it, with what was set.
    app.maps.open(payloadOf(storedMap(stored.layers), 'm1'));
    expect(app.layers.layers.linear.visible).toBe(false);
    expect(app.layers.layers.terrain.opacity).toBe(0.4);
  });

  it('a slider drag fades at once and stores only where it is let go', async () => {
    const { app, fake } = await startedBench({ 'maps.setLayers': (a) => ({ layers: a.layers }) });
    app.maps.open(payloadOf(storedMap(), 'm1'));
    await app.layers.setOpacity('vector', 0.7, false);
    await app.layers.setOpacity('vector', 0.5, false);
    expect(app.layers.layers.vector.opacity).toBe(0.5);
    expect(fake.names()).not.toContain('maps.setLayers');
    await app.layers.setOpacity('vector', 0.5);
    expect(fake.names().filter((n) => n === 'maps.setLayers')).toHaveLength(1);
  });

  it('no action changes what is shown: placing a tile, undo, redo and a reload leave every layer as it was', async () => {
    const { app, fake } = await startedBench({
      'maps.setLayers': (a) => ({ layers: a.layers }),
      'maps.placeTile': () => placed,
      'maps.undo': () => ({ ...placed, instances: [{ tile: 3, vectorTile: null, placement: 0 }], canUndo: false, canRedo: true }),
      'maps.redo': () => ({ ...placed, reload: true }),
      'maps.load': () => payloadOf(storedMap({ grid: { visible: false, opacity: 1 } }), 'm1'),
      'maps.lineage': () => ({ chain: [], children: [] }),
    });
    app.maps.open(payloadOf(storedMap(), 'm1'));
    await app.layers.setVisible('grid', false);
    const before = app.layers.layers;
    const loaded = app.maps.current!;
    await app.editing.applyTo(loaded, () => app.api.maps.placeTile({ id: 'm1', tile: 3, library: 'user', vectorTile: 'sq-road', placement: 0 }));
    expect(loaded.map.instances!.get(3)).not.toBeNull();
    await app.editing.undo();
    await app.editing.redo(); // says reload: the map is read again
    await settle();
    expect(fake.names()).toContain('maps.load');
    expect(app.layers.layers).toEqual(before);
    expect(app.layers.layers.linear.visible).toBe(true);
    expect(app.layers.layers.vector.visible).toBe(true);
    expect(fake.names().filter((n) => n === 'maps.setLayers')).toHaveLength(1);
  });
});
