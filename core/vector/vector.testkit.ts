/**
 * Hand-made vector tiles of every shape for the tests, with the indicators they must have.
 */
import { TileClass, allowedOrientations } from '../alform/classify.js';
import { seededRandom } from '../util/random.js';
import type { Curve } from './bezier.js';
import { curveFromCubics, lineCubic } from './bezier.js';
import type { TileShape } from './shape.js';
import { HEX, HEX_R, OFFSET_SQUARE, PENTAGON, SQUARE, edgeOf, edgePoint } from './shape.js';
import { orientTile } from './orientation.js';
import type { LineElement, VectorElement, VectorTile } from './types.js';
import type { Vec2 } from './vec2.js';

/** A straight polyline as a curve. */
export function poly(points: readonly Vec2[], closed = false): Curve {
  const pts = closed ? [...points, points[0]!] : points;
  const cubics = [];
  for (let i = 0; i + 1 < pts.length; i++) cubics.push(lineCubic(pts[i]!, pts[i + 1]!));
  return curveFromCubics(cubics, closed);
}

/** A smooth cubic from a to b with handles pulled towards the centre. */
export function bend(a: Vec2, b: Vec2, pull = 0.5): Curve {
  return { points: [a, [a[0] * (1 - pull), a[1] * (1 - pull)], [b[0] * (1 - pull), b[1] * (1 - pull)], b], closed: false };
}

export const on = (shape: TileShape, dir: number, t: number): Vec2 => edgePoint(edgeOf(shape, dir), t);

/** A tile built inline by a test. */
export const tileOf = (id: string, shape: TileShape, ...elements: VectorElement[]): VectorTile => ({ id, shape, elements });

/** A line of `terrain` (its id too) bending from edge `from[0]` at t = `from[1]` to edge `to[0]` at t = `to[1]`. */
export function edgeLine(shape: TileShape, terrain: string, from: readonly [number, number], to: readonly [number, number]): LineElement {
  return { kind: 'line', id: terrain, terrain, curve: bend(on(shape, ...from), on(shape, ...to)) };
}

/** Square: a road top (t .3) → right (t .75); forest in the bottom-left corner; a lake; a peak. */
export const SQUARE_TILE: VectorTile = {
  id: 'sq',
  shape: SQUARE,
  elements: [
    { kind: 'line', id: 'road', terrain: 'road', curve: bend([-0.4, 1], [1, -0.5]) },
    { kind: 'area', id: 'wood', terrain: 'forest', side: 'right', curve: bend([-1, -0.2], [-0.2, -1], 0.3) },
    { kind: 'area', id: 'lake', terrain: 'lake', side: 'left', curve: poly([[0.2, 0.1], [0.5, 0.1], [0.5, 0.4], [0.2, 0.4]], true) },
    { kind: 'point', id: 'peak', terrain: 'peak', at: [-0.5, 0.3] },
  ],
};

/** Square in a forest with a clearing (a closed curve whose inside is outside): forest on every edge. */
export const CLEARING_TILE: VectorTile = {
  id: 'clearing',
  shape: SQUARE,
  elements: [{ kind: 'area', id: 'glade', terrain: 'forest', side: 'right', curve: poly([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]], true) }],
};

/** Offset-square: a road from the top (t .5) to the upper-right half (dir 1, t .5); a river SW → SE segments. */
export const OFFSET_TILE: VectorTile = {
  id: 'brick',
  shape: OFFSET_SQUARE,
  elements: [
    { kind: 'line', id: 'road', terrain: 'road', curve: bend(on(OFFSET_SQUARE, 0, 0.5), on(OFFSET_SQUARE, 1, 0.5)) },
    { kind: 'line', id: 'river', terrain: 'river', curve: bend(on(OFFSET_SQUARE, 4, 0.6), on(OFFSET_SQUARE, 2, 0.4), 0.2) },
  ],
};

/** Hex: a river 0 → 3; forest on the south-east half (a curve from the middle of edge 1 to the middle of edge 4); a hill contour loop. */
export const HEX_TILE: VectorTile = {
  id: 'hex',
  shape: HEX,
  elements: [
    { kind: 'line', id: 'river', terrain: 'river', curve: { points: [on(HEX, 0, 0.3), [-0.1, 0.5], [0.1, -0.5], on(HEX, 3, 0.6)], closed: false } },
    { kind: 'area', id: 'wood', terrain: 'forest', side: 'left', curve: poly([on(HEX, 1, 0.5), [0.2, 0.1], on(HEX, 4, 0.5)]) },
    { kind: 'area', id: 'c100', terrain: 'hill', side: 'left', height: 100, curve: poly([[-0.6, 0], [-0.3, -0.1], [-0.3, 0.3]], true) },
    { kind: 'point', id: 'well', terrain: 'well', at: [0.5, -0.5] },
  ],
};

/** Pentagon: a road 0 → 2 and a forest edge 3 → 4 with the forest towards the bottom corner. */
export const PENTAGON_TILE: VectorTile = {
  id: 'pent',
  shape: PENTAGON,
  elements: [
    { kind: 'line', id: 'road', terrain: 'road', curve: bend(on(PENTAGON, 0, 0.25), on(PENTAGON, 2, 0.5)) },
    { kind: 'area', id: 'wood', terrain: 'forest', side: 'left', curve: bend(on(PENTAGON, 3, 0.5), on(PENTAGON, 2, 0.8), 0.4) },
  ],
};

export { HEX_R };

/**
 * A seeded random tile: 1–3 curves between distinct edge slots (t ∈ {¼, ½, ¾}, so tiles
 * often match), lines of road or river, sometimes one forest edge.
 */
export function randomTile(shape: TileShape, random: () => number, id: string): VectorTile {
  const slots: [number, number][] = [];
  for (const e of shape.edges) for (const t of [0.25, 0.5, 0.75]) slots.push([e.dir, t]);
  const take = (): [number, number] => slots.splice(Math.floor(random() * slots.length), 1)[0]!;
  const elements: VectorTile['elements'][number][] = [];
  const n = 1 + Math.floor(random() * 3);
  for (let i = 0; i < n; i++) {
    const a = take();
    let b = take();
    while (b[0] === a[0]) {
      slots.push(b);
      b = take();
    }
    const curve = bend(on(shape, a[0], a[1]), on(shape, b[0], b[1]), 0.3 + 0.4 * random());
    if (i === 0 && random() < 0.4) elements.push({ kind: 'area', id: `a${i}`, terrain: 'forest', side: random() < 0.5 ? 'left' : 'right', curve });
    else elements.push({ kind: 'line', id: `l${i}`, terrain: random() < 0.5 ? 'road' : 'river', curve });
  }
  return { id, shape, elements };
}

/** Every allowed orientation of a few random tiles of a shape. */
export function variants(shape: TileShape, kind: 'square' | 'offset-square' | 'hex-rectangle', seed: number, count: number): VectorTile[] {
  const random = seededRandom(seed);
  const out: VectorTile[] = [];
  for (let i = 0; i < count; i++) {
    const tile = randomTile(shape, random, `${shape.name}-${i}`);
    for (const o of allowedOrientations(kind, TileClass.AREA)) out.push(orientTile(tile, o));
  }
  return out;
}

