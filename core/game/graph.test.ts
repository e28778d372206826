import { describe, expect, it } from 'vitest';
import { seededRandom, randomInt } from '../util/random.js';
import type { Random } from '../util/random.js';
import { randomGame } from './game.testkit.js';
import { openGame } from './session.js';
import type { GameSession } from './session.js';
import { layContext, legalLays } from './lays.js';
import { layTile, placeToken } from './actions.js';
import { reachOf } from './reach.js';
import { CompanyGraph } from './graph.js';

/** Every built graph equals a graph computed from scratch; returns how many were compared. */
function compareAll(s: GameSession): number {
  let n = 0;
  for (const g of s.builtGraphs()) {
    expect(g.states(), `${g.company} after ${s.lays.length} lays`).toEqual(new CompanyGraph(s.net, g.company).states());
    n++;
  }
  return n;
}

/** One random legal move for a random company: a token (home first) or a lay; false when it has none. */
function randomMove(s: GameSession, random: Random): boolean {
  const companies = s.game.companies;
  const c = companies[randomInt(random, companies.length)]!;
  const placed = s.tokens().some((t) => t.company === c.id);
  if (!placed) {
    placeToken(s, c.id, c.homes[0]!.hex, 0);
    return true;
  }
  if (random() < 0.2) {
    const spots = reachOf(s, c.id).tokenable;
    if (spots.length) {
      const t = spots[randomInt(random, spots.length)]!;
      placeToken(s, c.id, t.hex, t.city);
      return true;
    }
  }
  const ctx = layContext(s, c.id);
  const moves: [string, string, number][] = [];
  for (const hex of s.net.hexNames) for (const o of legalLays(s, c.id, hex, undefined, ctx).tiles) for (const r of o.rotations) moves.push([hex, o.tile, r]);
  if (!moves.length) return false;
  const [hex, tile, r] = moves[randomInt(random, moves.length)]!;
  layTile(s, c.id, hex, tile, r);
  return true;
}

describe('company graphs, updated incrementally', () => {
  it('equal a full recomputation after every lay and token of random games', () => {
    let compared = 0;
    let moves = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const random = seededRandom(seed);
      const s = openGame(randomGame(random));
      for (const c of s.game.companies) s.graph(c.id);
      for (let step = 0; step < 60; step++) {
        if (randomMove(s, random)) moves++;
        compared += compareAll(s);
      }
    }
    expect(moves).toBeGreaterThan(300);
    expect(compared).toBeGreaterThan(6 * 60 * 3);
  });

  it('stops at a city full of other tokens, then passes again for its owner', () => {
    const random = seededRandom(3);
    const s = openGame(randomGame(random));
    for (const c of s.game.companies) s.graph(c.id);
    for (let step = 0; step < 120; step++) randomMove(s, random);
    const blocked = s.net.nodes.filter((n) => n.alive && n.junction.type === 'city' && n.tokens.length >= n.junction.slots);
    expect(blocked.length).toBeGreaterThan(0);
    for (const g of s.builtGraphs()) {
      for (const n of blocked) expect(g.passable(n.id)).toBe(n.tokens.includes(g.company));
    }
  });

  it('does less work for one lay than a full recomputation of the graphs', () => {
    const random = seededRandom(5);
    const s = openGame(randomGame(random));
    for (const c of s.game.companies) s.graph(c.id);
    for (let step = 0; step < 80; step++) randomMove(s, random);
    const work = () => s.builtGraphs().reduce((a, g) => a + g.work, 0);
    let incremental = 0;
    let full = 0;
    for (let step = 0; step < 20; step++) {
      const before = work();
      randomMove(s, random);
      incremental += work() - before;
      for (const g of s.builtGraphs()) full += new CompanyGraph(s.net, g.company).work;
    }
    expect(incremental).toBeLessThan(full);
  });
});
