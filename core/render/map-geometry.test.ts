import { describe, expect, it } from 'vitest';
import { requireVertices } from '../grid/capabilities.js';
import { TerrainMap } from '../map/terrain-map.js';
import { classifyTiles } from '../alform/classify.js';
import { errorOf } from '../terrain/catalogue.testkit.js';
import { seededRandom } from '../util/random.js';
import { buildMapGeometry } from './map-geometry.js';
import { PieceRole } from './pieces.js';
import { checkerMap, near, piecePoints, testCatalogue } from './render.testkit.js';

const catalogue = testCatalogue();

/** Area tiles clear/forest, a share `linear` of the linear tiles river or road. */
function painted(map: TerrainMap, cls: Uint8Array, linear: number, seed: number): void {
  const [clear, forest, river, road] = ['clear', 'forest', 'river', 'road'].map((id) => map.terrainIndex(id));
  const rnd = seededRandom(seed);
  const t = map.layers.terrain;
  for (let i = 0; i < map.tileCount; i++) t[i] = cls[i] === 0 ? (rnd() < 0.5 ? clear! : forest!) : rnd() < linear ? (rnd() < 0.5 ? river! : road!) : 0;
}

describe('scale: 1 M-tile maps (SPEC §12: buffers in under a second, four draw calls)', () => {
  for (const size of [
    { kind: 'hex-rectangle', width: 1001, height: 999 },
    { kind: 'icosahedron', side: 315 },
  ] as const) {
    it(`${size.kind} AL-FORM, ${size.kind === 'icosahedron' ? '998 562' : '999 999'} tiles, 5 % of the linear tiles painted`, () => {
      const map = TerrainMap.create({ size, alform: true });
      const cls = classifyTiles(map.grid);
      painted(map, cls, 0.05, 1);
      let areaTiles = 0;
      let linearPainted = 0;
      for (let i = 0; i < map.tileCount; i++) {
        if (cls[i] === 0) areaTiles++;
        else if (map.layers.terrain[i] !== 0) linearPainted++;
      }
      // Build and outline times for 1 M tiles: `npm run bench -- render` (buildMs, outlinesMs).
      const g = buildMapGeometry(map, catalogue);
      const o = g.outlines('foot');
      expect(g.area.pieceCount).toBe(areaTiles);
      expect(g.linear.pieceCount).toBe(linearPainted); // no area joins in this palette
      expect(o.area.segmentCount).toBeGreaterThan(areaTiles * 2);
      expect(o.linear.segmentCount).toBeGreaterThan(0);
      expect(g.area.positions.length).toBe(3 * 6 * areaTiles);
    });
  }
});

describe('classic maps: edge terrain drawn as the AL-FORM conversion would draw it', () => {
  it('hex: a river on a hexside is a strip along that hexside, at half the AL-FORM spacing', () => {
    const map = checkerMap({ kind: 'hex-rectangle', width: 4, height: 4 }, false);
    const tile = map.grid.index([1, 1]);
    map.setEdgeTerrain(tile, 0, 'river');
    const g = buildMapGeometry(map, catalogue);
    const slot = map.grid.edgeSlot(tile, 0);
    expect(g.linear.pieceCount).toBe(1);
    expect(g.linear.owner[0]).toBe(slot);
    const pts = piecePoints(g.linear, 0).map((v) => v.slice(0, 2));
    // The hexside between (1,1) and its north neighbour: corners 1 and 2 of the tile (60° and 120°).
    const corners = map.grid.corners(tile);
    expect(near(pts[1]!, corners[1]!) || near(pts[1]!, corners[2]!)).toBe(true);
    expect(near(pts[4]!, corners[1]!) || near(pts[4]!, corners[2]!)).toBe(true);
    // Wide: a full AL-FORM tile across, i.e. half a classic tile.
    const c = map.grid.center(tile);
    expect(Math.max(...pts.map((v) => v[1]!)) - (c[1]! + 0.5)).toBeCloseTo(0.25, 5);
  });

  it('square: vertex terrain is a hub; updateEdges rebuilds in place', () => {
    const map = checkerMap({ kind: 'square', width: 4, height: 4 }, false);
    const sq = requireVertices(map.grid, 'this test');
    const tile = map.grid.index([1, 1]);
    map.setEdgeTerrain(tile, 0, 'road');
    const g = buildMapGeometry(map, catalogue);
    expect(g.linear.pieceCount).toBe(1);
    const v = sq.vertexSlot(tile, 1);
    map.layers.vertices![v] = map.terrainIndex('road');
    map.setEdgeTerrain(tile, 2, 'road');
    const edges = map.layers.edges!.length;
    const up = g.updateEdges([edges + v, map.grid.edgeSlot(tile, 2)]);
    expect(up.linearGrown).toBe(true);
    expect(up.linear.count).toBeGreaterThan(0);
    const roles = Array.from(g.linear.role.subarray(0, g.linear.pieceCount)).filter((_, p) => g.linear.owner[p]! >= 0);
    expect(roles.sort()).toEqual([PieceRole.POLYGON, PieceRole.POLYGON, PieceRole.HUB]);
    // The NE vertex of (1,1) is at (1.5, 1.5): the hub is centred there.
    const hub = g.linear.firstPiece[edges + v]!;
    const pts = piecePoints(g.linear, hub);
    expect((Math.min(...pts.map((p) => p[0]!)) + Math.max(...pts.map((p) => p[0]!))) / 2).toBeCloseTo(1.5, 6);
    expect(errorOf(() => g.updateEdges([edges + map.layers.vertices!.length]))).toBe(`edge/vertex slot ${edges + 16} is outside 0…${edges + 15}`);
  });
});

