/**
 * One named type per coordinate system (SPEC §2) and per point space, so a conversion says
 * what it takes and what it gives, and a 60° axial pair cannot be passed where a 120° axial
 * one is expected — the same two numbers mean different tiles in the two systems.
 *
 * The types are tuples with a type-only tag (Excalidraw's `GlobalPoint`, honeycomb's
 * `CubeCoordinates`): at run time they are plain arrays, so they cost nothing and JSON,
 * destructuring and `number[]` parameters take them as they are. Each has a small factory;
 * the factory is the one place a plain pair becomes a tagged one.
 *
 * Two strengths of tag:
 * - coordinates carry a required tag: only a factory or a typed conversion makes one;
 * - model points carry an optional tag (a "flavour"): any plain array still passes where a
 *   model point is wanted (tests, literals, the grid contract), but a point tagged with
 *   another space — a screen point in the renderer — does not.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/**
 * Coordinate systems. `cartesian` (square), `axial120` / `axial60` (offset-square and hex),
 * `cube` (hex), `latlon` (icosahedron). The forms other tools use (offset, doubled, Tiled,
 * Wesnoth, 18xx) live in core/coords/ and convert through the preferred system.
 */
export type CoordSystem = 'cartesian' | 'axial120' | 'axial60' | 'cube' | 'latlon';

/** The tag: which coordinate system or space a tuple is in. Never present at run time. */
interface In<S extends string> {
  readonly __system: S;
}

/** Square maps: column x (east), row y (north). */
export type Cartesian = [x: number, y: number] & In<'cartesian'>;
/** Offset-square and hex maps: x south-east, y north (core/grid/hex/axial.ts). */
export type Axial120 = [x: number, y: number] & In<'axial120'>;
/** Hex maps: (cube.x, cube.y). */
export type Axial60 = [x: number, y: number] & In<'axial60'>;
/** Hex maps: x + y + z = 0. */
export type Cube = [x: number, y: number, z: number] & In<'cube'>;
/** The globe: latitude ring 0…3n from the north pole, longitude along the ring. */
export type LatLon = [lat: number, lon: number] & In<'latlon'>;

/** The coordinate type of each system, for code generic over `CoordSystem`. */
export interface CoordOf {
  cartesian: Cartesian;
  axial120: Axial120;
  axial60: Axial60;
  cube: Cube;
  latlon: LatLon;
}

// Compile-time check that CoordOf names every system and nothing else.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _everySystem: Same<keyof CoordOf, CoordSystem> = true;
void _everySystem;

export const cartesian = (x: number, y: number): Cartesian => [x, y] as Cartesian;
/**
 * The coordinate of `system` a grid computed as a plain tuple: the one step where a grid's
 * conversion (`Grid.toSystem`), generic over the system asked for, tags what it computed.
 */
export const inSystem = <S extends CoordSystem>(_system: S, c: number[]): CoordOf[S] => c as CoordOf[S];
export const axial120 = (x: number, y: number): Axial120 => [x, y] as Axial120;
export const axial60 = (x: number, y: number): Axial60 => [x, y] as Axial60;
export const cube = (x: number, y: number, z: number): Cube => [x, y, z] as Cube;
export const latLon = (lat: number, lon: number): LatLon => [lat, lon] as LatLon;

// ── point spaces ─────────────────────────────────────────────────────────

/** The flavour of model space: optional, so plain arrays pass and only other spaces are refused. */
interface InModel {
  readonly __system?: 'model';
}

/** A point in model space (y up; SPEC §2 layout): [x, y] on flat maps, [x, y, z] on the globe. */
export type ModelPoint = readonly number[] & InModel;
/** A model point as a grid computes it (`Grid.center`, `Grid.corners`): a fresh array the caller owns. */
export type GridPoint = number[] & InModel;
/** A flat model point that says so: what the renderer's camera hands to `grid.pick`. */
export type ModelXY = [x: number, y: number] & InModel;
/** A globe model point (unit sphere × radius). */
export type ModelXYZ = [x: number, y: number, z: number] & InModel;

export const modelXY = (x: number, y: number): ModelXY => [x, y];
export const modelXYZ = (x: number, y: number, z: number): ModelXYZ => [x, y, z];

/**
 * A point on the screen: CSS pixels from the canvas's top-left, y down. Core never makes
 * one; the renderer's cameras do, and the required tag keeps it out of `grid.pick`.
 */
export type ScreenPoint = [x: number, y: number] & In<'screen'>;

export const screenPoint = (x: number, y: number): ScreenPoint => [x, y] as ScreenPoint;
