import { describe, expect, it } from 'vitest';
import defaultJson from '../../resources/terrain/default.json' with { type: 'json' };
import { parseCatalogue } from '../terrain/parse.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { TerrainMap } from '../map/terrain-map.js';
import { InstanceLayer } from '../map/instance-layer.js';
import type { VectorTile } from '../vector/types.js';
import { HEX } from '../vector/shape.js';
import { edgeIndicators } from '../vector/indicators.js';
import { RIVER_TILES } from './assemble.testkit.js';
import { AssemblyLibrary } from './library.js';
import { buildTopology } from './topology.js';
import { fitsAt, placesOf } from './fit.js';
import { assemble } from './solver.js';
import { checkPainting, paintedConstraint } from './painted.js';
import { placedTile } from './placed-tile.js';
import { decodePlacement } from '../map/orientation-code.js';

/** A hexagon covered by `terrain` almost to its edges. */
const woods = (id: string, terrain: string): VectorTile => {
  const ring = [[0, 0.9], [0.75, 0], [0, -0.9], [-0.75, 0]] as const;
  const points: [number, number][] = [];
  ring.forEach((p, i) => {
    const q = ring[(i + 1) % ring.length]!;
    points.push([p[0], p[1]], [p[0] + (q[0] - p[0]) / 3, p[1] + (q[1] - p[1]) / 3], [p[0] + (2 * (q[0] - p[0])) / 3, p[1] + (2 * (q[1] - p[1])) / 3]);
  });
  points.push([0, 0.9]);
  return { id, shape: HEX, elements: [{ kind: 'area', id: 'a', terrain, side: 'left', curve: { points, closed: true } }] };
};

const TILES: readonly VectorTile[] = [...RIVER_TILES, woods('woods', 'forest'), woods('heath', 'hills')];
const catalogue = loadDefaultCatalogue();
/** An inner cell of the 5×4 map (every side shared). */
const C = 9;

function setup(paint: (map: TerrainMap) => void) {
  const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 5, height: 4 } });
  paint(map);
  const topology = buildTopology(map.grid);
  const library = new AssemblyLibrary(TILES);
  return { map, topology, library, layer: new InstanceLayer(map.grid) };
}

/** The line terrains a placed candidate carries across the cell's edge in direction `dir`. */
function crossingAt(tileId: string, code: number, dir: number): string[] {
  const tile = TILES.find((t) => t.id === tileId)!;
  return edgeIndicators(placedTile(tile, decodePlacement(code), HEX)).find((e) => e.dir === dir)!.positions.map((p) => p.terrain);
}

