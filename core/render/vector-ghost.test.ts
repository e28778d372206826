import { describe, expect, it } from 'vitest';
import { InstanceLayer } from '../map/instance-layer.js';
import { encodePlacement } from '../map/orientation-code.js';
import { TerrainMap } from '../map/terrain-map.js';
import type { GridSize } from '../grid/types.js';
import { HEX } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import { on, poly, tileOf } from '../vector/vector.testkit.js';
import { buildMapGeometry } from './map-geometry.js';
import { defaultCatalogue } from './render.testkit.js';
import { buildVectorGhost } from './vector-ghost.js';
import { buildVectorMap, type VectorBuffers } from './vector-map.js';
import { tessellateTile } from './vector-tile-mesh.js';

/** A road through a hexagon crossing edges 0 and 3 at `t`, a forest on one side, a peak. */
const road = (id: string, t: number): VectorTile =>
  tileOf(
    id,
    HEX,
    { kind: 'line', id: 'road', terrain: 'road', curve: poly([on(HEX, 0, t), on(HEX, 3, t)]) },
    { kind: 'area', id: 'wood', terrain: 'forest', side: 'left', curve: poly([on(HEX, 1, 0.5), [0.5, 0.1], on(HEX, 2, 0.5)]) },
    { kind: 'point', id: 'top', terrain: 'mountains', at: [-0.4, 0] },
  );
const CENTRED = road('centred', 0.5);
const OFF = road('off', 0.52);
const source = (id: string) => (id === OFF.id ? OFF : id === CENTRED.id ? CENTRED : null);

function mapWith(size: GridSize, placed: readonly [number, string, number][], alform = false) {
  const map = TerrainMap.create({ size, alform, palette: ['clear'] });
  map.layers.terrain.fill(1);
  const layer = new InstanceLayer(map.grid);
  for (const [c, id, code] of placed) layer.set(c, id, code);
  map.setInstances(layer);
  return map;
}

/** Every vertex of a buffer, rounded, sorted: two drawings of the same triangles compare equal. */
const vertexSet = (b: VectorBuffers): string[] => {
  const out: string[] = [];
  for (let i = 0; i < b.positions.length; i += 3) out.push([0, 1, 2].map((k) => b.positions[i + k]!.toFixed(4)).join(','));
  return out.sort();
};

/** Vertices of one instance's part of a map buffer (instances in cell order, each `per` vertices). */
const slice = (b: VectorBuffers, from: number, count: number): VectorBuffers => ({ positions: b.positions.subarray(3 * from, 3 * (from + count)), colors: b.colors, indices: b.indices });

