/**
 * Files of 18xx.games tile definitions (issue 14), in the two forms designers have:
 *
 * - a plain list (`.dsl`, `.txt`): one tile per line, `name: code`, under colour headings —
 *
 *       yellow:
 *       57: city=revenue:20;path=a:0,b:_0;path=a:_0,b:3
 *       green:
 *       14: city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0
 *
 *   (`name (colour): code` sets the colour of one line; `#` starts a comment);
 * - the Ruby hashes of tobymao/18xx itself (`.rb`): `YELLOW = { '57' => 'city=…', … }` in
 *   lib/engine/config/tile.rb, and a game's `TILES = { '57' => 2, 'X1' => { 'count' => 1,
 *   'color' => 'green', 'code' => '…' } }` in its map.rb — a count alone refers to a shared
 *   tile by name (`references`), to be found in the library.
 *
 * Only Ruby string, integer and hash literals are read (a tokenizer, no evaluation); other
 * constants in the file are passed over. Nesting is bounded (DEFAULT_LIMITS.maxNesting).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from '../util/input-error.js';
import { DEFAULT_LIMITS } from '../util/limits.js';
import { quoted } from '../util/bounded.js';
import type { TrackTile } from '../track/types.js';
import { parseTileDsl } from './tile-dsl.js';
import type { SkippedItem } from './import-summary.js';

export interface DslTileEntry {
  readonly name: string;
  readonly colour: string;
  readonly code: string;
  /** How many a game has (the game TILES form). */
  readonly count?: number;
  /** "line N" for errors. */
  readonly where: string;
}

export interface TileDslFile {
  readonly tiles: readonly DslTileEntry[];
  /** Game TILES entries that only count a shared tile: its name and how many. */
  readonly references: readonly { readonly name: string; readonly count: number }[];
  /** Entries of the file's tile hashes that are neither a tile nor a count, each with why. */
  readonly skipped: readonly SkippedItem[];
}

/**
 * Tile colours as 18xx.games names them (Engine::Tile::COLORS, the constants of tile.rb),
 * with `grey`. The two-colour ones and `none` become track colours by `colourOf`.
 */
const COLOURS = new Set(['white', 'yellow', 'green', 'brown', 'gray', 'grey', 'red', 'blue', 'purple', 'orange', 'sepia', 'pink', 'salmon', 'navy', 'gray60', 'gray50', 'gray40', 'none', 'greenbrown', 'browngray', 'brownsepia', 'green-brown', 'brown-gray', 'brown-sepia']);
/** 18xx.games' two-colour names → the track model's hyphenated two-colour form (core/track/types.ts). */
const TWO_COLOURS: Record<string, string> = { greenbrown: 'green-brown', browngray: 'brown-gray', brownsepia: 'brown-sepia' };
const MAX_TILES = 100_000;

export function parseTileDslFile(text: string, source: string): TileDslFile {
  return /=>/.test(text) ? parseRuby(text, source) : parseList(text, source);
}

function colourOf(name: string): string {
  const c = name.toLowerCase();
  return c === 'grey' ? 'gray' : (TWO_COLOURS[c] ?? c);
}

function parseList(text: string, source: string): TileDslFile {
  const tiles: DslTileEntry[] = [];
  let colour: string | null = null;
  text.split(/\r\n|\r|\n/).forEach((raw, k) => {
    const where = `line ${k + 1}`;
    const line = raw.replace(/^\uFEFF/, '').trim();
    if (line === '' || line.startsWith('#')) return;
    // "yellow:" is a heading; "blank:" (not a colour) is a tile with no track.
    const heading = /^([A-Za-z][A-Za-z0-9-]*):$/.exec(line);
    if (heading && COLOURS.has(heading[1]!.toLowerCase())) {
      colour = colourOf(heading[1]!);
      return;
    }
    const m = /^([^:()\s][^:()]*?)\s*(?:\(\s*([A-Za-z][A-Za-z0-9-]*)\s*\))?\s*:\s*(.*)$/.exec(line);
    if (!m) throw new InputError(source, where, `expected "name: code" (e.g. "57: city=revenue:20;path=a:0,b:_0"), a colour heading such as "yellow:", or a # comment, got ${quoted(line)}`);
    const own = m[2] ? colourOf(m[2]) : null;
    if (own && !COLOURS.has(own)) throw new InputError(source, where, `expected a tile colour in the parentheses, got ${quoted(m[2]!)}`);
    const c = own ?? colour;
    if (!c) throw new InputError(source, where, 'expected a colour heading (yellow:, green:, brown:, gray:) before the first tile, or "name (colour): code"');
    if (tiles.length >= MAX_TILES) throw new InputError(source, where, `expected at most ${MAX_TILES} tiles in one file`);
    tiles.push({ name: m[1]!.trim(), colour: c, code: m[3]!.trim(), where });
  });
  return { tiles, references: [], skipped: [] };
}

