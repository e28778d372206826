import { describe, expect, it } from 'vitest';
import type { GridSize, Layout } from '../grid/types.js';
import { DEFAULT_LAYOUT } from '../grid/types.js';
import { buildMapGeometry } from './map-geometry.js';
import { updateTileColour } from './pieces.js';
import { checkerMap, defaultCatalogue, expectFrontFacing, isLinear, overlaps, polygon2d, piecePoints, signedArea } from './render.testkit.js';

const FLAT: { size: GridSize; area: number; tiles: number; k: number }[] = [
  // AL-FORM sizes are doubled classic sizes (2M−1); area tiles are the classic tiles.
  { size: { kind: 'hex-rectangle', width: 9, height: 7 }, area: 20, tiles: 63, k: 6 },
  { size: { kind: 'square', width: 9, height: 7 }, area: 20, tiles: 63, k: 4 },
  { size: { kind: 'offset-square', width: 9, height: 7 }, area: 20, tiles: 63, k: 6 },
  { size: { kind: 'hex-hexagon', diameter: 9 }, area: 19, tiles: 61, k: 6 },
  { size: { kind: 'square', width: 1, height: 1 }, area: 1, tiles: 1, k: 4 },
  { size: { kind: 'hex-rectangle', width: 1, height: 1 }, area: 1, tiles: 1, k: 6 },
];

