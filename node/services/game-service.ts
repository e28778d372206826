/**
 * 18xx games in the app (issue 28): `game.*`. A game is opened from a game file, a Rails
 * game folder or an 18xx.games map.rb (node/formats/game-files.ts) and held here by id with
 * its session (core/game: network, company graphs kept up to date move by move) and the
 * games before each move, for undo. Moves are checked by core/game and refused with its
 * one-line reason; nothing changes on a refusal. Paths are checked like every other file the
 * user names (file-capabilities.ts); the game file is written whole.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { OperationName } from '../../contract/contract.js';
import type { GameUpdate, LayableHex } from '../../contract/operations/game.js';
import type { Game } from '../../core/game/types.js';
import { GameSession } from '../../core/game/session.js';
import { layTile, placeToken } from '../../core/game/actions.js';
import { layContext, legalLays, tilesLeft } from '../../core/game/lays.js';
import { reachOf } from '../../core/game/reach.js';
import { routesReport } from '../../core/game/report.js';
import { parseTrains } from '../../core/game/trains.js';
import { writeGame } from '../../core/game/file.js';
import { loadGameSource } from '../formats/game-files.js';
import type { PathCheck, PathResolver, Queue } from './collaborators.js';
import type { HandlersFor } from './router.js';
import { outputPath, writeWhole } from './write-whole.js';

export type GameOperation = Extract<OperationName, `game.${string}`>;

export interface GameDeps {
  readonly queue: Queue;
  readonly session: PathResolver;
  readonly files: PathCheck;
}

/** Undo keeps this many earlier games per open game. */
export const GAME_UNDO_DEPTH = 200;

interface OpenGame {
  session: GameSession;
  readonly history: Game[];
}

export function gameService(deps: GameDeps): HandlersFor<GameOperation> {
  const { queue, session: paths, files } = deps;
  const open = new Map<string, OpenGame>();
  let next = 1;
  const get = (id: string): OpenGame => {
    const g = open.get(id);
    if (!g) throw new Error(`game ${JSON.stringify(id.slice(0, 40))} is not open (open it with game.open)`);
    return g;
  };
  const update = (g: OpenGame): GameUpdate => ({ state: g.session.toGame().state, undoable: g.history.length, tilesLeft: tilesLeft(g.session) });
  /** Runs a move; keeps the game before it for undo only when the move went through. */
  const move = (id: string, fn: (s: GameSession) => void): GameUpdate => {
    const g = get(id);
    const before = g.session.toGame();
    fn(g.session);
    g.history.push(before);
    if (g.history.length > GAME_UNDO_DEPTH) g.history.shift();
    return update(g);
  };
  return {
    'game.open': ({ path, sharedTiles }) =>
      queue.exclusive(() => {
        const checked = files.check(paths.resolvePath(path), 'open a game from');
        const shared = sharedTiles === undefined ? undefined : files.check(paths.resolvePath(sharedTiles), 'open a game from');
        const loaded = loadGameSource(checked, shared ? { sharedTiles: shared } : {});
        const id = `game-${next++}`;
        const g: OpenGame = { session: new GameSession(loaded.game), history: [] };
        open.set(id, g);
        return { id, game: loaded.game, kind: loaded.kind, notes: [...loaded.notes], ...update(g) };
      }),
    'game.lays': ({ id, company, hex, tile }) => queue.exclusive(() => legalLays(get(id).session, company, hex, tile)),
    'game.layable': ({ id, company, tile }) =>
      queue.exclusive(() => {
        const s = get(id).session;
        const ctx = layContext(s, company);
        const hexes: LayableHex[] = [];
        for (const hex of s.net.hexNames) {
          const tiles = legalLays(s, company, hex, tile, ctx)
            .tiles.filter((t) => t.rotations.length)
            .map((t) => ({ tile: t.tile, rotations: t.rotations }));
          if (tiles.length) hexes.push({ hex, tiles });
        }
        return { hexes };
      }),
    'game.lay': ({ id, company, hex, tile, rotation }) => queue.exclusive(() => move(id, (s) => layTile(s, company, hex, tile, rotation))),
    'game.token': ({ id, company, hex, city }) => queue.exclusive(() => move(id, (s) => placeToken(s, company, hex, city))),
    'game.phase': ({ id, phase }) => queue.exclusive(() => move(id, (s) => s.setPhase(phase))),
    'game.undo': ({ id }) =>
      queue.exclusive(() => {
        const g = get(id);
        const before = g.history.pop();
        if (!before) throw new Error('nothing to undo in this game');
        g.session = new GameSession(before);
        return update(g);
      }),
    'game.reach': ({ id, company }) => queue.exclusive(() => reachOf(get(id).session, company)),
    'game.routes': ({ id, company, trains }) => queue.exclusive(() => routesReport(get(id).session, company, parseTrains(trains))),
    'game.save': ({ id, path }) =>
      queue.exclusive(() => {
        const dest = outputPath(deps, path, 'json', 'save a game to');
        writeWhole(dest, writeGame(get(id).session.toGame()));
        return { path: dest };
      }),
    'game.close': ({ id }) => queue.exclusive(() => ({ closed: open.delete(id) })),
  };
}
