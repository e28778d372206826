/**
 * A whole Rails game folder as one import: `Tiles.xml` (the tiles), and optionally
 * `TileSet.xml` (the manifest) and `Map.xml` (the board), cross-checked so the manifest and
 * the board only name tiles that Tiles.xml defines, with one set of game options (options.ts)
 * applied to both.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Board, GameManifest, TrackTile } from '../../track/types.js';
import { parseXml } from '../../util/xml.js';
import type { RailsOptions } from './options.js';
import { effectiveOptions, parseRailsGameOptions } from './options.js';
import { parseRailsTiles } from './tiles-xml.js';
import { parseRailsTileSet } from './tileset-xml.js';
import { parseRailsMap } from './map-xml.js';
import { quoted } from '../../util/bounded.js';

export interface RailsFile {
  readonly text: string;
  /** The file name, used in every error. */
  readonly source: string;
}

export interface RailsGameFiles {
  readonly tiles: RailsFile;
  readonly tileSet?: RailsFile;
  readonly map?: RailsFile;
  /** GameOptions.xml: the defaults Rails plays with (options.ts). */
  readonly gameOptions?: RailsFile;
}

export interface RailsGame {
  readonly tiles: TrackTile[];
  readonly manifest?: GameManifest;
  readonly board?: Board;
  /** The options in effect (the caller's plus each option's default), to show the user. */
  readonly options: Record<string, string>;
  readonly warnings: string[];
}

export function importRailsGame(files: RailsGameFiles, game: string, options: RailsOptions = {}): RailsGame {
  const { tiles, warnings } = parseRailsTiles(files.tiles.text, files.tiles.source);
  const knownTiles = new Set(tiles.map((t) => t.id));
  const effective: Record<string, string> = {};
  const defaults = files.gameOptions ? parseRailsGameOptions(files.gameOptions.text, files.gameOptions.source) : undefined;
  for (const f of [files.tileSet, files.map]) if (f) Object.assign(effective, effectiveOptions(parseXml(f.text, f.source), options, defaults));
  if (defaults) {
    for (const [name, value] of Object.entries(effective)) {
      if (value === '' && !Object.prototype.hasOwnProperty.call(defaults, name) && !Object.prototype.hasOwnProperty.call(options, name)) {
        warnings.push(`option ${quoted(name)} is tested by the game's files but not declared in ${files.gameOptions!.source}; as in Rails, no block on it applies`);
      }
    }
  }
  const out: { -readonly [K in keyof RailsGame]: RailsGame[K] } = { tiles, options: effective, warnings };
  if (files.tileSet) out.manifest = parseRailsTileSet(files.tileSet.text, files.tileSet.source, { game, options: effective, knownTiles });
  if (files.map) out.board = parseRailsMap(files.map.text, files.map.source, { options: effective, knownTiles });
  return out;
}

/** What each Rails file is, by its root element, for messages about a file given alone. */
const RAILS_ROOTS: Readonly<Record<string, string>> = {
  Tiles: 'Rails track tiles (Tiles.xml)',
  TileManager: "a Rails game's tile set (TileSet.xml: tile quantities and upgrades)",
  Map: "a Rails game's board (Map.xml: its hexes and preprinted tiles)",
  GameOptions: "a Rails game's option list (GameOptions.xml)",
  ComponentManager: "a Rails game's definition (Game.xml)",
  CompanyManager: "a Rails game's companies (CompanyManager.xml)",
  StockMarket: "a Rails game's stock market (StockMarket.xml)",
};

/**
 * For a file given alone (an import of Map.xml or TileSet.xml): what the file is and how to
 * import it, or null when its first element is not one of Rails' game files. Reads only the
 * root element's name from `head`, never quotes the content.
 */
export function railsFileAdvice(head: string): string | null {
  const m = /^(?:\uFEFF)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<([A-Za-z]+)[\s/>]/.exec(head);
  const what = m ? RAILS_ROOTS[m[1]!] : undefined;
  if (what === undefined) return null;
  if (m![1] === 'Tiles') return `this is ${what}; import it into a library (sandtable import Tiles.xml --into lib.sandtable-library), or import its game folder`;
  return `this is ${what}, one file of a Rails game: import the game folder that holds it (Tiles.xml, TileSet.xml, Map.xml, GameOptions.xml) into a library, e.g. sandtable import data/1830 --into lib.sandtable-library`;
}
