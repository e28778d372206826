import { describe, expect, it } from 'vitest';
import { seededRandom, randomInt } from '../util/random.js';
import { dslTile, randomGame, smallGame } from './game.testkit.js';
import { buildDslGame } from './dsl-game.js';
import { openGame } from './session.js';
import { layTile, placeToken } from './actions.js';
import { layContext, legalLays } from './lays.js';
import { reachOf } from './reach.js';
import { bestRoutes } from './routes.js';
import { parseTrains } from './trains.js';
import { exhaustiveBest } from './routes.testkit.js';

describe('best routes', () => {
  it('runs a 2-train from the home city to the off-board, paying its phase revenue', () => {
    const s = openGame(smallGame());
    placeToken(s, 'PRR', 'B3', 0);
    layTile(s, 'PRR', 'B3', '57', 0); // B1 – B3 – B5
    layTile(s, 'PRR', 'B5', '7', 2); // B3 – B5 – A4
    const r = bestRoutes(s, 'PRR', parseTrains('2'));
    expect(r.revenue).toBe(50); // 20 + yellow 30
    expect(r.routes[0]!.nodes.map((n) => s.net.hexNames[s.net.nodes[n]!.hexIndex])).toEqual(['A4', 'B3']);
    s.setPhase('5');
    expect(bestRoutes(s, 'PRR', parseTrains('2')).revenue).toBe(80); // brown 60
    expect(bestRoutes(s, 'NYC', parseTrains('2')).revenue).toBe(0);
  });

  it('equals exhaustive search on random small boards, for n, n+m, express and diesel trains', () => {
    const sets = ['2', '3,2', '2,2', '3+1,2', '2E,3', 'D', '4,3,2'].map(parseTrains);
    let checked = 0;
    let positive = 0;
    for (let seed = 11; seed <= 16; seed++) {
      const random = seededRandom(seed);
      const s = openGame(randomGame(random));
      for (const c of s.game.companies) placeToken(s, c.id, c.homes[0]!.hex, 0);
      for (let step = 0; step < 40; step++) {
        const c = s.game.companies[randomInt(random, s.game.companies.length)]!;
        const ctx = layContext(s, c.id);
        const moves: [string, string, number][] = [];
        for (const hex of s.net.hexNames) for (const o of legalLays(s, c.id, hex, undefined, ctx).tiles) for (const r of o.rotations) moves.push([hex, o.tile, r]);
        if (moves.length) layTile(s, c.id, ...moves[randomInt(random, moves.length)]!);
        if (random() < 0.15) {
          const t = reachOf(s, c.id).tokenable[0];
          if (t) placeToken(s, c.id, t.hex, t.city);
        }
      }
      for (const c of s.game.companies) {
        for (const trains of sets) {
          const got = bestRoutes(s, c.id, trains);
          expect(got.revenue, `${c.id} ${trains.map((t) => t.name).join(',')} seed ${seed}`).toBe(exhaustiveBest(s, c.id, trains));
          const paths = got.routes.flatMap((r) => r?.paths ?? []);
          expect(new Set(paths).size).toBe(paths.length);
          checked++;
          if (got.revenue > 0) positive++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(positive).toBeGreaterThan(checked / 3);
  });
});

describe('route groups', () => {
  it('visits at most one node of a group (two off-boards sharing one)', () => {
    // A1 (off-board, group G) – B2 city (home) – C3 (off-board, group G): one route may end at only one of them.
    const game = buildDslGame({
      name: 'groups',
      source: 'groups',
      layout: 'flat',
      hexes: [
        { colour: 'red', names: ['A2'], code: 'offboard=revenue:40,groups:G;path=a:5,b:_0', where: '1' },
        { colour: 'gray', names: ['B3'], code: 'city=revenue:10;path=a:2,b:_0;path=a:4,b:_0', where: '2' },
        { colour: 'red', names: ['C2'], code: 'offboard=revenue:30,groups:G;path=a:1,b:_0', where: '3' },
      ],
      tiles: [{ tile: dslTile('7'), count: 1 }],
      companies: [{ id: 'X', homes: [{ hex: 'B3' }] }],
    });
    const s = openGame(game);
    placeToken(s, 'X', 'B3', 0);
    const r = bestRoutes(s, 'X', parseTrains('3'));
    expect(r.revenue).toBe(50); // B3 + A2; A2 – B3 – C2 would be 80 without the group
    expect(exhaustiveBest(s, 'X', parseTrains('3'))).toBe(50);
    expect(bestRoutes(s, 'X', parseTrains('2,2')).revenue).toBe(90);
  });
});
