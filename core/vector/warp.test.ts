import { describe, expect, it } from 'vitest';
import { TileClass, allowedOrientations } from '../alform/classify.js';
import { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import { seededRandom } from '../util/random.js';
import { circleCurve, sampleCurve } from './bezier.js';
import { globeTileCorners, globeTileShape } from './globe-shape.js';
import type { PositionIndicator } from './indicators.js';
import { edgeIndicators } from './indicators.js';
import { orientTile } from './orientation.js';
import type { TileShape } from './shape.js';
import { HEX, HEX_R, PENTAGON, PENTAGON_R, insideDistance, nearestEdge } from './shape.js';
import type { VectorElement, VectorTile } from './types.js';
import { validateTile } from './validate.js';
import type { Vec2 } from './vec2.js';
import { distance, length, lerp, signedArea } from './vec2.js';
import { warpHexTile } from './warp.js';
import { pentagonWarp } from './warp-map.js';
import { HEX_TILE, edgeLine, randomTile, tileOf } from './vector.testkit.js';

function checkWarp(tile: VectorTile, target: TileShape, drop: number): void {
  const { tile: w, reported, edgeImage } = warpHexTile(tile, target, drop);
  expect(w.shape).toBe(target);
  // Only crossings of a dropped edge whose neighbours both carry crossings are reported (their
  // ends land on a corner); their positions are left out of the comparison below.
  for (const r of reported) expect(r.message).toMatch(/pentagon corner/);
  const blocked = new Set(reported.map((r) => r.element));
  // Nothing is left out.
  expect(w.elements.map((e) => e.id)).toEqual(tile.elements.map((e) => e.id));
  // Every curve stays inside the target.
  let inside = Infinity;
  for (const el of w.elements) {
    if (el.kind === 'point') expect(insideDistance(target, el.at)).toBeGreaterThan(0);
    else for (const s of sampleCurve(el.curve, 64)) inside = Math.min(inside, insideDistance(target, s.p));
  }
  expect(inside).toBeGreaterThan(-1e-12);
  // Edge parameters are kept exactly: the indicators move edge to edge with the same t.
  const before = edgeIndicators(tile);
  const after = edgeIndicators(w);
  const clean = (ps: readonly PositionIndicator[]) => ps.filter((p) => !blocked.has(p.element));
  for (const ind of before) {
    const j = edgeImage[ind.dir]!;
    const kept = clean(ind.positions);
    if (j < 0) {
      expect(kept).toEqual([]);
      continue;
    }
    const image = clean(after.find((x) => x.dir === j)!.positions);
    expect(image.map((p) => [p.element, p.end, p.key])).toEqual(kept.map((p) => [p.element, p.end, p.key]));
    image.forEach((p, i) => expect(Math.abs(p.t - kept[i]!.t)).toBeLessThan(1e-12));
  }
}

describe('the pentagon warp (patent FIG. 103–104)', () => {
  it('maps the hexagon boundary onto the pentagon boundary, keeping edge parameters', () => {
    for (let drop = 0; drop < 6; drop++) {
      const probe: VectorTile = {
        id: 'probe',
        shape: HEX,
        elements: HEX.edges.flatMap((e, k) =>
          [0.1, 0.5, 0.9].map((t, i) => ({ kind: 'point' as const, id: `p${k}-${i}`, terrain: 'x', at: lerp(lerp(e.from, e.to, t), [0, 0], 1e-9) as Vec2 })),
        ),
      };
      const { tile: w, edgeImage } = warpHexTile(probe, PENTAGON, drop);
      expect(edgeImage).toEqual([0, 1, 2, 3, 4, 5].map((k) => (k === drop ? -1 : k < drop ? k : k - 1)));
      for (const el of w.elements) {
        if (el.kind !== 'point') continue;
        const [, k, i] = /^p(\d)-(\d)$/.exec(el.id)!.map(Number) as [number, number, number];
        const near = nearestEdge(PENTAGON, el.at);
        expect(near.distance).toBeLessThan(1e-8);
        // The dropped edge's points are pressed onto the spoke of the corner it collapses to.
        if (k === drop) {
          expect(distance(el.at, PENTAGON.corners[drop % 5]!)).toBeLessThan(1e-8);
          continue;
        }
        expect(near.dir).toBe(edgeImage[k]);
        expect(near.t).toBeCloseTo([0.1, 0.5, 0.9][i]!, 8);
      }
      // Corners go to corners.
      const corner = warpHexTile({ id: 'c', shape: HEX, elements: [{ kind: 'point', id: 'c', terrain: 'x', at: lerp(HEX.corners[(drop + 2) % 6]!, [0, 0], 1e-12) as Vec2 }] }, PENTAGON, drop).tile;
      const at = corner.elements[0]!.kind === 'point' ? corner.elements[0]!.at : [9, 9];
      expect(Math.min(...PENTAGON.corners.map((c) => distance(c, at as Vec2)))).toBeLessThan(1e-9);
    }
  });

  it('keeps every element, every curve inside the pentagon and its indicators, for random tiles in every orientation', () => {
    const random = seededRandom(3);
    const tiles = [HEX_TILE, ...Array.from({ length: 6 }, (_, i) => randomTile(HEX, random, `w${i}`))];
    for (const tile of tiles) {
      for (const o of allowedOrientations('hex-rectangle', TileClass.AREA)) {
        const oriented = orientTile(tile, o);
        checkWarp(oriented, PENTAGON, 5);
        checkWarp(oriented, PENTAGON, 2);
      }
    }
  });

  it('keeps what enters the dropped sector: a crossing of the dropped edge takes a free neighbour\'s edge at its parameter', () => {
    const road = tileOf('road', HEX, edgeLine(HEX, 'road', [1, 0.5], [3, 0.4]), { kind: 'point', id: 'peak', terrain: 'peak', at: [0.4, -0.3] });
    for (let drop = 0; drop < 6; drop++) {
      const { tile, reported, edgeImage } = warpHexTile(road, PENTAGON, drop);
      expect(reported).toEqual([]);
      expect(tile.elements.map((e) => e.id)).toEqual(['road', 'peak']);
      expect(validateTile(tile)).toEqual([]);
      // Edge 1 dropped: edge 0 carries nothing, so it collapses and edge 1 takes pentagon edge 0.
      if (drop === 1) expect(edgeImage).toEqual([-1, 0, 1, 2, 3, 4]);
      // Edge 3 dropped: edge 2 is free.
      if (drop === 3) expect(edgeImage).toEqual([0, 1, -1, 2, 3, 4]);
    }
    // Both neighbours of the dropped edge carry crossings: kept, its end on a corner, reported.
    const three = tileOf('three', HEX, edgeLine(HEX, 'a', [4, 0.5], [1, 0.5]), edgeLine(HEX, 'b', [5, 0.5], [2, 0.5]), edgeLine(HEX, 'c', [0, 0.5], [3, 0.5]));
    const r = warpHexTile(three, PENTAGON, 5);
    expect(r.tile.elements.map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(r.reported.map((x) => x.element)).toEqual(['b']);
    expect(r.reported[0]!.message).toMatch(/crosses hexagon edge 5.*pentagon corner/);
    checkWarp(HEX_TILE, PENTAGON, 5);
  });

  it('keeps a round feature round: a circle of radius 0.5 about the centre stays within the affine sectors\' own spread of distances', () => {
    // The three affine sectors move a point at distance r to between r (towards an edge's
    // middle) and r · |pentagon corner| / |hexagon corner| = 1.0705 r (towards a corner). The
    // shared sectors used to stretch the ray to c's corner by 1.236 (|pentagon corner| against
    // |middle of edge c|): the circle's image spread 0.452 … 0.618 (1.37), a bump at the corner.
    const spread = PENTAGON_R / HEX_R;
    const road = edgeLine(HEX, 'road', [1, 0.5], [3, 0.4]);
    const cases = [0, 1, 2, 3, 4, 5].map((drop) => ({ drop, extra: [] as VectorElement[] }));
    // A crossing on edges 1 and 3: with 1 or 3 dropped a neighbour collapses instead.
    cases.push({ drop: 1, extra: [road] }, { drop: 3, extra: [road] });
    for (const { drop, extra } of cases) {
      const tile = tileOf('round', HEX, { kind: 'area', id: 'lake', terrain: 'lake', side: 'left', curve: circleCurve(0, 0, 0.5) }, ...extra);
      const lake = warpHexTile(tile, PENTAGON, drop).tile.elements[0]!;
      if (lake.kind === 'point') throw new Error('the lake is an area');
      const r = sampleCurve(lake.curve, 128).map((x) => length(x.p));
      // The 4-cubic circle itself is round to 3e-4; the refit adds at most 1e-5.
      expect(Math.min(...r), `drop ${drop}`).toBeGreaterThan(0.5 * (1 - 1e-3));
      expect(Math.max(...r), `drop ${drop}`).toBeLessThan(0.5 * spread * (1 + 1e-3));
    }
  });

  it('the shared sectors keep orientation everywhere short of the edge band: the map is injective', () => {
    const h = 1e-7;
    for (const [drop, collapsed] of [[5, 5], [5, 4], [0, 1]] as const) {
      const { apply } = pentagonWarp(HEX, PENTAGON, drop, collapsed);
      let least = Infinity;
      for (const e of HEX.edges) {
        for (let i = 1; i < 100; i++) {
          for (let j = 1; j < 60; j++) {
            const p = lerp([0, 0], lerp(e.from, e.to, j / 60), (i / 100) * 0.998);
            const f = apply(p), fx = apply([p[0] + h, p[1]]), fy = apply([p[0], p[1] + h]);
            least = Math.min(least, ((fx[0] - f[0]) * (fy[1] - f[1]) - (fx[1] - f[1]) * (fy[0] - f[0])) / (h * h));
          }
        }
      }
      // Clockwise source and target: a positive Jacobian keeps sides (and, with the boundary
      // mapped in order, makes the map one to one).
      expect(least, `drop ${drop}, collapsed ${collapsed}`).toBeGreaterThan(0);
    }
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