describe('area polygons (A) on flat maps', () => {
  for (const { size, area, tiles, k } of FLAT) {
    const name = JSON.stringify(size);
    it(`${name}: one polygon per area tile (AL-FORM) or per tile (classic), ${k} vertices each`, () => {
      const al = buildMapGeometry(checkerMap(size, true), defaultCatalogue).area;
      expect(al.pieceCount).toBe(area);
      expect(al.verticesPerPiece).toBe(k);
      expect(al.indicesPerPiece).toBe(3 * (k - 2));
      expect(al.positions.length).toBeGreaterThanOrEqual(area * k * 3);
      if (size.kind !== 'hex-hexagon' || size.diameter % 4 === 1) {
        const classicSize = size.kind === 'hex-hexagon' ? { kind: size.kind, diameter: (size.diameter + 1) / 2 } : size;
        const cl = buildMapGeometry(checkerMap(classicSize as GridSize, false), defaultCatalogue).area;
        const map = checkerMap(classicSize as GridSize, false);
        expect(cl.pieceCount).toBe(map.tileCount);
      }
      expect(tiles).toBeGreaterThanOrEqual(area);
      expectFrontFacing(al);
    });

    it(`${name}: polygons are regular, inscribed diameter 2 × spacing on AL-FORM maps and 1 × on classic maps`, () => {
      for (const alform of [true, false]) {
        if (!alform && size.kind === 'hex-hexagon') continue;
        const layout: Layout = { size: 1.5, origin: [3, -2], rotation: 30 };
        const map = checkerMap(size, alform);
        const mesh = buildMapGeometry(map, defaultCatalogue, { layout }).area;
        const apothem = (alform ? 2 : 1) * 0.5 * layout.size;
        for (let p = 0; p < mesh.pieceCount; p++) {
          const tile = mesh.owner[p]!;
          const c = map.grid.center(tile, layout);
          const poly = polygon2d(mesh, p);
          expect(poly.length).toBe(size.kind === 'square' || size.kind === 'offset-square' ? (size.kind === 'square' ? 4 : 6) : 6);
          for (let i = 0; i < poly.length; i++) {
            const a = poly[i]!;
            const b = poly[(i + 1) % poly.length]!;
            // Distance from the centre to each edge line is the apothem (offset-square: its sides' halves).
            const d = Math.abs((b[0] - a[0]) * (a[1] - c[1]!) - (a[0] - c[0]!) * (b[1] - a[1])) / Math.hypot(b[0] - a[0], b[1] - a[1]);
            expect(d).toBeCloseTo(apothem, 4);
          }
          expect(signedArea(poly)).toBeLessThan(0); // clockwise, like the direction order
        }
      }
    });

    it(`${name}: AL-FORM polygons of neighbouring area tiles share an edge and never overlap`, () => {
      const map = checkerMap(size, true);
      const mesh = buildMapGeometry(map, defaultCatalogue).area;
      const polys = Array.from({ length: mesh.pieceCount }, (_, p) => polygon2d(mesh, p));
      let shared = 0;
      for (let p = 0; p < polys.length; p++) {
        for (let q = p + 1; q < polys.length; q++) {
          expect(overlaps(polys[p]!, polys[q]!, 1e-4)).toBe(false);
          const common = polys[p]!.filter((a) => polys[q]!.some((b) => Math.hypot(a[0] - b[0], a[1] - b[1]) < 1e-5));
          if (common.length >= 2) shared++;
        }
      }
      const adjacencies = countAreaAdjacencies(map);
      expect(shared).toBe(adjacencies);
    });
  }

  it('places polygons through the layout (rotation, size, origin) exactly where the grid puts the tiles', () => {
    const map = checkerMap({ kind: 'hex-rectangle', width: 5, height: 5 }, true);
    const layout: Layout = { size: 2, origin: [10, 20], rotation: 90 };
    const mesh = buildMapGeometry(map, defaultCatalogue, { layout }).area;
    for (let p = 0; p < mesh.pieceCount; p++) {
      const pts = piecePoints(mesh, p);
      const cx = pts.reduce((s, v) => s + v[0]!, 0) / pts.length;
      const cy = pts.reduce((s, v) => s + v[1]!, 0) / pts.length;
      const c = map.grid.center(mesh.owner[p]!, layout);
      expect(cx).toBeCloseTo(c[0]!, 4);
      expect(cy).toBeCloseTo(c[1]!, 4);
      expect(pts.every((v) => v[2] === 0)).toBe(true);
    }
  });

  it('colours each polygon with its area terrain (RGBA, opaque)', () => {
    const map = checkerMap({ kind: 'square', width: 3, height: 3 }, true);
    const mesh = buildMapGeometry(map, defaultCatalogue).area;
    for (let p = 0; p < mesh.pieceCount; p++) {
      const id = map.terrainAt(mesh.owner[p]!);
      const hex = defaultCatalogue.terrains.find((t) => t.id === id)!.colour;
      const rgb = [1, 3, 5].map((o) => parseInt(hex.slice(o, o + 2), 16));
      for (let j = 0; j < 4; j++) expect(Array.from(mesh.colors.subarray(4 * (4 * p + j), 4 * (4 * p + j) + 4))).toEqual([...rgb, 255]);
    }
  });
});

describe('updateTileColour', () => {
  it('recolours only the vertices of that tile and returns their range', () => {
    const map = checkerMap({ kind: 'hex-rectangle', width: 7, height: 7 }, true);
    const mesh = buildMapGeometry(map, defaultCatalogue).area;
    const tile = mesh.owner[5]!;
    const before = mesh.colors.slice();
    const range = updateTileColour(mesh, tile, [1, 2, 3]);
    expect(range).toEqual({ start: 5 * 6, count: 6 });
    for (let i = 0; i < before.length; i++) {
      const vertex = i >> 2;
      if (vertex >= range.start && vertex < range.start + range.count) expect(mesh.colors[i]).toBe([1, 2, 3, 255][i & 3]);
      else expect(mesh.colors[i]).toBe(before[i]);
    }
  });

  it('is a no-op with an empty range for a tile without a polygon, and rejects bad input', () => {
    const map = checkerMap({ kind: 'hex-rectangle', width: 3, height: 3 }, true);
    const mesh = buildMapGeometry(map, defaultCatalogue).area;
    const linearTile = Array.from({ length: map.tileCount }, (_, i) => i).find((i) => isLinear(map, i))!;
    expect(updateTileColour(mesh, linearTile, [9, 9, 9])).toEqual({ start: 0, count: 0 });
    expect(() => updateTileColour(mesh, 99, [1, 2, 3])).toThrow('tile 99 is outside this mesh');
    expect(() => updateTileColour(mesh, 0, [1, 2])).toThrow('a colour is 3 or 4 bytes (rgb or rgba), got 2');
  });
});

