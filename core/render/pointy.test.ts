/**
 * Pointy-top hex maps draw through the same geometry as flat-top ones, turned a quarter
 * (issue 30): tile polygons are the grid's own corners, and vector tiles turn with their cells.
 */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { buildMapGeometry } from './map-geometry.js';
import { flatInstanceAffine } from './instance-frame.js';
import { encodePlacement } from '../map/orientation-code.js';
import { testCatalogue } from './render.testkit.js';

const catalogue = testCatalogue();

function mapOf(orientation: 'flat' | 'pointy', alform = false): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: alform ? 7 : 4, height: alform ? 9 : 5 }, alform, orientation, palette: ['clear'] });
  map.layers.terrain.fill(1);
  return map;
}

const key = (p: ArrayLike<number>) => `${p[0]!.toFixed(4)},${p[1]!.toFixed(4)}`;

describe('pointy-top maps in the render geometry', () => {
  it('draws each tile as its grid polygon: corners at 30°, 90° … around the centre', () => {
    const map = mapOf('pointy');
    const area = buildMapGeometry(map, catalogue).area;
    const k = area.verticesPerPiece;
    for (let cell = 0; cell < map.tileCount; cell++) {
      const p = area.firstPiece[cell]!;
      const drawn = new Set(Array.from({ length: k }, (_, v) => key(area.positions.subarray(3 * (p * k + v), 3 * (p * k + v) + 2))));
      expect(drawn).toEqual(new Set(map.grid.corners(cell).map(key)));
    }
  });

  it('turns a placed vector tile with its cell: the pointy placement is the flat one turned a quarter clockwise', () => {
    for (const alform of [false, true]) {
      const flat = mapOf('flat', alform);
      const pointy = mapOf('pointy', alform);
      const gf = buildMapGeometry(flat, catalogue).area;
      const gp = buildMapGeometry(pointy, catalogue).area;
      const f = new Float64Array(9);
      const code = encodePlacement({ orientation: { rotation: 120, mirror: 'x' } });
      for (let cell = 0; cell < flat.tileCount; cell++) {
        const a = flatInstanceAffine(gf, cell, code, f, flat.grid);
        const b = flatInstanceAffine(gp, cell, code, f, pointy.grid);
        if (!a || !b) {
          expect(a).toBe(b);
          continue;
        }
        for (const [x, y] of [[0.3, 0.7], [-0.9, 0.2], [0, 0]] as const) {
          // Offsets from the cell centre: flat (u, v) → pointy (v, −u).
          const u = a[0] * x + a[2] * y;
          const v = a[1] * x + a[3] * y;
          expect(b[0] * x + b[2] * y).toBeCloseTo(v, 5);
          expect(b[1] * x + b[3] * y).toBeCloseTo(-u, 5);
        }
        expect([b[4], b[5]]).toEqual([expect.closeTo(a[5], 5), expect.closeTo(-a[4], 5)]);
      }
    }
  });
});
