/**
 * 18xx games from the two engines' real files (issue 28; test/real-files/README.md): Rails'
 * 1830 and 18xx.games' 1830 agree on every preprinted hex's track (after turning Rails'
 * sides into 18xx.games'); known legal rotations on 1889; known reach from a home token;
 * random legal play on 1830 keeps every company graph equal to a full recomputation; best
 * routes equal exhaustive search on real boards. Skipped without the real files.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { realFilesPath } from '../support/formats.js';
import { loadGameSource } from '../../node/formats/game-files.js';
import { rotateTrackTile, trackSides } from '../../core/track/sides.js';
import { GameSession } from '../../core/game/session.js';
import { layContext, legalLays } from '../../core/game/lays.js';
import { layTile, placeToken } from '../../core/game/actions.js';
import { reachOf } from '../../core/game/reach.js';
import { CompanyGraph } from '../../core/game/graph.js';
import { bestRoutes } from '../../core/game/routes.js';
import { parseTrains } from '../../core/game/trains.js';
import { exhaustiveBest } from '../../core/game/routes.testkit.js';
import { seededRandom, randomInt } from '../../core/util/random.js';
import type { Game } from '../../core/game/types.js';

const rails = realFilesPath('rails/data');
const engine = realFilesPath('18xx-games');

function randomPlay(s: GameSession, companies: string[], seed: number, lays: number, check?: () => void): void {
  const random = seededRandom(seed);
  for (let i = 0; i < lays; i++) {
    if (i === 15) s.setPhase(s.game.phases[Math.min(1, s.game.phases.length - 1)]!.name);
    if (i === 35) s.setPhase(s.game.phases.find((p) => p.colours.includes('brown'))?.name ?? s.phase.name);
    const c = companies[randomInt(random, companies.length)]!;
    const ctx = layContext(s, c);
    const moves: [string, string, number][] = [];
    for (const hex of s.net.hexNames) for (const o of legalLays(s, c, hex, undefined, ctx).tiles) for (const r of o.rotations) moves.push([hex, o.tile, r]);
    if (moves.length) layTile(s, c, ...moves[randomInt(random, moves.length)]!);
    if (random() < 0.15) {
      const t = reachOf(s, c).tokenable[0];
      if (t) placeToken(s, c, t.hex, t.city);
    }
    check?.();
  }
}

function withHomeTokens(game: Game, count: number): { s: GameSession; companies: string[] } {
  const s = new GameSession(game);
  const companies = game.companies.filter((c) => c.homes.length).slice(0, count);
  for (const c of companies) placeToken(s, c.id, c.homes[0]!.hex, c.homes[0]!.city ?? 0);
  return { s, companies: companies.map((c) => c.id) };
}

describe.skipIf(!rails || !engine)('18xx games from real files', () => {
  const rails1830 = () => loadGameSource(join(rails!, '1830')).game;

  it("Rails' and 18xx.games' 1830 boards have the same track on every preprinted hex", () => {
    const a = rails1830();
    const b = loadGameSource(join(engine!, 'g_1830', 'map.rb')).game;
    const sides = (g: Game, name: string) => {
      const h = g.board.hexes.find((x) => x.name === name)!;
      return trackSides(rotateTrackTile(g.tiles.find((t) => t.id === h.tileId)!, h.rotation));
    };
    const both = a.board.hexes.filter((h) => b.board.hexes.some((x) => x.name === h.name));
    expect(both.length).toBe(93);
    for (const h of both) expect(sides(a, h.name), h.name).toEqual(sides(b, h.name));
  });

  it("agrees with itself across the engines: 1830's home hexes take the same placements from Rails' and 18xx.games' data", () => {
    const r = rails1830();
    const q0 = loadGameSource(join(engine!, 'g_1830', 'map.rb')).game;
    const q: Game = { ...q0, companies: r.companies.map((c) => ({ id: c.id, homes: c.homes })) };
    const placements = (g: Game, phase: string) => {
      const s = new GameSession(g);
      s.setPhase(phase);
      for (const c of g.companies) placeToken(s, c.id, c.homes[0]!.hex, c.homes[0]!.city ?? 0);
      // A placement is the tile and the sides its track reaches: rotations may count from different drawings.
      return g.companies.map((c) =>
        legalLays(s, c.id, c.homes[0]!.hex)
          .tiles.flatMap((t) => t.rotations.map((rot) => `${t.tile}:${trackSides(rotateTrackTile(g.tiles.find((x) => x.id === t.tile)!, rot)).join('')}`))
          .sort(),
      );
    };
    const fromRails = placements(r, '3');
    expect(fromRails).toEqual(placements(q, 'green'));
    // Erie's OO (E11) takes tile 59 four ways; NYNH's New York (G19) tile 54 one way.
    expect(fromRails.flat().filter((p) => p.startsWith('59:')).length).toBe(4);
    expect(fromRails.flat().filter((p) => p.startsWith('54:'))).toEqual(['54:0123']);
  });

  it("knows 1889's legal rotations on Tokushima (K8) for its home company", () => {
    const game = loadGameSource(join(engine!, 'g_1889', 'map.rb')).game;
    const s = new GameSession({ ...game, companies: [{ id: 'AR', homes: [{ hex: 'K8' }] }] });
    placeToken(s, 'AR', 'K8', 0);
    const legal = legalLays(s, 'AR', 'K8').tiles.filter((t) => t.rotations.length);
    // K8's south and south-east sides are off the board; J7 (gray) and L7 (off-board) have track toward it.
    expect(legal.map((t) => [t.tile, t.rotations])).toEqual([
      ['5', [1, 2, 3]],
      ['6', [1, 2]],
      ['57', [1]],
      ['Beg6', [1, 2]],
    ]);
    expect(legalLays(s, 'AR', 'K8', '9').tiles[0]!.reason).toBe('tile 9 is not an upgrade of tile @F3 (upgrades inferred from track)');
  });

  it("reaches from PRR's home at Altoona (H12) along its printed track", () => {
    const { s } = withHomeTokens(rails1830(), 8);
    const prr = reachOf(s, 'PRR');
    expect(prr.hexes).toEqual([
      { hex: 'H10', sides: [4] },
      { hex: 'H12', sides: [1, 4] },
      { hex: 'H14', sides: [1] },
    ]);
    expect(prr.tokenable).toEqual([]);
  });

  it('keeps every graph equal to a full recomputation through random legal play on 1830', () => {
    const { s, companies } = withHomeTokens(rails1830(), 6);
    for (const c of companies) s.graph(c);
    let compared = 0;
    randomPlay(s, companies, 7, 60, () => {
      for (const g of s.builtGraphs()) {
        expect(g.states()).toEqual(new CompanyGraph(s.net, g.company).states());
        compared++;
      }
    });
    expect(s.lays.length).toBeGreaterThan(40);
    expect(compared).toBe(60 * 6);
  });

  it('finds the best routes exhaustive search finds, on 1889 in play', () => {
    const { s, companies } = withHomeTokens(loadGameSource(join(rails!, '1889')).game, 7);
    randomPlay(s, companies, 3, 45);
    let positive = 0;
    for (const c of companies) {
      for (const trains of ['2,3', '3,4', '2+2,5E'].map(parseTrains)) {
        const got = bestRoutes(s, c, trains).revenue;
        expect(got, `${c} ${trains.map((t) => t.name).join(',')}`).toBe(exhaustiveBest(s, c, trains));
        if (got > 0) positive++;
      }
    }
    expect(positive).toBeGreaterThan(5);
  });
});
