/**
 * Ring, spiral and line walks shared by the hex-topology grids. They work in 120° axial
 * offsets from a start tile and let the grid map each offset to a tile (its own bounds and
 * wrapping), so one implementation serves bounded, wrapped and hexagon-shaped maps.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { DX120, DY120, axial120Distance, axial120LineOffsets, axial120ToUnit, forEachRingOffset } from './axial.js';
import { spiralOfRings } from '../spiral.js';

/** What the walks need from a grid: tiles by 120° axial coordinate, and hop distance. */
export interface AxialTileLookup {
  /** Tile at 120° axial (x, y), wrapping applied; −1 off the map. */
  indexXY(x: number, y: number): number;
  distance(a: number, b: number): number;
}

/**
 * Tiles at exactly `radius` from `center` (at axial (cx, cy)), in walking order. Where the
 * map wraps, several ring positions can land on one tile, and a position can land on a tile
 * that a shorter way round brings closer; `wrapped` turns on the filter that drops both.
 */
export function ringTiles(grid: AxialTileLookup, center: number, cx: number, cy: number, radius: number, wrapped: boolean): Int32Array {
  const out = new Int32Array(radius === 0 ? 1 : 6 * radius);
  let n = 0;
  const seen = wrapped ? new Set<number>() : null;
  forEachRingOffset(radius, (dx, dy) => {
    const t = grid.indexXY(cx + dx, cy + dy);
    if (t < 0) return;
    if (seen) {
      if (seen.has(t) || grid.distance(center, t) !== radius) return;
      seen.add(t);
    }
    out[n++] = t;
  });
  return n === out.length ? out : out.slice(0, n);
}

/** Centre, then rings 1 … radius; `maxRadius` bounds the walk to the map's largest distance. */
export function spiralTiles(
  grid: AxialTileLookup,
  center: number,
  cx: number,
  cy: number,
  radius: number,
  maxRadius: number,
  wrapped: boolean,
): Int32Array {
  return spiralOfRings(Math.min(radius, maxRadius), (r) => ringTiles(grid, center, cx, cy, r, wrapped));
}

/**
 * The distance+1 tiles from `a` (at axial (ax, ay)) to `b`, which lies at the axial offset
 * (dx, dy) from `a` (the shortest way round on a wrapped map). The straight cube line is
 * tried with both tie-breaking nudges; if both leave the map (a line running exactly along
 * a zigzag border), a greedy walk keeps the line on the map: each step goes to a neighbour
 * one hop closer to `b` — one always exists because distance is the hop count — choosing
 * the one nearest the straight line.
 */
export function lineTiles(grid: AxialTileLookup, a: number, ax: number, ay: number, b: number, dx: number, dy: number): Int32Array {
  const n = axial120Distance(dx, dy);
  for (const nudge of [1, -1] as const) {
    const offsets = axial120LineOffsets(dx, dy, nudge);
    const out = new Int32Array(n + 1);
    let ok = true;
    for (let i = 0; i <= n && ok; i++) {
      const t = grid.indexXY(ax + offsets[2 * i]!, ay + offsets[2 * i + 1]!);
      if (t < 0) ok = false;
      else out[i] = t;
    }
    if (ok) return out;
  }
  return greedyLine(grid, a, ax, ay, b, dx, dy, n);
}

function greedyLine(grid: AxialTileLookup, a: number, ax: number, ay: number, b: number, dx: number, dy: number, n: number): Int32Array {
  const out = new Int32Array(n + 1);
  out[0] = a;
  const [ex, ey] = axial120ToUnit(dx, dy);
  let ox = 0;
  let oy = 0;
  for (let i = 1; i <= n; i++) {
    // Ideal point on the straight line after i steps, in the unit frame.
    const tx = (ex * i) / n;
    const ty = (ey * i) / n;
    let best = -1;
    let bestX = 0;
    let bestY = 0;
    let bestErr = Infinity;
    for (let d = 0; d < 6; d++) {
      const nx = ox + DX120[d]!;
      const ny = oy + DY120[d]!;
      const t = grid.indexXY(ax + nx, ay + ny);
      if (t < 0 || grid.distance(t, b) !== n - i) continue;
      const [ux, uy] = axial120ToUnit(nx, ny);
      const err = (ux - tx) ** 2 + (uy - ty) ** 2;
      if (err < bestErr) {
        bestErr = err;
        best = t;
        bestX = nx;
        bestY = ny;
      }
    }
    if (best < 0) throw new Error(`internal: no neighbour one step closer to tile ${b} on the line from tile ${a}`);
    out[i] = best;
    ox = bestX;
    oy = bestY;
  }
  return out;
}
