import { describe, expect, it } from 'vitest';
import { InstanceLayer } from '../map/instance-layer.js';
import { encodePlacement } from '../map/orientation-code.js';
import { TerrainMap } from '../map/terrain-map.js';
import { HEX } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import { HEX_TILE, edgeLine, on, poly, tileOf } from '../vector/vector.testkit.js';
import { buildMapGeometry } from './map-geometry.js';
import { defaultCatalogue } from './render.testkit.js';
import { ringArea, ringWithHole, strokeRibbon, triangulate, type Triangles2 } from './tessellate.js';
import { buildVectorMap, vectorGround } from './vector-map.js';
import { closeAlongShape, STROKE_WIDTHS, tessellateTile } from './vector-tile-mesh.js';

const terrains = new Map(defaultCatalogue.terrains.map((t) => [t.id, t] as const));

function trianglesArea(t: Triangles2): number {
  let a = 0;
  for (let i = 0; i < t.indices.length; i += 3) {
    const [p, q, r] = [t.indices[i]!, t.indices[i + 1]!, t.indices[i + 2]!];
    a += ringArea([t.xy[2 * p]!, t.xy[2 * p + 1]!, t.xy[2 * q]!, t.xy[2 * q + 1]!, t.xy[2 * r]!, t.xy[2 * r + 1]!]);
  }
  return a;
}

/** A road straight across a hexagon, from the middle of edge 0 (top) to the middle of edge 3 (bottom), and a peak. */
const ROAD: VectorTile = tileOf('road-ns', HEX, { kind: 'line', id: 'road', terrain: 'road', curve: poly([on(HEX, 0, 0.5), on(HEX, 3, 0.5)]) }, { kind: 'point', id: 'top', terrain: 'mountains', at: [0.5, 0] });

/** A classic hex map with `tile` on `cells` (placement 0). */
function instanceMap(cells: readonly number[], tile: VectorTile, size = { kind: 'hex-rectangle' as const, width: 5, height: 5 }) {
  const map = TerrainMap.create({ size, palette: ['clear'] });
  map.layers.terrain.fill(1);
  const layer = new InstanceLayer(map.grid);
  for (const c of cells) layer.set(c, tile.id, 0);
  map.setInstances(layer);
  return map;
}

describe('tessellation', () => {
  it('triangulates simple polygons of either orientation, concave ones too', () => {
    const l = [0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2];
    for (const ring of [l, [...l].reverse().flatMap((_, i, a) => (i % 2 ? [] : [a[i + 1]!, a[i]!]))]) {
      const out: Triangles2 = { xy: [], indices: [] };
      expect(triangulate(ring, out)).toBe(4);
      expect(trianglesArea(out)).toBeCloseTo(3, 9);
    }
  });

  it('fills round a hole: a square ring with a square hole covers the difference', () => {
    const out: Triangles2 = { xy: [], indices: [] };
    const ring = ringWithHole([-2, -2, 2, -2, 2, 2, -2, 2], [-1, -1, 1, -1, 1, 1, -1, 1]);
    triangulate(ring, out);
    expect(trianglesArea(out)).toBeCloseTo(16 - 4, 9);
  });

  it('strokes a polyline at its width through a right-angle bend (mitred, no gap)', () => {
    const out: Triangles2 = { xy: [], indices: [] };
    expect(strokeRibbon([0, 0, 4, 0, 4, 3], 0.5, false, out)).toBe(4);
    // Centre-line length 7, width 0.5: the mitre adds exactly what the inner corner loses.
    expect(trianglesArea(out)).toBeCloseTo(7 * 0.5, 9);
  });

  it('closes an edge-crossing area along the tile border on its inside side', () => {
    const wood = HEX_TILE.elements.find((e) => e.id === 'wood')!;
    if (wood.kind !== 'area') throw new Error('wood is an area');
    const line = [on(HEX, 1, 0.5), [0.2, 0.1], on(HEX, 4, 0.5)].flat();
    const left = closeAlongShape(line, HEX, 'left')!;
    const right = closeAlongShape(line, HEX, 'right')!;
    const hexArea = 2 * Math.sqrt(3);
    // The two sides split the hexagon; each ring runs counter- or clockwise as its side says.
    expect(Math.abs(ringArea(left)) + Math.abs(ringArea(right))).toBeCloseTo(hexArea, 9);
    expect(ringArea(left)).toBeGreaterThan(0);
    expect(ringArea(right)).toBeLessThan(0);
    expect(closeAlongShape([0, 0, 0.5, 0.5], HEX, 'left')).toBeNull();
  });

  it('draws a tile: areas filled with edges, contours shaded, lines over casings, points as symbols', () => {
    const t = tessellateTile(HEX_TILE, terrains);
    expect(t.contours).toBe(1);
    expect(t.fills.indices.length).toBeGreaterThan(0);
    expect(t.over.indices.length).toBe(2 * 3 * 12); // the river: one cubic, 12 samples → 12 quads
    expect(t.under.indices.length).toBeGreaterThan(t.over.indices.length); // casing + forest edge + contour
    expect(t.points.length).toBe(0); // "well" is not a terrain of the default catalogue
    expect(tessellateTile(ROAD, terrains).points).toHaveLength(6);
  });
});

