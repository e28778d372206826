/**
 * Battle for Wesnoth `.map` files: rows of comma-separated terrain codes (`Gg`, `Gg^Fds`,
 * `Ww`, `Xu`…; `^` adds an overlay to a base terrain), some prefixed with a player start
 * (`1 Kh`: player 1 starts on this keep). The outermost ring of the file is the border
 * (drawn dimmed, not playable). Files from Wesnoth ≤ 1.10 may begin with a header
 * (`usage=map`, `border_size=1`) and a blank line; `border_size=0` means no ring.
 *
 * This module reads and writes the file itself, losslessly (codes, starts, header); the
 * terrain mapping lives in wesnoth/terrain.ts.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from '../../util/input-error.js';
import { checkRectTiles, DEFAULT_LIMITS } from '../../util/limits.js';
import { quoted } from '../../util/bounded.js';

export interface WesnothStart {
  /** Player number or named start (`1`, `west`). */
  readonly player: string;
  /** Wesnoth coordinates: 1-based on the playable area, 0 and W+1 / H+1 on the border. */
  readonly x: number;
  readonly y: number;
}

export interface WesnothMapData {
  /** Playable size (without the border). */
  readonly width: number;
  readonly height: number;
  /** Whether the file holds the one-tile border ring (all current files do). */
  readonly border: boolean;
  /** Terrain codes row-major over the whole file ((W+2)×(H+2) with the border), without start prefixes. */
  readonly codes: readonly string[];
  readonly starts: readonly WesnothStart[];
  /** Old-style header lines, in order (`[["usage", "map"], ["border_size", "1"]]`). */
  readonly header: readonly (readonly [string, string])[];
}

/** A base code and an optional overlay: 1–4 characters each, no spaces, commas or carets. */
const CODE = /^[^\s,^]{1,4}(\^[^\s,^]{1,4})?$/;
const PLAYER = /^[A-Za-z0-9_]+$/;

export function parseWesnothMap(text: string, source: string): WesnothMapData {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (text.includes('\u0000')) throw new InputError(source, 'line 1', 'expected a text file of terrain codes (found NUL bytes: UTF-16 or binary?)');
  const header: [string, string][] = [];
  let i = 0;
  while (i < lines.length && lines[i]!.trim() === '') i++;
  // An old-style header is "key=value" lines ended by a blank line.
  if (i < lines.length && /^\s*[a-z_]+\s*=/.test(lines[i]!)) {
    while (i < lines.length && lines[i]!.trim() !== '') {
      const m = /^\s*([a-z_]+)\s*=\s*(.*?)\s*$/.exec(lines[i]!);
      if (!m) throw new InputError(source, `line ${i + 1}`, `expected a header line key=value or a blank line before the map rows, got ${quoted(lines[i]!, 40)}`);
      header.push([m[1]!, m[2]!]);
      i++;
    }
  }
  const borderSize = header.find(([k]) => k === 'border_size')?.[1] ?? '1';
  if (borderSize !== '0' && borderSize !== '1') throw new InputError(source, 'header border_size', `expected border_size=0 or 1, got ${quoted(borderSize, 20)}`);
  const border = borderSize === '1';
  const codes: string[] = [];
  const starts: WesnothStart[] = [];
  let cols = -1;
  let rows = 0;
  let lastLine = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    lastLine = i + 1;
    const cells = line.split(',');
    if (cols < 0) {
      cols = cells.length;
      checkRectTiles(cols, 1, source, `line ${i + 1}`, 'first row', DEFAULT_LIMITS);
    } else if (cells.length !== cols) {
      throw new InputError(source, `line ${i + 1}`, `expected ${cols} terrain codes like the rows above, got ${cells.length} (every row of a map has the same width)`);
    }
    // Checked row by row, before the row's codes are kept: the file's rows so far × its width.
    checkRectTiles(cols, rows + 1, source, `line ${i + 1}`, 'map', DEFAULT_LIMITS);
    let column = 1;
    cells.forEach((raw, c) => {
      const where = `line ${i + 1}, column ${column + (raw.length - raw.trimStart().length)}`;
      const words = raw.trim().split(/\s+/);
      const code = words.pop() ?? '';
      if (!CODE.test(code)) {
        throw new InputError(source, where, `expected a terrain code such as "Gg" or "Gg^Fds", got ${quoted(raw.trim(), 20)}`);
      }
      for (const player of words) {
        if (!PLAYER.test(player)) throw new InputError(source, where, `expected a player start such as "1 Kh", got ${quoted(raw.trim(), 20)}`);
        starts.push({ player, x: c + (border ? 0 : 1), y: rows + (border ? 0 : 1) });
      }
      codes.push(code);
      column += raw.length + 1;
    });
    rows++;
  }
  const b = border ? 2 : 0;
  if (rows === 0) throw new InputError(source, `line ${lines.length}`, 'expected rows of comma-separated terrain codes, got none (empty map)');
  if (cols - b < 1 || rows - b < 1) {
    throw new InputError(source, `line ${lastLine}`, `expected at least ${1 + b}×${1 + b} codes (a playable tile${border ? ' inside the border ring' : ''}), got ${cols}×${rows}`);
  }
  return { width: cols - b, height: rows - b, border, codes, starts, header };
}

export function writeWesnothMap(data: WesnothMapData): string {
  const b = data.border ? 2 : 0;
  const cols = data.width + b;
  const rows = data.height + b;
  if (data.codes.length !== cols * rows) throw new Error(`a ${data.width}x${data.height} Wesnoth map${data.border ? ' with its border' : ''} needs ${cols * rows} codes, got ${data.codes.length}`);
  const prefix = new Map<number, string[]>();
  const o = data.border ? 0 : 1;
  for (const s of data.starts) {
    const c = s.x - o;
    const r = s.y - o;
    if (c < 0 || c >= cols || r < 0 || r >= rows) throw new Error(`player ${s.player} starts at (${s.x}, ${s.y}), outside the ${data.width}x${data.height} map`);
    const k = r * cols + c;
    prefix.set(k, [...(prefix.get(k) ?? []), s.player]);
  }
  const lines: string[] = [];
  if (data.header.length) {
    for (const [k, v] of data.header) lines.push(`${k}=${v}`);
    lines.push('');
  }
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < cols; c++) {
      const k = r * cols + c;
      const code = data.codes[k]!;
      if (!CODE.test(code)) throw new Error(`"${code}" is not a Wesnoth terrain code`);
      const p = prefix.get(k);
      cells.push(p ? `${p.join(' ')} ${code}` : code);
    }
    lines.push(cells.join(', '));
  }
  return `${lines.join('\n')}\n`;
}
