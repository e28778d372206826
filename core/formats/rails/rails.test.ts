import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../util/input-error.js';
import { errorOf, externalPath, readExternal } from '../../../test/support/formats.js';
import { parseRailsTiles, railsPosition } from './tiles-xml.js';
import { parseRailsTileSet } from './tileset-xml.js';
import { parseRailsMap } from './map-xml.js';
import { importRailsGame } from './game.js';
import { RAILS_TILES_XML } from './rails.testkit.js';
import type { TrackTile } from '../../track/types.js';

const tile = (tiles: TrackTile[], id: string) => tiles.find((t) => t.id === id)!;
const side = (s: number) => ({ kind: 'side', side: s }) as const;
const junction = (id: string) => ({ kind: 'junction', id }) as const;

describe('Rails station positions', () => {
  it('decode side × 100, +50 for a corner, and a level digit', () => {
    expect(railsPosition('0')).toEqual({ toward: null, level: 0 });
    // File sides count from the top; ours from the bottom (Rails reads side N as N + 3).
    expect(railsPosition('302')).toEqual({ toward: 0, level: 2 });
    expect(railsPosition('352')).toEqual({ toward: 0.5, level: 2 });
    expect(railsPosition('052')).toEqual({ toward: 3.5, level: 2 });
    expect(railsPosition('008')).toEqual({ toward: 3, level: 8 });
    expect(railsPosition('601')).toBeNull();
    expect(railsPosition('060')).toBeNull();
    expect(railsPosition('x')).toBeNull();
  });
});

describe('Tiles.xml', () => {
  const good = RAILS_TILES_XML;

  it('reads tiles, stations and tracks', () => {
    const { tiles, warnings } = parseRailsTiles(good, 'Tiles.xml');
    expect(warnings).toEqual([]);
    expect(tiles).toEqual([
      {
        id: '57',
        name: '57',
        colour: 'yellow',
        junctions: [{ id: 'city1', type: 'city', revenue: 20, slots: 1, position: { toward: null, level: 0 } }],
        connections: [
          { a: junction('city1'), b: side(0), gauge: 'normal' },
          { a: junction('city1'), b: side(3), gauge: 'normal' },
        ],
        source: 'rails:Tiles.xml',
      },
      { id: '-7', name: '-7', colour: 'gray', junctions: [], connections: [{ a: side(5), b: side(4), gauge: 'narrow' }], source: 'rails:Tiles.xml' },
    ]);
  });

  const bad: [string, string, RegExp][] = [
    ['a track to an unknown station', '<Tiles><Tile colour="yellow" id="1"><Track from="city9" to="side1"/></Tile></Tiles>', /line 1, column 37 \(\/Tiles\/Tile\/Track\/@from\): expected side0…side5 or one of this tile's stations \(it has none\), got "city9"/],
    ['side 6', '<Tiles><Tile colour="yellow" id="1"><Track from="side6" to="side1"/></Tile></Tiles>', /@from\): expected side0…side5, got "side6"/],
    ['a bad position', '<Tiles><Tile colour="yellow" id="1"><Station id="c" position="999" type="City"/></Tile></Tiles>', /@position\): expected a Rails position code/],
    ['an unknown station type', '<Tiles><Tile colour="yellow" id="1"><Station id="c" type="Port"/></Tile></Tiles>', /@type\): expected a station type City, Town, OffMapCity, Pass, Halt or Junction, got "Port"/],
    ['a duplicate tile id', '<Tiles><Tile colour="yellow" id="1"/>\n<Tile colour="green" id="1"/></Tiles>', /line 2, column 1 \(\/Tiles\/Tile\[2\]\/@id\): expected a unique tile id; "1" is already used at line 1/],
    ['a missing colour', '<Tiles><Tile id="1"/></Tiles>', /\/Tiles\/Tile\/@colour\): expected attribute colour on <Tile>/],
    ['a non-numeric id', '<Tiles><Tile colour="yellow" id="abc"/></Tiles>', /expected an integer tile id, got "abc"/],
    ['a bad gauge', '<Tiles><Tile colour="yellow" id="1"><Track from="side0" to="side1" gauge="wide"/></Tile></Tiles>', /@gauge\): expected one of "normal", "narrow", "dual", got "wide"/],
    ['a track from a side to itself', '<Tiles><Tile colour="yellow" id="1"><Track from="side0" to="side0"/></Tile></Tiles>', /expected a track between two different places/],
    ['truncated XML', good.slice(0, 120), /malformed XML/],
    ['another file', '<Map tileOrientation="EW"/>', /expected a Rails tile file \(root element <Tiles>\), got <Map>/],
  ];
  for (const [what, text, message] of bad) {
    it(`rejects ${what}`, () => {
      const e = errorOf(() => parseRailsTiles(text, 'Tiles.xml'));
      expect(e).toBeInstanceOf(InputError);
      expect(e.message).toMatch(/^Tiles\.xml: line \d+, column \d+/);
      expect(e.message).toMatch(message);
    });
  }
});

