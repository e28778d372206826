/**
 * The data a derivation works with (SPEC §7): substitute maps, where they come from, and
 * what a derived map records about its origin. Shared by the substitute generators
 * (core/derive/substitutes), the derivation (core/derive/derive.ts), the library store
 * and the app, so it holds types only.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { SubstituteLattice } from '../map/meta.js';

export type { SubstituteLattice } from '../map/meta.js';

/**
 * A substitute map of one terrain at one scale ratio on one small lattice: the small
 * AL-FORM tiles of `substituteOffsets(latticeKind(lattice), ratio)`, in that order.
 *
 * - Values are 1-based indices into `palette`; 0 is transparent (the substitute says
 *   nothing there and the blend takes what the neighbours give).
 * - An AREA terrain's substitute fills its area cells with area terrains (the terrain
 *   itself, clearings, ridges…) and may put linear terrains on linear cells (tree lines,
 *   streams, hedgerows); linear cells it leaves 0 carry nothing.
 * - A LINEAR terrain's substitute is drawn for the canonical linear tile: the large
 *   linear tile between the area tile at the substitute's AL-FORM offset (0, 0) and the one
 *   at (0, 2), i.e. the large tile at (0, 1) (square: a Y-EDGE; hex: the +Y axis tile;
 *   offset-square: a FULL-EDGE). Its feature runs across the substitute from the west side
 *   to the east side (model x), with decorations beside it (banks, fords, verges). Area
 *   cells are 0 except the decorations. The derivation turns it to each instance's class
 *   and routes the feature between the ports where the strategic network continues,
 *   following the drawn course where it can (core/derive/linear-route.ts).
 */
export interface Substitute {
  /** The terrain this substitute stands for. */
  readonly terrain: string;
  readonly lattice: SubstituteLattice;
  readonly ratio: number;
  /** Terrain ids; values index it 1-based. */
  readonly palette: readonly string[];
  /** One value per substitute tile, in `substituteOffsets` order. */
  readonly cells: Uint8Array;
}

/** Drawings of each natural terrain the default generators make (placement picks one per large tile by a hash of its position). */
export const SUBSTITUTE_VARIANTS = 4;

/** Where a derivation finds substitutes: a library, or the default generators. */
export interface SubstituteSource {
  /**
   * The substitute of `terrain` on `lattice` at `ratio`, or undefined when there is none.
   * `variant` (0 … SUBSTITUTE_VARIANTS − 1) asks for another drawing of the same ground, so
   * wide uniform ground does not repeat one picture; a source with one drawing (a library
   * substitute a designer made) answers it for every variant.
   */
  get(terrain: string, lattice: SubstituteLattice, ratio: number, variant?: number): Substitute | undefined;
}

// Its home is the map's metadata, with the validator that reads it back from files and the database.
export type { DerivedMeta } from '../map/meta.js';
