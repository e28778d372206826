/**
 * 18xx games on disk (issue 28): a Sandtable game file (`.json`, docs/game-format.md), a Rails
 * game folder (Map.xml, TileSet.xml, Tiles.xml, CompanyManager.xml, Game.xml), or an
 * 18xx.games game config (`g_NAME/map.rb`, with the shared tiles of `config/tile.rb` found
 * beside it in the engine's tree, or named). The parsing is core/game's; this only reads files.
 *
 * Node only; no Electron, no DOM.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../../core/util/input-error.js';
import { parseTileDslFile, tilesFromDslFile } from '../../core/formats/tile-dsl-file.js';
import type { Game } from '../../core/game/types.js';
import { parseGame } from '../../core/game/file.js';
import { gameFromRails } from '../../core/game/rails-game.js';
import { gameFromRb } from '../../core/game/rb-game.js';
import { loadRailsGame, readTextFile } from './files.js';

export interface LoadedGame {
  readonly game: Game;
  /** What the source was: `game file`, `Rails game folder`, `18xx.games config`. */
  readonly kind: string;
  /** What the import did not bring in, one line each. */
  readonly notes: readonly string[];
}

export interface GameSourceOptions {
  /** 18xx.games' config/tile.rb, when the map.rb is not inside the engine's tree. */
  readonly sharedTiles?: string;
}

export function loadGameSource(path: string, opts: GameSourceOptions = {}): LoadedGame {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new InputError(path, 'path', 'expected a game file, a Rails game folder or an 18xx.games map.rb; nothing is there');
  }
  if (isDir) {
    if (existsSync(join(path, 'Map.xml'))) return loadRailsFolder(path);
    if (existsSync(join(path, 'map.rb'))) return loadRb(join(path, 'map.rb'), opts);
    throw new InputError(path, 'folder', 'expected a Rails game folder (with Map.xml) or an 18xx.games game folder (with map.rb)');
  }
  if (path.endsWith('.rb')) return loadRb(path, opts);
  return { game: parseGame(readTextFile(path), path), kind: 'game file', notes: [] };
}

function loadRailsFolder(dir: string): LoadedGame {
  const rails = loadRailsGame(dir);
  const file = (name: string) => (existsSync(join(dir, name)) ? { text: readTextFile(join(dir, name)), source: join(dir, name) } : undefined);
  const companies = file('CompanyManager.xml');
  const gameXml = file('Game.xml');
  const game = gameFromRails(basename(dir), rails, { ...(companies ? { companies } : {}), ...(gameXml ? { game: gameXml } : {}) });
  const notes = [...rails.warnings];
  if (!companies) notes.push('no CompanyManager.xml: the game has no companies');
  if (!gameXml) notes.push('no Game.xml: default yellow → gray phases');
  return { game, kind: 'Rails game folder', notes };
}

function loadRb(path: string, opts: GameSourceOptions): LoadedGame {
  const shared = opts.sharedTiles ?? [join(dirname(path), '..', 'config', 'tile.rb'), join(dirname(path), '..', '..', 'config', 'tile.rb')].find((p) => existsSync(p));
  if (!shared) throw new InputError(path, 'TILES', "expected 18xx.games' shared tiles (config/tile.rb) beside the game folder; name them with --tiles");
  const sharedText = readTextFile(shared);
  const tiles = tilesFromDslFile(parseTileDslFile(sharedText, shared), shared).tiles;
  const name = basename(dirname(path)).replace(/^g_/, '');
  const { game, skipped } = gameFromRb(name, readTextFile(path), path, tiles);
  const notes = [...skipped.map((s) => `skipped ${s.id}: ${s.reason}`), 'companies and phases are not in map.rb: none and the default yellow → gray phases; add them to the game file'];
  return { game, kind: '18xx.games config', notes };
}