describe('TileSet.xml and Map.xml', () => {
  const tileSet = `<TileManager tiles="Tiles.xml">
  <Tile id="0"><Upgrade id="7,8"/></Tile>
  <Tile id="7" quantity="4"><Upgrade id="8" hex="A1,-B2"/></Tile>
  <Tile id="8">
    <IfOption name="Variant" value="Base"><Attributes quantity="2"/></IfOption>
    <IfOption name="Variant" value="Big"><Attributes quantity="9"/></IfOption>
  </Tile>
  <IfOption name="Variant" value="Big"><Tile id="9" quantity="-1" extId="9x"/></IfOption>
</TileManager>`;

  it('reads quantities, upgrades with hex restrictions, and options (first value by default)', () => {
    const base = parseRailsTileSet(tileSet, 'TileSet.xml', { game: 'test' });
    expect(base.tiles).toEqual([
      { tileId: '0', quantity: 0 },
      { tileId: '7', quantity: 4 },
      { tileId: '8', quantity: 2 },
    ]);
    expect(base.upgrades).toEqual([
      { from: '0', to: '7' },
      { from: '0', to: '8' },
      { from: '7', to: '8', onlyHexes: ['A1'], exceptHexes: ['B2'] },
    ]);
    const big = parseRailsTileSet(tileSet, 'TileSet.xml', { game: 'test', options: { Variant: 'Big' } });
    expect(big.tiles.slice(2)).toEqual([
      { tileId: '8', quantity: 9 },
      { tileId: '9', quantity: 'unlimited', printedAs: '9x' },
    ]);
  });

  it('checks tile ids against Tiles.xml when asked', () => {
    expect(() => parseRailsTileSet(tileSet, 'TileSet.xml', { game: 't', knownTiles: new Set(['0', '7']) })).toThrow(
      /TileSet\.xml: line 2, column 16 \(\/TileManager\/Tile\[1\]\/Upgrade\/@id\): expected the id of a tile in Tiles\.xml, got "8"/,
    );
    expect(() => parseRailsTileSet('<TileManager><Tile id="1" quantity="many"/></TileManager>', 'TileSet.xml', { game: 't' })).toThrow(/@quantity\): expected an integer -1…10000, got "many"/);
  });

  const map = `<Map tileOrientation="NS" letterOrientation="horizontal" even="A">
  <Hex name="A2" tile="0" impassable="B3"/>
  <Hex name="B3" tile="-7" orientation="2" cost="40" label="OO" city="Town" value="20,30"/>
  <IfOption name="Variant" value="Base"><Hex name="A6" tile="0"/></IfOption>
  <IfOption name="Variant" value="Big"><Hex name="A4" tile="0"/></IfOption>
</Map>`;

  it('reads hexes and makes impassable hexsides symmetric', () => {
    const board = parseRailsMap(map, 'Map.xml');
    expect(board).toEqual({
      orientation: 'NS',
      letterOrientation: 'horizontal',
      even: 'A',
      hexes: [
        // Letters horizontal: A2 → B3 is one column right, one (doubled) row down: side 5 (SE) on NS tiles.
        { name: 'A2', tileId: '0', rotation: 0, impassableSides: [5] },
        { name: 'B3', tileId: '-7', rotation: 2, impassableSides: [2], cost: 40, label: 'OO', city: 'Town', revenues: [20, 30] },
        { name: 'A6', tileId: '0', rotation: 0, impassableSides: [] },
      ],
    });
    expect(parseRailsMap(map, 'Map.xml', { options: { Variant: 'Big' } }).hexes.map((h) => h.name)).toEqual(['A2', 'B3', 'A4']);
  });

  it('rejects hexes that are not neighbours, and malformed names', () => {
    expect(() => parseRailsMap(map.replace('impassable="B3"', 'impassable="C5"'), 'Map.xml')).toThrow(/line 2, column 3 \(\/Map\/Hex\[1\]\/@impassable\): expected hexes adjoining A2; C5 is not next to it on a NS board/);
    expect(() => parseRailsMap(map.replace('name="B3"', 'name="3B"'), 'Map.xml')).toThrow(/@name\): expected a hex name such as "A19"/);
    expect(() => parseRailsMap(map.replace('orientation="2"', 'orientation="x"'), 'Map.xml')).toThrow(/@orientation\): expected an integer/);
    expect(() => parseRailsMap(map.replace('cost="40"', 'cost="40,x"'), 'Map.xml')).toThrow(/@cost\): expected a cost or costs by tile colour such as "80" or "120,60", got "40,x"/);
    expect(() => parseRailsMap('<Map tileOrientation="XY" letterOrientation="vertical" even="A"/>', 'Map.xml')).toThrow(/@tileOrientation\): expected one of "EW", "NS", got "XY"/);
  });
});

