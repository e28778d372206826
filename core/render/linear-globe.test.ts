import { describe, expect, it } from 'vitest';
import { requireGlobe } from '../grid/capabilities.js';
import type { TerrainMap } from '../map/terrain-map.js';
import { classifyTiles } from '../alform/classify.js';
import { globeClasses } from './globe-frame.js';
import { seededRandom } from '../util/random.js';
import { buildMapGeometry } from './map-geometry.js';
import type { MeshBuffers } from './pieces.js';
import { PieceRole } from './pieces.js';
import { checkerMap, isLinear, piecePoints, testCatalogue } from './render.testkit.js';

const catalogue = testCatalogue();

function globeMap(side: number): TerrainMap {
  return checkerMap({ kind: 'icosahedron', side }, true);
}

const key = (v: number[]) => v.map((x) => x.toFixed(6)).join(',');

function strip(mesh: MeshBuffers, tile: number): number[][] {
  for (let p = mesh.firstPiece[tile]!; p >= 0; p = mesh.nextPiece[p]!) if (mesh.role[p] === PieceRole.POLYGON) return piecePoints(mesh, p);
  throw new Error(`tile ${tile} has no strip`);
}

describe('linear polygons (B) on the globe', () => {
  it('sit on the sphere of radius rB, outside the area polygons (rA) and inside the outlines (rC, rD)', () => {
    const map = globeMap(5);
    const rnd = seededRandom(3);
    for (let i = 0; i < map.tileCount; i++) if (isLinear(map, i) && rnd() < 0.3) map.setTerrain(i, rnd() < 0.5 ? 'river' : 'road');
    const g = buildMapGeometry(map, catalogue);
    const [rA, rB, rC, rD] = g.radii!;
    expect(rA).toBe(1);
    expect(rA < rB && rB < rC && rC < rD).toBe(true);
    expect(g.linear.pieceCount).toBeGreaterThan(20);
    for (let p = 0; p < g.linear.pieceCount; p++) for (const v of piecePoints(g.linear, p)) expect(Math.hypot(v[0]!, v[1]!, v[2]!)).toBeCloseTo(rB, 5);
    for (const [mode, lines] of [
      ['foot', g.outlines('foot')],
      ['boat', g.outlines('boat')],
    ] as const) {
      const d = lines.linear;
      expect(d.segmentCount, mode).toBeGreaterThan(0);
      for (let k = 0; k < 2 * d.segmentCount; k++) expect(Math.hypot(d.positions[3 * k]!, d.positions[3 * k + 1]!, d.positions[3 * k + 2]!)).toBeCloseTo(rD, 5);
    }
    // Whole area edges of (C) start and end on the sphere of radius rC.
    const c = g.outlines('foot').area;
    let whole = 0;
    for (let k = 0; k < 2 * c.segmentCount; k++) if (Math.abs(Math.hypot(c.positions[3 * k]!, c.positions[3 * k + 1]!, c.positions[3 * k + 2]!) - rC) < 1e-5) whole++;
    expect(whole).toBeGreaterThan(c.segmentCount);
  });

  it('every triangle of (A) and (B) faces outwards, on the smallest AL-FORM globe and a larger one', () => {
    for (const side of [1, 7]) {
      const map = globeMap(side);
      const rnd = seededRandom(side);
      for (let i = 0; i < map.tileCount; i++) if (isLinear(map, i) && rnd() < 0.5) map.setTerrain(i, ['river', 'road', 'stream'][Math.floor(rnd() * 3)]!);
      for (let i = 0; i < map.tileCount; i++) if (!isLinear(map, i) && rnd() < 0.2) map.setTerrain(i, 'road-area');
      const g = buildMapGeometry(map, catalogue);
      for (const mesh of [g.area, g.linear]) {
        const { indices: ix, positions: pos } = mesh;
        for (let i = 0; i < mesh.pieceCount * mesh.indicesPerPiece; i += 3) {
          const [a, b, c] = [ix[i]!, ix[i + 1]!, ix[i + 2]!].map((v) => [pos[3 * v]!, pos[3 * v + 1]!, pos[3 * v + 2]!]);
          const u = b!.map((v, j) => v - a![j]!);
          const w = c!.map((v, j) => v - a![j]!);
          const n = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
          // Relative to the triangle's edge lengths: collinear (zero-area) triangles only carry float32 noise.
          const scale = Math.hypot(...u) * Math.hypot(...w) * Math.hypot(...a!);
          expect(n[0]! * a![0]! + n[1]! * a![1]! + n[2]! * a![2]!).toBeGreaterThanOrEqual(-1e-5 * scale);
        }
      }
      expect(g.outlines('foot').linear.segmentCount).toBeGreaterThan(0);
    }
  });

  it('a strip runs along the edge its two area polygons share; a river round a pentagon is one connected band', () => {
    const map = globeMap(3);
    const globe = requireGlobe(map.grid, 'this test');
    const pentagon = globe.pentagons()[1]!;
    const nb = new Int32Array(6);
    map.grid.neighbors(pentagon, nb);
    const ring = Array.from(nb.subarray(0, 4));
    for (const t of ring) map.setTerrain(t, 'river');
    const g = buildMapGeometry(map, catalogue);
    const corners = new Set(piecePoints(g.area, g.area.firstPiece[pentagon]!).map(key));
    for (let k = 0; k < ring.length; k++) {
      const pts = strip(g.linear, ring[k]!);
      // Apexes (vertices 1 and 4) are corners of the pentagon's polygon, lifted to rB.
      const [rA, rB] = g.radii!;
      for (const i of [1, 4]) expect(corners.has(key(pts[i]!.map((x) => (x * rA) / rB)))).toBe(true);
      if (k + 1 < ring.length) {
        const next = new Set(strip(g.linear, ring[k + 1]!).map(key));
        // Consecutive strips share the apex and both mitre points of their junction.
        expect(pts.filter((v) => next.has(key(v))).length).toBe(3);
      }
    }
  });

  it('in-place edits give the same pieces as a fresh build', () => {
    const map = globeMap(5);
    const g = buildMapGeometry(map, catalogue);
    const rnd = seededRandom(5);
    const linear = Array.from({ length: map.tileCount }, (_, i) => i).filter((i) => isLinear(map, i));
    for (let round = 0; round < 4; round++) {
      const edited: number[] = [];
      for (let k = 0; k < 8; k++) {
        const t = linear[Math.floor(rnd() * linear.length)]!;
        map.setTerrain(t, ['', 'river', 'road', 'stream'][Math.floor(rnd() * 4)]!);
        edited.push(t);
      }
      g.updateTiles(edited);
      const fresh = buildMapGeometry(map, catalogue).linear;
      expect(owners(g.linear)).toEqual(owners(fresh));
    }
  });
});

function owners(mesh: MeshBuffers): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  for (let p = 0; p < mesh.pieceCount; p++) {
    const o = mesh.owner[p]!;
    if (o >= 0) (out[o] ??= []).push(`${mesh.role[p]}:${mesh.terrain[p]}:` + piecePoints(mesh, p).map(key).join(' '));
  }
  for (const k of Object.keys(out)) out[Number(k)]!.sort();
  return out;
}

describe('globe tile classes', () => {
  it('match core/alform/classify.ts tile by tile', () => {
    for (const side of [1, 3, 7]) {
      const map = checkerMap({ kind: 'icosahedron', side }, true);
      expect(Array.from(globeClasses(map.grid))).toEqual(Array.from(classifyTiles(map.grid)));
    }
  });
});