describe('buildVectorGhost', () => {
  it('draws the tile as placing it will: snapped to the placed neighbour, the same fills, strokes and symbols', () => {
    const size: GridSize = { kind: 'hex-rectangle', width: 5, height: 5 };
    const probe = TerrainMap.create({ size });
    const a = probe.grid.index([2, 2]);
    const b = probe.grid.neighbor(a, 0);
    const before = mapWith(size, [[a, CENTRED.id, 0]]);
    const ghost = buildVectorGhost(buildMapGeometry(before, defaultCatalogue), source, b, OFF, 0)!;
    expect(ghost.snapped).toBe(1);
    expect(ghost.gaps).toEqual([]);
    expect(ghost.geometry.stats.points).toBe(1);
    expect(ghost.geometry.fills.indices.length).toBeGreaterThan(0);

    const after = buildVectorMap(buildMapGeometry(mapWith(size, [[a, CENTRED.id, 0], [b, OFF.id, 0]]), defaultCatalogue), source)!;
    expect(after.stats.snapped).toBe(2);
    const order = b < a ? 0 : 1;
    const g = ghost.geometry;
    // The map's strokes: every instance's edges and casings, then every instance's lines (two tiles alike in sample counts).
    const one = tessellateTile(OFF, new Map(defaultCatalogue.terrains.map((t) => [t.id, t] as const)));
    const [under, over] = [one.under.xy.length / 2, one.over.xy.length / 2];
    const placedStrokes = [slice(after.strokes, order * under, under), slice(after.strokes, 2 * under + order * over, over)].flatMap(vertexSet).sort();
    expect(vertexSet(g.strokes)).toEqual(placedStrokes);
    const fillsEach = g.fills.positions.length / 3;
    expect(vertexSet(g.fills)).toEqual(vertexSet(slice(after.fills, order * fillsEach, fillsEach)));
    expect(vertexSet(g.points)).toEqual(vertexSet(slice(after.points, order * 4, 4)));
  });

  it('bends a crossing far from the neighbour\'s to meet it, and names only ends with no partner', () => {
    const size: GridSize = { kind: 'hex-rectangle', width: 5, height: 5 };
    const probe = TerrainMap.create({ size });
    const a = probe.grid.index([2, 2]);
    const far = road('far', 0.7);
    const ghost = buildVectorGhost(buildMapGeometry(mapWith(size, [[a, far.id, 0]]), defaultCatalogue), () => far, probe.grid.neighbor(a, 0), CENTRED, 0)!;
    expect(ghost.snapped).toBe(1);
    expect(ghost.gaps).toEqual([]);
    const plain: VectorTile = { id: 'plain', shape: HEX, elements: [] };
    const alone = buildVectorGhost(buildMapGeometry(mapWith(size, [[a, plain.id, 0]]), defaultCatalogue), () => plain, probe.grid.neighbor(a, 0), CENTRED, 0)!;
    expect(alone.snapped).toBe(0);
    expect(alone.gaps.length).toBeGreaterThan(0);
  });

  it('on the globe: the warped tile on the cell, as the globe map draws it once placed', () => {
    const size: GridSize = { kind: 'icosahedron', side: 3 };
    const empty = mapWith(size, []);
    const cell = 5;
    const pentagon = [...Array(empty.tileCount).keys()].find((c) => empty.grid.isPentagon(c))!;
    for (const [c, code] of [[cell, 0], [pentagon, encodePlacement({ orientation: { rotation: 0, mirror: 'none' }, pentagonRotation: 1 })]] as const) {
      expect(empty.grid.isPentagon(c)).toBe(c === pentagon);
      const geo = buildMapGeometry(empty, defaultCatalogue);
      const ghost = buildVectorGhost(geo, source, c, CENTRED, code)!;
      const placed = buildVectorMap(buildMapGeometry(mapWith(size, [[c, CENTRED.id, code]]), defaultCatalogue), source)!;
      expect(vertexSet(ghost.geometry.fills)).toEqual(vertexSet(placed.fills));
      expect(vertexSet(ghost.geometry.strokes)).toEqual(vertexSet(placed.strokes));
      expect(vertexSet(ghost.geometry.points)).toEqual(vertexSet(placed.points));
    }
  });

  it('on an AL-FORM globe the ghost fills the wide area polygon drawn for the pentagon, as placing it draws (issue 25: it was a third of the cell)', () => {
    const size: GridSize = { kind: 'icosahedron', side: 5 };
    const empty = mapWith(size, [], true);
    const pentagon = [...Array(empty.tileCount).keys()].find((c) => empty.grid.isPentagon(c))!;
    const code = encodePlacement({ orientation: { rotation: 0, mirror: 'none' }, pentagonRotation: 1 });
    const geo = buildMapGeometry(empty, defaultCatalogue);
    const ghost = buildVectorGhost(geo, source, pentagon, CENTRED, code)!;
    const placed = buildVectorMap(buildMapGeometry(mapWith(size, [[pentagon, CENTRED.id, code]], true), defaultCatalogue), source)!;
    expect(vertexSet(ghost.geometry.fills)).toEqual(vertexSet(placed.fills));
    // The farthest ground vertex from the centre is the (A) polygon's corner, not the grid cell's (half as far).
    const c = empty.grid.center(pentagon);
    const far = (p: ArrayLike<number>) => {
      let w = 0;
      for (let i = 0; i < p.length; i += 3) {
        const l = Math.hypot(p[i]!, p[i + 1]!, p[i + 2]!);
        w = Math.max(w, Math.acos(Math.min(1, (p[i]! * c[0]! + p[i + 1]! * c[1]! + p[i + 2]! * c[2]!) / l)));
      }
      return w;
    };
    const a = geo.area;
    const piece = a.positions.subarray(3 * 6 * a.firstPiece[pentagon]!, 3 * 6 * (a.firstPiece[pentagon]! + 1));
    expect(Math.abs(far(ghost.geometry.fills.positions) / far(piece) - 1)).toBeLessThan(1e-5);
  });
});
