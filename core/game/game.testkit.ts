/**
 * A small 18xx board for the game tests, in 18xx.games terms: a flat board, columns A…E,
 * two white cities (homes of PRR and NYC), a one-slot white city, a gray two-slot city, a
 * red off-board area, and a tile mix of 18xx.games' own tiles (config/tile.rb).
 */
import { parseTileDsl } from '../formats/tile-dsl.js';
import type { TrackTile } from '../track/types.js';
import { buildDslGame } from './dsl-game.js';
import type { DslHexGroup } from './dsl-game.js';
import type { Company, Game, GamePhase } from './types.js';
import type { Random } from '../util/random.js';
import { randomInt } from '../util/random.js';

export const TILE_CODES: Record<string, [string, string]> = {
  '3': ['yellow', 'town=revenue:10;path=a:0,b:_0;path=a:_0,b:1'],
  '4': ['yellow', 'town=revenue:10;path=a:0,b:_0;path=a:_0,b:3'],
  '57': ['yellow', 'city=revenue:20;path=a:0,b:_0;path=a:_0,b:3'],
  '5': ['yellow', 'city=revenue:20;path=a:0,b:_0;path=a:1,b:_0'],
  '6': ['yellow', 'city=revenue:20;path=a:0,b:_0;path=a:2,b:_0'],
  '7': ['yellow', 'path=a:0,b:1'],
  '8': ['yellow', 'path=a:0,b:2'],
  '9': ['yellow', 'path=a:0,b:3'],
  '14': ['green', 'city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0'],
  '15': ['green', 'city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0'],
  '23': ['green', 'path=a:0,b:3;path=a:0,b:4'],
  '24': ['green', 'path=a:0,b:3;path=a:0,b:2'],
  '26': ['green', 'path=a:0,b:3;path=a:0,b:5'],
  '27': ['green', 'path=a:0,b:3;path=a:0,b:1'],
  '63': ['brown', 'city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0'],
};

export function dslTile(id: string): TrackTile {
  const [colour, code] = TILE_CODES[id]!;
  return parseTileDsl(code, { id, name: id, colour }).tile;
}

export const SMALL_PHASES: GamePhase[] = [
  { name: '2', colours: ['yellow'], offboardStep: 0 },
  { name: '3', colours: ['yellow', 'green'], offboardStep: 0 },
  { name: '5', colours: ['yellow', 'green', 'brown'], offboardStep: 1 },
];

/**
 * Columns A…E (letters across a flat board), A carrying even numbers:
 *
 *     A2  A4  A6
 *       B1  B3  B5  B7        B3, D5: white cities (PRR, NYC homes); C6: one-slot white city
 *     C2  C4  C6              A4: red off-board (track to its side 5, toward B5)
 *       D1  D3  D5  D7        E4: gray two-slot city with track to sides 1 (D5) and 2 (D3)
 *     E2  E4  E6              B7: a town hex
 */
export function smallGame(counts: Record<string, number> = {}): Game {
  const blank = ['A2', 'A6', 'B1', 'B5', 'C2', 'C4', 'D1', 'D3', 'D7', 'E2', 'E6'];
  return buildDslGame({
    name: 'small',
    source: 'small.rb',
    layout: 'flat',
    hexes: [
      { colour: 'white', names: blank, code: '', where: 'line 1' },
      { colour: 'white', names: ['B3', 'D5'], code: 'city=revenue:0', where: 'line 2' },
      { colour: 'white', names: ['C6'], code: 'city=revenue:0', where: 'line 2' },
      { colour: 'white', names: ['B7'], code: 'town=revenue:0', where: 'line 3' },
      { colour: 'red', names: ['A4'], code: 'offboard=revenue:yellow_30|brown_60;path=a:5,b:_0', where: 'line 4' },
      { colour: 'gray', names: ['E4'], code: 'city=revenue:40,slots:2;path=a:1,b:_0;path=a:2,b:_0', where: 'line 5' },
    ],
    tiles: Object.keys(TILE_CODES).map((id) => ({ tile: dslTile(id), count: counts[id] ?? 4 })),
    companies: [
      { id: 'PRR', homes: [{ hex: 'B3' }], tokens: 3 },
      { id: 'NYC', homes: [{ hex: 'D5' }], tokens: 3 },
      { id: 'B&O', homes: [{ hex: 'C6' }], tokens: 2 },
    ],
    phases: SMALL_PHASES,
  });
}

/**
 * A random flat board: letters A…H across, numbers 1…12 (or larger), cities (one or two
 * slots), towns, off-board areas on the rim; `companies` of PRR, NYC, B&O, C&O, ERIE, B&M with
 * homes spread over the cities; `count` copies of each tile.
 */
export function randomGame(random: Random, letters = 8, numbers = 12, companies = 4, count: number | 'unlimited' = 3): Game {
  const groups: DslHexGroup[] = [];
  const add = (colour: string, code: string, name: string) => groups.push({ colour, code, names: [name], where: name });
  const cities: string[] = [];
  for (let l = 0; l < letters; l++) {
    for (let n = 1 + (l % 2); n <= numbers; n += 2) {
      const name = `${l < 26 ? '' : String.fromCharCode(64 + Math.floor(l / 26))}${String.fromCharCode(65 + (l % 26))}${n}`;
      const rim = l === 0 || l === letters - 1;
      const x = random();
      if (rim && x < 0.25) add('red', `offboard=revenue:yellow_${20 + randomInt(random, 4) * 10}|brown_60;path=a:${randomInt(random, 6)},b:_0;path=a:${randomInt(random, 6)},b:_0`, name);
      else if (x < 0.18) {
        add('white', random() < 0.5 ? 'city=revenue:0' : 'city=revenue:0,slots:2', name);
        cities.push(name);
      } else if (x < 0.26) add('white', 'town=revenue:0', name);
      else add('white', '', name);
    }
  }
  const step = Math.max(1, Math.floor(cities.length / companies));
  const list: Company[] = ['PRR', 'NYC', 'B&O', 'C&O', 'ERIE', 'B&M'].slice(0, Math.min(companies, cities.length)).map((id, i) => ({ id, homes: [{ hex: cities[i * step]! }], tokens: 3 }));
  return buildDslGame({
    name: 'random',
    source: 'random',
    layout: 'flat',
    hexes: groups,
    tiles: Object.keys(TILE_CODES).map((id) => ({ tile: dslTile(id), count })),
    companies: list,
    phases: [{ ...SMALL_PHASES[2]!, name: 'all' }],
  });
}

