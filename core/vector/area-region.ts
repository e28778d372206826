/**
 * The region an AREA element covers inside its tile (types.ts): a closed curve's inside (or
 * the tile around it, when its inside side is the outer one: a clearing in a wood); an open
 * curve closed along the tile's boundary on its inside side. One home for the rule, used by
 * the map rasterizer (core/raster/vector-raster.ts) and the library thumbnails
 * (thumbnail.ts).
 *
 * Rings are flat polylines, `xs`/`ys` in any frame with y up. A region with a hole is one
 * ring (outer ring, then the hole joined by one segment drawn both ways) whose hole runs
 * against the outer ring, so even-odd and non-zero fills read it the same.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

export interface RegionRing {
  readonly xs: number[];
  readonly ys: number[];
}

/** Signed area (y up: positive counter-clockwise). */
export function ringSignedArea(xs: readonly number[], ys: readonly number[]): number {
  let s = 0;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) s += xs[j]! * ys[i]! - xs[i]! * ys[j]!;
  return s / 2;
}
const area = ringSignedArea;

/**
 * A closed curve's region: the ring itself when its inside side is the enclosed one; else the
 * cell around it (a clearing in a wood): the cell's ring and this one together, which the
 * even-odd and the non-zero fill read as the cell with a hole (the two rings are joined by one segment drawn
 * both ways, which crosses every scanline an even number of times).
 */
export function closedRegion(pts: number[], side: 'left' | 'right', cx: readonly number[], cy: readonly number[]): RegionRing {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < pts.length; i += 2) {
    xs.push(pts[i]!);
    ys.push(pts[i + 1]!);
  }
  const a = area(xs, ys);
  if (a > 0 === (side === 'left')) return { xs, ys };
  // The hole runs against the cell's ring, so a non-zero fill leaves it open too.
  if (Math.sign(a) === Math.sign(area(cx as number[], cy as number[]))) {
    xs.reverse();
    ys.reverse();
  }
  return { xs: [...cx, cx[0]!, ...xs], ys: [...cy, cy[0]!, ...ys] };
}

/**
 * An open curve's region: the curve, then back along the cell's boundary from its end to its
 * start, the way round that leaves the region on the curve's inside side.
 */
export function openRegion(pts: number[], side: 'left' | 'right', bx: readonly number[], by: readonly number[]): RegionRing {
  const n = bx.length;
  const at = (x: number, y: number) => {
    // Position along the boundary: edge index + fraction, of the nearest boundary point.
    let best = Infinity;
    let pos = 0;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const ex = bx[j]! - bx[i]!;
      const ey = by[j]! - by[i]!;
      const len2 = ex * ex + ey * ey || 1;
      let t = ((x - bx[i]!) * ex + (y - by[i]!) * ey) / len2;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const d = Math.hypot(bx[i]! + t * ex - x, by[i]! + t * ey - y);
      if (d < best) {
        best = d;
        pos = i + t;
      }
    }
    return pos;
  };
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < pts.length; i += 2) {
    xs.push(pts[i]!);
    ys.push(pts[i + 1]!);
  }
  const start = at(xs[0]!, ys[0]!);
  const end = at(xs[xs.length - 1]!, ys[ys.length - 1]!);
  const mod = (v: number) => ((v % n) + n) % n;
  const ways = [1, -1].map((dir) => {
    const wx = xs.slice();
    const wy = ys.slice();
    // The corners passed going from `end` back to `start`, with (dir 1) or against the boundary's order.
    const span = mod(dir * (start - end)) || n;
    const passed: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      const d = mod(dir * (i - end));
      if (d > 1e-12 && d < span - 1e-12) passed.push([d, i]);
    }
    passed.sort((u, v) => u[0] - v[0]);
    for (const [, i] of passed) {
      wx.push(bx[i]!);
      wy.push(by[i]!);
    }
    return { xs: wx, ys: wy };
  });
  // Left inside: the ring runs counter-clockwise (positive area); right inside: clockwise.
  const want = side === 'left' ? 1 : -1;
  return Math.sign(area(ways[0]!.xs, ways[0]!.ys)) === want ? ways[0]! : ways[1]!;
}
