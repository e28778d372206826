import { describe, expect, it } from 'vitest';
import { cellShapeOf } from '../assemble/cell-geometry.js';
import { placedTile } from '../assemble/placed-tile.js';
import type { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import type { Placement } from '../map/orientation-code.js';
import { TerrainMap } from '../map/terrain-map.js';
import { curveEnd, curveStart } from '../vector/bezier.js';
import { HEX } from '../vector/shape.js';
import type { Vec2 } from '../vector/vec2.js';
import { edgeLine, tileOf } from '../vector/vector.testkit.js';
import { globeInstancePlace } from './instance-frame.js';
import { buildMapGeometry } from './map-geometry.js';
import { defaultCatalogue } from './render.testkit.js';

type V3 = [number, number, number];
const unit = (v: readonly number[]): V3 => {
  const l = Math.hypot(v[0]!, v[1]!, v[2]!);
  return [v[0]! / l, v[1]! / l, v[2]! / l];
};
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const angle = (a: V3, b: V3) => Math.atan2(Math.hypot(...cross(a, b)), dot(a, b));

/** A river bend from every hexagon edge k to edge k + 2 (the starter "gentle bend"), at t = 0.3 → 0.6. */
const BENDS = tileOf('bends', HEX, ...[0, 1, 2, 3, 4, 5].map((k) => ({ ...edgeLine(HEX, 'river', [k, 0.3], [(k + 2) % 6, 0.6]), id: `r${k}` })));

/** The drawn (A) polygon of `cell`, corner j = the anchor of edge j (area-mesh.ts lists corner d between edges d and d + 1). */
function drawnCorners(map: TerrainMap, cell: number): V3[] {
  const area = buildMapGeometry(map, defaultCatalogue).area;
  const p = area.firstPiece[cell]!;
  const deg = map.grid.degree(cell);
  const piece = Array.from({ length: deg }, (_, d) => unit(Array.from(area.positions.subarray(3 * (6 * p + d), 3 * (6 * p + d) + 3))));
  return piece.map((_, j) => piece[(j + deg - 1) % deg]!);
}

/** How far `v` (unit) lies off the great-circle arc a → b, in radians (0 on it). */
function offArc(v: V3, a: V3, b: V3): number {
  const n = unit(cross(a, b));
  const off = Math.abs(Math.asin(dot(v, n)));
  const along = angle(a, v) + angle(v, b) - angle(a, b);
  return Math.max(off, along);
}

function check(map: TerrainMap, cell: number, placements: readonly Placement[]) {
  const grid = map.grid as IcosahedronGrid;
  const alform = map.spec.alform;
  const drawn = drawnCorners(map, cell);
  const shape = cellShapeOf(grid, cell, alform);
  const place = globeInstancePlace(grid, cell, alform)(1);
  const lift = (p: Vec2): V3 => {
    const out: number[] = [];
    place(p[0], p[1], out);
    return unit(out);
  };
  // The cell's radius on the unit sphere: centre to corner.
  const radius = angle(unit(grid.center(cell)), drawn[0]!);
  // The placed tile's outline is the drawn cell's outline.
  expect(shape.corners).toHaveLength(drawn.length);
  shape.corners.forEach((c, j) => expect(angle(lift(c), drawn[j]!) / radius).toBeLessThan(1e-6));
  // Every line end on tile edge k lands on the drawn cell's edge k.
  const reached = new Set<number>();
  for (const placement of placements) {
    const tile = placedTile(BENDS, placement, shape);
    for (const el of tile.elements) {
      if (el.kind !== 'line') continue;
      for (const end of [curveStart(el.curve), curveEnd(el.curve)]) {
        const k = shape.edges.findIndex((e) => Math.abs((end[0] - e.from[0]) * (e.to[1] - e.from[1]) - (end[1] - e.from[1]) * (e.to[0] - e.from[0])) < 1e-9);
        expect(k).toBeGreaterThanOrEqual(0);
        reached.add(k);
        expect(offArc(lift(end), drawn[k]!, drawn[(k + 1) % drawn.length]!) / radius).toBeLessThan(1e-6);
      }
    }
  }
  expect([...reached].sort()).toEqual(shape.edges.map((_, k) => k));
}

describe('a placed tile on the globe fills its drawn cell (issue 25: lines stopped short, the pentagon drawn a third of the cell)', () => {
  const turns = (pent: boolean): Placement[] =>
    pent ? [0, 1, 2, 3, 4].map((r) => ({ orientation: { rotation: 0, mirror: 'none' }, pentagonRotation: r })) : [{ orientation: { rotation: 0, mirror: 'none' } }];
  for (const alform of [false, true]) {
    it(`${alform ? 'AL-FORM' : 'classic'} globe: on a pentagon and a hexagon, the outline is the cell's and every line reaches its edge`, () => {
      const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 5 }, alform, palette: ['clear'] });
      const grid = map.grid as IcosahedronGrid;
      const pentagon = grid.pentagons()[0]!;
      // The pentagon's nearest hexagon that draws an (A) polygon: its neighbour, or the area cell across a linear tile.
      const area = buildMapGeometry(map, defaultCatalogue).area;
      const hexagon = [...Array(map.tileCount).keys()]
        .filter((c) => c !== pentagon && !grid.isPentagon(c) && area.firstPiece[c]! >= 0)
        .sort((a, b) => angle(unit(grid.center(a)), unit(grid.center(pentagon))) - angle(unit(grid.center(b)), unit(grid.center(pentagon))))[0]!;
      check(map, pentagon, turns(true));
      check(map, hexagon, turns(false));
    });
  }
});
