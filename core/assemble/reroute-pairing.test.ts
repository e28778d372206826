import { describe, expect, it } from 'vitest';
import type { PositionIndicator } from '../vector/indicators.js';
import type { Bank } from './reroute-banks.js';
import type { CutEnd } from './reroute-pairing.js';
import { pairBank } from './reroute-pairing.js';

const bank = (closed: boolean, edges: number): Bank => ({
  closed,
  length: edges,
  steps: Array.from({ length: edges }, (_, i) => ({ kind: 'edge' as const, cell: i, slot: 0, s0: i, length: 1 })),
});
const end = (step: number, t: number, turn: 1 | -1 | 0, terrain = 'hills'): CutEnd => ({
  step, cell: step, slot: 0, t, s: step + t, turn, group: `${turn === 0 ? 'line' : 'area'}:${terrain}`,
  position: { element: `${terrain}${step}${t}`, end: 'end', kind: turn === 0 ? 'line' : 'area', terrain, t, key: terrain } as PositionIndicator,
});

describe('positive turning and bracket pairing', () => {
  it('pairs an opening end with the nearest closing one after it; nested pairs never interleave', () => {
    // ( ( ) ) along the bank: inner pair first (nearest), then the outer; the outer runs nearer the river.
    const ends = [end(0, 0.5, 1), end(1, 0.5, 1), end(2, 0.5, -1), end(3, 0.5, -1)];
    const p = pairBank(bank(false, 4), ends);
    expect(p.routes.map((r) => [r.a!.step, r.b!.step])).toEqual([[1, 2], [0, 3]]);
    const [inner, outer] = p.routes;
    expect(outer!.lane).toBeLessThan(inner!.lane);
  });

  it('prefers the same tile (step 1), leaves what cannot pair off the map by the way it turns (step 3)', () => {
    const ends = [end(0, 0.2, -1), end(1, 0.2, 1), end(1, 0.8, -1), end(2, 0.5, 1)];
    const p = pairBank(bank(false, 3), ends);
    expect(p.routes.map((r) => [r.stepNo, r.a?.s ?? null, r.b?.s ?? null])).toEqual([[1, 1.2, 1.8], [3, null, 0.2], [3, 2.5, null]]);
  });

  it('different terrains pair separately; on a closed bank the leftover is unresolved; lines pair either way', () => {
    const ends = [end(0, 0.5, 0, 'road'), end(1, 0.5, 1), end(2, 0.5, 0, 'road'), end(3, 0.5, 1)];
    const p = pairBank(bank(true, 4), ends);
    expect(p.routes).toHaveLength(1);
    expect(p.routes[0]!.a!.position.terrain).toBe('road');
    expect(p.unresolved.map((e) => e.step)).toEqual([1, 3]);
  });
});
