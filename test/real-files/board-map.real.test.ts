/**
 * 18xx boards as maps with a network layer (issue 26 item 5; core/game/board-map.ts) on real
 * files: every tile of Rails' 1830 and 1889 sets and of 18xx.games' 1889 round-trips through
 * network codes at every rotation (tile → network → paths); 1830's board map holds every
 * hex's track toward the right neighbours and its railroad components are the game's
 * connected track, before and after a random legal play. Skipped without the real files.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { realFilesPath } from '../support/formats.js';
import { loadGameSource } from '../../node/formats/game-files.js';
import { networkTrackPaths, trackPathKey, trackTileNetwork } from '../../core/track/track-network.js';
import { gameBoardMap } from '../../core/game/board-map.js';
import { boardMapProblems } from '../../core/game/board-map.testkit.js';
import { GameSession } from '../../core/game/session.js';
import { layContext, legalLays } from '../../core/game/lays.js';
import { layTile, placeToken } from '../../core/game/actions.js';
import { seededRandom, randomInt } from '../../core/util/random.js';
import type { Game } from '../../core/game/types.js';

const rails = realFilesPath('rails/data');
const engine = realFilesPath('18xx-games');

function roundTripAll(game: Game): number {
  let n = 0;
  for (const t of game.tiles) for (const o of ['NS', 'EW'] as const) for (let r = 0; r < 6; r++) {
    const net = trackTileNetwork(t, r, o, 1);
    const got = new Set(networkTrackPaths(net.codes, net.junctions, o, r).map((p) => trackPathKey(p)));
    const want = new Set(t.connections.map((c) => trackPathKey(c, (id) => String(net.ports.get(id)))));
    expect([...got].sort(), `${game.name} tile ${t.id} ${o} r${r}`).toEqual([...want].sort());
    n++;
  }
  return n;
}

describe.skipIf(!rails)('18xx boards as maps (Rails)', () => {
  it('every 1830 and 1889 tile round-trips through network codes at every rotation', () => {
    for (const g of ['1830', '1889']) {
      const game = loadGameSource(join(rails!, g)).game;
      expect(roundTripAll(game)).toBe(game.tiles.length * 12);
      expect(game.tiles.length).toBeGreaterThan(40);
    }
  });

  it("1830's board map has every hex's track and the game's components, before and after random legal play", () => {
    const game = loadGameSource(join(rails!, '1830')).game;
    const s = new GameSession(game);
    const companies = game.companies.filter((c) => c.homes.length).slice(0, 4);
    for (const c of companies) placeToken(s, c.id, c.homes[0]!.hex, c.homes[0]!.city ?? 0);
    const check = () => {
      const g = s.toGame();
      const bm = gameBoardMap(g);
      expect(boardMapProblems(new GameSession(g), bm)).toEqual([]);
      expect(bm.tiles.size).toBe(game.board.hexes.length);
      return bm;
    };
    const before = check();
    expect(before.map.spec.orientation).toBe('pointy');
    const random = seededRandom(26);
    let laid = 0;
    for (let i = 0; i < 40; i++) {
      if (i === 20) s.setPhase(game.phases[Math.min(1, game.phases.length - 1)]!.name);
      const c = companies[randomInt(random, companies.length)]!.id;
      const ctx = layContext(s, c);
      const moves: [string, string, number][] = [];
      for (const hex of s.net.hexNames) for (const o of legalLays(s, c, hex, undefined, ctx).tiles) for (const r of o.rotations) moves.push([hex, o.tile, r]);
      if (!moves.length) continue;
      layTile(s, c, ...moves[randomInt(random, moves.length)]!);
      laid++;
    }
    expect(laid).toBeGreaterThan(20);
    const after = check();
    expect(after.map.networks!.size).toBeGreaterThan(before.map.networks!.size);
  });
});

describe.skipIf(!engine)('18xx boards as maps (18xx.games)', () => {
  it("every tile of 18xx.games' 1889 round-trips through network codes", () => {
    const game = loadGameSource(join(engine!, 'g_1889', 'map.rb')).game;
    expect(roundTripAll(game)).toBe(game.tiles.length * 12);
  });
});
