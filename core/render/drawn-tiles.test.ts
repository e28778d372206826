import { describe, expect, it } from 'vitest';
import { buildMapGeometry } from './map-geometry.js';
import { drawnBounds, drawnPolygon } from './drawn-tiles.js';
import { checkerMap, defaultCatalogue, isLinear, near } from './render.testkit.js';

const sortKeys = (poly: readonly (readonly number[])[]) => poly.map((p) => p.map((v) => v.toFixed(5)).join()).sort();

describe('drawn bounds and tile polygons', () => {
  it('bounds a classic square map by its tile corners', () => {
    const map = checkerMap({ kind: 'square', width: 4, height: 3 }, false);
    const geo = buildMapGeometry(map, defaultCatalogue);
    const xs = [];
    const ys = [];
    for (let t = 0; t < map.tileCount; t++) {
      for (const [x, y] of map.grid.corners(t)) {
        xs.push(x!);
        ys.push(y!);
      }
    }
    const b = drawnBounds([geo.area, geo.linear]);
    expect(b.minX).toBeCloseTo(Math.min(...xs), 5);
    expect(b.maxX).toBeCloseTo(Math.max(...xs), 5);
    expect(b.minY).toBeCloseTo(Math.min(...ys), 5);
    expect(b.maxY).toBeCloseTo(Math.max(...ys), 5);
  });

  it('falls back to a unit box when nothing is drawn', () => {
    const map = checkerMap({ kind: 'square', width: 2, height: 2 }, false);
    const empty = { ...buildMapGeometry(map, defaultCatalogue).area, pieceCount: 0 };
    expect(drawnBounds([empty])).toEqual({ minX: -1, minY: -1, maxX: 1, maxY: 1 });
  });

  it('gives a classic tile its own cell, without repeated corners', () => {
    const map = checkerMap({ kind: 'hex-rectangle', width: 5, height: 4 }, false);
    const geo = buildMapGeometry(map, defaultCatalogue);
    for (const t of [0, 7, 19]) expect(sortKeys(drawnPolygon([geo.area, geo.linear], t, 2)!)).toEqual(sortKeys(map.grid.corners(t)));
  });

  it('gives an AL-FORM area tile its doubled polygon and an empty linear tile nothing', () => {
    const map = checkerMap({ kind: 'hex-rectangle', width: 9, height: 7 }, true);
    const geo = buildMapGeometry(map, defaultCatalogue);
    const area = [...Array(map.tileCount).keys()].find((t) => !isLinear(map, t) && map.grid.distance(t, 0) > 3)!;
    const poly = drawnPolygon([geo.area, geo.linear], area, 2)!;
    expect(poly.length).toBe(6);
    const c = map.grid.center(area);
    const cell = map.grid.corners(area);
    // Twice the grid cell about the same centre.
    for (const p of cell) expect(poly.some((q) => near(q, [2 * p[0]! - c[0]!, 2 * p[1]! - c[1]!]))).toBe(true);
    const linear = [...Array(map.tileCount).keys()].find((t) => isLinear(map, t) && map.layers.terrain[t] === 0)!;
    expect(drawnPolygon([geo.area, geo.linear], linear, 2)).toBeNull();
  });

  it('gives globe tiles 3-D corners, five on a pentagon', () => {
    const map = checkerMap({ kind: 'icosahedron', side: 3 }, false);
    const geo = buildMapGeometry(map, defaultCatalogue);
    const pentagon = [...Array(map.tileCount).keys()].find((t) => map.grid.isPentagon(t))!;
    const poly = drawnPolygon([geo.area], pentagon, 3)!;
    expect(poly.length).toBe(5);
    for (const p of poly) expect(Math.hypot(p[0]!, p[1]!, p[2]!)).toBeCloseTo(geo.radii![0], 5);
  });
});
