/**
 * Orientations of a library tile: the dihedral group of its shape (SPEC §3 "orientations
 * allowed for a REPRESENTATION": rotations in steps of the shape's symmetry, and mirrors).
 *
 * Edges are numbered in the grid's direction order (SPEC §2): edge 0 is the top edge (+Y),
 * then clockwise. Orientation code `c = mirror·k + r` (k = edge count) means: first mirror
 * the tile left–right (x → −x, "mirror X") if `mirror`, then turn it `r` steps clockwise.
 * Its name is `r<degrees>` or `m<degrees>` (`r90`, `m0`, `m180` = mirror Y): code c is
 * core/vector's `shapeOrientations(shape)[c]`, named and read by core/vector (`orientationName`,
 * `parseOrientation`), so a raster and a vector tile name an orientation alike.
 *
 * After orienting with `c`, the edge at position `e` shows the canonical edge `source(c, e)`:
 *   rotation only:  source = (e − r) mod k      mirror, then rotate: source = (r − e) mod k
 * Pure arithmetic; no Node, Electron, DOM.
 */
import { orientationName as nameOf, parseOrientation, shapeOrientations } from '../../core/vector/orientation.js';
import { shapeByName } from '../../core/vector/shape.js';

/** The shapes a raster library tile takes (core/vector's TileShape is a vector tile's geometry; these are names only). */
export const RASTER_SHAPES = ['square', 'hex', 'pentagon'] as const;
export type RasterShape = (typeof RASTER_SHAPES)[number];

const EDGES: Readonly<Record<RasterShape, number>> = { square: 4, hex: 6, pentagon: 5 };

/** Names people may use for edges, in edge order (pentagon edges are numbered only). */
export const EDGE_NAMES: Readonly<Record<RasterShape, readonly string[]>> = {
  square: ['north', 'east', 'south', 'west'],
  hex: ['north', 'northeast', 'southeast', 'south', 'southwest', 'northwest'],
  pentagon: [],
};

export function edgeCount(shape: RasterShape): number {
  return EDGES[shape];
}

/** Size of the dihedral group: k rotations × 2 mirror states. */
export function orientationCount(shape: RasterShape): number {
  return 2 * EDGES[shape];
}

/** Bit mask with every orientation of the shape allowed. */
export function allOrientations(shape: RasterShape): number {
  return (1 << orientationCount(shape)) - 1;
}

/** Canonical edge shown at position `edge` after orienting with `code`. */
export function sourceEdge(shape: RasterShape, code: number, edge: number): number {
  const k = EDGES[shape];
  const r = code % k;
  return code >= k ? (((r - edge) % k) + k) % k : (((edge - r) % k) + k) % k;
}

/** Labels as seen at each position after orienting `canonical` with `code`. */
export function orientEdges<T>(shape: RasterShape, code: number, canonical: readonly T[]): T[] {
  return canonical.map((_, e) => canonical[sourceEdge(shape, code, e)]!);
}

export function orientationName(shape: RasterShape, code: number): string {
  return nameOf(shapeOrientations(shapeByName(shape))[code]!);
}

/**
 * Code of `r90`, `m180`, …; −1 when the name is not an orientation of this shape. Read by
 * core/vector's `parseOrientation`, so the spellings it takes (`m` = `m0`, `mr90`) are taken here too.
 */
export function orientationCode(shape: RasterShape, name: string): number {
  const all = shapeOrientations(shapeByName(shape));
  let o;
  try {
    o = parseOrientation(shapeByName(shape), name);
  } catch {
    return -1;
  }
  return all.findIndex((x) => x.rotation === o.rotation && x.mirror === o.mirror);
}

export function orientationNames(shape: RasterShape, mask: number): string[] {
  const out: string[] = [];
  for (let c = 0; c < orientationCount(shape); c++) if (mask & (1 << c)) out.push(orientationName(shape, c));
  return out;
}

/**
 * Code of "apply `inner`, then `outer`". Composition is checked on the edge permutations
 * themselves, so it cannot drift from `sourceEdge`.
 */
export function compose(shape: RasterShape, outer: number, inner: number): number {
  const table = compositionTable(shape);
  return table[outer * orientationCount(shape) + inner]!;
}

const tables = new Map<RasterShape, Int8Array>();

function compositionTable(shape: RasterShape): Int8Array {
  let table = tables.get(shape);
  if (table) return table;
  const n = orientationCount(shape);
  const k = EDGES[shape];
  table = new Int8Array(n * n).fill(-1);
  for (let outer = 0; outer < n; outer++) {
    for (let inner = 0; inner < n; inner++) {
      // Orienting with inner then outer: position e shows inner's view at outer's source.
      for (let c = 0; c < n; c++) {
        let same = true;
        for (let e = 0; e < k && same; e++) same = sourceEdge(shape, c, e) === sourceEdge(shape, inner, sourceEdge(shape, outer, e));
        if (same) {
          table[outer * n + inner] = c;
          break;
        }
      }
    }
  }
  tables.set(shape, table);
  return table;
}
