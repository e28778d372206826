/**
 * mxgmn's Knots tile set for the assembly bench, both ways: the peer's adjacency as mxgmn
 * wrote it, and the same tiles drawn as Sandtable vector tiles.
 *
 * `KNOTS_DATA` is tilesets/Knots.xml of https://github.com/mxgmn/WaveFunctionCollapse
 * (MIT licence, © Maxim Gumin) — its tiles, symmetries and neighbour pairs, copied as data
 * (the PNGs are not needed; the subsets are left out). `left` sits at x − 1 of `right`.
 *
 * `KNOTS_TILES` draws each tile's strands as `road` lines through the middle of the sides they
 * leave by, variant 0 as the peer's pairs require it (read off the pairs: the line runs west–
 * east, the corner joins east and south, the t leaves south open). Knots is pure edge
 * matching — a strand meets a strand, nothing meets nothing — so the vector tiles' edge
 * signatures give the same relation; test/wfc-peer.test.ts checks it pair by pair. The cross's
 * over/under (its two variants) is not an edge property: both variants have the same edges.
 */
import type { SimpleTiledData } from 'wavefunctioncollapse';
import { SQUARE, edgePoint } from '../core/vector/shape.js';
import type { VectorElement, VectorTile } from '../core/vector/types.js';
import type { Vec2 } from '../core/vector/vec2.js';

const PIXEL = [0, 0, 0, 255];

export const KNOTS_SYMMETRY: Readonly<Record<string, string>> = { corner: 'L', cross: 'I', empty: 'X', line: 'I', t: 'T' };

const PAIRS = `corner 1|empty; corner|cross; corner|cross 1; corner|line; corner 1|line 1; corner|t 2; corner|t 3; corner|t;
corner 1|t 1; corner 1|corner 3; corner 1|corner; corner|corner 1; corner|corner 2; cross|cross; cross|cross 1; cross 1|cross 1;
cross|line; cross 1|line; cross|t; cross|t 3; cross 1|t; cross 1|t 3; empty|empty; empty|line 1; empty|t 1; line|line;
line 1|line 1; line|t; line 1|t 1; line|t 3; t 1|t 3; t|t; t 2|t; t 1|t; t 3|t 1`;

export const KNOTS_DATA: SimpleTiledData = {
  tilesize: 1,
  tiles: Object.entries(KNOTS_SYMMETRY).map(([name, symmetry]) => ({ name, symmetry, bitmap: PIXEL })),
  neighbors: PAIRS.split(';').map((p) => {
    const [left, right] = p.split('|').map((s) => s.trim());
    return { left: left!, right: right! };
  }),
};

// Sandtable's square edges, in its tile frame (y up): 0 north, 1 east, 2 south, 3 west.
const N = 0, E = 1, S = 2, W = 3;
const mid = (side: number): Vec2 => edgePoint(SQUARE.edges[side]!, 0.5);

/** A road strand from the middle of one side to the middle of another, bowed through the centre. */
function strand(id: string, from: number, to: number): VectorElement {
  const a = mid(from), b = mid(to);
  return { kind: 'line', id, terrain: 'road', curve: { points: [a, [a[0] * 0.4, a[1] * 0.4], [b[0] * 0.4, b[1] * 0.4], b], closed: false } };
}

/** A road spoke from the middle of a side to the centre (the t's stem). */
function spoke(id: string, side: number): VectorElement {
  const a = mid(side);
  return { kind: 'line', id, terrain: 'road', curve: { points: [a, [a[0] * 0.6, a[1] * 0.6], [a[0] * 0.3, a[1] * 0.3], [0, 0]], closed: false } };
}

export const KNOTS_TILES: readonly VectorTile[] = [
  { id: 'corner', name: 'Knots corner', shape: SQUARE, elements: [strand('arc', E, S)] },
  { id: 'cross', name: 'Knots cross', shape: SQUARE, elements: [strand('under', W, E), strand('over', N, S)] },
  { id: 'empty', name: 'Knots empty', shape: SQUARE, elements: [] },
  { id: 'line', name: 'Knots line', shape: SQUARE, elements: [strand('strand', W, E)] },
  { id: 't', name: 'Knots t', shape: SQUARE, elements: [strand('bar', W, E), spoke('stem', N)] },
];
