/**
 * 18xx games (issue 28): open a game (a game file, a Rails game folder or an 18xx.games
 * map.rb), legal lays with reasons, lay a tile, place a token, a company's reach, best routes
 * for a set of trains, phase, undo, save. Games are held by the main process between calls,
 * by the id `game.open` returns; every move answers with the new state.
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */
import type { Game, GameState } from '../../core/game/types.js';
import type { LayOptions } from '../../core/game/lays.js';
import type { ReachReport } from '../../core/game/reach.js';
import type { RoutesReport } from '../../core/game/report.js';
import { s } from '../schema.js';
import { id, path, type OperationTable } from './fields.js';

const name = s.string({ min: 1, max: 200 });
const hex = s.string({ min: 1, max: 20, pattern: /^(@|[A-Z]{1,4})-?\d{1,4}$/ });

export const GAME_OPERATIONS = {
  /** Opens a game: a game file (.json), a Rails game folder, an 18xx.games map.rb (`sharedTiles`: its config/tile.rb when not beside it). */
  'game.open': { args: s.object({ path, sharedTiles: s.optional(path) }) },
  /** Every manifest tile on `hex` for `company` (or just `tile`): legal rotations, or the reason. */
  'game.lays': { args: s.object({ id, company: name, hex, tile: s.optional(name) }) },
  /** Hexes where `company` may lay now (with `tile`: that tile), each with its tiles and rotations. */
  'game.layable': { args: s.object({ id, company: name, tile: s.optional(name) }) },
  /** Lays a tile; refused with the reason when the rules do not allow it. */
  'game.lay': { args: s.object({ id, company: name, hex, tile: name, rotation: s.int(0, 5) }) },
  /** Places a token in city `city` (0-based) of `hex`; refused with the reason when not allowed. */
  'game.token': { args: s.object({ id, company: name, hex, city: s.int(0, 9) }) },
  /** Sets the phase (one of the game's phases). */
  'game.phase': { args: s.object({ id, phase: name }) },
  /** Takes back the last lay, token or phase change. */
  'game.undo': { args: s.object({ id }) },
  /** The hexes `company` reaches (with the sides), its nodes, the cities where it may place a token. */
  'game.reach': { args: s.object({ id, company: name }) },
  /** The best non-overlapping routes for the trains (`2,3,5`, `3+1`, `4E`, `D`) and their revenue. */
  'game.routes': { args: s.object({ id, company: name, trains: s.string({ min: 1, max: 100 }) }) },
  /** Writes the game with its state as a game file. */
  'game.save': { args: s.object({ id, path }) },
  /** Forgets an open game. */
  'game.close': { args: s.object({ id }) },
} as const satisfies OperationTable;

/** What a move answers: the state now and how many moves undo can take back. */
export interface GameUpdate {
  state: GameState;
  undoable: number;
  /** Copies left in the supply, by tile id (tiles in the box only). */
  tilesLeft: Record<string, number | 'unlimited'>;
}

export interface GameOpened extends GameUpdate {
  id: string;
  game: Game;
  /** What the source was (game file, Rails game folder, 18xx.games config). */
  kind: string;
  /** What the import did not bring in. */
  notes: string[];
}

export interface LayableHex {
  hex: string;
  tiles: { tile: string; rotations: number[] }[];
}

export interface GameResults {
  'game.open': GameOpened;
  'game.lays': LayOptions;
  'game.layable': { hexes: LayableHex[] };
  'game.lay': GameUpdate;
  'game.token': GameUpdate;
  'game.phase': GameUpdate;
  'game.undo': GameUpdate;
  'game.reach': ReachReport;
  'game.routes': RoutesReport;
  'game.save': { path: string };
  'game.close': { closed: boolean };
}
