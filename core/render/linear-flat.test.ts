import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import { requireVertices } from '../grid/capabilities.js';
import type { TerrainMap } from '../map/terrain-map.js';
import { seededRandom } from '../util/random.js';
import { buildMapGeometry } from './map-geometry.js';
import type { MeshBuffers } from './pieces.js';
import { PieceRole } from './pieces.js';
import { checkerMap, expectFrontFacing, isConvex, isLinear, near, overlaps, piecePoints, polygon2d, signedArea, testCatalogue } from './render.testkit.js';

const catalogue = testCatalogue();
const SQ3 = Math.sqrt(3);

function paint(map: TerrainMap, coords: readonly (readonly number[])[], terrain: string): number[] {
  return coords.map((c) => {
    const i = map.grid.kind === 'hex-hexagon' ? map.grid.fromSystem(c, 'axial120') : map.grid.index(c);
    expect(i, `tile ${JSON.stringify(c)} on the map`).toBeGreaterThanOrEqual(0);
    map.setTerrain(i, terrain);
    return i;
  });
}

/** The strip piece (not spurs) of a tile. */
function strip(mesh: MeshBuffers, tile: number): number[][] {
  for (let p = mesh.firstPiece[tile]!; p >= 0; p = mesh.nextPiece[p]!) if (mesh.role[p] !== PieceRole.SPUR) return piecePoints(mesh, p).map((v) => v.slice(0, 2));
  throw new Error(`tile ${tile} has no strip`);
}

function distToLine(p: readonly number[], a: readonly number[], b: readonly number[]): number {
  return Math.abs((b[0]! - a[0]!) * (a[1]! - p[1]!) - (a[0]! - p[0]!) * (b[1]! - a[1]!)) / Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!);
}

const shared = (a: number[][], b: number[][]) => a.filter((u) => b.some((v) => near(u, v, 1e-6)));

describe('linear polygons (B) on hex maps', () => {
  it('a lone wide feature is its own tile hexagon (the trivial realization)', () => {
    const map = checkerMap({ kind: 'hex-rectangle', width: 5, height: 5 }, true);
    const [s] = paint(map, [[2, 3]], 'river');
    const mesh = buildMapGeometry(map, catalogue).linear;
    expect(mesh.pieceCount).toBe(1);
    const pts = strip(mesh, s!);
    for (const c of map.grid.corners(s!)) expect(pts.some((v) => near(v, c, 1e-6))).toBe(true);
  });

  for (const [axis, coord, areas] of [
    ['X-AXIS', [2, 3], [[2, 2], [2, 4]]],
    ['Y-AXIS', [3, 3], [[2, 2], [4, 4]]],
    ['Z-AXIS', [3, 2], [[2, 2], [4, 2]]],
  ] as const) {
    it(`a ${axis} strip lies along the edge between its two area tiles, narrow across it`, () => {
      const map = checkerMap({ kind: 'hex-rectangle', width: 5, height: 5 }, true);
      const [s] = paint(map, [coord], 'stream');
      const g = buildMapGeometry(map, catalogue);
      const pts = strip(g.linear, s!);
      // Apexes (vertices 1 and 4) are the two corners the area polygons share across this tile.
      const [a, b] = areas.map((c) => map.grid.index(c));
      const polyA = piecePoints(g.area, g.area.firstPiece[a!]!).map((v) => v.slice(0, 2));
      const polyB = piecePoints(g.area, g.area.firstPiece[b!]!).map((v) => v.slice(0, 2));
      const edge = shared(polyA, polyB);
      expect(edge.length).toBe(2);
      expect(edge.some((v) => near(v, pts[1]!))).toBe(true);
      expect(edge.some((v) => near(v, pts[4]!))).toBe(true);
      // Narrow: 0.35 of the spacing across, i.e. every other vertex 0.175 from the spine.
      for (const i of [0, 2, 3, 5]) expect(distToLine(pts[i]!, pts[1]!, pts[4]!)).toBeCloseTo(0.175, 5);
      expect(Math.hypot(pts[1]![0]! - pts[4]![0]!, pts[1]![1]! - pts[4]![1]!)).toBeCloseTo(2 / SQ3, 5);
    });
  }

  it('a river on consecutive linear tiles is one connected strip: neighbours share their junction edge', () => {
    const map = checkerMap({ kind: 'hex-rectangle', width: 7, height: 7 }, true);
    // Round the area tile (2, 2): N, NE, SE, S, then on along (4, 5) — a bend at every junction.
    const chain = paint(map, [[2, 3], [3, 3], [3, 2], [2, 1]], 'river');
    const mesh = buildMapGeometry(map, catalogue).linear;
    expect(mesh.pieceCount).toBe(4);
    for (let k = 0; k + 1 < chain.length; k++) {
      const a = strip(mesh, chain[k]!);
      const b = strip(mesh, chain[k + 1]!);
      const common = shared(a, b);
      // The junction apex and both mitre points: the strips meet along a whole cut, not at a point.
      expect(common.length).toBe(3);
      const [p, q] = [common[0]!, common[2]!];
      expect(Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!)).toBeGreaterThan(0.9);
      expect(overlaps(polygon2d(mesh, mesh.firstPiece[chain[k]!]!), polygon2d(mesh, mesh.firstPiece[chain[k + 1]!]!))).toBe(false);
    }
  });

  it('three features at one junction meet along the tile edges there; a wide-to-narrow join tapers to the mean width', () => {
    const map = checkerMap({ kind: 'hex-rectangle', width: 7, height: 7 }, true);
    const [r] = paint(map, [[2, 3]], 'river');
    const [s1, s2] = paint(map, [[3, 4], [3, 3]], 'stream');
    const rules = { connects: (a: { id: string }, b: { id: string }) => a.id === b.id || [a.id, b.id].sort().join() === 'river,stream' };
    const mesh = buildMapGeometry(map, catalogue, rules).linear;
    const R = strip(mesh, r!);
    const A = strip(mesh, s1!);
    const B = strip(mesh, s2!);
    // All three share the junction apex; each pair shares one more point on the tile edge between them.
    expect(shared(R, A).length).toBe(2);
    expect(shared(R, B).length).toBe(2);
    expect(shared(A, B).length).toBe(2);
    // The river's two points at the junction lie (0.5 + 0.175 + 0.175) / 3 = 0.2833 from its spine.
    for (const i of [0, 2]) expect(distToLine(R[i]!, R[1]!, R[4]!)).toBeCloseTo((0.5 + 0.175 + 0.175) / 3, 5);
    for (const i of [3, 5]) expect(distToLine(R[i]!, R[1]!, R[4]!)).toBeCloseTo(0.5, 5);
  });
});