// ── Ruby literals ─────────────────────────────────────────────────────────

type Token = { kind: 'str' | 'int' | 'ident' | 'punct'; text: string; line: number };

function tokenize(text: string, source: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') {
      line++;
      i++;
    } else if (/\s/.test(ch) || ch === '\\') i++;
    else if (ch === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (ch === "'" || ch === '"') {
      const start = line;
      let s = '';
      i++;
      while (i < text.length && text[i] !== ch) {
        if (text[i] === '\\' && i + 1 < text.length) {
          s += text[i + 1];
          i += 2;
          continue;
        }
        if (text[i] === '\n') line++;
        s += text[i];
        i++;
      }
      if (i >= text.length) throw new InputError(source, `line ${start}`, 'expected the string to be closed (the file ends inside it)');
      i++;
      // Adjacent literals ('a' 'b', or split over lines with a trailing \) are one string, as in Ruby.
      const prev = out[out.length - 1];
      if (prev?.kind === 'str') prev.text += s;
      else out.push({ kind: 'str', text: s, line: start });
    } else if (/[0-9]/.test(ch)) {
      let s = '';
      while (i < text.length && /[0-9_]/.test(text[i]!)) s += text[i++];
      out.push({ kind: 'int', text: s.replace(/_/g, ''), line });
    } else if (/[A-Za-z_]/.test(ch)) {
      let s = '';
      while (i < text.length && /[A-Za-z0-9_?!]/.test(text[i]!)) s += text[i++];
      out.push({ kind: 'ident', text: s, line });
    } else if (text.startsWith('=>', i)) {
      out.push({ kind: 'punct', text: '=>', line });
      i += 2;
    } else {
      out.push({ kind: 'punct', text: ch, line });
      i++;
    }
  }
  return out;
}

type Value = { kind: 'str'; text: string } | { kind: 'int'; value: number } | { kind: 'hash'; entries: [string, Value, number][] } | { kind: 'other' };

type Hash = Extract<Value, { kind: 'hash' }>;

/** Reads the values of a tokenized Ruby file from position `p` on: strings, integers, hashes; anything else is skipped. */
class RubyReader {
  p = 0;
  readonly tokens: Token[];

  constructor(
    text: string,
    private readonly source: string,
  ) {
    this.tokens = tokenize(text, source);
  }

  fail(expected: string): never {
    const t = this.tokens[Math.min(this.p, this.tokens.length - 1)];
    throw new InputError(this.source, `line ${t?.line ?? 1}`, expected);
  }

  value(depth: number): Value {
    const tokens = this.tokens;
    const t = tokens[this.p];
    if (!t) return this.fail('expected a value, got the end of the file');
    if (t.kind === 'str') {
      this.p++;
      return { kind: 'str', text: t.text };
    }
    if (t.kind === 'int') {
      this.p++;
      return { kind: 'int', value: Number(t.text) };
    }
    if (t.kind === 'punct' && t.text === '{') return this.hash(depth + 1);
    // Anything else (a constant, an array, a method call): skip to the end of this entry.
    let level = 0;
    while (this.p < tokens.length) {
      const u = tokens[this.p]!;
      if (u.kind === 'punct' && (u.text === '{' || u.text === '[' || u.text === '(')) level++;
      else if (u.kind === 'punct' && (u.text === '}' || u.text === ']' || u.text === ')')) {
        if (level === 0) break;
        level--;
      } else if (u.kind === 'punct' && u.text === ',' && level === 0) break;
      this.p++;
    }
    return { kind: 'other' };
  }

  hash(depth: number): Hash {
    const tokens = this.tokens;
    if (depth > DEFAULT_LIMITS.maxNesting) this.fail(`expected hashes nested at most ${DEFAULT_LIMITS.maxNesting} deep (docs/limits.md)`);
    this.p++; // {
    const entries: [string, Value, number][] = [];
    while (this.p < tokens.length && !(tokens[this.p]!.kind === 'punct' && tokens[this.p]!.text === '}')) {
      const key = tokens[this.p]!;
      if (key.kind !== 'str' && key.kind !== 'int' && key.kind !== 'ident') this.fail(`expected a hash key such as '57', got ${quoted(key.text)}`);
      this.p++;
      if (key.kind === 'ident' && tokens[this.p]?.text === ':') this.p++; // key: value
      else if (tokens[this.p]?.text === '=>') this.p++;
      else this.fail(`expected "=>" after the key ${quoted(key.text)}`);
      entries.push([key.text, this.value(depth), key.line]);
      if (tokens[this.p]?.text === ',') this.p++;
    }
    if (this.p >= tokens.length) this.fail('expected "}" to close the hash (the file ends inside it)');
    this.p++; // }
    return { kind: 'hash', entries };
  }
}

