import { describe, expect, it } from 'vitest';
import { edgeIndicators, indicatorsOf } from '../vector/indicators.js';
import { HEX, SQUARE } from '../vector/shape.js';
import { MEET_TOLERANCE } from '../vector/tolerance.js';
import { checkAssembly } from './check.js';
import type { VectorTile } from '../vector/types.js';
import { grid, spokeTile } from './assemble.testkit.js';
import { facingBack } from './cell-geometry.js';
import type { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import { encodePlacement } from '../map/orientation-code.js';
import { globeInstancePlace } from '../render/instance-frame.js';
import { validateTile } from '../vector/validate.js';
import { InstanceLayer } from '../map/instance-layer.js';
import { InstanceSnapper, placedGeometry, snapToNeighbours } from './instance-snap.js';

/** A river straight through a hexagon, crossing edge 0 and edge 3 at `t`. */
const river = (id: string, t: number): VectorTile => spokeTile(id, HEX, 'river', [0, 3], t);

/** A 5 × 5 hexagon map: `c` holds the centred river, its neighbour across edge 0 the one given. */
function pair(neighbour: VectorTile) {
  const g = grid({ kind: 'hex-rectangle', width: 5, height: 5 });
  const c = g.index([2, 2]);
  const n = g.neighbor(c, 0);
  const layer = new InstanceLayer(g);
  layer.set(c, 'centred', 0);
  layer.set(n, neighbour.id, 0);
  const tiles = new Map([['centred', river('centred', 0.5)], [neighbour.id, neighbour]]);
  return { g, c, n, layer, snapper: new InstanceSnapper(g, layer, (id) => tiles.get(id) ?? null) };
}

/** Where a tile's river crosses edge `dir`, as an edge parameter. */
const crossing = (t: VectorTile, dir: number): number => indicatorsOf(edgeIndicators(t), dir).positions[0]!.t;

/** Model point of a tile-frame point of cell `c` on a classic flat map (scale: half the spacing). */
const model = (g: ReturnType<typeof grid>, c: number, p: readonly number[]): [number, number] => [g.center(c)[0]! + (g.spacing() / 2) * p[0]!, g.center(c)[1]! + (g.spacing() / 2) * p[1]!];

describe('snapping placed instances', () => {
  it('a neighbour whose crossing is off by less than the tolerance is met exactly, from both sides', () => {
    const { g, c, n, snapper } = pair(river('off', 0.52));
    const a = snapper.snapped(c)!;
    const b = snapper.snapped(n)!;
    // Each side moved to the mean: 0.5 and 1 − 0.52 meet at 0.49.
    expect(crossing(a, 0)).toBeCloseTo(0.49, 12);
    expect(crossing(a, 0) + crossing(b, 3)).toBeCloseTo(1, 12);
    // In model space the two ends are one point, and the river's other end did not move.
    const endA = a.elements[0]!.kind === 'line' ? a.elements[0]!.curve.points.at(-1)! : [];
    const endB = b.elements[1]!.kind === 'line' ? b.elements[1]!.curve.points.at(-1)! : [];
    const [pa, pb] = [model(g, c, endA), model(g, n, endB)];
    expect(pa[0]).toBeCloseTo(pb[0], 9);
    expect(pa[1]).toBeCloseTo(pb[1], 9);
    expect(crossing(a, 3)).toBe(0.5);
    expect(snapper.instancesSnapped).toBe(2);
    expect(snapper.gaps).toEqual([]);
  });

  it('one off by any distance is met too (patent step 4, always): 0.1 against 0.9, no gap reported', () => {
    const g = grid({ kind: 'hex-rectangle', width: 5, height: 5 });
    const c = g.index([2, 2]);
    const n = g.neighbor(c, 0);
    const layer = new InstanceLayer(g);
    layer.set(c, 'low', 0);
    layer.set(n, 'high', 0);
    const tiles = new Map([['low', river('low', 0.1)], ['high', river('high', 0.1)]]);
    const snapper = new InstanceSnapper(g, layer, (id) => tiles.get(id) ?? null);
    const a = snapper.snapped(c)!;
    const b = snapper.snapped(n)!;
    // 0.1 on A's edge 0 and 1 − 0.1 on B's edge 3: they meet at the middle.
    expect(crossing(a, 0)).toBeCloseTo(0.5, 12);
    expect(crossing(b, 3)).toBeCloseTo(0.5, 12);
    expect(snapper.gaps).toEqual([]);
    expect(checkAssembly(g, layer, [...tiles.values()])).toEqual([]);
  });

  it('only ends with no partner across are reported: a river against a neighbour without one', () => {
    const g = grid({ kind: 'hex-rectangle', width: 5, height: 5 });
    const c = g.index([2, 2]);
    const n = g.neighbor(c, 0);
    const layer = new InstanceLayer(g);
    layer.set(c, 'centred', 0);
    layer.set(n, 'plain', 0);
    const tiles = new Map([['centred', river('centred', 0.5)], ['plain', { id: 'plain', shape: HEX, elements: [] }]]);
    const snapper = new InstanceSnapper(g, layer, (id) => tiles.get(id) ?? null);
    expect(snapper.snapped(c)).toBeNull();
    expect(snapper.snapped(n)).toBeNull();
    expect(snapper.gaps).toEqual([{ cell: c, dir: 0, neighbour: n, element: 'river0', terrain: 'river', t: 0.5 }]);
  });

  it('instances that already meet are not rebuilt: null, and the placed geometry is shared per tile and placement', () => {
    const { g, c, n, layer, snapper } = pair(river('same', 0.5));
    expect(snapper.snapped(c)).toBeNull();
    expect(snapper.snapped(n)).toBeNull();
    expect(snapper.instancesSnapped).toBe(0);
    layer.set(n, 'centred', 0);
    const again = new InstanceSnapper(g, layer, () => river('centred', 0.5));
    expect(again.placed(n)).toBe(again.placed(c));
  });

  it('crossings within what SVG tiles carry (MEET_TOLERANCE) count as meeting: nothing is rebuilt', () => {
    const { c, n, snapper } = pair(river('noisy', 0.5 + MEET_TOLERANCE / 2));
    expect([snapper.snapped(c), snapper.snapped(n)]).toEqual([null, null]);
    expect(snapper.gaps).toEqual([]);
    const { c: c2, snapper: s2 } = pair(river('off-a-little', 0.5 + 2 * MEET_TOLERANCE));
    expect(s2.snapped(c2)).not.toBeNull();
  });

  it('a ghost is snapped as the instance will be once placed (an empty cell: no neighbour to meet)', () => {
    const { g, c, layer, snapper } = pair(river('off', 0.52));
    const placed = snapper.snapped(c)!;
    layer.clear(c);
    const ghost = snapToNeighbours(g, c, placedGeometry(river('centred', 0.5)), (x) => snapper.placed(x));
    expect(ghost.snapped).toBe(1);
    expect(ghost.tile).toEqual(placed);
    const far = g.index([0, 4]);
    expect(snapToNeighbours(g, far, placedGeometry(river('centred', 0.5)), (x) => snapper.placed(x)).snapped).toBe(0);
  });
});

describe('snapping whatever the offset, on a square map and on the globe', () => {
  it('square: a road at 0.25 meets one at 0.5, inside both tiles, C1 across the edge, 0 gaps', () => {
    const g = grid({ kind: 'square', width: 4, height: 4 });
    const c = g.index([1, 1]);
    const n = g.neighbor(c, 2);
    const layer = new InstanceLayer(g);
    layer.set(c, 'quarter', 0);
    layer.set(n, 'half', 0);
    const tiles = new Map([['quarter', spokeTile('quarter', SQUARE, 'road', [0, 1, 2, 3], 0.25)], ['half', spokeTile('half', SQUARE, 'road', [0, 1, 2, 3], 0.5)]]);
    const snapper = new InstanceSnapper(g, layer, (id) => tiles.get(id) ?? null);
    const a = snapper.snapped(c)!;
    const b = snapper.snapped(n)!;
    const e = facingBack(g, c, 2, n);
    expect(crossing(a, 2) + crossing(b, e)).toBeCloseTo(1, 12);
    const [pa, ha] = endAndHandle(a, 2), [pb, hb] = endAndHandle(b, e);
    expect(Math.hypot(...sub2(model(g, c, pa), model(g, n, pb)))).toBeLessThan(1e-9);
    // The same control vector: A's leaving A is B's entering B.
    expect(Math.hypot(ha[0] + hb[0], ha[1] + hb[1])).toBeLessThan(1e-9);
    expect(validateTile(a)).toEqual([]);
    expect(validateTile(b)).toEqual([]);
    expect(snapper.gaps).toEqual([]);
    expect(checkAssembly(g, layer, [...tiles.values()])).toEqual([]);
  });

  it('globe: a hexagon beside a pentagon (warped) meet at one point of the sphere, 0 gaps', () => {
    const g = grid({ kind: 'icosahedron', side: 9 }) as IcosahedronGrid;
    const p = Array.from({ length: g.tileCount }, (_, i) => i).find((i) => g.isPentagon(i))!;
    const penta = encodePlacement({ orientation: { rotation: 0, mirror: 'none' }, pentagonRotation: 0 });
    const m = globeMeeting(g, p, 0, spokeTile('penta', HEX, 'river', [0, 1, 2, 3, 4], 0.5), penta);
    expect(m.apart).toBeLessThan(1e-9);
    expect(m.handles).toBeLessThan(1e-9);
  });

  // Each cell draws its tile in its own gnomonic plane, where one t along the shared edge is a
  // different point of the arc on each side: without the arc parameter (edge-arc.ts) the two
  // ends miss each other on the sphere even between ordinary hexagons (side 9: by some 1e-6 of
  // the radius), which the pentagon case above does not show. The band's ring half-way between
  // the pentagon rings: strip 0 holds longitudes 0…n−1, so the +lon step from n−1 crosses the
  // seam into strip 1.
  const sides: [string, (n: number) => number][] = [
    ['two ordinary hexagons far from any pentagon', () => 4],
    ['two hexagons across a sector seam', (n) => n - 1],
  ];
  for (const [name, lon] of sides) {
    it(`globe: ${name} meet at one point of the sphere with one control vector`, () => {
      const g = grid({ kind: 'icosahedron', side: 9 }) as IcosahedronGrid;
      const cell = g.index([g.n + g.n / 2, lon(g.n)]);
      expect(Math.min(...Array.from(g.pentagons(), (q) => g.distance(cell, q)))).toBeGreaterThanOrEqual(4);
      // Direction 0 is +lon: the neighbour is the next longitude of the same ring.
      expect([...g.coord(g.neighbor(cell, 0))]).toEqual([g.n + g.n / 2, lon(g.n) + 1]);
      const m = globeMeeting(g, cell, 0, spokeTile('hexa-half', HEX, 'river', [0, 1, 2, 3, 4, 5], 0.5), 0);
      expect(m.apart).toBeLessThan(1e-9);
      expect(m.handles).toBeLessThan(1e-9);
    });
  }
});

/**
 * `mine` on globe cell `c` (placement `code`) and a river crossing every edge at 0.25 on its
 * neighbour across edge `d`, snapped: how far apart their two ends on the sphere are, and how
 * far apart their control vectors in edge units (along, out), each in its own cell's plane.
 */
function globeMeeting(g: IcosahedronGrid, c: number, d: number, mine: VectorTile, code: number): { apart: number; handles: number } {
  const h = g.neighbor(c, d);
  const layer = new InstanceLayer(g);
  layer.set(c, mine.id, code);
  layer.set(h, 'hexa', 0);
  const tiles = new Map([[mine.id, mine], ['hexa', spokeTile('hexa', HEX, 'river', [0, 1, 2, 3, 4, 5], 0.25)]]);
  const snapper = new InstanceSnapper(g, layer, (id) => tiles.get(id) ?? null);
  const a = snapper.snapped(c)!;
  const b = snapper.snapped(h)!;
  expect(a).not.toBeNull();
  expect(b).not.toBeNull();
  const e = facingBack(g, c, d, h);
  const [pa, ha] = endAndHandle(a, d), [pb, hb] = endAndHandle(b, e);
  const onSphere = (cell: number, q: readonly number[]): number[] => {
    const out: number[] = [];
    globeInstancePlace(g, cell, false)(1)(q[0]!, q[1]!, out);
    return out;
  };
  const [sa, sb] = [onSphere(c, pa), onSphere(h, pb)];
  const edgeUnits = (t: VectorTile, dir: number, v: readonly number[]): number[] => {
    const ed = t.shape.edges.find((x) => x.dir === dir)!;
    const u = [ed.to[0] - ed.from[0], ed.to[1] - ed.from[1]];
    const l2 = u[0]! * u[0]! + u[1]! * u[1]!;
    return [(v[0]! * u[0]! + v[1]! * u[1]!) / l2, (-v[0]! * u[1]! + v[1]! * u[0]!) / l2];
  };
  const [ua, ub] = [edgeUnits(a, d, ha), edgeUnits(b, e, hb)];
  expect(validateTile(a)).toEqual([]);
  expect(validateTile(b)).toEqual([]);
  expect(snapper.gaps).toEqual([]);
  return { apart: Math.hypot(sa[0]! - sb[0]!, sa[1]! - sb[1]!, sa[2]! - sb[2]!), handles: Math.hypot(ua[0]! - ub[0]!, ua[1]! - ub[1]!) };
}

const sub2 = (a: readonly number[], b: readonly number[]): [number, number] => [a[0]! - b[0]!, a[1]! - b[1]!];

/** The end of the element crossing edge `dir`, and its handle (end minus its control point, leaving the tile). */
function endAndHandle(t: VectorTile, dir: number): [readonly number[], readonly number[]] {
  const pos = indicatorsOf(edgeIndicators(t), dir).positions[0]!;
  const el = t.elements.find((x) => x.id === pos.element)!;
  if (el.kind === 'point') throw new Error('a point crosses no edge');
  const pts = el.curve.points;
  const [i, j] = pos.end === 'start' ? [0, 1] : [pts.length - 1, pts.length - 2];
  return [pts[i]!, sub2(pts[i]!, pts[j]!)];
}
