/**
 * A game from an 18xx.games game config (tobymao/18xx lib/engine/game/g_NAME/map.rb), where it
 * is data: the TILES counts (shared tiles by name, found in config/tile.rb; the game's own
 * tiles with their code), the HEXES by colour (`red: { ['F2'] => 'offboard=…', %w[B20 D4]
 * => 'town' }`), LAYOUT, AXES and LOCATION_NAMES. Only literals are read, nothing is
 * evaluated: a HEXES entry built in Ruby (string interpolation, a constant, a method) is
 * refused in one line with its place. Companies and phases live in other files of the
 * config (entities.rb, game.rb, Ruby code): the game gets the default yellow → gray phases
 * and no companies, for the designer to add.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TrackTile } from '../track/types.js';
import { parseTileDslFile, tilesFromDslFile } from '../formats/tile-dsl-file.js';
import { InputError } from '../util/input-error.js';
import type { SkippedItem } from '../formats/import-summary.js';
import type { DslHexGroup } from './dsl-game.js';
import { buildDslGame } from './dsl-game.js';
import type { Game } from './types.js';

export interface RbGameResult {
  readonly game: Game;
  /** TILES entries not read (computed in Ruby), with why. */
  readonly skipped: readonly SkippedItem[];
}

/** `mapRb`: the game's map.rb; `shared`: the tiles of config/tile.rb (tilesFromDslFile). */
export function gameFromRb(name: string, mapRb: string, source: string, shared: readonly TrackTile[]): RbGameResult {
  const file = parseTileDslFile(mapRb, source);
  const own = tilesFromDslFile(file, source);
  const byName = new Map(shared.map((t) => [t.id, t]));
  const tiles: { tile: TrackTile; count: number | 'unlimited' }[] = [];
  for (const ref of file.references) {
    const t = byName.get(ref.name);
    if (!t) throw new InputError(source, 'TILES', `tile "${ref.name.slice(0, 40)}" is not one of 18xx.games' shared tiles (config/tile.rb)`);
    tiles.push({ tile: t, count: ref.count });
  }
  const counts = new Map(file.tiles.map((e) => [e.name, e.count]));
  for (const t of own.tiles) tiles.push({ tile: t, count: counts.get(t.id) ?? 'unlimited' });
  const layout = /^\s*LAYOUT\s*=\s*:flat\b/m.test(mapRb) ? 'flat' : 'pointy';
  const game = buildDslGame({ name, source, layout, hexes: readHexes(mapRb, source), tiles, locationNames: readLocationNames(mapRb) });
  const axes = /^\s*AXES\s*=\s*\{\s*x:\s*:(letter|number)/m.exec(mapRb)?.[1];
  const letterOrientation = axes === 'letter' ? 'horizontal' : axes === 'number' ? 'vertical' : game.board.letterOrientation;
  return { game: { ...game, board: { ...game.board, letterOrientation } }, skipped: [...file.skipped, ...own.skipped] };
}

function lineAt(text: string, i: number): string {
  let n = 1;
  for (let k = 0; k < i; k++) if (text.charCodeAt(k) === 10) n++;
  return `line ${n}`;
}

/** The HEXES literal: colour → (hex names → code). */
export function readHexes(text: string, source: string): DslHexGroup[] {
  const start = /^\s*HEXES\s*=\s*\{/m.exec(text);
  if (!start) throw new InputError(source, 'HEXES', 'expected a HEXES = { … } literal (a map built in Ruby code is not read)');
  let i = start.index + start[0].length;
  const out: DslHexGroup[] = [];
  let colour: string | null = null;
  const skip = () => {
    for (;;) {
      const m = /^(?:\s|,|#[^\n]*)+/.exec(text.slice(i, i + 4096));
      if (!m) return;
      i += m[0].length;
    }
  };
  const fail = (what: string): never => {
    throw new InputError(source, lineAt(text, i), what);
  };
  for (let guard = 0; guard < 100_000; guard++) {
    skip();
    const rest = text.slice(i, i + 8192);
    if (rest.startsWith('}')) {
      i++;
      if (colour === null) return out;
      colour = null;
      continue;
    }
    if (colour === null) {
      const m = /^(\w+):\s*\{/.exec(rest) ?? /^:?(\w+)\s*=>\s*\{/.exec(rest);
      if (!m) fail('expected a colour such as white: { … } in HEXES');
      colour = m![1]!.toLowerCase() === 'grey' ? 'gray' : m![1]!.toLowerCase();
      i += m![0].length;
      continue;
    }
    const where = lineAt(text, i);
    let names: string[] = [];
    let m = /^%w\[([^\]]*)\]\s*=>\s*/.exec(rest);
    if (m) names = m[1]!.split(/\s+/).filter(Boolean);
    else if ((m = /^\[((?:\s*'[^']*'\s*,?)*)\]\s*=>\s*/.exec(rest))) names = [...m[1]!.matchAll(/'([^']*)'/g)].map((x) => x[1]!);
    else fail('expected hex names (%w[A1 B2] or [\'A1\']) => \'code\' in HEXES');
    i += m![0].length;
    let code = '';
    let strings = 0;
    for (;;) {
      const s = /^(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\#]|\\.)*)")(?:\s*\\\s*\n\s*|\s+(?=['"]))?/.exec(text.slice(i, i + 65536));
      if (!s) break;
      code += (s[1] ?? s[2] ?? '').replace(/\\(.)/g, '$1');
      i += s[0].length;
      strings++;
    }
    if (!strings) fail('expected the hex code as a string literal (Ruby code and interpolation are not read)');
    out.push({ colour, names, code: hexCodeDefaults(code), where });
  }
  return fail('HEXES is too long');
}

/**
 * 18xx.games' defaults for map hexes, which its tile DSL lets a hex leave out: a bare `city`,
 * `town` or `halt` pays 0, and `blank` is an empty hex.
 */
function hexCodeDefaults(code: string): string {
  return code
    .split(';')
    .filter((p) => p.trim() !== 'blank')
    .map((p) => {
      const m = /^\s*(city|town|halt)(?:=(.*))?$/.exec(p);
      if (!m || /(^|,)\s*revenue:/.test(m[2] ?? '')) return p;
      return `${m[1]}=revenue:0${m[2] ? `,${m[2]}` : ''}`;
    })
    .join(';');
}

function readLocationNames(text: string): Record<string, string> {
  const block = /^\s*LOCATION_NAMES\s*=\s*\{([\s\S]*?)\}/m.exec(text)?.[1] ?? '';
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/'([A-Z]+-?\d+)'\s*=>\s*'((?:[^'\\]|\\.)*)'/g)) out[m[1]!] = m[2]!.replace(/\\(.)/g, '$1');
  return out;
}
