import { describe, expect, it } from 'vitest';
import { edgeIndicators, indicatorsOf } from '../vector/indicators.js';
import { HEX } from '../vector/shape.js';
import { MEET_TOLERANCE, SNAP_TOLERANCE } from '../vector/tolerance.js';
import type { VectorTile } from '../vector/types.js';
import { grid, spokeTile } from './assemble.testkit.js';
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

  it('one off by more than the tolerance is left as drawn and reported once per edge', () => {
    const { c, n, snapper } = pair(river('far', 0.5 + 2 * SNAP_TOLERANCE));
    expect(snapper.snapped(c)).toBeNull();
    expect(snapper.snapped(n)).toBeNull();
    expect(snapper.gaps).toHaveLength(1);
    const gap = snapper.gaps[0]!;
    expect(gap).toMatchObject({ cell: Math.min(c, n), neighbour: Math.max(c, n), element: expect.stringMatching(/^river/), other: expect.stringMatching(/^river/) });
    expect(gap.gap).toBeCloseTo(2 * SNAP_TOLERANCE, 12);
    expect(snapper.instancesSnapped).toBe(0);
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
