/**
 * An 18xx game as Sandtable plays it (issue 28): a board of preprinted hexes (core/track's
 * `Board`), the game's track tiles and manifest (counts and upgrades, given or inferred), its
 * phases, its companies with their homes, and a state of tiles laid and tokens placed. One
 * JSON file holds it all (docs/game-format.md; file.ts reads and writes it).
 *
 * Rotations are numbered as 18xx.games numbers them: a tile turned r × 60° clockwise from
 * its printed position, r = 0…5, its side s then facing board side (s + r) mod 6; sides are
 * numbered 0…5 clockwise from the bottom (flat boards: S, SW, NW, N, NE, SE) or from the
 * lower-left (pointy boards: SW, W, NW, NE, E, SE), core/track/types.ts.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Board, GameManifest, TrackTile } from '../track/types.js';

export const GAME_FORMAT = 'sandtable-game';
export const GAME_VERSION = 1;

/** A phase: the tile colours that may be laid, and which printed off-board revenue counts. */
export interface GamePhase {
  readonly name: string;
  /** Colours whose tiles may be laid in this phase (`yellow`, `green` …). */
  readonly colours: readonly string[];
  /**
   * Index into a hex's printed off-board revenues (`BoardHex.revenues`, Rails `value="20,40"`);
   * 18xx.games phase revenues (`yellow_30|brown_60`) are chosen by colour instead (revenue.ts).
   */
  readonly offboardStep: number;
}

/** Where a company starts: a hex, and which of its cities (0-based, in tile order) when it has several. */
export interface Home {
  readonly hex: string;
  readonly city?: number;
}

export interface Company {
  /** Short name, unique: `PRR`, `B&O`. */
  readonly id: string;
  readonly name?: string;
  readonly homes: readonly Home[];
  /** Station tokens the company has, home included; absent = unlimited. */
  readonly tokens?: number;
  /** Display colour `#rrggbb`, for the app. */
  readonly colour?: string;
}

/** A tile laid: `tile` (a tile id) on `hex`, turned `rotation` steps (see above). */
export interface Lay {
  readonly hex: string;
  readonly tile: string;
  readonly rotation: number;
  /** The company that laid it, when known. */
  readonly company?: string;
}

/** A station token: `company` in city number `city` (0-based, the current tile's cities in order) of `hex`. */
export interface Token {
  readonly company: string;
  readonly hex: string;
  readonly city: number;
}

export interface GameState {
  /** The current phase's name (one of `Game.phases`). */
  readonly phase: string;
  /** Tiles laid, in order; a hex shows the last tile laid on it. */
  readonly lays: readonly Lay[];
  /** Tokens on the board now (re-numbered when an upgrade merges cities). */
  readonly tokens: readonly Token[];
}

export interface Game {
  readonly name: string;
  readonly board: Board;
  /** Every tile the game uses: the manifest's and the board's preprinted tiles. */
  readonly tiles: readonly TrackTile[];
  readonly manifest: GameManifest;
  /** Whether `manifest.upgrades` came from the game's files or were inferred from track. */
  readonly upgradesFrom: 'listed' | 'inferred';
  readonly phases: readonly GamePhase[];
  readonly companies: readonly Company[];
  readonly state: GameState;
}

/** The yellow → green → brown → gray phases used when a source names none. */
export const DEFAULT_PHASES: readonly GamePhase[] = [
  { name: 'yellow', colours: ['yellow'], offboardStep: 0 },
  { name: 'green', colours: ['yellow', 'green'], offboardStep: 0 },
  { name: 'brown', colours: ['yellow', 'green', 'brown'], offboardStep: 1 },
  { name: 'gray', colours: ['yellow', 'green', 'brown', 'gray'], offboardStep: 2 },
];