describe('linear polygons (B) on square maps', () => {
  it('a lone edge tile is a bar across its own cell; a drawn VERTEX tile is a hub square the connected edges end on', () => {
    const map = checkerMap({ kind: 'square', width: 7, height: 7 }, true);
    const [e] = paint(map, [[1, 2]], 'road'); // X-EDGE: between area (0, 2) and (2, 2), spine vertical
    let mesh = buildMapGeometry(map, catalogue).linear;
    let pts = strip(mesh, e!);
    expect(Math.min(...pts.map((v) => v[1]!))).toBeCloseTo(1.5, 6);
    expect(Math.max(...pts.map((v) => v[1]!))).toBeCloseTo(2.5, 6);
    expect(Math.max(...pts.map((v) => Math.abs(v[0]! - 1)))).toBeCloseTo(0.175, 6);

    const [v] = paint(map, [[1, 3]], 'road'); // the VERTEX tile above it
    mesh = buildMapGeometry(map, catalogue).linear;
    const hub = polygon2d(mesh, mesh.firstPiece[v!]!);
    expect(mesh.role[mesh.firstPiece[v!]!]).toBe(PieceRole.HUB);
    expect(hub.length).toBe(4);
    expect(Math.abs(signedArea(hub)) / 2).toBeCloseTo(0.35 * 0.35, 6);
    pts = strip(mesh, e!);
    expect(Math.max(...pts.map((p) => p[1]!))).toBeCloseTo(3 - 0.175, 6); // ends on the hub's side
    expect(shared(pts, hub).length).toBe(2);
  });

  it('edges turning at an empty VERTEX tile are mitred; a T junction leaves no gap', () => {
    const map = checkerMap({ kind: 'square', width: 7, height: 7 }, true);
    const [up, right, down] = paint(map, [[1, 4], [2, 3], [1, 2]], 'road'); // round the vertex (1, 3)
    const mesh = buildMapGeometry(map, catalogue).linear;
    const U = strip(mesh, up!);
    const R = strip(mesh, right!);
    const D = strip(mesh, down!);
    expect(shared(U, R).length).toBe(2); // apex + inner corner
    expect(shared(D, R).length).toBe(2);
    expect(shared(U, D).length).toBe(2); // straight through: apex + the far side point
    const polys = [up!, right!, down!].map((t) => polygon2d(mesh, mesh.firstPiece[t]!));
    for (let i = 0; i < 3; i++) for (let j = i + 1; j < 3; j++) expect(overlaps(polys[i]!, polys[j]!)).toBe(false);
    // No gap: the pieces fill exactly a vertical bar 3 long (1.5 each side of the junction,
    // both ends capped half way) and a horizontal bar from its side out to the cap, 2h wide.
    const h = 0.175;
    const total = polys.reduce((s, p) => s + Math.abs(signedArea(p)) / 2, 0);
    expect(total).toBeCloseTo(2 * h * 3 + 2 * h * (1.5 - h), 6);
  });
});

