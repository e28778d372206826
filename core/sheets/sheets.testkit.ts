/**
 * Track tiles and a manifest for tests and the bench: the shapes 18xx sheets are made of
 * (plain track, a town, a one- and a two-slot city, a label), in Rails' own numbering.
 */
import type { Connection, GameManifest, TrackTile } from '../track/types.js';

const side = (s: number) => ({ kind: 'side', side: s }) as const;
const city = (id: string) => ({ kind: 'junction', id }) as const;
const link = (a: Connection['a'], b: Connection['b']): Connection => ({ a, b, gauge: 'normal' });

export const SAMPLE_TRACK: readonly TrackTile[] = [
  { id: '8', name: '8', colour: 'yellow', junctions: [], connections: [link(side(0), side(2))] },
  { id: '9', name: '9', colour: 'yellow', junctions: [], connections: [link(side(0), side(3))] },
  { id: '3', name: '3', colour: 'yellow', junctions: [{ id: 'c', type: 'town', revenue: 10, slots: 0, position: { toward: 3.5, level: 2 } }], connections: [link(city('c'), side(3)), link(city('c'), side(4))] },
  { id: '57', name: '57', colour: 'yellow', junctions: [{ id: 'c', type: 'city', revenue: 20, slots: 1, position: null }], connections: [link(city('c'), side(0)), link(city('c'), side(3))] },
  { id: '15', name: '15', colour: 'green', junctions: [{ id: 'c', type: 'city', revenue: 30, slots: 2, position: null }], connections: [0, 3, 4, 5].map((s) => link(city('c'), side(s))) },
  { id: '63', name: '63', colour: 'brown', label: 'OO', junctions: [{ id: 'c', type: 'city', revenue: 40, slots: 2, position: null }], connections: [0, 1, 2, 3, 4, 5].map((s) => link(city('c'), side(s))) },
  { id: '0', name: 'empty', colour: 'white', junctions: [], connections: [] },
];

/** A manifest of the sample tiles: a board-only tile (0), an unlimited one, and counts. */
export const SAMPLE_MANIFEST: GameManifest = {
  game: 'sample',
  tiles: [
    { tileId: '0', quantity: 0 },
    { tileId: '8', quantity: 7 },
    { tileId: '9', quantity: 'unlimited' },
    { tileId: '3', quantity: 2 },
    { tileId: '57', quantity: 4 },
    { tileId: '15', quantity: 3 },
    { tileId: '63', quantity: 3, printedAs: '63' },
  ],
  upgrades: [],
};

/** An 1830-size manifest (~300 tiles): the sample tiles in counts scaled up. */
export function largeManifest(total = 300): GameManifest {
  const tiles = SAMPLE_TRACK.filter((t) => t.id !== '0');
  return { game: 'large', tiles: tiles.map((t, k) => ({ tileId: t.id, quantity: Math.floor(total / tiles.length) + (k < total % tiles.length ? 1 : 0) })), upgrades: [] };
}
