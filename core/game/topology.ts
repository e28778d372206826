/**
 * Which hex lies beyond each side of a board hex, from the hex names alone. 18xx names put
 * hexes on a doubled grid: on flat boards (NS) the numbers of a column step by two, on
 * pointy boards (EW) the numbers of a row do, so a name is a screen point (h, v) with one
 * axis doubled, and a side is a fixed step on it (sides numbered as in core/track/types.ts).
 * Names such as Rails' `G-1` (numbers below 1) work too, which the grid placement refuses.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Board } from '../track/types.js';

/** Screen steps (dh, dv), v downward, for sides 0…5. */
const STEPS: Record<Board['orientation'], readonly (readonly [number, number])[]> = {
  // S, SW, NW, N, NE, SE
  NS: [
    [0, 2],
    [-1, 1],
    [-1, -1],
    [0, -2],
    [1, -1],
    [1, 1],
  ],
  // SW, W, NW, NE, E, SE
  EW: [
    [-1, 1],
    [-2, 0],
    [-1, -1],
    [1, -1],
    [2, 0],
    [1, 1],
  ],
};

const NAME = /^(@|[A-Z]+)(-?\d+)$/;

export function oppositeSide(side: number): number {
  return (side + 3) % 6;
}

function screen(name: string, board: Board): [number, number] | null {
  const m = NAME.exec(name);
  if (!m) return null;
  let letter = 0;
  for (const ch of m[1]!) letter = letter * 26 + (ch.charCodeAt(0) - 64);
  const number = Number(m[2]);
  return board.letterOrientation === 'vertical' ? [number, letter - 1] : [letter - 1, number];
}

/**
 * A hex's place on the doubled screen grid (h right, v down; one axis counts in half-hex
 * steps), or null for a name that is not an 18xx name: what the board drawing lays hexes out by
 * (core/render/game-board.ts), so a drawn neighbour is always the rules' neighbour.
 */
export function hexScreenPoint(name: string, board: Board): [number, number] | null {
  return screen(name, board);
}

/** For every hex of the board, its neighbour's name across each side (null: off the board). */
export function boardNeighbours(board: Board): Map<string, (string | null)[]> {
  const at = new Map<string, string>();
  const pos = new Map<string, [number, number]>();
  for (const h of board.hexes) {
    const p = screen(h.name, board);
    if (!p) continue;
    pos.set(h.name, p);
    at.set(`${p[0]},${p[1]}`, h.name);
  }
  const out = new Map<string, (string | null)[]>();
  for (const h of board.hexes) {
    const p = pos.get(h.name);
    out.set(
      h.name,
      STEPS[board.orientation].map(([dh, dv]) => (p ? (at.get(`${p[0] + dh},${p[1] + dv}`) ?? null) : null)),
    );
  }
  return out;
}
