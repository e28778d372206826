import { describe, expect, it } from 'vitest';
import type { Curve } from './bezier.js';
import { derivCubic, reverseCurve, segment, segmentCount, splitCubic } from './bezier.js';
import type { EndName } from './classify.js';
import { edgeIndicators, indicatorsOf } from './indicators.js';
import { matchEdges } from './match.js';
import { snapAcross } from './snap.js';
import { bendEnd, crossesItself } from './snap-bend.js';
import type { TileShape } from './shape.js';
import { HEX, SQUARE, edgeOf, facingDirection } from './shape.js';
import type { CurveElement, VectorTile } from './types.js';
import { curveMiddleProblem, validateTile } from './validate.js';
import type { Vec2 } from './vec2.js';
import { distance, lerp, sub } from './vec2.js';
import { bend, on, poly, tileOf } from './vector.testkit.js';

/** Where B's centre lies when it sits across A's edge: the two edges coincide, reversed. */
function acrossOffset(shape: TileShape, dirA: number, dirB: number): Vec2 {
  const ea = edgeOf(shape, dirA), eb = edgeOf(shape, dirB);
  return sub(lerp(ea.from, ea.to, 0.5), lerp(eb.from, eb.to, 0.5));
}

/** An end's point and its derivative walked out of the tile (3 × end point minus its control point). */
function endOf(tile: VectorTile, id: string, end: EndName): { p: Vec2; out: Vec2 } {
  const c = (tile.elements.find((e) => e.id === id) as CurveElement).curve;
  if (end === 'start') {
    const d = derivCubic(segment(c, 0), 0);
    return { p: c.points[0]!, out: [-d[0], -d[1]] };
  }
  return { p: c.points[c.points.length - 1]!, out: derivCubic(segment(c, segmentCount(c) - 1), 1) };
}

/** Rivers in A crossing edge `dir` at `ta`, and in B crossing the facing edge where A sees `tb`, drawn three ways. */
function drawings(shape: TileShape, dir: number, ta: number, tb: number): [string, VectorTile, VectorTile][] {
  const back = facingDirection(shape, dir);
  const opp = (d: number) => facingDirection(shape, d);
  const far = shape.edges.length === 4 ? 2 * ((dir / 2 + 1) % 4) : (dir + 2) % 6;
  return [
    // A gentle cubic through the middle, edge to opposite edge.
    ['through', tileOf('a', shape, { kind: 'line', id: 'r', terrain: 'river', curve: bend(on(shape, opp(dir), 0.5), on(shape, dir, ta), 0.3) }), tileOf('b', shape, { kind: 'line', id: 'r', terrain: 'river', curve: bend(on(shape, back, 1 - tb), on(shape, opp(back), 0.5), 0.3) })],
    // Straight Inkscape segments (zero handles) through an inner point near A's crossing.
    ['polyline', tileOf('a', shape, { kind: 'line', id: 'r', terrain: 'river', curve: poly([on(shape, far, 0.5), [0, 0], lerp([0, 0], on(shape, dir, ta), 0.85), on(shape, dir, ta)]) }), tileOf('b', shape, { kind: 'line', id: 'r', terrain: 'river', curve: poly([on(shape, back, 1 - tb), lerp([0, 0], on(shape, back, 1 - tb), 0.8), [0.1, -0.1]]) })],
    // A curve that runs close along the edge before leaving: the plain bend would leave the tile.
    ['hugging', tileOf('a', shape, { kind: 'line', id: 'r', terrain: 'river', curve: { points: [[0, 0], lerp([0, 0], on(shape, dir, 1 - ta), 0.9), lerp([0, 0], on(shape, dir, 0.5), 0.97), on(shape, dir, ta)], closed: false } }), tileOf('b', shape, { kind: 'line', id: 'r', terrain: 'river', curve: bend(on(shape, back, 1 - tb), [0, 0], 0.5) })],
  ];
}

