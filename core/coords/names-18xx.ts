/**
 * 18xx hex names (Rails Map.xml, 18xx.games): a letter and a number, e.g. "A9", "F20".
 * Letters run A … Z, AA, AB … (A = index 0); numbers start at 0 (1830's off-board hexes
 * H0 and J0 use it; most boards start at 1). The two label a pair of
 * doubled coordinates, so only names whose letter index + number has the board's parity
 * exist: Rails' `even="A"` means letter A carries even numbers (index + number even),
 * `even="B"` the opposite (1830: A9, A11, B10, B12 …).
 *
 * Board description (Rails attributes):
 * - `tileOrientation` "EW": hexes have flat sides east and west (pointy-top); rows are
 *   straight and the column number is doubled. Shown with layout rotation 270.
 *   "NS": flat sides north and south (flat-top, our native look, rotation 0); columns are
 *   straight and the row number is doubled.
 * - `letterOrientation` "vertical": letters go down the side and name rows (A at the top),
 *   numbers name columns left to right. "horizontal": letters name columns (A at the left),
 *   numbers name rows top to bottom.
 *
 * Placement on our classic hex-rectangle (h = left→right index, v = top→down index, one of
 * them doubled): EW — our column x = v − v_min (a screen row), y grows to the right; NS —
 * x = h − h_min, and the top of each column is anchored at the map's top. The offset is the
 * smallest one that puts every valid name (letter ≥ A, number ≥ 0) on non-negative tiles,
 * so a few edge tiles of our map may have no valid name (they would need the number −1 or a
 * letter before A); naming those throws.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridSize } from '../grid/types.js';
import type { HexRectangleGrid } from '../grid/hex/hex-rectangle.js';
import { POINTY_TOP_ROTATION, describeMap, requireTile } from './common.js';

export interface HexNaming18xx {
  readonly tileOrientation: 'EW' | 'NS';
  readonly letterOrientation: 'vertical' | 'horizontal';
  /** The letter whose hexes carry even numbers (Rails' `even`). */
  readonly even: 'A' | 'B';
}

export interface HexName {
  /** 0-based: A = 0, Z = 25, AA = 26. */
  readonly letter: number;
  /** As printed, ≥ 0. */
  readonly number: number;
}

const NAME = /^([A-Z]+)([0-9]+)$/;

/** "AB12" → { letter: 27, number: 12 }. */
export function parseHexName(name: string): HexName {
  const m = NAME.exec(name);
  if (!m) throw new Error(`an 18xx hex name is capital letters then a number (e.g. "F20"), got ${JSON.stringify(name)}`);
  const digits = m[2]!;
  if (digits.length > 1 && digits.startsWith('0')) throw new Error(`18xx hex number must not have leading zeros, got ${JSON.stringify(name)}`);
  const number = Number(digits);
  if (m[1]!.length > 4) throw new Error(`18xx hex letters must be at most 4 long, got ${JSON.stringify(name)}`);
  let letter = 0;
  for (const ch of m[1]!) letter = letter * 26 + (ch.charCodeAt(0) - 64);
  return { letter: letter - 1, number };
}