describe('the painted map as the constraint', () => {
  it('a forest cell refuses a clear tile: only tiles depicting forest fit there', () => {
    const { map, topology, library, layer } = setup((m) => m.setTerrain(C, 'forest'));
    const allowed = paintedConstraint(map, topology, library, catalogue);
    expect(new Set(fitsAt(topology, layer, library, C, { allowed }).map((o) => o.tile))).toEqual(new Set(['woods']));
    // Unpainted cells are free: every tile fits next door.
    expect(new Set(fitsAt(topology, layer, library, 8, { allowed }).map((o) => o.tile)).size).toBe(TILES.length);
    // Where a chosen tile fits: the plain tile fits every cell but the forest one.
    const cells = Array.from({ length: map.tileCount }, (_, i) => i);
    expect(placesOf(topology, layer, library, 'plain', cells, { allowed }).places.map((p) => p.cell)).not.toContain(C);
    expect(placesOf(topology, layer, library, 'plain', cells, { allowed }).places).toHaveLength(map.tileCount - 1);
  });

  it('the default catalogue: plains and fields take clear tiles, forest edge forest tiles, foothills hills tiles, deep ocean coastal tiles', () => {
    const { map, topology, library, layer } = setup((m) => {
      m.setTerrain(C, 'plains');
      m.setTerrain(3, 'fields');
      m.setTerrain(12, 'foothills');
      m.setTerrain(17, 'forest-edge');
    });
    const r = paintedConstraint(map, topology, library, catalogue);
    expect(r.refused).toEqual([]);
    expect(fitsAt(topology, layer, library, C, { allowed: r }).map((o) => o.tile)).toContain('plain');
    expect(new Set(fitsAt(topology, layer, library, 12, { allowed: r }).map((o) => o.tile))).toEqual(new Set(['heath']));
    expect(new Set(fitsAt(topology, layer, library, 17, { allowed: r }).map((o) => o.tile))).toEqual(new Set(['woods']));
    expect(catalogue.terrains.find((t) => t.id === 'coastal-ocean')!.interchangeable).toEqual(['ocean']);
  });

  it('a clear cell takes bare-ground tiles; tags say what a tile depicts over its dominant ground', () => {
    const { map, topology, library, layer } = setup((m) => m.setTerrain(C, 'clear'));
    const plain = paintedConstraint(map, topology, library, catalogue);
    expect(fitsAt(topology, layer, library, C, { allowed: plain }).map((o) => o.tile)).toContain('plain');
    expect(fitsAt(topology, layer, library, C, { allowed: plain }).map((o) => o.tile)).not.toContain('woods');
    map.setTerrain(C, 'hills');
    const tagged = paintedConstraint(map, topology, library, catalogue, { tags: (id) => (id === 'plain' ? ['hills', 'starter'] : []) });
    expect(new Set(fitsAt(topology, layer, library, C, { allowed: tagged }).map((o) => o.tile))).toEqual(new Set(['plain', 'heath']));
  });

  it('interchangeable terrains are accepted both ways, and only when the catalogue says so', () => {
    const { map, topology, library, layer } = setup((m) => m.setTerrain(C, 'rough'));
    expect(paintedConstraint(map, topology, library, catalogue).refused.map((r) => r.cell)).toEqual([C]);
    const json = structuredClone(defaultJson) as { terrains: { id: string; interchangeable?: string[] }[] };
    json.terrains.find((t) => t.id === 'clear')!.interchangeable = ['rough'];
    const lenient = parseCatalogue(json, 'test');
    const r = paintedConstraint(map, topology, library, lenient);
    expect(r.refused).toEqual([]);
    expect(fitsAt(topology, layer, library, C, { allowed: r }).map((o) => o.tile)).toContain('plain');
  });

  it('a painted river edge forces tiles with the river crossing on that side, on both cells, and keeps rivers off the other sides', () => {
    const { map, topology, library, layer } = setup((m) => {
      m.setTerrain(C, 'clear');
      m.setEdgeTerrain(C, 1, 'river');
    });
    const n = map.grid.neighbor(C, 1);
    const back = [0, 1, 2, 3, 4, 5].find((d) => map.grid.neighbor(n, d) === C)!;
    const allowed = paintedConstraint(map, topology, library, catalogue);
    const here = fitsAt(topology, layer, library, C, { allowed });
    expect(here.length).toBeGreaterThan(0);
    for (const o of here) {
      expect(crossingAt(o.tile, o.code, 1)).toEqual(['river']);
      for (const d of [0, 2, 3, 4, 5]) expect(crossingAt(o.tile, o.code, d)).toEqual([]);
    }
    // Only river sources honour a river painted on one side of a clear cell.
    expect(new Set(here.map((o) => o.tile))).toEqual(new Set(['source']));
    // The neighbour (area unpainted) carries it on its side; its unpainted sides take no river either.
    for (const o of fitsAt(topology, layer, library, n, { allowed })) expect(crossingAt(o.tile, o.code, back)).toEqual(['river']);
  });

  it('a cell no tile honours is refused with the reason in words', () => {
    const { map, topology, library } = setup((m) => {
      m.setTerrain(C, 'forest');
      m.setEdgeTerrain(C, 1, 'river');
      m.setEdgeTerrain(C, 4, 'river');
    });
    const r = paintedConstraint(map, topology, library, catalogue);
    expect(r.refused).toEqual([{ cell: C, reason: 'no forest tile with a river on edges 2 and 5 and no river on its other edges' }]);
    const lake = setup((m) => m.setTerrain(3, 'lake'));
    expect(paintedConstraint(lake.map, lake.topology, lake.library, catalogue).refused).toEqual([{ cell: 3, reason: 'no tile of the set depicts lake' }]);
  });

  it('the solver realizes a painted map honouring it, and checkPainting verifies it', () => {
    const { map, topology, library, layer } = setup((m) => {
      // Clear ground (the synthetic forest tile is forest to its edges: it needs forest beside it).
      for (let c = 0; c < m.tileCount; c++) m.setTerrain(c, 'clear');
      // A river along the middle of the map, entering each next cell through edge 2.
      let c = m.grid.index([0, 2]);
      for (let i = 0; i < 4; i++) {
        const next = m.grid.neighbor(c, 2);
        if (next < 0) break;
        m.setEdgeTerrain(c, 2, 'river');
        m.setTerrain(c, 'clear');
        m.setTerrain(next, 'clear');
        c = next;
      }
    });
    const allowed = paintedConstraint(map, topology, library, catalogue);
    expect(allowed.refused).toEqual([]);
    const r = assemble(layer, library, { seed: 3, topology, allowed });
    expect(r.ok, r.ok ? '' : `${r.message} ${r.region}`).toBe(true);
    if (!r.ok) return;
    expect(checkPainting(map, topology, r.layer, library, catalogue)).toEqual({ painted: map.tileCount, honoured: map.tileCount, violations: [] });
    // An unconstrained assembly of the same map does not honour it: the check can fail.
    const free = assemble(layer, library, { seed: 3, topology });
    expect(free.ok && checkPainting(map, topology, free.layer, library, catalogue).violations.length).toBeGreaterThan(0);
    // An empty cell of a painted map is named.
    const holed = r.layer.clone();
    holed.clear(0);
    expect(checkPainting(map, topology, holed, library, catalogue).violations).toEqual([{ cell: 0, why: 'nothing placed; the painting asks for a clear tile' }]);
  });

  it('a village mark depicts a village: it honours a painted village, and stays off clear cells once villages are painted', () => {
    const hamlet: VectorTile = { id: 'hamlet', shape: HEX, elements: [{ kind: 'point', id: 'v', terrain: 'village', at: [0.1, 0] }] };
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 5, height: 4 } });
    map.setTerrain(C, 'village');
    map.setTerrain(8, 'clear');
    const topology = buildTopology(map.grid);
    const library = new AssemblyLibrary([...TILES, hamlet]);
    const layer = new InstanceLayer(map.grid);
    const allowed = paintedConstraint(map, topology, library, catalogue);
    expect(new Set(fitsAt(topology, layer, library, C, { allowed }).map((o) => o.tile))).toEqual(new Set(['hamlet']));
    expect(fitsAt(topology, layer, library, 8, { allowed }).map((o) => o.tile)).not.toContain('hamlet');
    // A map painting no village lets a clear cell take the village tile (clear ground with a mark).
    map.setTerrain(C, 'clear');
    expect(fitsAt(topology, layer, library, C, { allowed: paintedConstraint(map, topology, library, catalogue) }).map((o) => o.tile)).toContain('hamlet');
  });

  it('with the placed instances given, a cell holding one is free: its terrain is derived, no longer painted', () => {
    const { map, topology, library, layer } = setup((m) => m.setTerrain(C, 'lake'));
    expect(paintedConstraint(map, topology, library, catalogue).refused.map((r) => r.cell)).toEqual([C]);
    layer.set(C, 'plain', 0);
    const r = paintedConstraint(map, topology, library, catalogue, { instances: layer });
    expect(r.refused).toEqual([]);
    expect(r.painted).toEqual([]);
  });
});
