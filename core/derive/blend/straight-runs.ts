/**
 * The straight-run detector of seed 004 ("Step 5 — Validation Pass"), on AL-FORM maps: the
 * property test for SPEC §7 "no natural border with a straight run longer than 2 tiles".
 *
 * A BORDER tile is a linear edge tile whose two area tiles hold different NATURAL area
 * terrains (known to the catalogue, not human-curated). On a square AL-FORM map an X-EDGE
 * tile (odd x, even y) separates left and right area tiles, so a straight border running
 * north–south is a column of X-EDGE tiles two tiles apart; likewise Y-EDGE tiles along a
 * row. A straight run is a maximal sequence of such border tiles along one axis.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../../map/terrain-map.js';
import type { TerrainCatalogue } from '../../terrain/types.js';
import { findTerrain } from '../../terrain/lookup.js';
import { windowSize } from './window.js';

/** Per palette value (0…palette length): 1 if it is a natural area terrain. */
export function naturalAreaFlags(map: TerrainMap, catalogue: TerrainCatalogue): Uint8Array {
  const flags = new Uint8Array(map.palette.length + 1);
  map.palette.forEach((id, k) => {
    const t = findTerrain(catalogue, id);
    if (t !== undefined && t.class === 'area' && !t.humanCurated) flags[k + 1] = 1;
  });
  return flags;
}

export interface StraightRunReport {
  /** Longest straight run, in border tiles (0 when the map has no natural border). */
  readonly longest: number;
  /** How many maximal runs are longer than 2 tiles. */
  readonly runsOver2: number;
}

/** Finds every straight run of natural border on a square AL-FORM map. */
export function straightRuns(map: TerrainMap, catalogue: TerrainCatalogue): StraightRunReport {
  const { width, height } = windowSize({ map, originX: 0, originY: 0 });
  const t = map.layers.terrain;
  const natural = naturalAreaFlags(map, catalogue);
  const isBorder = (a: number, b: number): boolean => a !== b && natural[a] === 1 && natural[b] === 1;
  let longest = 0;
  let runsOver2 = 0;
  const close = (run: number): void => {
    if (run > longest) longest = run;
    if (run > 2) runsOver2++;
  };
  // North–south runs: X-EDGE tiles at odd x, even y, stepping y by 2.
  for (let x = 1; x < width - 1; x += 2) {
    let run = 0;
    for (let y = 0; y < height; y += 2) {
      const row = y * width;
      if (isBorder(t[row + x - 1]!, t[row + x + 1]!)) run++;
      else {
        close(run);
        run = 0;
      }
    }
    close(run);
  }
  // East–west runs: Y-EDGE tiles at even x, odd y, stepping x by 2.
  for (let y = 1; y < height - 1; y += 2) {
    let run = 0;
    for (let x = 0; x < width; x += 2) {
      if (isBorder(t[(y - 1) * width + x]!, t[(y + 1) * width + x]!)) run++;
      else {
        close(run);
        run = 0;
      }
    }
    close(run);
  }
  return { longest, runsOver2 };
}
