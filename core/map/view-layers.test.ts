import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_LAYERS, VIEW_LAYERS, readViewLayers, viewLayersOf, withLayer } from './view-layers.js';
import { readMapMeta } from './meta.js';

describe('view layers', () => {
  it('shows every layer, opaque, by default', () => {
    for (const k of VIEW_LAYERS) expect(DEFAULT_VIEW_LAYERS[k]).toEqual({ visible: true, opacity: 1 });
    expect(viewLayersOf(undefined)).toEqual(DEFAULT_VIEW_LAYERS);
  });

  it('takes stored settings over the defaults, layer by layer', () => {
    const shown = viewLayersOf({ linear: { visible: false, opacity: 0.3 } });
    expect(shown.linear).toEqual({ visible: false, opacity: 0.3 });
    expect(shown.terrain).toEqual({ visible: true, opacity: 1 });
  });

  it('changes one layer, clamping the opacity, and leaves the given settings as they are', () => {
    const next = withLayer(DEFAULT_VIEW_LAYERS, 'grid', { opacity: 3 });
    expect(next.grid).toEqual({ visible: true, opacity: 1 });
    expect(withLayer(next, 'grid', { visible: false, opacity: -1 }).grid).toEqual({ visible: false, opacity: 0 });
    expect(DEFAULT_VIEW_LAYERS.grid).toEqual({ visible: true, opacity: 1 });
  });

  it('reads meta.layers from JSON, refusing what it is not with the field named', () => {
    expect(readMapMeta({ layers: { vector: { visible: false, opacity: 0.5 } } }, 'map.json').layers).toEqual({ vector: { visible: false, opacity: 0.5 } });
    expect(() => readViewLayers({ rivers: { visible: true, opacity: 1 } }, 'map.json')).toThrow(/\$\.meta\.layers/);
    expect(() => readViewLayers({ grid: { visible: 'yes', opacity: 1 } }, 'map.json')).toThrow(/\$\.meta\.layers\.grid\.visible/);
    expect(() => readViewLayers({ grid: { visible: true, opacity: 2 } }, 'map.json')).toThrow(/\$\.meta\.layers\.grid\.opacity/);
  });
});
