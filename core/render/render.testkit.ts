/**
 * Test helpers for the visualization geometry: catalogues, painted maps, and geometric
 * checks on the buffers (piece polygons, convexity, overlap by separating axes, shared
 * points). Test-only; excluded from core's production type check.
 */
import { expect } from 'vitest';
import { areaJson, linearJson, loadDefaultCatalogue, minimalCatalogueJson } from '../terrain/catalogue.testkit.js';
import { parseCatalogue } from '../terrain/parse.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { TerrainMap } from '../map/terrain-map.js';
import type { GridSize, Wrap } from '../grid/types.js';
import { isGlobeGrid } from '../grid/capabilities.js';
import type { MeshBuffers } from './pieces.js';
import type { LineBuffers } from './lines.js';

export const defaultCatalogue: TerrainCatalogue = loadDefaultCatalogue();

/**
 * The minimal catalogue (foot/boat; river playable by boat only, road by foot only) plus a
 * `stream` (narrow), a `canal` (medium) and an area `road-area`, the road's area form.
 */
export function testCatalogue(): TerrainCatalogue {
  const json = minimalCatalogueJson();
  const boatOnly = { foot: { cost: 2, playable: false }, boat: { cost: 1, playable: true } };
  json.terrains.push(linearJson('stream', '#6fa3d8', boatOnly), linearJson('canal', '#4a80c0', boatOnly, { width: 'medium' }));
  json.terrains.push(areaJson('road-area', '#906030', { foot: { cost: 0.5, playable: true }, boat: { cost: 'impassable', playable: false } }, { name: 'Road (area)', humanCurated: true }));
  json.terrains.find((t: any) => t.id === 'river').width = 'wide';
  return parseCatalogue(json, 'test');
}

/** A map with area tiles painted in a checker of clear / forest. */
export function checkerMap(size: GridSize, alform: boolean, wrap?: Wrap): TerrainMap {
  const map = TerrainMap.create({ size, alform, ...(wrap ? { wrap } : {}), palette: ['clear', 'forest'] });
  for (let i = 0; i < map.tileCount; i++) {
    if (alform && isLinear(map, i)) continue;
    map.layers.terrain[i] = 1 + (i % 2);
  }
  return map;
}

export function isLinear(map: TerrainMap, i: number): boolean {
  const c = map.grid.kind === 'hex-hexagon' ? map.grid.toSystem(i, 'axial120') : map.grid.coord(i);
  if (isGlobeGrid(map.grid)) {
    const g = map.grid;
    try {
      g.linearAxis(i);
      return true;
    } catch {
      return false;
    }
  }
  return ((c[0]! | c[1]!) & 1) !== 0;
}

/** Piece p's vertices as [x, y, z] triples. */
export function piecePoints(mesh: MeshBuffers, p: number): number[][] {
  const k = mesh.verticesPerPiece;
  const out: number[][] = [];
  for (let j = 0; j < k; j++) {
    const v = 3 * (p * k + j);
    out.push([mesh.positions[v]!, mesh.positions[v + 1]!, mesh.positions[v + 2]!]);
  }
  return out;
}

/** The distinct points of a piece (repeated vertices dropped), 2D. */
export function polygon2d(mesh: MeshBuffers, p: number, eps = 1e-6): [number, number][] {
  const out: [number, number][] = [];
  for (const [x, y] of piecePoints(mesh, p)) {
    const last = out[out.length - 1];
    if (last && Math.hypot(last[0] - x!, last[1] - y!) < eps) continue;
    out.push([x!, y!]);
  }
  if (out.length > 1 && Math.hypot(out[0]![0] - out[out.length - 1]![0], out[0]![1] - out[out.length - 1]![1]) < eps) out.pop();
  return out;
}

/** Twice the signed area (positive counter-clockwise). */
export function signedArea(poly: readonly (readonly number[])[]): number {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % poly.length]!;
    a += p[0]! * q[1]! - q[0]! * p[1]!;
  }
  return a;
}

/** Every turn of a (clockwise) polygon goes the same way, collinear points allowed. */
export function isConvex(poly: readonly (readonly number[])[], eps = 1e-6): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const c = poly[(i + 2) % poly.length]!;
    const cr = (b[0]! - a[0]!) * (c[1]! - b[1]!) - (b[1]! - a[1]!) * (c[0]! - b[0]!);
    if (Math.abs(cr) < eps) continue;
    const s = Math.sign(cr);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** True when two convex polygons share interior (touching along edges or points does not count). */
export function overlaps(a: readonly (readonly number[])[], b: readonly (readonly number[])[], eps = 1e-6): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!;
      const q = poly[(i + 1) % poly.length]!;
      const nx = q[1]! - p[1]!;
      const ny = p[0]! - q[0]!;
      const len = Math.hypot(nx, ny);
      if (len < eps) continue;
      const proj = (pts: readonly (readonly number[])[]) => {
        let lo = Infinity;
        let hi = -Infinity;
        for (const r of pts) {
          const v = (r[0]! * nx + r[1]! * ny) / len;
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
        return [lo, hi] as const;
      };
      const [alo, ahi] = proj(a);
      const [blo, bhi] = proj(b);
      if (ahi <= blo + eps || bhi <= alo + eps) return false;
    }
  }
  return true;
}

export function near(a: readonly number[], b: readonly number[], eps = 1e-5): boolean {
  return a.every((v, i) => Math.abs(v - b[i]!) <= eps);
}

/** Every fan triangle faces +z (flat maps) — counter-clockwise seen from above. */
export function expectFrontFacing(mesh: MeshBuffers): void {
  const { positions: pos, indices } = mesh;
  for (let i = 0; i < mesh.pieceCount * mesh.indicesPerPiece; i += 3) {
    const [a, b, c] = [indices[i]!, indices[i + 1]!, indices[i + 2]!];
    const cr = (pos[3 * b]! - pos[3 * a]!) * (pos[3 * c + 1]! - pos[3 * a + 1]!) - (pos[3 * b + 1]! - pos[3 * a + 1]!) * (pos[3 * c]! - pos[3 * a]!);
    expect(cr).toBeGreaterThanOrEqual(-1e-6);
  }
}

/** Total length of a segment list. */
export function totalLength(lines: LineBuffers): number {
  let sum = 0;
  const p = lines.positions;
  for (let s = 0; s < lines.segmentCount; s++) sum += Math.hypot(p[6 * s + 3]! - p[6 * s]!, p[6 * s + 4]! - p[6 * s + 1]!, p[6 * s + 5]! - p[6 * s + 2]!);
  return sum;
}
