import { describe, expect, it } from 'vitest';
import { InputError } from '../util/input-error.js';
import type { Board, GameManifest, TrackTile } from './types.js';
import { readBoard, readManifest, readTrackTile, validateBoard, validateManifest, validateTrackTile } from './validate.js';

const tile: TrackTile = {
  id: '14',
  name: '14',
  colour: 'green',
  junctions: [{ id: 'city1', type: 'city', revenue: 30, slots: 2, position: { toward: null, level: 0 } }],
  connections: [
    { a: { kind: 'junction', id: 'city1' }, b: { kind: 'side', side: 0 }, gauge: 'normal' },
    { a: { kind: 'side', side: 1 }, b: { kind: 'side', side: 4 }, gauge: 'dual', lanes: 2 },
  ],
  label: 'OO',
  costs: [{ cost: 80, terrain: ['water'] }],
  borders: [{ side: 2, type: 'impassable' }],
  source: 'test',
};

function withChange(change: (t: Record<string, unknown>) => void): unknown {
  const copy = JSON.parse(JSON.stringify(tile)) as Record<string, unknown>;
  change(copy);
  return copy;
}

describe('track tiles', () => {
  it('a valid tile reads back equal (JSON round trip)', () => {
    expect(readTrackTile(JSON.parse(JSON.stringify(tile)))).toEqual(tile);
    expect(() => validateTrackTile(tile)).not.toThrow();
  });

  const bad: [string, (t: any) => void, string][] = [
    ['a duplicate junction id', (t) => t.junctions.push({ ...t.junctions[0] }), '$.junctions[1].id: junction id "city1" is used twice on tile "14"'],
    ['a connection to a missing junction', (t) => (t.connections[0].a.id = 'city2'), '$.connections[0].a.id: expected one of this tile\'s junctions (city1), got "city2"'],
    ['side 6', (t) => (t.connections[1].b.side = 6), '$.connections[1].b.side: expected an integer 0…5, got 6'],
    ['a loop', (t) => (t.connections[1].b.side = 1), '$.connections[1].b: expected an end different from a'],
    ['an unknown gauge', (t) => (t.connections[0].gauge = 'broad'), '$.connections[0].gauge: expected one of "normal", "narrow", "dual", got "broad"'],
    ['a city without slots', (t) => (t.junctions[0].slots = 0), '$.junctions[0].slots: expected at least 1 token slot for a city'],
    ['an unknown junction type', (t) => (t.junctions[0].type = 'port'), '$.junctions[0].type: expected one of "city", "town", "offmap", "junction", "pass"'],
    ['a bad position', (t) => (t.junctions[0].position = { toward: 2.25, level: 1 }), '$.junctions[0].position.toward: expected a side 0…5 or a corner 0.5…5.5, got 2.25'],
    ['a negative revenue', (t) => (t.junctions[0].revenue = -1), '$.junctions[0].revenue: expected an integer 0…100000, got -1'],
    ['an empty id', (t) => (t.id = ' '), '$.id: expected a non-empty string'],
    ['a capitalised colour', (t) => (t.colour = 'Green'), '$.colour: expected a lower-case colour word'],
    ['two borders on one side', (t) => t.borders.push({ side: 2, type: 'water' }), '$.borders[1].side: side 2 has two borders'],
    ['an unknown field', (t) => (t.colour2 = 'x'), '$.colour2: unknown field'],
  ];
  for (const [what, change, message] of bad) {
    it(`rejects ${what}, naming the JSON path`, () => {
      const value = withChange(change);
      let err: unknown;
      try {
        readTrackTile(value, 'tiles.json');
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(InputError);
      expect((err as Error).message).toContain(`tiles.json: ${message}`);
    });
  }
});

describe('manifests', () => {
  const manifest: GameManifest = {
    game: '1830',
    tiles: [
      { tileId: '7', quantity: 4 },
      { tileId: '8', quantity: 'unlimited', printedAs: '8a' },
    ],
    upgrades: [{ from: '7', to: '8', onlyHexes: ['A1'], exceptHexes: ['G-1'] }],
  };

  it('reads back equal and checks against known tiles', () => {
    expect(readManifest(JSON.parse(JSON.stringify(manifest)))).toEqual(manifest);
    expect(() => validateManifest(manifest, 'm', new Set(['7', '8']))).not.toThrow();
    expect(() => validateManifest(manifest, 'm', new Set(['7']))).toThrow('m: $.tiles[1].tileId: expected the id of a tile in the library, got "8"');
  });

  it('rejects duplicates, self-upgrades, bad quantities and hex names', () => {
    expect(() => readManifest({ ...manifest, tiles: [manifest.tiles[0], manifest.tiles[0]] }, 'm')).toThrow('m: $.tiles[1].tileId: tile "7" is listed twice in the manifest of 1830');
    expect(() => readManifest({ ...manifest, upgrades: [{ from: '7', to: '7' }] }, 'm')).toThrow('$.upgrades[0].to: expected a tile other than "7"');
    expect(() => readManifest({ ...manifest, tiles: [{ tileId: '7', quantity: -1 }] }, 'm')).toThrow('$.tiles[0].quantity: expected a count 0…10000 or "unlimited", got -1');
    expect(() => readManifest({ ...manifest, upgrades: [{ from: '7', to: '8', onlyHexes: ['a1'] }] }, 'm')).toThrow('$.upgrades[0].onlyHexes[0]: expected a hex name such as "A19"');
  });
});

describe('boards', () => {
  const board: Board = {
    orientation: 'EW',
    letterOrientation: 'vertical',
    even: 'B',
    hexes: [
      { name: 'A9', tileId: '-901', rotation: 0, impassableSides: [], revenues: [30, 50], city: 'Canadian West' },
      { name: 'B16', rotation: 0, impassableSides: [5], cost: 80, label: 'OO' },
    ],
  };

  it('reads back equal', () => {
    expect(readBoard(JSON.parse(JSON.stringify(board)))).toEqual(board);
    expect(() => validateBoard(board)).not.toThrow();
  });

  it('rejects duplicate hexes, bad sides and rotations', () => {
    expect(() => readBoard({ ...board, hexes: [board.hexes[0], board.hexes[0]] }, 'b')).toThrow('b: $.hexes[1].name: hex A9 appears twice on the board');
    expect(() => readBoard({ ...board, hexes: [{ ...board.hexes[1], impassableSides: [5, 5] }] }, 'b')).toThrow('$.hexes[0].impassableSides: expected each side at most once');
    expect(() => readBoard({ ...board, hexes: [{ ...board.hexes[1], rotation: 6 }] }, 'b')).toThrow('$.hexes[0].rotation: expected an integer 0…5, got 6');
    expect(() => readBoard({ ...board, orientation: 'flat' }, 'b')).toThrow('$.orientation: expected one of "NS", "EW", got "flat"');
  });
});