// The real Rails data (shared/external-data/18xx/rails; see its README).
const rails = externalPath('18xx/rails');

describe.skipIf(!rails)('Rails data (shared/external-data/18xx/rails)', () => {
  const all = () => parseRailsTiles(readExternal(join(rails!, 'Tiles.xml')), 'Tiles.xml');

  it('all 700 tiles of Tiles.xml import with their stations and tracks', () => {
    const { tiles, warnings } = all();
    expect(tiles.length).toBe(700);
    expect(new Set(tiles.map((t) => t.id)).size).toBe(700);
    expect(tiles.reduce((n, t) => n + t.junctions.length, 0)).toBe(802);
    // 2419 <Track> elements; one is a station-to-itself loop (tile -37001) that joins nothing.
    expect(tiles.reduce((n, t) => n + t.connections.length, 0)).toBe(2418);
    expect(warnings).toEqual(['line 4331, column 9 (/Tiles/Tile[653]/Track[1]): tile -37001: track from city1 to itself carries no connection; left out']);
    const types = new Map<string, number>();
    for (const t of tiles) for (const j of t.junctions) types.set(j.type, (types.get(j.type) ?? 0) + 1);
    expect(Object.fromEntries(types)).toEqual({ offmap: 17, city: 612, town: 167, pass: 6 });
    const gauges = new Map<string, number>();
    for (const t of tiles) for (const c of t.connections) gauges.set(c.gauge, (gauges.get(c.gauge) ?? 0) + 1);
    expect(Object.fromEntries(gauges)).toEqual({ normal: 2151, dual: 92, narrow: 175 });
  });

  it('spot checks: NY (-21), tile 10 (corner cities), 102 (dual gauge), OM straight (-909), 57', () => {
    const { tiles } = all();
    expect(tile(tiles, '-21')).toMatchObject({
      name: 'NY',
      colour: 'yellow',
      junctions: [
        { id: 'city1', type: 'city', revenue: 40, slots: 1, position: { toward: 5, level: 2 } },
        { id: 'city2', type: 'city', revenue: 40, slots: 1, position: { toward: 2, level: 2 } },
      ],
      connections: [
        { a: junction('city1'), b: side(5), gauge: 'normal' },
        { a: junction('city2'), b: side(2), gauge: 'normal' },
      ],
    });
    expect(tile(tiles, '10').junctions.map((j) => j.position)).toEqual([
      { toward: 2.5, level: 2 },
      { toward: 5.5, level: 2 },
    ]);
    const t102 = tile(tiles, '102');
    expect(t102.junctions).toEqual([{ id: 'city1', type: 'city', revenue: 30, slots: 2, position: { toward: null, level: 0 } }]);
    expect(t102.connections.map((c) => [c.b, c.gauge])).toEqual([3, 4, 5, 0, 1, 2].map((s) => [side(s), 'dual']));
    expect(tile(tiles, '-909')).toEqual({ id: '-909', name: 'OM straight', colour: 'red', junctions: [], connections: [{ a: side(5), b: side(2), gauge: 'normal' }], source: 'rails:Tiles.xml' });
    expect(tile(tiles, '-903').junctions[0]).toEqual({ id: 'city1', type: 'offmap', revenue: 0, slots: 0, position: { toward: null, level: 0 } });
    expect(tile(tiles, '57').connections).toEqual([
      { a: junction('city1'), b: side(0), gauge: 'normal' },
      { a: junction('city1'), b: side(3), gauge: 'normal' },
    ]);
    expect(tile(tiles, '613').junctions[0]).toMatchObject({ type: 'pass', slots: 1 });
  });

  it('the 1830 tile set and board import with quantities, upgrades and impassable hexsides', () => {
    const dir = join(rails!, '1830');
    const game = importRailsGame(
      {
        tiles: { text: readExternal(join(dir, 'Tiles.xml')), source: '1830/Tiles.xml' },
        tileSet: { text: readExternal(join(dir, 'TileSet.xml')), source: '1830/TileSet.xml' },
        map: { text: readExternal(join(dir, 'Map.xml')), source: '1830/Map.xml' },
      },
      '1830',
    );
    expect(game.options).toEqual({ Variant: 'Basegame' });
    expect(game.tiles.length).toBe(80);
    const m = game.manifest!;
    expect(m.game).toBe('1830');
    const q = Object.fromEntries(m.tiles.map((t) => [t.tileId, t.quantity]));
    // Quantities as printed in the 1830 box (base game).
    expect(q).toMatchObject({ '0': 0, '-10': 0, '1': 1, '2': 1, '3': 2, '4': 2, '7': 4, '8': 8, '9': 7, '14': 3, '15': 2, '57': 4, '53': 2, '54': 1, '59': 2, '61': 2, '62': 1, '63': 3, '70': 1 });
    expect(q['1717']).toBeUndefined(); // a Coalfields tile
    const ups = (from: string) => m.upgrades.filter((u) => u.from === from).map((u) => u.to);
    expect(ups('0')).toEqual(['7', '8', '9']);
    expect(ups('8')).toEqual(['16', '19', '23', '24', '25', '28', '29']);
    expect(ups('-11')).toEqual(['53']);
    expect(ups('57')).toEqual(['14', '15']);
    expect(ups('15')).toEqual(['63']);
    expect(m.upgrades.some((u) => u.onlyHexes)).toBe(false);

    const coal = importRailsGame(
      {
        tiles: { text: readExternal(join(dir, 'Tiles.xml')), source: '1830/Tiles.xml' },
        tileSet: { text: readExternal(join(dir, 'TileSet.xml')), source: '1830/TileSet.xml' },
      },
      '1830',
      { Variant: 'Coalfields' },
    );
    expect(coal.manifest!.upgrades.filter((u) => u.from === '2053')).toEqual([
      { from: '2053', to: '1061', onlyHexes: ['E23'] },
      { from: '2053', to: '2061', onlyHexes: ['I15'] },
    ]);
    expect(coal.manifest!.tiles.find((t) => t.tileId === '57')!.quantity).toBe(6);

    const b = game.board!;
    expect([b.orientation, b.letterOrientation, b.even]).toEqual(['EW', 'vertical', 'B']);
    expect(b.hexes.length).toBe(93);
    const hex = (name: string) => b.hexes.find((h) => h.name === name)!;
    expect(hex('A19')).toEqual({ name: 'A19', tileId: '-103', rotation: 0, impassableSides: [] });
    expect(hex('G19')).toMatchObject({ tileId: '-21', rotation: 1, cost: 80, city: 'New York' });
    expect(hex('A9')).toMatchObject({ tileId: '-901', revenues: [30, 50], city: 'Canadian West' });
    expect(hex('E23')).toMatchObject({ tileId: '-11', rotation: 5, label: 'B', city: 'Boston' });
    // Impassable hexsides of 1830: B16|C17, C11|D12, C13|D12, E7|F8 — on both sides.
    const blocked = b.hexes.filter((h) => h.impassableSides.length).map((h) => [h.name, h.impassableSides]);
    expect(blocked).toEqual([
      ['B16', [5]],
      ['C11', [5]],
      ['C13', [0]],
      ['C17', [2]],
      ['D12', [2, 3]],
      ['E7', [5]],
      ['F8', [2]],
    ]);
  });
});

