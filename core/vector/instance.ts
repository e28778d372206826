/**
 * Instances: a vector tile placed on a map as (tile, mirror + rotation, translation, scale)
 * (SPEC §6; patent AL-FORM-MAP ASSEMBLY for the scale). The orientation must be one the
 * tile class allows (SPEC §3, core/alform `allowedOrientations`); translation and scale take
 * the oriented tile from its own space (inscribed radius 1, shape.ts) to map space.
 *
 * Scale: on a plain map of TILE-SPACING s a tile's inscribed diameter is s, so scale = s/2;
 * on an AL-FORM map area-tile instances reach across the linear tiles between them to meet
 * the next area instance (inscribed diameter 2s, SPEC §5 (A)), so scale = s.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Orientation } from '../alform/classify.js';
import { orientElement, orientationMatrix } from './orientation.js';
import type { VectorElement, VectorTile } from './types.js';
import type { Affine, Vec2 } from './vec2.js';
import { composeAffine, distance } from './vec2.js';

export interface VectorInstance {
  /** Id of the vector tile. */
  readonly tile: string;
  readonly orientation: Orientation;
  readonly translation: Vec2;
  /** Tile units → map units; 1 when absent. */
  readonly scale?: number;
}

/** Scale of an instance on a map of the given TILE-SPACING (see the module header). */
export const instanceScale = (tileSpacing: number, alformArea: boolean): number => (alformArea ? tileSpacing : tileSpacing / 2);

/** Two orientations that move the shape the same way (mirror y = mirror x + 180°). */
export function sameOrientation(a: Orientation, b: Orientation): boolean {
  const m = orientationMatrix(a), n = orientationMatrix(b);
  return m.every((v, i) => Math.abs(v - n[i]!) < 1e-9);
}

export const isAllowedOrientation = (o: Orientation, allowed: readonly Orientation[]): boolean => allowed.some((a) => sameOrientation(a, o));

/** Tile space → map space. */
export function instanceMatrix(inst: VectorInstance): Affine {
  const k = inst.scale ?? 1;
  return composeAffine([k, 0, 0, k, inst.translation[0], inst.translation[1]], orientationMatrix(inst.orientation));
}

/** The tile's elements in map space. Throws when the instance names another tile or a bad scale. */
export function placeTile(tile: VectorTile, inst: VectorInstance, allowed?: readonly Orientation[]): VectorElement[] {
  if (inst.tile !== tile.id) throw new Error(`instance of tile "${inst.tile}" placed with tile "${tile.id}"`);
  const k = inst.scale ?? 1;
  if (!(k > 0) || !Number.isFinite(k)) throw new RangeError(`instance scale must be a positive number, got ${k}`);
  if (allowed && !isAllowedOrientation(inst.orientation, allowed)) {
    throw new RangeError(`orientation (mirror ${inst.orientation.mirror}, ${inst.orientation.rotation}°) is not allowed for this tile class`);
  }
  const m = instanceMatrix(inst);
  return tile.elements.map((el) => orientElement(el, m));
}

export const samePoint = (a: Vec2, b: Vec2, tol = 1e-9): boolean => distance(a, b) <= tol;
