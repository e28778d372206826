import { describe, expect, it } from 'vitest';
import { loadDefaultCatalogue } from '../../core/terrain/catalogue.testkit.js';
import type { TerrainCatalogue } from '../../core/terrain/types.js';
import { thumbnailScene, thumbnailStyle, thumbnailSvg } from '../../core/export/thumbnail.js';
import { CLEARING_TILE } from '../../core/vector/vector.testkit.js';
import { TileThumbnails } from './tile-thumbnails.js';

const catalogue = loadDefaultCatalogue();
const forest = catalogue.terrains.find((t) => t.id === 'forest')!;

describe('TileThumbnails', () => {
  it("draws core's coloured picture once per tile content, size and catalogue", () => {
    const thumbs = new TileThumbnails();
    const svg = thumbs.svg(CLEARING_TILE, catalogue, 64);
    expect(svg).toBe(thumbnailSvg(thumbnailScene(CLEARING_TILE, thumbnailStyle(catalogue), 64)));
    expect(svg).toContain(forest.colour);
    // The same tile again (even a copy of it): from the cache.
    expect(thumbs.svg(structuredClone(CLEARING_TILE), catalogue, 64)).toBe(svg);
    expect(thumbs.drawn).toBe(1);
    // Another size, an edited tile, a catalogue with another forest colour: each drawn anew.
    thumbs.svg(CLEARING_TILE, catalogue, 96);
    thumbs.svg({ ...CLEARING_TILE, elements: CLEARING_TILE.elements.map((e) => ({ ...e, terrain: 'lake' })) }, catalogue, 64);
    const recoloured: TerrainCatalogue = { ...catalogue, terrains: catalogue.terrains.map((t) => (t.id === 'forest' ? { ...t, colour: '#123456' } : t)) };
    expect(thumbs.svg(CLEARING_TILE, recoloured, 64)).toContain('#123456');
    expect(thumbs.drawn).toBe(4);
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const thumbs = new TileThumbnails(2);
    for (const size of [32, 48, 64]) thumbs.svg(CLEARING_TILE, catalogue, size);
    thumbs.svg(CLEARING_TILE, catalogue, 64);
    expect(thumbs.drawn).toBe(3);
    thumbs.svg(CLEARING_TILE, catalogue, 32);
    expect(thumbs.drawn).toBe(4);
  });
});