describe('linear polygons (B) on offset-square maps', () => {
  it('half edges span their cell; a full edge reaches the junction only when it connects there', () => {
    const map = checkerMap({ kind: 'offset-square', width: 7, height: 7 }, true);
    const [half] = paint(map, [[1, 1]], 'road'); // UPPER-HALF-EDGE at unit (1, 0.5): vertical, y 0…1
    let mesh = buildMapGeometry(map, catalogue).linear;
    let pts = strip(mesh, half!);
    expect(Math.min(...pts.map((v) => v[1]!))).toBeCloseTo(0, 6);
    expect(Math.max(...pts.map((v) => v[1]!))).toBeCloseTo(1, 6);
    const [full] = paint(map, [[2, 3]], 'road'); // FULL-EDGE at unit (2, 2): horizontal, its left end at (1, 2)
    mesh = buildMapGeometry(map, catalogue).linear;
    pts = strip(mesh, full!);
    expect(Math.min(...pts.map((v) => v[0]!))).toBeCloseTo(1.5, 6); // not connected: capped at its cell
    paint(map, [[1, 2]], 'road'); // the half edge above the junction (1, 2) — now they connect
    mesh = buildMapGeometry(map, catalogue).linear;
    pts = strip(mesh, full!);
    expect(Math.min(...pts.map((v) => v[0]!))).toBeCloseTo(1 - 0.175, 6);
    expect(pts.some((v) => near(v, [1, 2]))).toBe(true);
  });
});

describe('linear polygons (B): invariants on random maps', () => {
  const KINDS: GridSize[] = [
    { kind: 'hex-rectangle', width: 13, height: 11 },
    { kind: 'square', width: 13, height: 11 },
    { kind: 'offset-square', width: 13, height: 11 },
    { kind: 'hex-hexagon', diameter: 13 },
  ];
  for (const size of KINDS) {
    for (const alform of [true, false]) {
      if (!alform && size.kind === 'hex-hexagon') continue;
      it(`${size.kind} ${alform ? 'AL-FORM' : 'classic'}: pieces are convex, clockwise, front-facing and never overlap`, () => {
        // Classic maps have ~3 edges a tile: a smaller map keeps the all-pairs check quick.
        const map = randomMap(alform || size.kind === 'hex-hexagon' ? size : { ...size, width: 7, height: 7 } as GridSize, alform, 7);
        const mesh = buildMapGeometry(map, catalogue).linear;
        // One 6-vertex, 4-triangle piece per painted linear tile / edge / vertex (no area joins here).
        const painted = alform
          ? Array.from({ length: map.tileCount }, (_, i) => i).filter((i) => isLinear(map, i) && map.layers.terrain[i] !== 0).length
          : map.layers.edges!.filter((t) => t !== 0).length + (map.layers.vertices?.filter((t) => t !== 0).length ?? 0);
        expect(mesh.pieceCount).toBe(painted);
        expect(mesh.pieceCount).toBeGreaterThan(10);
        expect([mesh.verticesPerPiece, mesh.indicesPerPiece]).toEqual([6, 12]);
        const polys: { owner: number; poly: [number, number][] }[] = [];
        for (let p = 0; p < mesh.pieceCount; p++) {
          const poly = polygon2d(mesh, p);
          expect(isConvex(poly), `piece ${p} convex`).toBe(true);
          expect(signedArea(poly)).toBeLessThan(0);
          polys.push({ owner: mesh.owner[p]!, poly });
        }
        expectFrontFacing(mesh);
        for (let i = 0; i < polys.length; i++) {
          for (let j = i + 1; j < polys.length; j++) {
            if (polys[i]!.owner === polys[j]!.owner) continue;
            expect(overlaps(polys[i]!.poly, polys[j]!.poly, 1e-5), `pieces of ${polys[i]!.owner} and ${polys[j]!.owner}`).toBe(false);
          }
        }
      });
    }
  }

  for (const size of KINDS) {
    it(`${size.kind}: editing tiles in place gives the same pieces as a fresh build`, () => {
      const map = randomMap(size, true, 3);
      const g = buildMapGeometry(map, catalogue);
      const rnd = seededRandom(11);
      const linear = Array.from({ length: map.tileCount }, (_, i) => i).filter((i) => isLinear(map, i));
      const area = Array.from({ length: map.tileCount }, (_, i) => i).filter((i) => !isLinear(map, i));
      for (let round = 0; round < 5; round++) {
        const edited: number[] = [];
        for (let k = 0; k < 6; k++) {
          const t = linear[Math.floor(rnd() * linear.length)]!;
          map.setTerrain(t, ['', 'river', 'road', 'stream'][Math.floor(rnd() * 4)]!);
          edited.push(t);
        }
        const a = area[Math.floor(rnd() * area.length)]!;
        map.setTerrain(a, rnd() < 0.5 ? 'road-area' : 'forest');
        edited.push(a);
        g.updateTiles(edited);
        expect(piecesByOwner(g.linear)).toEqual(piecesByOwner(buildMapGeometry(map, catalogue).linear));
      }
    });
  }
});

