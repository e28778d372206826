/**
 * Map sizes the file-format coordinate tests (Tiled, Wesnoth) run every conversion on: one
 * tile, odd and even widths and heights, wider and taller than square.
 * Test-only; excluded from core's production type check.
 */
export const FORMAT_MAP_SIZES: readonly (readonly [width: number, height: number])[] = [
  [1, 1],
  [2, 3],
  [3, 4],
  [4, 3],
  [5, 4],
  [5, 5],
  [6, 2],
  [6, 6],
];
