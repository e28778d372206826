import { describe, expect, it } from 'vitest';
import { TileClass, allowedOrientations } from '../alform/classify.js';
import { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import { seededRandom } from '../util/random.js';
import { sampleCurve } from './bezier.js';
import { globeTileCorners, globeTileShape } from './globe-shape.js';
import { edgeIndicators } from './indicators.js';
import { orientTile } from './orientation.js';
import type { TileShape } from './shape.js';
import { HEX, PENTAGON, insideDistance, nearestEdge } from './shape.js';
import type { VectorTile } from './types.js';
import { validateTile } from './validate.js';
import type { Vec2 } from './vec2.js';
import { distance, lerp, signedArea } from './vec2.js';
import { warpHexTile } from './warp.js';
import { HEX_TILE, edgeLine, randomTile, tileOf } from './vector.testkit.js';

/** Hexagon edge k → target edge after dropping `drop` (pentagon) or one to one. */
const targetEdge = (k: number, n: number, drop: number) => (n === 6 ? k : k > drop ? k - 1 : k);

function checkWarp(tile: VectorTile, target: TileShape, drop: number): void {
  const { tile: w, omitted } = warpHexTile(tile, target, drop);
  expect(w.shape).toBe(target);
  // Every curve stays inside the target.
  for (const el of w.elements) {
    if (el.kind === 'point') expect(insideDistance(target, el.at)).toBeGreaterThan(0);
    else for (const s of sampleCurve(el.curve, 64)) expect(insideDistance(target, s.p)).toBeGreaterThan(-1e-9);
  }
  // Edge parameters are kept exactly: the indicators of kept elements move edge to edge with the same t.
  const before = edgeIndicators(tile);
  const after = edgeIndicators(w);
  const n = target.edges.length;
  for (const ind of before) {
    if (n === 5 && ind.dir === drop) continue;
    const kept = ind.positions.filter((p) => !omitted.includes(p.element));
    const image = after.find((x) => x.dir === targetEdge(ind.dir, n, drop))!;
    expect(image.positions.map((p) => [p.element, p.end, p.key])).toEqual(kept.map((p) => [p.element, p.end, p.key]));
    image.positions.forEach((p, i) => expect(Math.abs(p.t - kept[i]!.t)).toBeLessThan(1e-12));
  }
}

describe('the pentagon warp (patent FIG. 103–104)', () => {
  it('maps the hexagon boundary onto the pentagon boundary, keeping edge parameters', () => {
    for (let drop = 0; drop < 6; drop++) {
      const probe: VectorTile = {
        id: 'probe',
        shape: HEX,
        elements: HEX.edges.flatMap((e, k) =>
          k === drop ? [] : [0.1, 0.5, 0.9].map((t, i) => ({ kind: 'point' as const, id: `p${k}-${i}`, terrain: 'x', at: lerp(lerp(e.from, e.to, t), [0, 0], 1e-9) as Vec2 })),
        ),
      };
      const { tile: w } = warpHexTile(probe, PENTAGON, drop);
      for (const el of w.elements) {
        if (el.kind !== 'point') continue;
        const [, k, i] = /^p(\d)-(\d)$/.exec(el.id)!.map(Number) as [number, number, number];
        const near = nearestEdge(PENTAGON, el.at);
        expect(near.distance).toBeLessThan(1e-8);
        expect(near.dir).toBe(targetEdge(k, 5, drop));
        expect(near.t).toBeCloseTo([0.1, 0.5, 0.9][i]!, 8);
      }
      // Corners go to corners.
      const corner = warpHexTile({ id: 'c', shape: HEX, elements: [{ kind: 'point', id: 'c', terrain: 'x', at: lerp(HEX.corners[(drop + 2) % 6]!, [0, 0], 1e-12) as Vec2 }] }, PENTAGON, drop).tile;
      const at = corner.elements[0]!.kind === 'point' ? corner.elements[0]!.at : [9, 9];
      expect(Math.min(...PENTAGON.corners.map((c) => distance(c, at as Vec2)))).toBeLessThan(1e-9);
    }
  });

  it('keeps every curve inside the pentagon and its indicators, for random tiles in every orientation', () => {
    const random = seededRandom(3);
    const tiles = [HEX_TILE, ...Array.from({ length: 6 }, (_, i) => randomTile(HEX, random, `w${i}`))];
    for (const tile of tiles) {
      for (const o of allowedOrientations('hex-rectangle', TileClass.AREA)) {
        const oriented = orientTile(tile, o);
        checkWarp(oriented, PENTAGON, 5);
      }
    }
  });

  it('a warped tile with an empty dropped sector is a valid pentagon tile', () => {
    const road = tileOf('road', HEX, edgeLine(HEX, 'road', [1, 0.5], [3, 0.4]), { kind: 'point', id: 'peak', terrain: 'peak', at: [0.4, -0.3] });
    const { tile, omitted } = warpHexTile(road, PENTAGON, 5);
    expect(omitted).toEqual([]);
    expect(validateTile(tile)).toEqual([]);
    // Elements reaching into the dropped sector are left out and named.
    expect(warpHexTile(HEX_TILE, PENTAGON, 5).omitted).toEqual(['river', 'c100']);
    expect(warpHexTile(road, PENTAGON, 2).omitted).toEqual(['road', 'peak']);
  });

  it('globe: pentagons are the regular pentagon; hexagons are their real polygons, clockwise, edge k facing neighbour k; the warp fits them too', () => {
    const grid = new IcosahedronGrid(3);
    for (const p of grid.pentagons()) {
      const corners = globeTileCorners(grid, p);
      corners.forEach((c, i) => expect(distance(c, PENTAGON.corners[i]!)).toBeLessThan(1e-9));
    }
    const random = seededRandom(8);
    for (let k = 0; k < 25; k++) {
      const index = Math.floor(random() * grid.tileCount);
      const shape = globeTileShape(grid, index);
      expect(signedArea(shape.corners)).toBeLessThan(0);
      if (shape.name === 'pentagon') continue;
      // Edge 0's midpoint lies on +Y.
      const mid = lerp(shape.edges[0]!.from, shape.edges[0]!.to, 0.5);
      expect(Math.abs(Math.atan2(mid[0], mid[1]))).toBeLessThan(0.2);
      checkWarp(HEX_TILE, shape, -1);
      checkWarp(randomTile(HEX, random, `g${k}`), shape, -1);
    }
  });
});
