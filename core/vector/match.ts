/**
 * Matching two oriented tiles across an edge: steps (2) and (3) of the patent's MAP
 * ASSEMBLY (step (1), the transforms, is orientation.ts; step (4), snapping, is snap.ts).
 *
 *   (2) the presence sets of the two edges must be identical;
 *   (3) the position sets must be identical after reversing one of them where the anchor
 *       vertices do not adjoin. Every edge is anchored at its clockwise start (shape.ts), and
 *       two tiles walk a shared edge in opposite directions, so the anchors never adjoin and
 *       the far side's set is always reversed; reversing also swaps an area's
 *       `before`/`after`, since along the shared edge "towards my anchor" is "away from
 *       yours". Then terrain-specific reordering: indicators of a REORDERABLE terrain (one
 *       that may pass over or under others at the edge, as a road on a bridge; the catalogue
 *       declares it, terrain-rules.ts) may take any place in the sequence, so only the
 *       others must agree in order, and the reorderable ones by count per key.
 *
 * The result names the edge and the first indicator that fails.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { EdgeIndicators, PositionIndicator } from './indicators.js';
import { edgeIndicators, indicatorsOf, positionKey } from './indicators.js';
import type { VectorTile } from './types.js';

export interface MatchOptions {
  /** Terrains whose indicators may be reordered (terrain-rules.ts); none when absent. */
  readonly reorderable?: (terrain: string) => boolean;
}

export interface MatchedPair {
  readonly a: PositionIndicator;
  /** B's indicator as B has it (not flipped). */
  readonly b: PositionIndicator;
}

export type MatchResult =
  | { readonly ok: true; readonly dirA: number; readonly dirB: number; readonly pairs: readonly MatchedPair[] }
  | {
      readonly ok: false;
      readonly dirA: number;
      readonly dirB: number;
      readonly reason: 'presence' | 'position';
      /** The indicator that failed (a position indicator's element, or a presence key). */
      readonly indicator: string;
      readonly message: string;
    };

/** An edge's positions as the tile across it sees them: reversed, areas' sides along the edge swapped. */
export function seenFromAcross(positions: readonly PositionIndicator[]): PositionIndicator[] {
  return [...positions].reverse().map((p) => {
    if (p.kind === 'line') return p;
    const inside = p.inside === 'after' ? 'before' : 'after';
    return { ...p, inside, key: positionKey('area', p.terrain, inside, p.height) };
  });
}

const describe = (p: PositionIndicator): string => `${p.kind} "${p.element}" (${p.terrain}${p.height === undefined ? '' : ` @${p.height}`}, ${p.end}${p.inside ? `, area ${p.inside}` : ''})`;

/** Matches A's edge against B's edge that faces it. */
export function matchEdges(a: EdgeIndicators, b: EdgeIndicators, options: MatchOptions = {}): MatchResult {
  const where = `edge ${a.dir} of A ↔ edge ${b.dir} of B`;
  const fail = (reason: 'presence' | 'position', indicator: string, message: string): MatchResult => ({ ok: false, dirA: a.dir, dirB: b.dir, reason, indicator, message: `${where}: ${message}` });

  // Step (2): presence.
  for (const k of a.presence) if (!b.presence.includes(k)) return fail('presence', k, `A's edge lies wholly in "${k}", B's does not`);
  for (const k of b.presence) if (!a.presence.includes(k)) return fail('presence', k, `B's edge lies wholly in "${k}", A's does not`);

  // Step (3): positions, B's reversed.
  const reorderable = options.reorderable ?? (() => false);
  const pa = a.positions;
  const bFlipped = seenFromAcross(b.positions);
  const bOriginal = [...b.positions].reverse();
  const fixedA = pa.filter((p) => !reorderable(p.terrain));
  const fixedB = bFlipped.map((p, i) => ({ p, i })).filter(({ p }) => !reorderable(p.terrain));
  const pairs: MatchedPair[] = [];
  for (let i = 0; i < Math.max(fixedA.length, fixedB.length); i++) {
    const x = fixedA[i];
    const y = fixedB[i];
    if (!x) return fail('position', y!.p.element, `B has ${describe(bOriginal[y!.i]!)} with nothing to meet it on A's edge`);
    if (!y) return fail('position', x.element, `A has ${describe(x)} with nothing to meet it on B's edge`);
    if (x.key !== y.p.key) return fail('position', x.element, `A's ${describe(x)} meets B's ${describe(bOriginal[y.i]!)}`);
    pairs.push({ a: x, b: bOriginal[y.i]! });
  }
  const pool = new Map<string, number[]>();
  bFlipped.forEach((p, i) => {
    if (!reorderable(p.terrain)) return;
    pool.set(p.key, [...(pool.get(p.key) ?? []), i]);
  });
  for (const x of pa) {
    if (!reorderable(x.terrain)) continue;
    const q = pool.get(x.key);
    if (!q?.length) return fail('position', x.element, `A has ${describe(x)} with nothing to meet it on B's edge`);
    pairs.push({ a: x, b: bOriginal[q.shift()!]! });
  }
  for (const q of pool.values()) {
    if (q.length) return fail('position', bOriginal[q[0]!]!.element, `B has ${describe(bOriginal[q[0]!]!)} with nothing to meet it on A's edge`);
  }
  pairs.sort((p, q) => p.a.t - q.a.t);
  return { ok: true, dirA: a.dir, dirB: b.dir, pairs };
}

/** Matches two oriented tiles: B lies across A's edge `dirA` and faces it with its edge `dirB`. */
export function matchTiles(a: VectorTile, dirA: number, b: VectorTile, dirB: number, options: MatchOptions = {}): MatchResult {
  return matchEdges(indicatorsOf(edgeIndicators(a), dirA), indicatorsOf(edgeIndicators(b), dirB), options);
}

/**
 * The canonical signature of an edge for the fit index (fit-index.ts): two edges match
 * exactly when the signature of one equals the across-signature of the other.
 */
export function edgeSignature(ind: EdgeIndicators, options: MatchOptions = {}): string {
  return signatureOf(ind.presence, ind.positions, options);
}

/** The signature an edge must have to match `ind` from across it. */
export function acrossSignature(ind: EdgeIndicators, options: MatchOptions = {}): string {
  return signatureOf(ind.presence, seenFromAcross(ind.positions), options);
}

function signatureOf(presence: readonly string[], positions: readonly PositionIndicator[], options: MatchOptions): string {
  const reorderable = options.reorderable ?? (() => false);
  const fixed = positions.filter((p) => !reorderable(p.terrain)).map((p) => p.key);
  const free = positions.filter((p) => reorderable(p.terrain)).map((p) => p.key).sort();
  return JSON.stringify([presence, fixed, free]);
}