describe('buildVectorMap', () => {
  it('tessellates each distinct tile and placement once and copies it to every instance', () => {
    const cells = [0, 1, 2, 3, 4, 7, 8, 12, 13, 20];
    const map = instanceMap(cells, ROAD);
    const v = buildVectorMap(buildMapGeometry(map, defaultCatalogue), (id) => (id === ROAD.id ? ROAD : null))!;
    expect(v.stats.instances).toBe(cells.length);
    expect(v.stats.tessellated).toBe(1);
    expect(v.stats.points).toBe(cells.length);
    const one = tessellateTile(ROAD, terrains);
    expect(v.stats.strokeTriangles).toBe((cells.length * (one.under.indices.length + one.over.indices.length)) / 3);
    expect(v.points.indices.length).toBe(6 * cells.length);
    expect(v.missing).toEqual([]);
  });

  it('joins a road across the tile edge it crosses: the two ribbons end on the same two points', () => {
    const probe = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 5, height: 5 } });
    const a = probe.grid.index([2, 2]);
    const b = probe.grid.neighbor(a, 0);
    expect(b).toBeGreaterThanOrEqual(0);
    const map = instanceMap([a, b], ROAD);
    const v = buildVectorMap(buildMapGeometry(map, defaultCatalogue), () => ROAD)!;
    const pos = v.strokes.positions;
    const n = pos.length / 3;
    // Line ribbons (the last half of the strokes): each instance's vertices in order, 2 a sample.
    const perInstance = (n / 2) / 2;
    const lineStart = n / 2;
    const end = (inst: number, last: boolean): number[][] => {
      const v0 = lineStart + inst * perInstance + (last ? perInstance - 2 : 0);
      return [0, 1].map((j) => [pos[3 * (v0 + j)]!, pos[3 * (v0 + j) + 1]!]);
    };
    // Instance a runs top → bottom; b (above it) ends at its bottom edge, a starts at its top.
    const aTop = end(0, false);
    const bBottom = end(1, true);
    const key = (p: number[]) => p.map((x) => x.toFixed(5)).join(',');
    expect(new Set(aTop.map(key))).toEqual(new Set(bBottom.map(key)));
    // The ribbon is the road's width class across (narrow), in model units of the cell's inradius.
    const inradius = map.grid.spacing() / 2;
    expect(Math.hypot(aTop[0]![0]! - aTop[1]![0]!, aTop[0]![1]! - aTop[1]![1]!)).toBeCloseTo(STROKE_WIDTHS.narrow * inradius, 5);
  });

  it('snaps an instance whose crossing misses its neighbour\'s: only those two are tessellated on their own, and their roads meet', () => {
    // The same road a little off the middle (0.52 of the edge instead of 0.5): within the snap tolerance.
    const off: VectorTile = tileOf('road-off', HEX, { kind: 'line', id: 'road', terrain: 'road', curve: poly([on(HEX, 0, 0.52), on(HEX, 3, 0.52)]) });
    const probe = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 7, height: 7 } });
    const g = probe.grid;
    const a = g.index([3, 3]);
    const b = g.neighbor(a, 0);
    const near = new Set([a, b, ...[a, b].flatMap((c) => Array.from({ length: 6 }, (_, d) => g.neighbor(c, d)))]);
    const others = Array.from({ length: g.tileCount }, (_, c) => c).filter((c) => !near.has(c));
    const map = instanceMap([a, ...others], ROAD, { kind: 'hex-rectangle', width: 7, height: 7 });
    map.instances!.set(b, off.id, 0);
    const source = (id: string) => (id === off.id ? off : ROAD);
    const v = buildVectorMap(buildMapGeometry(map, defaultCatalogue), source)!;
    expect(v.stats.instances).toBe(others.length + 2);
    // ROAD once for every instance that meets exactly; a and b once each, snapped.
    expect(v.stats.snapped).toBe(2);
    expect(v.stats.tessellated).toBe(3);
    expect(v.gaps).toEqual([]);

    // Just the two: their line ribbons (the last half of the strokes) share their meeting ends.
    const pair = instanceMap([a], ROAD, { kind: 'hex-rectangle', width: 7, height: 7 });
    pair.instances!.set(b, off.id, 0);
    const w = buildVectorMap(buildMapGeometry(pair, defaultCatalogue), source, { ground: null })!;
    const pos = w.strokes.positions;
    const n = pos.length / 3;
    const per = n / 2 / 2;
    // Each ribbon end's middle is the curve's end (the two sides' ends are square to slightly different chords).
    const mids = (inst: number): string[] =>
      [0, per - 2].map((o) => {
        const v = n / 2 + inst * per + o;
        return [0, 1].map((k) => (pos[3 * v + k]! + pos[3 * (v + 1) + k]!) / 2).map((x) => x.toFixed(5)).join(',');
      });
    expect(mids(0).filter((m) => mids(1).includes(m))).toHaveLength(1);

    // Far off (0.7 against 0.5: a fifth of the edge) the pair is bent to meet all the same (patent step 4, always).
    const far: VectorTile = tileOf('road-far', HEX, { kind: 'line', id: 'road', terrain: 'road', curve: poly([on(HEX, 0, 0.7), on(HEX, 3, 0.7)]) });
    const apart = instanceMap([a], ROAD, { kind: 'hex-rectangle', width: 7, height: 7 });
    apart.instances!.set(b, far.id, 0);
    const x = buildVectorMap(buildMapGeometry(apart, defaultCatalogue), (id) => (id === far.id ? far : ROAD))!;
    expect(x.stats.snapped).toBe(2);
    expect(x.stats.tessellated).toBe(2);
    expect(x.gaps).toEqual([]);
  });

  it('puts the tiles on the map\'s ground and samples curves more coarsely at a lower detail', () => {
    const map = instanceMap([0, 1, 2], ROAD);
    const geo = buildMapGeometry(map, defaultCatalogue);
    expect(vectorGround(geo)).toBe(terrains.get('clear')!.colour);
    const withGround = buildVectorMap(geo, () => ROAD)!;
    const bare = buildVectorMap(geo, () => ROAD, { ground: null })!;
    // A hexagon of ground is four triangles under each instance.
    expect(withGround.stats.fillTriangles - bare.stats.fillTriangles).toBe(3 * 4);
    const coarse = buildVectorMap(geo, () => ROAD, { detail: 3 })!;
    expect(coarse.stats.strokeTriangles).toBeLessThan(withGround.stats.strokeTriangles);
  });

  it('reports tiles it does not have and draws nothing for them', () => {
    const map = instanceMap([0, 1], ROAD);
    const v = buildVectorMap(buildMapGeometry(map, defaultCatalogue), () => null)!;
    expect(v.missing).toEqual(['road-ns']);
    expect(v.stats.instances).toBe(0);
    expect(buildVectorMap(buildMapGeometry(TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 } }), defaultCatalogue), () => null)).toBeNull();
  });

  it('lifts warped tiles onto the globe: every vertex on its layer sphere', () => {
    const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 3 }, palette: ['clear'] });
    const layer = new InstanceLayer(map.grid);
    const wood: VectorTile = tileOf('wood', HEX, edgeLine(HEX, 'road', [0, 0.5], [3, 0.5]), { kind: 'area', id: 'w', terrain: 'forest', side: 'left', curve: poly([on(HEX, 1, 0.5), [0.2, 0.1], on(HEX, 4, 0.5)]) });
    let pentagons = 0;
    for (let c = 0; c < map.tileCount; c++) {
      if (map.grid.isPentagon(c)) {
        pentagons++;
        layer.set(c, wood.id, encodePlacement({ orientation: { rotation: 0, mirror: 'none' }, pentagonRotation: 0 }));
      } else layer.set(c, wood.id, 0);
    }
    map.setInstances(layer);
    const geo = buildMapGeometry(map, defaultCatalogue);
    const v = buildVectorMap(geo, () => wood)!;
    expect(pentagons).toBe(12);
    expect(v.stats.instances).toBe(map.tileCount);
    const r = geo.radii!;
    const radiusOf = (p: Float32Array, i: number) => Math.hypot(p[3 * i]!, p[3 * i + 1]!, p[3 * i + 2]!);
    const worst = (p: Float32Array, want: number) => {
      let w = 0;
      for (let i = 0; i < p.length / 3; i++) w = Math.max(w, Math.abs(radiusOf(p, i) - want));
      return w;
    };
    expect(v.fills.positions.length).toBeGreaterThan(0);
    expect(worst(v.fills.positions, (r[0] + r[1]) / 2)).toBeLessThan(1e-5);
    expect(worst(v.strokes.positions, r[1])).toBeLessThan(1e-5);
  });
});
