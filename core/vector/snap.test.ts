import { describe, expect, it } from 'vitest';
import { derivCubic, segment, segmentCount } from './bezier.js';
import type { EndName } from './classify.js';
import { edgeIndicators, indicatorsOf } from './indicators.js';
import { matchEdges, matchTiles } from './match.js';
import { snapAcross, snapTargets } from './snap.js';
import type { TileShape } from './shape.js';
import { HEX, HEX_R, OFFSET_SQUARE, SQUARE, edgeOf, facingDirection, insideDistance } from './shape.js';
import type { CurveElement, VectorTile } from './types.js';
import { validateTile } from './validate.js';
import type { Vec2 } from './vec2.js';
import { cross, distance, dot, lerp, normalize, sub } from './vec2.js';
import { on, variants } from './vector.testkit.js';

/** Where B's centre lies when it sits across A's edge: the two edges coincide, reversed. */
function acrossOffset(shape: TileShape, dirA: number, dirB: number): Vec2 {
  const ea = edgeOf(shape, dirA), eb = edgeOf(shape, dirB);
  return sub(lerp(ea.from, ea.to, 0.5), lerp(eb.from, eb.to, 0.5));
}

function endOf(tile: VectorTile, id: string, end: EndName): { p: Vec2; inward: Vec2; el: CurveElement } {
  const el = tile.elements.find((e) => e.id === id) as CurveElement;
  const c = el.curve;
  if (end === 'start') return { p: c.points[0]!, inward: normalize(derivCubic(segment(c, 0), 0)), el };
  const q = segment(c, segmentCount(c) - 1);
  const d = derivCubic(q, 1);
  return { p: c.points[c.points.length - 1]!, inward: normalize([-d[0], -d[1]]), el };
}

describe('snapping (patent MAP ASSEMBLY step 4)', () => {
  it('moves a river’s two ends to one point with one tangent, and nothing else', () => {
    const a: VectorTile = { id: 'a', shape: HEX, elements: [{ kind: 'line', id: 'r', terrain: 'river', curve: { points: [on(HEX, 0, 0.3), [-0.5, 0.2], [0.3, -0.4], on(HEX, 3, 0.5)], closed: false } }] };
    const b: VectorTile = { id: 'b', shape: HEX, elements: [{ kind: 'line', id: 'r', terrain: 'river', curve: { points: [on(HEX, 3, 0.6), [0.2, -0.3], [0.1, 0.4], on(HEX, 0, 0.5)], closed: false } }] };
    const m = matchTiles(a, 0, b, 3);
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    const s = snapAcross(a, 0, b, 3, m.pairs);
    expect(validateTile(s.a)).toEqual([]);
    expect(validateTile(s.b)).toEqual([]);
    const off = acrossOffset(HEX, 0, 3);
    const ea = endOf(s.a, 'r', 'start'), eb = endOf(s.b, 'r', 'start');
    const pb: Vec2 = [eb.p[0] + off[0], eb.p[1] + off[1]];
    expect(distance(ea.p, pb)).toBeLessThan(1e-12);
    // Edge parameter: the mean of 0.3 and 1 − 0.6.
    expect(ea.p[0]).toBeCloseTo(lerp(edgeOf(HEX, 0).from, edgeOf(HEX, 0).to, 0.35)[0], 12);
    // A's curve, walked out of A, continues as B's curve walked into B.
    expect(Math.abs(cross(ea.inward, eb.inward))).toBeLessThan(1e-12);
    expect(dot(ea.inward, eb.inward)).toBeLessThan(0);
    // Only the end and its neighbouring control point moved; both sides take the shorter handle,
    // so the control vectors are identical (the patent's "identical first derivatives").
    const before = (a.elements[0] as CurveElement).curve.points;
    const after = (s.a.elements[0] as CurveElement).curve.points;
    const afterB = (s.b.elements[0] as CurveElement).curve.points;
    expect(after.slice(2)).toEqual(before.slice(2));
    const hb = distance(b.elements[0]!.kind === 'line' ? b.elements[0]!.curve.points[1]! : [0, 0], on(HEX, 3, 0.6));
    expect(distance(after[1]!, after[0]!)).toBeCloseTo(Math.min(hb, distance(before[1]!, before[0]!)), 12);
    expect(distance(afterB[1]!, afterB[0]!)).toBeCloseTo(distance(after[1]!, after[0]!), 12);
  });

  for (const [shape, kind] of [
    [SQUARE, 'square'],
    [OFFSET_SQUARE, 'offset-square'],
    [HEX, 'hex-rectangle'],
  ] as const) {
    it(`${shape.name}: after snapping every matched pair, ends coincide and tangents are parallel`, () => {
      const tiles = variants(shape, kind, 9, 3);
      const inds = tiles.map(edgeIndicators);
      let pairs = 0, worst = 0, reversed = 0;
      for (let i = 0; i < tiles.length; i++) {
        for (let j = 0; j < tiles.length; j++) {
          for (const e of shape.edges) {
            const back = facingDirection(shape, e.dir);
            const m = matchEdges(indicatorsOf(inds[i]!, e.dir), indicatorsOf(inds[j]!, back));
            if (!m.ok || m.pairs.length === 0) continue;
            const s = snapAcross(tiles[i]!, e.dir, tiles[j]!, back, m.pairs);
            const off = acrossOffset(shape, e.dir, back);
            for (const pair of m.pairs) {
              const ea = endOf(s.a, pair.a.element, pair.a.end);
              const eb = endOf(s.b, pair.b.element, pair.b.end);
              worst = Math.max(worst, distance(ea.p, [eb.p[0] + off[0], eb.p[1] + off[1]]), Math.abs(cross(ea.inward, eb.inward)));
              if (!(dot(ea.inward, eb.inward) < 0)) reversed++;
              pairs++;
            }
          }
        }
      }
      expect(worst).toBeLessThan(1e-9);
      expect(reversed).toBe(0);
      expect(pairs).toBeGreaterThan(20);
    });
  }
});

