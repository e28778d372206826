import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import type { GridSize } from '../grid/types.js';
import { requireGlobe } from '../grid/capabilities.js';
import { buildMapGeometry } from './map-geometry.js';
import { defaultCatalogue, isLinear, testCatalogue, totalLength } from './render.testkit.js';

const catalogue = testCatalogue();
const SIDE = 2 / Math.sqrt(3); // side of an AL-FORM area hexagon (apothem 1)
// Lengths are compared to 1/100 of a tile: clipping counts a piece's boundary as covered
// within 1e-4 of the spacing, which trims edges that merely touch a piece by that much.

function allClear(size: GridSize): TerrainMap {
  const map = TerrainMap.create({ size, alform: true, palette: ['clear'] });
  for (let i = 0; i < map.tileCount; i++) if (!isLinear(map, i)) map.layers.terrain[i] = 1;
  return map;
}

function set(map: TerrainMap, coord: number[], terrain: string): void {
  const i = map.grid.kind === 'hex-hexagon' ? map.grid.fromSystem(coord, 'axial120') : map.grid.index(coord);
  map.setTerrain(i, terrain);
}

describe('outlines (C) and (D) on a hex map with a river and a road', () => {
  // The AL-FORM image of a classic diameter-3 hexagon: 7 area tiles (a centre and its ring),
  // 42 polygon edges, 12 of them shared by two area tiles. River round the centre's N and NE
  // sides (a bend), a road on its S side. Foot walks the clear ground and the road; boats
  // use the river only.
  const build = () => {
    const map = allClear({ kind: 'hex-hexagon', diameter: 5 });
    set(map, [0, 1], 'river');
    set(map, [1, 1], 'river');
    set(map, [0, -1], 'road');
    return { map, g: buildMapGeometry(map, catalogue) };
  };

  it('foot: every area edge once (shared edges of the same terrain drawn once), minus the one under the road; the road outlined', () => {
    const { g } = build();
    const o = g.outlines('foot');
    expect(o.area.segmentCount).toBe(42 - 12 - 1);
    expect(totalLength(o.area)).toBeCloseTo((42 - 12 - 1) * SIDE, 2);
    expect(o.linear.segmentCount).toBe(6);
  });

  it('boat: no area tile is playable, the two river strips are outlined edge by edge', () => {
    const { g } = build();
    const o = g.outlines('boat');
    expect(o.area.segmentCount).toBe(0);
    expect(o.linear.segmentCount).toBe(12);
    expect(new Set(Array.from(o.linear.tile)).size).toBe(2);
  });

  it('boat on water: the area edges under the playable river are gone, and the mitre of the bend hides half the next edge', () => {
    const { map } = build();
    set(map, [0, 0], 'ocean');
    set(map, [0, 2], 'ocean');
    const g = buildMapGeometry(map, catalogue);
    const o = g.outlines('boat');
    // Centre: 6 edges − the two under the river. North: 5 more (its edge with the centre is under
    // the river), one of them — towards the NE tile, along the empty tile at the river's bend —
    // covered half way by the bend's mitre.
    expect(o.area.segmentCount).toBe(4 + 5);
    expect(totalLength(o.area)).toBeCloseTo((4 + 4.5) * SIDE, 2);
    // Switching the mode only recomputes the outlines: the polygons are untouched.
    const positions = g.linear.positions.slice();
    g.outlines('foot');
    expect(g.linear.positions).toEqual(positions);
  });

  it('colours (C) and (D) by the cost class (clear and road: easy, green), one colour per segment', () => {
    const { g } = build();
    const o = g.outlines('foot');
    const easy = [0x2e, 0x7d, 0x32, 255];
    for (let k = 0; k < 2 * o.area.segmentCount; k++) expect(Array.from(o.area.colors.subarray(4 * k, 4 * k + 4))).toEqual(easy);
    for (let k = 0; k < 2 * o.linear.segmentCount; k++) expect(Array.from(o.linear.colors.subarray(4 * k, 4 * k + 4))).toEqual(easy);
    expect(new Set(o.area.terrain)).toEqual(new Set([g.map.palette.indexOf('clear') + 1]));
  });
});