describe('area polygons (A) on the globe', () => {
  it('AL-FORM globe: one polygon per area tile on the sphere of radius rA, pentagons included, corners shared exactly', () => {
    const map = checkerMap({ kind: 'icosahedron', side: 3 }, true);
    const g = buildMapGeometry(map, defaultCatalogue, { layout: { ...DEFAULT_LAYOUT, size: 2 } });
    const mesh = g.area;
    expect(mesh.pieceCount).toBe(42); // the classic L = 1 globe: 10·2² + 2
    const [rA] = g.radii!;
    expect(rA).toBe(2);
    const key = (v: number[]) => v.join(',');
    const uses = new Map<string, number>();
    let pentagons = 0;
    for (let p = 0; p < mesh.pieceCount; p++) {
      const pts = piecePoints(mesh, p);
      for (const v of pts) expect(Math.hypot(v[0]!, v[1]!, v[2]!)).toBeCloseTo(rA, 5);
      const distinct = new Set(pts.map(key));
      if (map.grid.degree(mesh.owner[p]!) === 5) {
        pentagons++;
        expect(distinct.size).toBe(5);
      } else expect(distinct.size).toBe(6);
      for (const k of distinct) uses.set(k, (uses.get(k) ?? 0) + 1);
    }
    expect(pentagons).toBe(12);
    // Every polygon corner is the very same float triple in the three polygons that meet there.
    expect([...uses.values()].every((n) => n === 3)).toBe(true);
  });

  it('classic globe: the grid cells themselves, counter-clockwise seen from outside', () => {
    const map = checkerMap({ kind: 'icosahedron', side: 2 }, false);
    const mesh = buildMapGeometry(map, defaultCatalogue).area;
    expect(mesh.pieceCount).toBe(92);
    for (let p = 0; p < mesh.pieceCount; p++) {
      const tile = mesh.owner[p]!;
      const corners = map.grid.corners(tile);
      const pts = piecePoints(mesh, p);
      const deg = corners.length;
      // The grid lists corners counter-clockwise; ours run clockwise, starting between directions 0 and 1.
      for (const c of corners) expect(pts.some((v) => Math.hypot(v[0]! - c[0]!, v[1]! - c[1]!, v[2]! - c[2]!) < 1e-6)).toBe(true);
      expect(new Set(pts.map((v) => v.join(','))).size).toBe(deg);
      const { indices, positions } = mesh;
      for (let i = p * mesh.indicesPerPiece; i < (p + 1) * mesh.indicesPerPiece; i += 3) {
        const [a, b, c] = [indices[i]!, indices[i + 1]!, indices[i + 2]!].map((v) => [positions[3 * v]!, positions[3 * v + 1]!, positions[3 * v + 2]!]);
        const u = a!.map((v, j) => b![j]! - v);
        const w = a!.map((v, j) => c![j]! - v);
        const n = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
        expect(n[0]! * a![0]! + n[1]! * a![1]! + n[2]! * a![2]!).toBeGreaterThanOrEqual(-1e-9);
      }
    }
  });
});

/** Pairs of AL-FORM area tiles with a linear tile between them (neighbours at distance 2 along a direction). */
function countAreaAdjacencies(map: ReturnType<typeof checkerMap>): number {
  const g = map.grid;
  const square = g.kind === 'square';
  const dirs = square ? [0, 2, 4, 6] : [0, 1, 2, 3, 4, 5];
  let count = 0;
  for (let i = 0; i < map.tileCount; i++) {
    if (isLinear(map, i)) continue;
    for (const d of dirs) {
      const l = g.neighbor(i, d);
      if (l < 0) continue;
      const j = g.neighbor(l, d);
      if (j > i) count++;
    }
  }
  return count;
}