describe('the shared handle stays inside both tiles', () => {
  it('two long slanted handles moved to the middle of the edge: the shared control point is shortened to stay inside', () => {
    // A river leaving edge 0 at t = 0.9 with a handle one edge long, slanted 20° to the edge
    // towards the anchor: drawn there, its control point is inside; at the meeting point
    // (t = 0.5, B drawn as A turned half round, crossing at A's 0.1) the same handle reaches past
    // the upper-left edge.
    const p = on(HEX, 0, 0.9);
    const c: Vec2 = [p[0] - HEX_R * 0.94, p[1] - HEX_R * 0.34];
    const pts: Vec2[] = [on(HEX, 3, 0.5), [0, -0.5], c, p];
    const a: VectorTile = { id: 'a', shape: HEX, elements: [{ kind: 'line', id: 'r', terrain: 'river', curve: { points: pts, closed: false } }] };
    const b: VectorTile = { id: 'b', shape: HEX, elements: [{ kind: 'line', id: 'r', terrain: 'river', curve: { points: pts.map(([x, y]) => [-x, -y] as Vec2), closed: false } }] };
    expect(insideDistance(HEX, c)).toBeGreaterThan(0);
    expect([validateTile(a), validateTile(b)]).toEqual([[], []]);
    const m = matchEdges(indicatorsOf(edgeIndicators(a), 0), indicatorsOf(edgeIndicators(b), 3));
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    const t = snapTargets(a, 0, b, 3, m.pairs);
    expect(distance(t.a[0]!.p, on(HEX, 0, 0.5))).toBeLessThan(1e-12);
    // The control point (end point minus handle) inside each tile, not on its boundary.
    for (const x of [...t.a, ...t.b]) expect(insideDistance(HEX, sub(x.p, x.handle))).toBeGreaterThan(0.01);
    // Still one control vector: A's handle leaving A is B's entering B.
    expect(distance(t.a[0]!.handle, [-t.b[0]!.handle[0], -t.b[0]!.handle[1]])).toBeLessThan(1e-12);
    const s = snapAcross(a, 0, b, 3, m.pairs);
    expect([validateTile(s.a), validateTile(s.b)]).toEqual([[], []]);
  });
});
