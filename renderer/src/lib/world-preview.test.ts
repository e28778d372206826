import { describe, expect, it } from 'vitest';
import { previewSize, worldPreview, PREVIEW_AREAS } from './world-preview.js';
import { loadDefaultCatalogue } from '../../../core/terrain/catalogue.testkit.js';

describe('the generate-world preview', () => {
  it('scales the map down to about PREVIEW_AREAS tiles, keeping the kind and shape', () => {
    const s = previewSize({ kind: 'hex-rectangle', width: 400, height: 200 });
    expect(s).toMatchObject({ kind: 'hex-rectangle' });
    if (s.kind !== 'hex-rectangle') throw new Error('kind');
    expect(s.width / s.height).toBeCloseTo(2, 1);
    expect(s.width * s.height).toBeLessThan(PREVIEW_AREAS * 1.2);
    expect(previewSize({ kind: 'square', width: 10, height: 8 })).toEqual({ kind: 'square', width: 10, height: 8 });
    expect(previewSize({ kind: 'hex-hexagon', diameter: 301 }).kind === 'hex-hexagon' && (previewSize({ kind: 'hex-hexagon', diameter: 301 }) as { diameter: number }).diameter % 2).toBe(1);
    expect(previewSize({ kind: 'icosahedron', side: 153 })).toEqual({ kind: 'icosahedron', side: 14 });
  });

  it('colours every tile by its generated terrain, the same for the same seed', () => {
    const catalogue = loadDefaultCatalogue();
    const a = worldPreview({ kind: 'hex-rectangle', width: 60, height: 40 }, { seed: 3 }, catalogue);
    const b = worldPreview({ kind: 'hex-rectangle', width: 60, height: 40 }, { seed: 3 }, catalogue);
    expect(a).toEqual(b);
    const ocean = catalogue.terrains.find((t) => t.id === 'ocean')!.colour;
    expect(a.points.some((p) => p.colour === ocean)).toBe(true);
    expect(a.points.every((p) => p.u >= 0 && p.u <= 1 && p.v >= 0 && p.v <= 1)).toBe(true);
    expect(a.aspect).toBeGreaterThan(1);
    const globe = worldPreview({ kind: 'icosahedron', side: 20 }, { seed: 3 }, catalogue);
    expect(globe.aspect).toBe(2);
    expect(worldPreview({ kind: 'hex-rectangle', width: 60, height: 40 }, { seed: 4 }, catalogue)).not.toEqual(a);
  });
});
