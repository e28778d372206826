import { describe, expect, it } from 'vitest';
import { tessellateTile } from './vector-tile-mesh.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { PENTAGON_TILE } from '../vector/vector.testkit.js';
import type { VectorTile } from '../vector/types.js';

const catalogue = loadDefaultCatalogue();
const terrains = new Map(catalogue.terrains.map((t) => [t.id, t] as const));

/** The pentagon tile with its road as `terrain`. */
function withLine(terrain: string): VectorTile {
  return { ...PENTAGON_TILE, elements: PENTAGON_TILE.elements.map((e) => (e.kind === 'line' ? { ...e, terrain } : e)) };
}

describe('vector tiles draw network lines in the map styles', () => {
  it('a railroad gets ties across it and a trail dashes: more pieces over the casing than a plain road', () => {
    const road = tessellateTile(withLine('road'), terrains).over;
    const rail = tessellateTile(withLine('railroad'), terrains).over;
    const trail = tessellateTile(withLine('trail'), terrains).over;
    expect(rail.indices.length).toBeGreaterThan(road.indices.length * 2);
    expect(trail.indices.length).toBeGreaterThan(road.indices.length * 2);
    // The trail's dashes are in its own colour over a paler band; the road is one colour.
    const colours = (t: { rgba: number[] }) => new Set(Array.from({ length: t.rgba.length / 4 }, (_, i) => t.rgba.slice(4 * i, 4 * i + 3).join(','))).size;
    expect(colours(road)).toBe(1);
    expect(colours(trail)).toBe(2);
  });
});