function parseRuby(text: string, source: string): TileDslFile {
  const reader = new RubyReader(text, source);
  const tokens = reader.tokens;
  const tiles: DslTileEntry[] = [];
  const references: { name: string; count: number }[] = [];
  const skipped: SkippedItem[] = [];
  const add = (entry: DslTileEntry) => {
    if (tiles.length >= MAX_TILES) reader.fail(`expected at most ${MAX_TILES} tiles in one file`);
    tiles.push(entry);
  };
  // Top level: CONSTANT = { … } (other statements are passed over).
  while (reader.p < tokens.length) {
    const t = tokens[reader.p]!;
    const name = t.text.toLowerCase();
    if (t.kind === 'ident' && /^[A-Z][A-Z_0-9]*$/.test(t.text) && tokens[reader.p + 1]?.text === '=' && tokens[reader.p + 2]?.text === '{' && (COLOURS.has(name) || name === 'tiles')) {
      reader.p += 2;
      const h = reader.hash(1);
      if (COLOURS.has(name)) readColourHash(reader, t.text, name, h, add);
      else if (name === 'tiles') readTilesHash(source, h, add, references, skipped);
      continue;
    }
    reader.p++;
  }
  if (!tiles.length && !references.length && !skipped.length) throw new InputError(source, 'line 1', "expected 18xx.games tile hashes (YELLOW = { '57' => 'city=…' }) or a game's TILES = { … }, found none");
  return { tiles, references, skipped };
}

/** YELLOW = { '57' => 'city=…', … }: tile codes of one colour. */
function readColourHash(reader: RubyReader, constant: string, colour: string, h: Hash, add: (entry: DslTileEntry) => void): void {
  for (const [key, v, line] of h.entries) {
    if (v.kind !== 'str') reader.fail(`expected tile code strings in ${constant}, got something else for ${quoted(key)} (line ${line})`);
    add({ name: key, colour: colourOf(colour), code: (v as { text: string }).text, where: `line ${line}` });
  }
}

/** A game's TILES = { … }: counts of standard tiles, or hashes of code, colour and count. */
function readTilesHash(source: string, h: Hash, add: (entry: DslTileEntry) => void, references: { name: string; count: number }[], skipped: SkippedItem[]): void {
  for (const [key, v, line] of h.entries) {
    if (v.kind === 'int') references.push({ name: key, count: v.value });
    // A count computed in Ruby (a constant, a call) is not read: say so rather than drop the tile.
    else if (v.kind !== 'hash') skipped.push({ id: key, reason: `line ${line}: expected a count or a hash of 'code', 'color' and 'count', got an expression Sandtable does not evaluate` });
    else if (v.kind === 'hash') {
      const get = (k: string) => v.entries.find(([n]) => n === k)?.[1];
      const code = get('code');
      const color = get('color');
      const count = get('count');
      if (code?.kind !== 'str' || color?.kind !== 'str') throw new InputError(source, `line ${line}`, `expected 'code' and 'color' strings for tile ${quoted(key)}`);
      add({ name: key, colour: colourOf(color.text), code: code.text, ...(count?.kind === 'int' ? { count: count.value } : {}), where: `line ${line}` });
    }
  }
}

/**
 * The file's tiles as track tiles (id and name = the 18xx.games name), with what the DSL could
 * not model (`ignored`: parts of tiles) and the file's entries that are not tiles (`skipped`).
 */
export function tilesFromDslFile(file: TileDslFile, source: string): { tiles: TrackTile[]; ignored: string[]; skipped: SkippedItem[] } {
  const seen = new Map<string, string>();
  const tiles: TrackTile[] = [];
  const ignored: string[] = [];
  for (const e of file.tiles) {
    const prev = seen.get(e.name);
    if (prev !== undefined) throw new InputError(source, e.where, `expected each tile name once; ${quoted(e.name)} is already defined at ${prev}`);
    seen.set(e.name, e.where);
    const r = parseTileDsl(e.code, { id: e.name, name: e.name, colour: e.colour, source: `${source}, ${e.where} (tile ${quoted(e.name, 30)})` });
    tiles.push({ ...r.tile, source: '18xx.games' });
    for (const i of r.ignored) ignored.push(`${e.name}: ${i}`);
  }
  return { tiles, ignored, skipped: [...file.skipped] };
}
