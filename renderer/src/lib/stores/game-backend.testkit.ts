/**
 * A game backend for the store tests that plays by core/game's own rules in memory (what the
 * game services run in the main process), over the small test board — so the store's tests
 * see real legal lays, refusals, reach and routes, not canned answers.
 *
 * Test-only (imported by *.test.ts beside the stores).
 */
import { legalLays, tilesLeft } from '../../../../core/game/lays.js';
import { layTile, placeToken } from '../../../../core/game/actions.js';
import { reachOf } from '../../../../core/game/reach.js';
import { routesReport } from '../../../../core/game/report.js';
import { parseTrains } from '../../../../core/game/trains.js';
import { openGame, type GameSession } from '../../../../core/game/session.js';
import type { Game } from '../../../../core/game/types.js';
import type { GameBackend, GameMoved } from './game.svelte.js';
import { routesView } from './game-backend.js';

export function memoryBackend(start: Game): GameBackend & { calls: string[] } {
  let session: GameSession = openGame(start);
  const history: Game[] = [];
  const calls: string[] = [];
  const now = (): GameMoved => ({ game: session.toGame(), undoable: history.length, tilesLeft: tilesLeft(session) });
  const move = (run: () => void): GameMoved => {
    const before = session.toGame();
    run();
    history.push(before);
    return now();
  };
  return {
    calls,
    open: async () => {
      calls.push('open');
      session = openGame(start);
      history.length = 0;
      return now();
    },
    layable: async (company, tile) => {
      calls.push('layable');
      return session.game.board.hexes.flatMap((h) => {
        const t = legalLays(session, company, h.name, tile).tiles[0]!;
        return t.rotations.length ? [{ hex: h.name, rotations: t.rotations }] : [];
      });
    },
    lays: async (company, hex, tile) => legalLays(session, company, hex, tile),
    lay: async (company, hex, tile, rotation) => move(() => layTile(session, company, hex, tile, rotation)),
    token: async (company, hex, city) => move(() => placeToken(session, company, hex, city)),
    reach: async (company) => reachOf(session, company),
    routes: async (company, trains) => {
      calls.push('routes');
      return routesView(routesReport(session, company, parseTrains(trains)));
    },
    phase: async (name) => move(() => session.setPhase(name)),
    undo: async () => {
      const prev = history.pop();
      if (!prev) throw new Error('nothing to undo');
      session = openGame(prev);
      return now();
    },
  };
}
