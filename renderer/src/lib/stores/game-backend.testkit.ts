/**
 * A game backend for the store tests that plays by core/game's own rules in memory (what the
 * game services run in the main process), over the small test board — so the store's tests
 * see real legal lays, refusals and reach, not canned answers. Routes are not played here.
 *
 * Test-only (imported by *.test.ts beside the stores).
 */
import { legalLays } from '../../../../core/game/lays.js';
import { layTile, placeToken } from '../../../../core/game/actions.js';
import { reachOf } from '../../../../core/game/reach.js';
import { openGame, type GameSession } from '../../../../core/game/session.js';
import type { Game } from '../../../../core/game/types.js';
import type { GameBackend } from './game.svelte.js';

export function memoryBackend(start: Game): GameBackend & { calls: string[] } {
  let session: GameSession = openGame(start);
  const history: Game[] = [];
  const calls: string[] = [];
  const move = (run: () => void): Game => {
    const before = session.toGame();
    run();
    history.push(before);
    return session.toGame();
  };
  return {
    calls,
    open: async () => {
      calls.push('open');
      session = openGame(start);
      return session.toGame();
    },
    laysEverywhere: async (company, tile) => {
      calls.push('laysEverywhere');
      return session.game.board.hexes.map((h) => {
        const t = legalLays(session, company, h.name, tile).tiles[0]!;
        return { hex: h.name, rotations: t.rotations, ...(t.reason ? { reason: t.reason } : {}) };
      });
    },
    lays: async (company, hex, tile) => legalLays(session, company, hex, tile),
    lay: async (company, hex, tile, rotation) => move(() => layTile(session, company, hex, tile, rotation)),
    token: async (company, hex, city) => move(() => placeToken(session, company, hex, city)),
    reach: async (company) => reachOf(session, company),
    routes: async () => {
      throw new Error('routes are not played by the memory backend');
    },
    undo: async () => {
      const prev = history.pop();
      if (!prev) throw new Error('nothing to undo');
      session = openGame(prev);
      return session.toGame();
    },
  };
}
