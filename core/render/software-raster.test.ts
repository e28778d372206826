import { describe, expect, it } from 'vitest';
import { Raster, strokeRings, ringArea } from './software-raster.js';

const at = (r: Raster, x: number, y: number) => Array.from(r.rgba.subarray(4 * (y * r.width + x), 4 * (y * r.width + x) + 4));

describe('software rasterizer', () => {
  it('fills tiles that share an edge exactly once: no seam, no double blend', () => {
    const r = new Raster(40, 40, [255, 255, 255, 255]);
    // Two triangles splitting a square along a diagonal, half transparent: each pixel blended once.
    r.fillPolygon([[5, 5, 35, 5, 35, 35]], [0, 0, 0, 128], 'tile');
    r.fillPolygon([[5, 5, 35, 35, 5, 35]], [0, 0, 0, 128], 'tile');
    const seen = new Set<number>();
    for (let y = 5; y < 35; y++) for (let x = 5; x < 35; x++) seen.add(at(r, x, y)[0]!);
    expect([...seen]).toEqual([127]);
    expect(at(r, 2, 2)).toEqual([255, 255, 255, 255]);
    expect(at(r, 36, 20)).toEqual([255, 255, 255, 255]);
  });

  it('anti-aliases smooth fills by coverage (a half-covered pixel is half blended)', () => {
    const r = new Raster(10, 10, [255, 255, 255, 255]);
    r.fillPolygon([[2, 2, 6.5, 2, 6.5, 8, 2, 8]], [0, 0, 0, 255], 'smooth');
    expect(at(r, 4, 4)[0]).toBe(0);
    expect(at(r, 6, 4)[0]).toBeGreaterThan(120);
    expect(at(r, 6, 4)[0]).toBeLessThan(135);
    expect(at(r, 7, 4)[0]).toBe(255);
  });

  it('fills with non-zero winding: a ring inside a ring of the same direction stays filled', () => {
    const r = new Raster(20, 20, [255, 255, 255, 255]);
    r.fillPolygon([[2, 2, 18, 2, 18, 18, 2, 18], [6, 6, 14, 6, 14, 14, 6, 14]], [0, 0, 0, 255], 'tile');
    expect(at(r, 10, 10)[0]).toBe(0);
  });

  it('strokes a polyline with round ends of the given width', () => {
    const r = new Raster(40, 20, [255, 255, 255, 255]);
    r.stroke([5, 10, 35, 10], 6, [0, 0, 255, 255]);
    expect(at(r, 20, 10)).toEqual([0, 0, 255, 255]);
    expect(at(r, 20, 12)).toEqual([0, 0, 255, 255]);
    expect(at(r, 20, 15)[0]).toBe(255);
    expect(at(r, 3, 10)[2]).toBe(255);
    const rings = strokeRings([0, 0, 10, 0], 1, false);
    for (const ring of rings) expect(ringArea(ring)).toBeGreaterThan(0);
  });

  it('skips shapes outside the picture and counts the ones it draws', () => {
    const r = new Raster(10, 10);
    r.fillPolygon([[20, 20, 30, 20, 30, 30]], [0, 0, 0, 255]);
    expect(r.polygons).toBe(0);
    r.fillPolygon([[1, 1, 5, 1, 5, 5]], [0, 0, 0, 255]);
    expect(r.polygons).toBe(1);
  });
});

describe('thin lines', () => {
  it('cover a band of the given width with exact coverage, steep or flat', () => {
    const r = new Raster(20, 20, [255, 255, 255, 255]);
    r.stroke([2, 10, 18, 10], 1, [0, 0, 0, 255]);
    // The band y ∈ [9.5, 10.5] covers half of row 9 and half of row 10.
    expect(at(r, 8, 9)[0]).toBeGreaterThan(120);
    expect(at(r, 8, 9)[0]).toBeLessThan(135);
    expect(at(r, 8, 10)[0]).toBeGreaterThan(120);
    expect(at(r, 8, 8)[0]).toBe(255);
    const s = new Raster(20, 20, [255, 255, 255, 255]);
    s.stroke([10.5, 2, 10.5, 18], 1, [0, 0, 0, 255]);
    expect(at(s, 10, 8)[0]).toBe(0);
    expect(at(s, 9, 8)[0]).toBe(255);
  });
});
