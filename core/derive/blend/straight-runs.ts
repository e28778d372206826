/**
 * The straight-run detector of seed 004 ("Step 5 — Validation Pass"), on AL-FORM maps: the
 * property test for SPEC §7 "no natural border with a straight run longer than 2 tiles".
 * Seed 004 defines a straight segment as "3 or more consecutive border-edge tiles that form a
 * line along any cardinal or diagonal axis without deviation"; here that is made exact per
 * lattice, in the map's own tile coordinates (fine tiles; area tiles at (even, even)).
 *
 * A BORDER tile is a linear edge tile whose two area tiles hold different NATURAL area
 * terrains (known to the catalogue, not human-curated). A FAMILY is a set of lines; on each
 * line the edge tiles are collinear and consecutive (no other edge tile lies between two of
 * them, and two neighbours on the line are neighbours along a border), so a straight run is
 * a maximal sequence of border tiles of one line. Its LENGTH is measured in tiles (area-tile
 * spacings) along the line, and a run longer than 2 tiles is what the rule forbids.
 *
 * - square (cartesian): an X-EDGE tile (odd x, even y) separates its left and right area
 *   tiles; a north–south border is a column of X-EDGE tiles two tiles apart (the VERTEX tiles
 *   between join no area tiles). Likewise Y-EDGE tiles along a row. Two families; each edge
 *   is a whole tile long, so 3 border tiles in a line are too many.
 * - hex (120° axial, flat-top): every linear tile is an edge tile: (odd, even) joins the area
 *   tiles (x ± 1, y), (even, odd) joins (x, y ± 1), (odd, odd) joins (x ± 1, y ± 1). A line of
 *   constant odd x, odd y or odd y − x holds only edge tiles, centres collinear and one tile
 *   apart: the border between two rows of large hexagons zig-zags along it edge by edge,
 *   which is what a straight border looks like on hexagons. Three families, step 1.
 *   Each edge tile carries the run half a large tile along (two per large hexagon side by
 *   side), so runs are 5 or more edge tiles. Counting 3 edge tiles would forbid every
 *   border: two edges meeting at a corner are neighbouring fine tiles on one such line, so
 *   three edges that turn left then right are collinear, and only the outline of a single
 *   hexagon never turns both ways (a border along two hexagons already has 4 in a line).
 * - offset-square (bricks: unit centre (x, y − x/2); large bricks 2 × 2 tiles, columns offset
 *   by one tile): the topology is hex's, and so are the families, straight in brick geometry
 *   too: constant odd x is a vertical column boundary (half sides, one tile apart);
 *   constant odd y and constant odd y − x are the two staircases of slope ∓1/2 (a brick top,
 *   a half side, the next column's top …, centres collinear). Half a brick per edge tile,
 *   as on hex. The tops of every other column also lie on one horizontal line, but two of
 *   them are not consecutive along any border (it must step round the brick of the column
 *   between), just as hex's tops in the corner directions; a border keeping to one row of
 *   tops is the brick's crenellation, and is not counted.
 *
  * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../../map/terrain-map.js';
import type { TerrainCatalogue } from '../../terrain/types.js';
import { findTerrain } from '../../terrain/lookup.js';
import { columnStart } from '../../grid/hex/column-grid.js';
import type { LatticeKind } from './lattice.js';
import { windowTiles } from './window.js';

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
  /** Length of the longest straight run, in tiles (0 when the map has no natural border). */
  readonly longest: number;
  /** How many maximal runs are longer than 2 tiles. */
  readonly runsOver2: number;
}

/** One family of lines of edge tiles, in fine tile coordinates. */
export interface RunFamily {
  readonly name: string;
  /** Whether tile (x, y) is an edge tile of this family. */
  member(x: number, y: number): boolean;
  /** From one edge tile of a line to the next. */
  readonly step: readonly [number, number];
  /** The edge tile (x, y) joins the area tiles (x, y) ± across(x, y). */
  across(x: number, y: number): readonly [number, number];
  /** How far one edge tile carries the run along, in tiles (area-tile spacings). */
  readonly tilesPerEdge: number;
}

const odd = (v: number): boolean => (v & 1) === 1;
const axialAcross = (x: number, y: number): [number, number] => [x & 1, y & 1];

const SQUARE_FAMILIES: readonly RunFamily[] = [
  { name: 'north–south', member: (x, y) => odd(x) && !odd(y), step: [0, 2], across: () => [1, 0], tilesPerEdge: 1 },
  { name: 'east–west', member: (x, y) => !odd(x) && odd(y), step: [2, 0], across: () => [0, 1], tilesPerEdge: 1 },
];
const AXIAL_FAMILIES: readonly RunFamily[] = [
  { name: 'x', member: (x) => odd(x), step: [0, 1], across: axialAcross, tilesPerEdge: 0.5 },
  { name: 'y', member: (_x, y) => odd(y), step: [1, 0], across: axialAcross, tilesPerEdge: 0.5 },
  { name: 'y − x', member: (x, y) => odd(y - x), step: [1, 1], across: axialAcross, tilesPerEdge: 0.5 },
];

/** The run families of an AL-FORM lattice. */
export function runFamilies(lattice: LatticeKind): readonly RunFamily[] {
  switch (lattice) {
    case 'square':
      return SQUARE_FAMILIES;
    case 'hex':
    case 'brick':
      return AXIAL_FAMILIES;
  }
}

/** Finds every straight run of natural border on a square, hex-rectangle or offset-square AL-FORM map. */
export function straightRuns(map: TerrainMap, catalogue: TerrainCatalogue): StraightRunReport {
  const tiles = windowTiles({ map, originX: 0, originY: 0 });
  const { width, height } = map.spec.size as { width: number; height: number };
  const square = tiles.lattice === 'square';
  const tileAt = (x: number, y: number): number => {
    if (x < 0 || x >= width) return -1;
    if (square) return y >= 0 && y < height ? y * width + x : -1;
    const k = y - columnStart('alform', x);
    return k >= 0 && k < height ? x * height + k : -1;
  };
  const t = map.layers.terrain;
  const natural = naturalAreaFlags(map, catalogue);
  const isBorder = (fam: RunFamily, x: number, y: number): boolean => {
    if (tileAt(x, y) < 0) return false;
    const [dx, dy] = fam.across(x, y);
    const a = tileAt(x - dx, y - dy);
    const b = tileAt(x + dx, y + dy);
    if (a < 0 || b < 0) return false;
    const ta = t[a]!;
    const tb = t[b]!;
    return ta !== tb && natural[ta] === 1 && natural[tb] === 1;
  };
  let longest = 0;
  let runsOver2 = 0;
  for (const fam of runFamilies(tiles.lattice)) {
    const [sx, sy] = fam.step;
    for (let n = 0; n < tiles.count; n++) {
      const x = tiles.gx[n]!;
      const y = tiles.gy[n]!;
      // Count each maximal run once, from its first tile.
      if (!fam.member(x, y) || !isBorder(fam, x, y) || isBorder(fam, x - sx, y - sy)) continue;
      let run = 1;
      while (isBorder(fam, x + run * sx, y + run * sy)) run++;
      const length = run * fam.tilesPerEdge;
      if (length > longest) longest = length;
      if (length > 2) runsOver2++;
    }
  }
  return { longest, runsOver2 };
}
