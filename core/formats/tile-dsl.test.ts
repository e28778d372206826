import { describe, expect, it } from 'vitest';
import { InputError } from '../util/input-error.js';
import { errorOf, externalPath, readExternal } from '../../test/support/formats.js';
import { parseTileDsl, trackTileToDsl } from './tile-dsl.js';
import { parseRailsTiles } from './rails/tiles-xml.js';
import type { TrackTile } from '../track/types.js';

const side = (s: number) => ({ kind: 'side', side: s }) as const;
const junction = (id: string) => ({ kind: 'junction', id }) as const;

describe('18xx.games tile DSL', () => {
  it('tile #1: two towns with paths through them', () => {
    const { tile, ignored } = parseTileDsl('town=revenue:10;town=revenue:10;path=a:1,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:4', { id: '1', colour: 'yellow' });
    expect(ignored).toEqual([]);
    expect(tile.junctions).toEqual([
      { id: '_0', type: 'town', revenue: 10, slots: 0, position: null },
      { id: '_1', type: 'town', revenue: 10, slots: 0, position: null },
    ]);
    expect(tile.connections).toEqual([
      { a: side(1), b: junction('_0'), gauge: 'normal' },
      { a: junction('_0'), b: side(3), gauge: 'normal' },
      { a: side(0), b: junction('_1'), gauge: 'normal' },
      { a: junction('_1'), b: side(4), gauge: 'normal' },
    ]);
    expect(tile).toMatchObject({ id: '1', name: '1', colour: 'yellow', source: '18xx.games' });
  });

  it('1889 tile 439: city with slots, label and upgrade cost', () => {
    const { tile } = parseTileDsl('city=revenue:60,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=H;upgrade=cost:80', { id: '439', colour: 'green' });
    expect(tile.junctions).toEqual([{ id: '_0', type: 'city', revenue: 60, slots: 2, position: null }]);
    expect(tile.label).toBe('H');
    expect(tile.costs).toEqual([{ cost: 80, terrain: [] }]);
  });

  it('Lawson junctions, off-boards with phase revenue, groups, borders, terrain costs', () => {
    expect(parseTileDsl('junction;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0', { id: '81', colour: 'green' }).tile.junctions).toEqual([
      { id: '_0', type: 'junction', revenue: 0, slots: 0, position: null },
    ]);
    const { tile, ignored } = parseTileDsl('offboard=revenue:yellow_40|green_50|brown_60|gray_80,groups:Pittsburgh;path=a:0,b:_0,terminal:1;border=edge:1;upgrade=cost:40,terrain:water|mountain', {
      id: 'B2',
      colour: 'red',
    });
    expect(ignored).toEqual([]);
    expect(tile.junctions[0]).toEqual({
      id: '_0',
      type: 'offmap',
      revenue: 40,
      phaseRevenue: [
        { phase: 'yellow', value: 40 },
        { phase: 'green', value: 50 },
        { phase: 'brown', value: 60 },
        { phase: 'gray', value: 80 },
      ],
      slots: 0,
      position: null,
      groups: ['Pittsburgh'],
    });
    expect(tile.connections).toEqual([{ a: side(0), b: junction('_0'), gauge: 'normal', terminal: true }]);
    expect(tile.borders).toEqual([{ side: 1, type: 'plain' }]);
    expect(tile.costs).toEqual([{ cost: 40, terrain: ['water', 'mountain'] }]);
  });

  it('halts, locations, gauges, lanes; drawing-only parts are reported, not dropped silently', () => {
    const { tile, ignored } = parseTileDsl(
      'city=revenue:60,slots:3,loc:center;town=revenue:10,loc:2.5,style:dot;halt=symbol:M;path=a:0,b:_0;path=a:5,b:_0,lanes:2;path=a:_1,b:_2,track:narrow;path=a:1,b:4,track:dual;icon=image:port;border=edge:3,type:impassable',
      { id: 'MC', colour: 'brown' },
    );
    expect(tile.junctions.map((j) => [j.type, j.position])).toEqual([
      ['city', { toward: null, level: null }],
      ['town', { toward: 2.5, level: null }],
      ['town', null],
    ]);
    expect(tile.connections.map((c) => [c.gauge, c.lanes])).toEqual([
      ['normal', undefined],
      ['normal', 2],
      ['narrow', undefined],
      ['dual', undefined],
    ]);
    expect(tile.borders).toEqual([{ side: 3, type: 'impassable' }]);
    expect(ignored).toEqual(['town _1: style:dot', 'halt _2: symbol:M', 'icon=image:port']);
  });

  const bad: [string, RegExp][] = [
    ['path=a:0,b:_1;city=revenue:20', /part 1 \("path=a:0,b:_1"\): expected b:_1 to name one of the tile's 1 revenue centres \(_0…_0\)/],
    ['path=a:0,b:6', /part 1 .*expected b to be an edge 0…5 or _N/],
    ['city=slots:2', /part 1 .*expected revenue:N on a city/],
    ['city=revenue:lots', /expected revenue:N or per-phase revenue/],
    ['city=revenue:20,slots:0', /expected slots to be an integer 1…12, got "0"/],
    ['path=a:0', /expected b:EDGE or b:_N/],
    ['path=a:2,b:2', /expected a path between two different places/],
    ['town=revenue:10;path=a:0,b:_0,track:wide', /part 2 .*expected track:broad, narrow or dual, got "wide"/],
    ['river=cost:10', /part 1 \("river=cost:10"\): expected a known part/],
    ['city=revenue', /expected properties written key:value, got "revenue"/],
    ['border=edge:1;border=edge:1', /part 2 .*one border per edge/],
    ['upgrade=terrain:water', /expected property cost/],
  ];
  for (const [code, message] of bad) {
    it(`rejects ${JSON.stringify(code)}`, () => {
      const e = errorOf(() => parseTileDsl(code, { id: 'x', colour: 'yellow', source: 'game.rb line 12' }));
      expect(e).toBeInstanceOf(InputError);
      expect(e.message).toMatch(/^game\.rb line 12: part \d+ \(/);
      expect(e.message).toMatch(message);
    });
  }

  it('trackTileToDsl writes what parseTileDsl reads back', () => {
    const code = 'city=revenue:yellow_20|brown_40,slots:2,groups:NY|East,loc:1;town=revenue:10;junction;path=a:0,b:_0,terminal:1;path=a:_0,b:_1,track:narrow;path=a:_1,b:_2,lanes:2,track:dual;path=a:3,b:4;label=NY;upgrade=cost:120,terrain:mountain;border=edge:2,type:water,cost:40';
    const first = parseTileDsl(code, { id: 'X', colour: 'green' }).tile;
    const again = parseTileDsl(trackTileToDsl(first), { id: 'X', colour: 'green' }).tile;
    expect(again).toEqual(first);
  });
});

// Every Rails tile survives a trip through the DSL (ids become _0 …; Rails' distance digit has no DSL form).
const rails = externalPath('18xx/rails/Tiles.xml');

describe.skipIf(!rails)('Rails tiles through the DSL', () => {
  it('all 700 tiles keep their junctions and connections', () => {
    const { tiles } = parseRailsTiles(readExternal(rails!), 'Tiles.xml');
    const normalise = (t: TrackTile) => {
      const index = new Map(t.junctions.map((j, k) => [j.id, `_${k}`]));
      const end = (e: TrackTile['connections'][number]['a']) => (e.kind === 'side' ? e : { kind: 'junction', id: index.get(e.id) });
      return {
        junctions: t.junctions.map((j) => ({ type: j.type, revenue: j.revenue, slots: j.slots, toward: j.position?.toward ?? null })),
        connections: t.connections.map((c) => ({ a: end(c.a), b: end(c.b), gauge: c.gauge })),
      };
    };
    for (const t of tiles) {
      const back = parseTileDsl(trackTileToDsl(t), { id: t.id, name: t.name, colour: t.colour }).tile;
      expect(normalise(back)).toEqual(normalise(t));
    }
  });
});
