/**
 * Admissible SCALE-RATIOs of substitute maps (SPEC §7; patent "The preferred embodiment of
 * an AL-VECTOR-ENGINE produces smaller-scale AL-FORM-MAPS with scale ratios … of even integer
 * numbers"). A substitute is centred on its large tile and every VERTEX of the large tile
 * must land exactly on the centre of a small AREA tile (AREA-EVEN rule, SPEC §3). Working in
 * the small grid's coordinates with the large tile's centre at anchor c, the rule per lattice:
 *
 * - square: the vertices are c + (±r/2, ±r/2). Two opposite vertices both even ⇔ their
 *   difference r is even; then c ≡ r/2 (mod 2) on both axes works. Ratios: even (step 2).
 * - offset-square (brick, 120° axial, unit centre (x, y − x/2)): the six vertices (4 square
 *   corners + the midpoints of the left/right sides, where three bricks meet) are
 *   c + (±r/2, ±r/2 ± r/4) and c + (±r/2, ±r/4). Integer y needs 4 | r; with r = 4m, x even
 *   needs c.x even and y even needs c.y ≡ m. Ratios: multiples of 4.
 * - hex (same flat-top orientation; hex-rectangle, hex-hexagon, and the globe): the large
 *   corner at angle 0 is r·(1/√3, 0) in the small unit frame = 120° axial (2r/3, r/3) = cube
 *   k·(2, −1, −1), k = r/3, and the others are its 60° rotations. Integer needs 3 | r; all
 *   six corners even for some anchor forces k even (x-components 2k and −k share c.x's
 *   parity), and then c is an area tile. Ratios: multiples of 6.
 *
 * The globe derives to a flat hex map: around a non-pentagon reference tile the icosahedron
 * grid is locally the flat hex lattice (6 neighbours, same transformation set), so its
 * substitutes are the hex ones. A pentagon (degree 5) has no flat hex neighbourhood and is
 * never the reference tile (patent: "the pentagon TILES … may never be a reference AREA-TILE").
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid, GridKind } from '../../grid/types.js';
import { GRID_KINDS } from '../../grid/types.js';
import { TILE_CLASS_NAMES, TileClass, classifyTile } from '../../alform/classify.js';
import type { SubstituteLattice } from '../../map/meta.js';

export function substituteLattice(kind: GridKind): SubstituteLattice {
  switch (kind) {
    case 'square':
      return 'square';
    case 'offset-square':
      return 'offset-square';
    case 'hex-rectangle':
    case 'hex-hexagon':
    case 'icosahedron':
      return 'hex';
    default:
      throw new Error(`grid kind must be one of ${GRID_KINDS.join(', ')}, got ${JSON.stringify(kind)}`);
  }
}

const STEP: Record<SubstituteLattice, number> = { square: 2, 'offset-square': 4, hex: 6 };

/** Every admissible ratio of this kind is a positive multiple of this (see the header). */
export function ratioStep(kind: GridKind): number {
  return STEP[substituteLattice(kind)];
}

export function isAdmissibleRatio(kind: GridKind, ratio: number): boolean {
  const step = ratioStep(kind);
  return Number.isInteger(ratio) && ratio >= step && ratio % step === 0;
}

/** Throws unless `ratio` is admissible for `kind`. */
export function checkRatio(kind: GridKind, ratio: number): void {
  if (!isAdmissibleRatio(kind, ratio)) {
    const step = ratioStep(kind);
    throw new Error(`${kind} substitute ratio must be a positive multiple of ${step} (${step}, ${2 * step}, ${3 * step} …), got ${ratio}`);
  }
}

/** Admissible ratios of `kind` up to `max` inclusive, ascending. */
export function admissibleRatios(kind: GridKind, max: number): number[] {
  if (!Number.isFinite(max)) throw new Error(`max ratio must be a finite number, got ${max}`);
  const step = ratioStep(kind);
  const out: number[] = [];
  for (let r = step; r <= max; r += step) out.push(r);
  return out;
}

/**
 * The admissible ratio closest to `wanted` (e.g. 1:10 on hex → 12). Ties go to the larger
 * ratio so the derived map is never coarser than asked; anything below the step gives the step.
 */
export function nearestAdmissibleRatio(kind: GridKind, wanted: number): number {
  if (!Number.isFinite(wanted) || wanted <= 0) throw new Error(`wanted ratio must be a positive number, got ${wanted}`);
  const step = ratioStep(kind);
  const below = Math.max(step, Math.floor(wanted / step) * step);
  const above = below >= wanted ? below : below + step;
  return wanted - below < above - wanted ? below : above;
}

/**
 * Throws unless tile `tile` of `grid` (an AL-FORM map) can be the reference tile of a
 * derivation: an AREA tile on the map, and not a globe pentagon.
 */
export function checkReference(grid: Grid, tile: number): void {
  if (!Number.isInteger(tile) || tile < 0 || tile >= grid.tileCount) {
    throw new Error(`reference tile must be a tile index 0 … ${grid.tileCount - 1}, got ${tile}`);
  }
  if (grid.isPentagon(tile)) {
    throw new Error(`reference tile ${tile} (${grid.kind} ${JSON.stringify(grid.coord(tile))}) is a pentagon; a pentagon is never the reference tile (SPEC §7) — pick an adjoining hexagon`);
  }
  const code = classifyTile(grid, tile);
  if (code !== TileClass.AREA) {
    throw new Error(`reference tile must be an AREA tile, got ${TILE_CLASS_NAMES[code]} tile ${tile} at ${JSON.stringify(grid.coord(tile))}`);
  }
}
