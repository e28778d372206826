/**
 * 18xx.games tile files (issue 14): the plain list and the Ruby hash forms, with upgrades
 * inferred from track as 18xx.games expects them (1889: blank → 7, 8, 9; 7 → 26, 27, 28, 29;
 * 57 → 14, 15, 205, 206). The tiles below are written for this test in the DSL's own words.
 */
import { describe, expect, it } from 'vitest';
import { errorOf } from '../../test/support/formats.js';
import { parseTileDslFile, tilesFromDslFile } from './tile-dsl-file.js';
import { inferUpgrades } from '../track/upgrades.js';

const LIST = `# a few tiles of 1889, one per line
white:
blank:
yellow:
7: path=a:0,b:1
8: path=a:0,b:2
9: path=a:0,b:3
57: city=revenue:20;path=a:0,b:_0;path=a:_0,b:3
58: town=revenue:10;path=a:0,b:_0;path=a:_0,b:2
green:
12: city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0
13: city=revenue:30;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0
14: city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0
15: city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0
23: path=a:0,b:3;path=a:0,b:4
24: path=a:0,b:3;path=a:0,b:2
25: path=a:0,b:2;path=a:0,b:4
26: path=a:0,b:3;path=a:0,b:5
27: path=a:0,b:3;path=a:0,b:1
28: path=a:0,b:4;path=a:0,b:5
29: path=a:0,b:2;path=a:0,b:1
205: city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0
206: city=revenue:30;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0
X1 (brown): city=revenue:40;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=K
`;

const RUBY = `# frozen_string_literal: true
module Engine
  module Config
    module Tile
      WHITE = {
        'blank' => '',
      }.freeze
      YELLOW = {
        '7' => 'path=a:0,b:1',
        # '403' => 'city=revenue:30',
        '57' => 'city=revenue:20;path=a:0,b:_0;'\\
                'path=a:_0,b:3',
      }.freeze
      GREEN = {
        '14' => "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0",
        '27' => 'path=a:0,b:3;path=a:0,b:1',
      }.freeze
    end
  end
end
`;

const GAME = `module Map
  TILES = {
    '7' => 2,
    '57' => 4,
    'Beg6' => {
      'count' => 2,
      'color' => 'yellow',
      'code' => 'city=revenue:20;path=a:0,b:_0;path=a:2,b:_0',
    },
  }.freeze
  LOCATION_NAMES = { 'A10' => 'Sukumo' }.freeze
end
`;

const upgradesOf = (text: string) => {
  const { tiles } = tilesFromDslFile(parseTileDslFile(text, 't'), 't');
  const ups = inferUpgrades(tiles);
  return (from: string) => ups.filter((u) => u.from === from).map((u) => u.to);
};

