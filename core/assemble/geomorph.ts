/**
 * Geomorph mode (seed 002, "On Geomorphic Tiles and Powers of Two"): corridor tiles whose
 * sides are open (a connector at the middle of the side) or solid, canonicalised by rotation
 * — on squares the seed's 6 styles (0000 … 1111 up to rotation) × 4 rotations, on hexagons
 * the 14 binary necklaces of 6 × 6 rotations, on offset squares (6 sides, 180° turns) 36
 * styles × 2 rotations — a solid outer boundary, weights that lower
 * the chance of solid sides (the seed's remedy 3), and connectivity guaranteed by the
 * solver's connectivity constraint rather than by luck (remedy 4). A mode of the one solver:
 * these are only a tile set, library options and assembly options.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Orientation } from '../alform/classify.js';
import type { TileShape } from '../vector/shape.js';
import { HEX, OFFSET_SQUARE, SQUARE, edgePoint } from '../vector/shape.js';
import type { VectorElement, VectorTile } from '../vector/types.js';
import type { LibraryOptions } from './library.js';
import type { AssembleOptions } from './solver-types.js';
import { ShapeClass } from './topology.js';

export const CORRIDOR = 'corridor';
export const ROCK = 'rock';

/**
 * The canonical side patterns: bit i = side i open; the least rotation of each necklace.
 * `step`: the shape's rotations move sides by multiples of it (1 for squares and hexagons; 3
 * for an offset square, which turns only by 180° — its 6 sides give 36 styles × 2 rotations).
 */
export function geomorphStyles(sides: number, step = 1): number[] {
  const rot = (m: number, k: number): number => ((m << k) | (m >>> (sides - k))) & ((1 << sides) - 1);
  const out: number[] = [];
  for (let m = 0; m < 1 << sides; m++) {
    let least = m;
    for (let k = step; k < sides; k += step) least = Math.min(least, rot(m, k));
    if (least === m) out.push(m);
  }
  return out;
}

/** One tile per style: a corridor from the centre to the middle of each open side; solid rock otherwise. */
export function geomorphTiles(shape: TileShape = SQUARE): VectorTile[] {
  const sides = shape.edges.length;
  return geomorphStyles(sides, shapeStep(shape)).map((mask) => {
    const elements: VectorElement[] = [];
    shape.edges.forEach((e, i) => {
      if (!(mask & (1 << i))) return;
      const p = edgePoint(e, 0.5);
      elements.push({ kind: 'line', id: `c${e.dir}`, terrain: CORRIDOR, curve: { points: [[0, 0], [p[0] / 3, p[1] / 3], [(2 * p[0]) / 3, (2 * p[1]) / 3], p], closed: false } });
    });
    if (mask === 0) elements.push({ kind: 'point', id: 'rock', terrain: ROCK, at: [0, 0] });
    const bits = shape.edges.map((_, i) => (mask & (1 << i) ? '1' : '0')).join('');
    return { id: `geomorph-${shape.name}-${bits}`, name: `Geomorph ${bits}`, shape, elements };
  });
}

/** Sides a rotation of the shape moves by: its symmetry (360° / sides a side). */
function shapeStep(shape: TileShape): number {
  return (shape.rotationStep * shape.edges.length) / 360;
}

export interface GeomorphOptions {
  /** Weight factor per solid side (default 0.3): lower means fewer solid sides. */
  readonly solidWeight?: number;
}

/** Library options: rotations only, weights lowered by each solid side. */
export function geomorphLibraryOptions(options: GeomorphOptions = {}): LibraryOptions {
  const solid = options.solidWeight ?? 0.3;
  const rotations = (step: number, n: number): Orientation[] => Array.from({ length: n }, (_, k) => ({ rotation: k * step, mirror: 'none' as const }));
  return {
    orientations: (cls) => (cls === ShapeClass.SQUARE ? rotations(90, 4) : cls === ShapeClass.HEX ? rotations(60, 6) : cls === ShapeClass.PENTAGON ? rotations(72, 5) : rotations(180, 2)),
    candidateWeight: (_tile, indicators) => indicators.reduce((w, e) => (e.positions.length > 0 ? w : w * solid), 1),
  };
}

/** Assembly options of the mode: a solid outer boundary and one connected corridor network. */
export function geomorphAssembleOptions(seed: number, rest: Omit<AssembleOptions, 'seed' | 'boundary' | 'connectivity'> = {}): AssembleOptions {
  return { ...rest, seed, boundary: 'closed', connectivity: { terrains: [CORRIDOR] } };
}

export const GEOMORPH_SHAPES = { square: SQUARE, 'offset-square': OFFSET_SQUARE, hex: HEX } as const;
