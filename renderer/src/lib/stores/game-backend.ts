/**
 * The game screen's backend over the contract's `game.*` operations (contract/operations/
 * game.ts): the main process holds the open game by id and answers every move with the state
 * now; here each answer becomes the whole game again (the board and tiles the open answered,
 * with the new state) and routes become the lines the board draws.
 *
 * Renderer layer; no DOM.
 */
import type { Services } from '../../../../contract/api.js';
import type { Game } from '../../../../core/game/types.js';
import type { GameUpdate } from '../../../../contract/operations/game.js';
import type { RoutesReport } from '../../../../core/game/report.js';
import type { GameBackend, GameMoved, RoutesView } from './game.svelte.js';

/** Routes as the board draws them: the trains that run, with their hexes and revenue. */
export function routesView(report: RoutesReport): RoutesView {
  const routes = report.routes.flatMap((r) => (r ? [{ train: r.train, hexes: r.hexes, revenue: r.revenue }] : []));
  return { routes, revenue: report.revenue };
}

export function serviceGameBackend(api: Services): GameBackend {
  let id = '';
  let game: Game | null = null;
  const opened = (): Game => {
    if (!game) throw new Error('no game is open');
    return game;
  };
  const moved = (u: GameUpdate): GameMoved => {
    game = { ...opened(), state: u.state };
    return { game, undoable: u.undoable, tilesLeft: u.tilesLeft };
  };
  return {
    async open(path) {
      const o = await api.game.open({ path });
      if (id) await api.game.close({ id }).catch(() => undefined);
      id = o.id;
      game = o.game;
      return { game: o.game, undoable: o.undoable, tilesLeft: o.tilesLeft };
    },
    async layable(company, tile) {
      const { hexes } = await api.game.layable({ id, company, tile });
      return hexes.map((h) => ({ hex: h.hex, rotations: h.tiles.find((t) => t.tile === tile)?.rotations ?? [] }));
    },
    lays: (company, hex, tile) => api.game.lays({ id, company, hex, tile }),
    lay: async (company, hex, tile, rotation) => moved(await api.game.lay({ id, company, hex, tile, rotation })),
    token: async (company, hex, city) => moved(await api.game.token({ id, company, hex, city })),
    reach: (company) => api.game.reach({ id, company }),
    routes: async (company, trains) => routesView(await api.game.routes({ id, company, trains })),
    undo: async () => moved(await api.game.undo({ id })),
    phase: async (phase) => moved(await api.game.phase({ id, phase })),
  };
}