describe('MapGeometry edits and errors', () => {
  it('updateTiles recolours area polygons in place, returns the dirty ranges, and follows a growing palette', () => {
    const map = checkerMap({ kind: 'hex-rectangle', width: 5, height: 5 }, true);
    const g = buildMapGeometry(map, catalogue);
    const tile = map.grid.index([2, 2]);
    map.setTerrain(tile, 'sand'); // new to this map: the palette grows
    const p = g.area.firstPiece[tile]!;
    const up = g.updateTiles([tile]);
    expect(up.area).toEqual({ start: 6 * p, count: 6 });
    expect(Array.from(g.area.colors.subarray(24 * p, 24 * p + 4))).toEqual([0xe0, 0xd0, 0x90, 255]);
    expect(g.area.terrain[p]).toBe(map.palette.indexOf('sand') + 1);
    const river = map.grid.index([2, 3]);
    map.setTerrain(river, 'river');
    const u2 = g.updateTiles([river]);
    expect(u2.linear.count).toBe(6);
    expect(g.outlines('boat').linear.segmentCount).toBe(6);
  });

  it('a classic globe draws no edge terrain: updateEdges (a vector tile placed there) changes nothing instead of failing', () => {
    const globe = checkerMap({ kind: 'icosahedron', side: 2 }, false);
    const g = buildMapGeometry(globe, catalogue);
    expect(g.updateEdges([0, 1])).toEqual({ area: { start: 0, count: 0 }, linear: { start: 0, count: 0 }, linearGrown: false });
    expect(errorOf(() => buildMapGeometry(checkerMap({ kind: 'icosahedron', side: 3 }, true), catalogue).updateEdges([0]))).toMatch(/^updateEdges applies to classic flat maps/);
  });

  it('rejects bad tiles, descending globe radii and bad layouts with what it expected', () => {
    const map = checkerMap({ kind: 'square', width: 3, height: 3 }, true);
    const g = buildMapGeometry(map, catalogue);
    expect(errorOf(() => g.updateTiles([9]))).toBe('tile index 9 is outside the map (0…8)');
    expect(errorOf(() => g.updateEdges([0]))).toBe('updateEdges applies to classic flat maps; AL-FORM maps keep edge terrain on linear tiles (use updateTiles)');
    expect(errorOf(() => buildMapGeometry(map, catalogue, { layout: { size: 0, origin: [0, 0], rotation: 0 } }))).toBe('layout size must be a positive number, got 0');
    const globe = checkerMap({ kind: 'icosahedron', side: 1 }, true);
    expect(errorOf(() => buildMapGeometry(globe, catalogue, { globeRadii: [1, 1.1, 1.05, 1.2] }))).toBe(
      'globe layer radii must be positive and ascending (A < B < C < D), got [1,1.1,1.05,1.2]',
    );
    expect(errorOf(() => g.outlines('swim'))).toContain('swim');
  });
});