/** { letter: 27, number: 12 } → "AB12". */
export function formatHexName(letter: number, number: number): string {
  if (!Number.isInteger(letter) || letter < 0) throw new Error(`18xx letter index must be an integer ≥ 0 (A = 0), got ${letter}`);
  if (!Number.isInteger(number) || number < 0) throw new Error(`18xx hex number must be an integer ≥ 0, got ${number}`);
  let s = '';
  for (let n = letter + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s + number;
}

/** How the names lie on a board: screen-aligned (h, v), both from 0, and the doubled-axis offset. */
interface Frame {
  readonly pointy: boolean;
  /** Required parity of h + v (= letter + number). */
  readonly parity: number;
  /** Doubled-axis constant (see `toOurs`). */
  readonly c: number;
}

function frame(naming: HexNaming18xx): Frame {
  checkNaming(naming);
  const parity = naming.even === 'A' ? 0 : 1;
  const pointy = naming.tileOrientation === 'EW';
  // First valid doubled value (≥ 0) in our column x: the doubled axis and x must add up to the parity.
  const first = (x: number): number => (parity + x) % 2;
  // EW: h = 2k − (x&1) + c must reach the first valid h of every row with k ≥ 0.
  // NS: v = 2t + (x&1) + c (t = rows below the top) must reach the first valid v of every column with t ≥ 0.
  const c = pointy ? Math.min(first(0), first(1) + 1) : Math.min(first(0), first(1) - 1);
  return { pointy, parity, c };
}

/** Our (x, k) on the classic map of height `height` for screen-aligned (h, v). */
function toOurs(f: Frame, h: number, v: number, height: number): [number, number] {
  if (f.pointy) return [v, (h - f.c + (v & 1)) / 2];
  return [h, height - 1 - (v - (h & 1) - f.c) / 2];
}

function screenOf(naming: HexNaming18xx, name: HexName): [number, number] {
  return naming.letterOrientation === 'vertical' ? [name.number, name.letter] : [name.letter, name.number];
}

function checkParity(naming: HexNaming18xx, f: Frame, name: string, parsed: HexName): void {
  if ((parsed.letter + parsed.number) % 2 !== f.parity) {
    const evenLetter = naming.even;
    throw new Error(
      `18xx hex ${JSON.stringify(name)} does not exist on a board with even="${evenLetter}": letter ${evenLetter} and every second letter from it carry even numbers, the others odd`,
    );
  }
}

/** Smallest classic hex-rectangle (and layout rotation) that holds every name in `names`. */
export function hexNamesPlacement(names: readonly string[], naming: HexNaming18xx): { size: GridSize & { kind: 'hex-rectangle' }; rotation: 0 | 270 } {
  const f = frame(naming);
  let width = 1;
  let height = 1;
  for (const name of names) {
    const parsed = parseHexName(name);
    checkParity(naming, f, name, parsed);
    const [h, v] = screenOf(naming, parsed);
    // With height 1 the NS k is 0 − t, so −k + 1 is the height this name needs.
    const [x, k] = toOurs(f, h, v, 1);
    width = Math.max(width, x + 1);
    height = Math.max(height, f.pointy ? k + 1 : 1 - k);
  }
  return { size: { kind: 'hex-rectangle', width, height }, rotation: f.pointy ? POINTY_TOP_ROTATION : 0 };
}

/** The tile named `name`; throws on a malformed name, the wrong parity, or a hex off the map. */
export function hexNameToTile(grid: HexRectangleGrid, naming: HexNaming18xx, name: string): number {
  checkGrid(grid);
  const f = frame(naming);
  const parsed = parseHexName(name);
  checkParity(naming, f, name, parsed);
  const [h, v] = screenOf(naming, parsed);
  const [x, k] = toOurs(f, h, v, grid.height);
  const t = x >= 0 && x < grid.width && k >= 0 && k < grid.height ? grid.indexXY(x, Math.floor(x / 2) + k) : -1;
  if (t < 0) throw new Error(`18xx hex ${JSON.stringify(name)} is not on this ${describeMap(grid)} map`);
  return t;
}

/** The 18xx name of a tile; throws for the few edge tiles whose name would need a letter before A or the number −1. */
export function tileToHexName(grid: HexRectangleGrid, naming: HexNaming18xx, index: number): string {
  checkGrid(grid);
  requireTile(grid, index);
  const f = frame(naming);
  const [x, y] = grid.coord(index) as [number, number];
  const k = y - Math.floor(x / 2);
  let h: number;
  let v: number;
  if (f.pointy) {
    v = x;
    h = 2 * k - (x & 1) + f.c;
  } else {
    h = x;
    v = 2 * (grid.height - 1 - k) + (x & 1) + f.c;
  }
  const [letter, number] = naming.letterOrientation === 'vertical' ? [v, h] : [h, v];
  if (letter < 0) throw new Error(`tile ${index} lies outside the named board: its letter would come before A`);
  if (number < 0) throw new Error(`tile ${index} lies outside the named board: its number would be ${number}`);
  return formatHexName(letter, number);
}

function checkNaming(naming: HexNaming18xx): void {
  if (naming.tileOrientation !== 'EW' && naming.tileOrientation !== 'NS') {
    throw new Error(`18xx tileOrientation must be "EW" or "NS", got ${JSON.stringify(naming.tileOrientation)}`);
  }
  if (naming.letterOrientation !== 'vertical' && naming.letterOrientation !== 'horizontal') {
    throw new Error(`18xx letterOrientation must be "vertical" or "horizontal", got ${JSON.stringify(naming.letterOrientation)}`);
  }
  if (naming.even !== 'A' && naming.even !== 'B') throw new Error(`18xx even must be "A" or "B", got ${JSON.stringify(naming.even)}`);
}

function checkGrid(grid: HexRectangleGrid): void {
  if (grid.kind !== 'hex-rectangle' || grid.shape !== 'classic') {
    throw new Error(`18xx hex names apply to classic hex-rectangle maps, got ${describeMap(grid)}${grid.kind === 'hex-rectangle' ? ` (${grid.shape})` : ''}`);
  }
}