describe('18xx.games tile files', () => {
  it('read the plain list: colour headings, a colour per line, comments', () => {
    const file = parseTileDslFile(LIST, 'tiles.dsl');
    expect(file.tiles).toHaveLength(20);
    expect(file.tiles[0]).toEqual({ name: 'blank', colour: 'white', code: '', where: 'line 3' });
    expect(file.tiles.at(-1)).toMatchObject({ name: 'X1', colour: 'brown' });
    const { tiles } = tilesFromDslFile(file, 'tiles.dsl');
    expect(tiles.find((t) => t.id === '14')).toMatchObject({ colour: 'green', junctions: [{ type: 'city', revenue: 30, slots: 2 }], source: '18xx.games' });
  });

  it("infer upgrades as 18xx.games expects for 1889's tiles", () => {
    const to = upgradesOf(LIST);
    expect(to('blank')).toEqual(['7', '8', '9']);
    expect(to('7')).toEqual(['26', '27', '28', '29']);
    expect(to('57')).toEqual(['14', '15', '205', '206']);
    expect(to('58')).toEqual([]); // no green town tile here
    expect(to('15')).toEqual([]); // X1 carries a label
  });

  it('read the Ruby hash form, with comments and strings split over lines', () => {
    const file = parseTileDslFile(RUBY, 'tile.rb');
    expect(file.tiles.map((t) => [t.name, t.colour])).toEqual([
      ['blank', 'white'],
      ['7', 'yellow'],
      ['57', 'yellow'],
      ['14', 'green'],
      ['27', 'green'],
    ]);
    expect(file.tiles[2]!.code).toBe('city=revenue:20;path=a:0,b:_0;path=a:_0,b:3');
    const to = upgradesOf(RUBY);
    expect([to('blank'), to('7'), to('57')]).toEqual([['7'], ['27'], ['14']]);
  });

  it("read a game's TILES: counts of shared tiles, and its own tiles with code", () => {
    const file = parseTileDslFile(GAME, 'map.rb');
    expect(file.references).toEqual([
      { name: '7', count: 2 },
      { name: '57', count: 4 },
    ]);
    expect(file.tiles).toEqual([{ name: 'Beg6', colour: 'yellow', code: 'city=revenue:20;path=a:0,b:_0;path=a:2,b:_0', count: 2, where: 'line 5' }]);
  });

  it('read two-colour and colourless tiles with their colours; a two-colour tile counts as each colour for upgrades', () => {
    const rb = `GREENBROWN = { '119' => 'city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0' }.freeze
YELLOW = { '57' => 'city=revenue:20;path=a:0,b:_0;path=a:_0,b:3' }.freeze
BROWNGRAY = { '166' => 'city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0' }.freeze
BROWNSEPIA = { '200' => 'city=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0' }.freeze
NONE = { '467' => 'path=a:0,b:3,track:narrow' }.freeze`;
    const { tiles, skipped } = tilesFromDslFile(parseTileDslFile(rb, 'tile.rb'), 'tile.rb');
    expect(tiles.map((t) => [t.id, t.colour])).toEqual([
      ['119', 'green-brown'],
      ['57', 'yellow'],
      ['166', 'brown-gray'],
      ['200', 'brown-sepia'],
      ['467', 'none'],
    ]);
    expect(skipped).toEqual([]);
    const to = upgradesOf(rb);
    // 57 → 119 (as green), 119 → 166 and 200 (green → brown), nothing from the colourless 467.
    expect([to('57'), to('119'), to('467')]).toEqual([['119'], ['166', '200'], []]);
    const list = tilesFromDslFile(parseTileDslFile('greenbrown:\n119: path=a:0,b:3\n120 (brown-gray): path=a:0,b:3', 'l.dsl'), 'l.dsl').tiles;
    expect(list.map((t) => t.colour)).toEqual(['green-brown', 'brown-gray']);
  });

  it("name each TILES entry they do not read as skipped, with why: tiles + references + skipped = the file's entries", () => {
    const rb = `TILES = {\n  '7' => 2,\n  'X9' => COUNT * 2,\n  'Beg6' => { 'count' => 1, 'color' => 'yellow', 'code' => 'path=a:0,b:3' },\n}.freeze`;
    const file = parseTileDslFile(rb, 'map.rb');
    expect(file.references).toHaveLength(1);
    expect(file.tiles).toHaveLength(1);
    expect(file.skipped).toEqual([{ id: 'X9', reason: "line 3: expected a count or a hash of 'code', 'color' and 'count', got an expression Sandtable does not evaluate" }]);
    expect(tilesFromDslFile(file, 'map.rb').skipped).toEqual(file.skipped);
  });

  it('refuse what they cannot read in one line naming the place', () => {
    expect(errorOf(() => parseTileDslFile('57: city=revenue:20', 't.dsl')).message).toBe('t.dsl: line 1: expected a colour heading (yellow:, green:, brown:, gray:) before the first tile, or "name (colour): code"');
    expect(errorOf(() => parseTileDslFile('yellow:\nnot a tile line', 't.dsl')).message).toMatch(/^t\.dsl: line 2: expected "name: code"/);
    expect(errorOf(() => tilesFromDslFile(parseTileDslFile('yellow:\n7: path=a:0,b:9', 't.dsl'), 't.dsl')).message).toMatch(/^t\.dsl, line 2 \(tile "7"\): part 1/);
    expect(errorOf(() => parseTileDslFile("YELLOW = { '7' => 'path", 't.rb')).message).toBe('t.rb: line 1: expected the string to be closed (the file ends inside it)');
    const deep = `X = ${'{ a: '.repeat(1000)}1${' }'.repeat(1000)}`;
    expect(errorOf(() => parseTileDslFile(deep.replace('X =', 'TILES =').replace(/a:/g, "'a' =>"), 'deep.rb')).message).toMatch(/^deep\.rb: line 1: expected hashes nested at most 256 deep/);
  });
});