describe('snapping bends ends whatever the offset (patent MAP ASSEMBLY step 4)', () => {
  const cases: [TileShape, number, number, number][] = [
    [SQUARE, 0, 0.25, 0.5],
    [SQUARE, 2, 0.1, 0.9],
    [SQUARE, 4, 0.9, 0.1],
    [HEX, 0, 0.25, 0.5],
    [HEX, 1, 0.1, 0.9],
    [HEX, 4, 0.9, 0.15],
  ];
  for (const [shape, dir, ta, tb] of cases) {
    for (const [name, a, b] of drawings(shape, dir, ta, tb)) {
      it(`${shape.name} edge ${dir}, ${ta} against ${tb}, ${name}: one point, one control vector, inside the tile, no loop`, () => {
        expect(validateTile(a)).toEqual([]);
        expect(validateTile(b)).toEqual([]);
        const back = facingDirection(shape, dir);
        const m = matchEdges(indicatorsOf(edgeIndicators(a), dir), indicatorsOf(edgeIndicators(b), back));
        expect(m.ok).toBe(true);
        if (!m.ok) return;
        expect(m.pairs).toHaveLength(1);
        const pair = m.pairs[0]!;
        expect(Math.abs(pair.a.t - (1 - pair.b.t))).toBeCloseTo(Math.abs(ta - tb), 9);
        const s = snapAcross(a, dir, b, back, m.pairs);
        const ea = endOf(s.a, 'r', pair.a.end), eb = endOf(s.b, 'r', pair.b.end);
        const off = acrossOffset(shape, dir, back);
        // One point; A's derivative leaving A is B's entering B (B's leaving B, reversed).
        expect(distance(ea.p, [eb.p[0] + off[0], eb.p[1] + off[1]])).toBeLessThan(1e-9);
        expect(distance(ea.out, [-eb.out[0], -eb.out[1]])).toBeLessThan(1e-9);
        // The meeting point is the mean of the two crossings.
        expect(distance(ea.p, lerp(edgeOf(shape, dir).from, edgeOf(shape, dir).to, (ta + tb) / 2))).toBeLessThan(1e-9);
        // Inside the tile (validation's rule, sampled), touching the edge only at the ends; no loop.
        expect(validateTile(s.a)).toEqual([]);
        expect(validateTile(s.b)).toEqual([]);
        for (const t of [s.a, s.b]) expect(crossesItself((t.elements[0] as CurveElement).curve)).toBe(false);
        // Snapped again, nothing is left to move.
        const again = matchEdges(indicatorsOf(edgeIndicators(s.a), dir), indicatorsOf(edgeIndicators(s.b), back));
        expect(again.ok && Math.abs(again.pairs[0]!.a.t - (1 - again.pairs[0]!.b.t))).toBeLessThan(1e-9);
      });
    }
  }

  it('where the plain bend would loop or leave the tile, the end cubic is split and only its last piece rebuilt', () => {
    // An S drawn by hand, its end moved from t ≈ 0.75 to 0.52 of edge 0.
    const curve: Curve = { points: [[-0.18223774731159215, 0.5449026629328728], [-0.46622720882296564, 0.09065789468586449], [0.04446984641253948, -0.3021613318473101], [0.28489495418968125, 1]], closed: false };
    const p = on(HEX, 0, 0.5237392181763425);
    const handle: Vec2 = [0, 0.15];
    expect(curveMiddleProblem(HEX, curve, false, true)).toBeNull();
    const plain: Curve = { points: [curve.points[0]!, curve.points[1]!, sub(p, handle), p], closed: false };
    expect(curveMiddleProblem(HEX, plain, false, true) !== null || crossesItself(plain)).toBe(true);
    const bent = bendEnd(curve, 'end', p, handle, HEX, false);
    expect(segmentCount(bent)).toBe(2);
    expect(curveMiddleProblem(HEX, bent, false, true)).toBeNull();
    expect(crossesItself(bent)).toBe(false);
    // The kept piece follows the drawing (de Casteljau) up to a split point on it, keeping the
    // start and its handle (that end may be snapped already); the end is as asked.
    const split = [0.75, 0.5, 0.25].map((u) => splitCubic(segment(curve, 0), u)[0]).find((h) => distance(h[3], bent.points[3]!) < 1e-12);
    expect(split).toBeDefined();
    expect(segment(bent, 0)).toEqual([curve.points[0], curve.points[1], split![2], split![3]]);
    expect(bent.points[6]).toEqual(p);
    expect(distance(sub(bent.points[6]!, bent.points[5]!), handle)).toBeLessThan(1e-12);
    // The start works the same way, by symmetry.
    const rev = bendEnd(reverseCurve(curve), 'start', p, handle, HEX, false);
    expect(reverseCurve(rev).points).toEqual(bent.points);
  });

  it('crossesItself finds a loop and passes a plain bend', () => {
    expect(crossesItself({ points: [[0, 0], [1, 1], [1, -1], [0, 0.5]], closed: false })).toBe(true);
    expect(crossesItself(bend([-1, 0], [1, 0]))).toBe(false);
  });
});