describe('area joins: the road that is area terrain in one place, linear in another', () => {
  it('a road strip beside a road-area tile sends a spur to that tile’s centre; beside clear it does not', () => {
    const map = checkerMap({ kind: 'hex-rectangle', width: 7, height: 7 }, true);
    const [a] = paint(map, [[2, 2]], 'road-area');
    const [r1, r2] = paint(map, [[2, 3], [1, 3]], 'road'); // (2,3) lies between (2,2) and (2,4); (1,3) between (0,2) and (2,4)
    const g = buildMapGeometry(map, catalogue);
    const spurs = (tile: number) => {
      const out: number[][][] = [];
      for (let p = g.linear.firstPiece[tile]!; p >= 0; p = g.linear.nextPiece[p]!) if (g.linear.role[p] === PieceRole.SPUR) out.push(piecePoints(g.linear, p));
      return out;
    };
    expect(spurs(r2!)).toEqual([]);
    const [spur] = spurs(r1!);
    expect(spur).toBeDefined();
    const centre = map.grid.center(a!);
    expect(spur!.some((v) => near(v, [centre[0]!, centre[1]!, 0]))).toBe(true); // the tip
    // It starts at the strip's side and never overlaps the strip or any other piece.
    const poly = spur!.map((v) => [v[0]!, v[1]!] as [number, number]);
    expect(isConvex(poly)).toBe(true);
    expect(overlaps(poly, polygon2d(g.linear, pieceOf(g.linear, r1!, PieceRole.POLYGON)), 1e-5)).toBe(false);
    const base = shared(spur!.map((v) => v.slice(0, 2)), strip(g.linear, r1!));
    expect(base.length).toBe(0);
    expect(Math.min(...spur!.map((v) => Math.hypot(v[0]! - centre[0]!, v[1]! - centre[1]!)))).toBeCloseTo(0, 6);
  });
});

function pieceOf(mesh: MeshBuffers, tile: number, role: number): number {
  for (let p = mesh.firstPiece[tile]!; p >= 0; p = mesh.nextPiece[p]!) if (mesh.role[p] === role) return p;
  return -1;
}

function randomMap(size: GridSize, alform: boolean, seed: number): TerrainMap {
  const map = checkerMap(size, alform);
  const rnd = seededRandom(seed);
  const linear = ['river', 'road', 'stream', 'canal', 'river-bridge'];
  if (alform) {
    for (let i = 0; i < map.tileCount; i++) if (isLinear(map, i) && rnd() < 0.45) map.setTerrain(i, linear[Math.floor(rnd() * linear.length)]!);
    return map;
  }
  const g = map.grid;
  for (let i = 0; i < map.tileCount; i++) {
    for (let d = 0; d < g.directions; d++) {
      if (g.edgeSlot(i, d) >= 0 && rnd() < 0.3) map.setEdgeTerrain(i, d, linear[Math.floor(rnd() * linear.length)]!);
    }
  }
  if (map.layers.vertices) {
    const sq = requireVertices(g, 'this test');
    for (let i = 0; i < map.tileCount; i++) {
      const v = sq.vertexSlot(i, 1);
      if (v >= 0 && rnd() < 0.3) map.layers.vertices[v] = map.terrainIndex(linear[Math.floor(rnd() * linear.length)]!);
    }
  }
  return map;
}

/** owner → sorted list of its pieces' rounded points, ignoring where in the buffer they sit. */
function piecesByOwner(mesh: MeshBuffers): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  for (let p = 0; p < mesh.pieceCount; p++) {
    const o = mesh.owner[p]!;
    if (o < 0) continue;
    const colour = Array.from(mesh.colors.subarray(4 * 6 * p, 4 * 6 * p + 4)).join(',');
    const key = `${mesh.role[p]}:${mesh.terrain[p]}:${colour}:` + piecePoints(mesh, p).map((v) => v.map((x) => x.toFixed(4)).join(',')).join(' ');
    (out[o] ??= []).push(key);
  }
  for (const k of Object.keys(out)) out[Number(k)]!.sort();
  return out;
}