describe('barriers: what a mode cannot pass, marked plainly', () => {
  // Default catalogue: centre hex swamp, a river on its N side, a bridged river on its NE side.
  const build = () => {
    const map = TerrainMap.create({ size: { kind: 'hex-hexagon', diameter: 5 }, alform: true, palette: ['clear'] });
    for (let i = 0; i < map.tileCount; i++) if (!isLinear(map, i)) map.layers.terrain[i] = 1;
    set(map, [0, 0], 'swamp');
    set(map, [0, 1], 'river');
    set(map, [1, 1], 'river-bridge');
    return buildMapGeometry(map, defaultCatalogue);
  };

  it('wheeled: the swamp hex is ringed and the unbridged river drawn as a barrier, in dark red; the bridge is not', () => {
    const g = build();
    const o = g.outlines('wheeled');
    const swamp = g.map.palette.indexOf('swamp') + 1;
    const river = g.map.palette.indexOf('river') + 1;
    const bySwamp = Array.from(o.barriers.terrain).filter((t) => t === swamp).length;
    expect(bySwamp).toBe(6);
    expect(totalLength(o.barriers) - 6 * SIDE).toBeGreaterThan(1); // the river strip's edges
    expect(new Set(o.barriers.terrain)).toEqual(new Set([swamp, river]));
    for (let k = 0; k < 2 * o.barriers.segmentCount; k++) expect(Array.from(o.barriers.colors.subarray(4 * k, 4 * k + 4))).toEqual([0xb0, 0x10, 0x2a, 255]);
    // The swamp hex gets no (C): it is not playable for wheels.
    expect(Array.from(o.area.terrain)).not.toContain(swamp);
  });

  it('foot: wades the swamp and fords the river, so nothing is a barrier', () => {
    expect(build().outlines('foot').barriers.segmentCount).toBe(0);
  });

  it('impassable ground reads as one region: the edge between two swamp hexes is not drawn', () => {
    const g = build();
    set(g.map, [2, 0], 'swamp');
    const o = buildMapGeometry(g.map, defaultCatalogue).outlines('wheeled');
    const swamp = g.map.palette.indexOf('swamp') + 1;
    expect(Array.from(o.barriers.terrain).filter((t) => t === swamp).length).toBe(10);
  });
});

describe('outlines (C) and (D) on a square map with a road', () => {
  // 9 area squares of side 2: 36 edges, 12 shared.
  it('a lone road covers the middle of its edge; continued through an empty vertex it covers both edges up to the junction square', () => {
    const map = allClear({ kind: 'square', width: 5, height: 5 });
    set(map, [2, 1], 'road');
    let o = buildMapGeometry(map, catalogue).outlines('foot');
    expect(o.area.segmentCount).toBe(24 + 1); // the shared edge under the road split in two
    expect(totalLength(o.area)).toBeCloseTo(24 * 2 - 1, 2);
    expect(o.linear.segmentCount).toBe(6);

    set(map, [4, 1], 'road');
    o = buildMapGeometry(map, catalogue).outlines('foot');
    const h = 0.175;
    expect(o.area.segmentCount).toBe(24);
    // Each road edge keeps its outer half tile; the two edges across the junction lose h each.
    expect(totalLength(o.area)).toBeCloseTo(24 * 2 - 1.5 - 1.5 - 2 * h, 2);
    expect(o.linear.segmentCount).toBe(12);
    expect(buildMapGeometry(map, catalogue).outlines('boat').area.segmentCount).toBe(0);
  });
});

describe('outlines across a wrap seam', () => {
  it('a road on the seam of an x-wrapped square map hides the edge drawn on the far side of the map', () => {
    // 9 area squares, 36 edges, 15 shared (the rows wrap); the road on X-EDGE (5, 2) lies
    // between area (4, 2) and area (0, 2), whose polygon is drawn at x = −1…1.
    const map = TerrainMap.create({ size: { kind: 'square', width: 6, height: 5 }, alform: true, wrap: { x: true, y: false }, palette: ['clear'] });
    for (let i = 0; i < map.tileCount; i++) if (!isLinear(map, i)) map.layers.terrain[i] = 1;
    expect(buildMapGeometry(map, catalogue).outlines('foot').area.segmentCount).toBe(36 - 15);
    set(map, [5, 2], 'road');
    const o = buildMapGeometry(map, catalogue).outlines('foot');
    expect(o.area.segmentCount).toBe(36 - 15 + 1);
    expect(totalLength(o.area)).toBeCloseTo((36 - 15) * 2 - 1, 2);
  });
});

describe('outlines on the globe', () => {
  it('every area edge of an all-clear AL-FORM globe once, minus the road; boats see only the river', () => {
    const map = allClear({ kind: 'icosahedron', side: 3 });
    // 42 area tiles (30 hexagons, 12 pentagons): 240 polygon edges, each shared by two.
    const g0 = requireGlobe(map.grid, 'this test');
    const nb = new Int32Array(6);
    map.grid.neighbors(g0.pentagons()[0]!, nb);
    map.setTerrain(nb[0]!, 'river');
    map.setTerrain(nb[1]!, 'river');
    map.setTerrain(nb[3]!, 'road');
    const g = buildMapGeometry(map, catalogue);
    const foot = g.outlines('foot');
    expect(foot.area.segmentCount).toBe(120 - 1);
    expect(foot.linear.segmentCount).toBe(6);
    const boat = g.outlines('boat');
    expect(boat.area.segmentCount).toBe(0);
    expect(boat.linear.segmentCount).toBe(12);
  });

  it('a classic globe outlines its playable tiles whole', () => {
    const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 1 }, palette: ['clear', 'ocean'] });
    for (let i = 0; i < map.tileCount; i++) map.layers.terrain[i] = i < 20 ? 1 : 2;
    const g = buildMapGeometry(map, catalogue);
    expect(g.linear.pieceCount).toBe(0);
    const o = g.outlines('foot');
    let edges = 0;
    let shared = 0;
    for (let i = 0; i < 20; i++) {
      edges += map.grid.degree(i);
      const nb = new Int32Array(6);
      const d = map.grid.neighbors(i, nb);
      for (let k = 0; k < d; k++) if (nb[k]! < 20 && nb[k]! < i) shared++;
    }
    expect(o.area.segmentCount).toBe(edges - shared);
  });
});