describe('Rails files as Rails reads them (issue 14)', () => {
  const board = (hexes: string) => `<Map tileOrientation="EW" letterOrientation="vertical" even="B">${hexes}</Map>`;

  it('reduces orientation mod 6, as Rails does (1880 writes orientation="6")', () => {
    const hexes = parseRailsMap(board('<Hex name="B2" orientation="6"/><Hex name="B4" orientation="8"/><Hex name="B6" orientation="-1"/>'), 'Map.xml').hexes;
    expect(hexes.map((h) => h.rotation)).toEqual([0, 2, 5]);
  });

  it('reads cost lists by tile colour (1889, 18EU, 18Scan) and an empty cost as none', () => {
    const hexes = parseRailsMap(board('<Hex name="B2" cost="80,80,80"/><Hex name="B4" cost="120,60"/><Hex name="B6" cost="40"/><Hex name="B8" cost=""/>'), 'Map.xml').hexes;
    expect(hexes.map((h) => [h.cost, h.costs])).toEqual([
      [80, [80, 80, 80]],
      [120, [120, 60]],
      [40, undefined],
      [undefined, undefined],
    ]);
  });

  it('accepts the row letter "@" (1851: "@18" lies above row A)', () => {
    const hexes = parseRailsMap(board('<Hex name="@18" impassable="A17"/><Hex name="A17"/>'), 'Map.xml').hexes;
    expect(hexes.map((h) => [h.name, h.impassableSides])).toEqual([
      ['@18', [0]],
      ['A17', [3]],
    ]);
  });

  const units = board(`<IfOption name="Include" parm="Unit1" value="yes"><Hex name="B2"/></IfOption>
<IfOption name="Include" parm="Unit2" value="yes"><Hex name="B4"/></IfOption>
<IfOption name="Include" parm="Unit2" value="no"><Hex name="B6"/></IfOption>`);
  const gameOptions = `<GameOptions>
  <GameOption name="Include" parm="Unit1" type="toggle" default="yes"/>
  <GameOption name="Include" parm="Unit2" type="toggle"/>
  <GameOption name="Variant" values="Basegame,Big" default="Big"/>
</GameOptions>`;

  it('tests IfOption with parm as the option name_parm, with GameOptions.xml defaults (1825 units)', () => {
    const files = { tiles: { text: RAILS_TILES_XML, source: 'Tiles.xml' }, map: { text: units, source: 'Map.xml' }, gameOptions: { text: gameOptions, source: 'GameOptions.xml' } };
    const game = importRailsGame(files, '1825');
    expect(game.options).toEqual({ Include_Unit1: 'yes', Include_Unit2: 'no' });
    expect(game.board!.hexes.map((h) => h.name)).toEqual(['B2', 'B6']);
    const withUnit2 = importRailsGame(files, '1825', { Include_Unit2: 'yes' });
    expect(withUnit2.board!.hexes.map((h) => h.name)).toEqual(['B2', 'B4']);
  });

  it("takes GameOptions.xml's default, not the first value, and warns about options it does not declare", () => {
    const map = board('<IfOption name="Variant" value="Basegame"><Hex name="B2"/></IfOption><IfOption name="Variant" value="Big"><Hex name="B4"/></IfOption><IfOption name="Version" value="v1"><Hex name="B6"/></IfOption>');
    const game = importRailsGame({ tiles: { text: RAILS_TILES_XML, source: 'Tiles.xml' }, map: { text: map, source: 'Map.xml' }, gameOptions: { text: gameOptions, source: 'GameOptions.xml' } }, 'g');
    expect(game.board!.hexes.map((h) => h.name)).toEqual(['B4']);
    expect(game.warnings).toEqual(['option "Version" is tested by the game\'s files but not declared in GameOptions.xml; as in Rails, no block on it applies']);
    // Without GameOptions.xml: the first value the file mentions, as before.
    expect(importRailsGame({ tiles: { text: RAILS_TILES_XML, source: 'Tiles.xml' }, map: { text: map, source: 'Map.xml' } }, 'g').board!.hexes.map((h) => h.name)).toEqual(['B2', 'B6']);
  });

  it('refuses a GameOptions.xml that is something else', () => {
    expect(() => importRailsGame({ tiles: { text: RAILS_TILES_XML, source: 'Tiles.xml' }, gameOptions: { text: '<Map/>', source: 'GameOptions.xml' } }, 'g')).toThrow(/GameOptions\.xml: .*expected a Rails game option list \(GameOptions\.xml\)/);
  });
});
