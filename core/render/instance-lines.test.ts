import { describe, expect, it } from 'vitest';
import { spokeTile } from '../assemble/assemble.testkit.js';
import { deriveTerrain } from '../assemble/derive-terrain.js';
import { AssemblyLibrary } from '../assemble/library.js';
import { buildTopology } from '../assemble/topology.js';
import { InstanceLayer } from '../map/instance-layer.js';
import { TerrainMap } from '../map/terrain-map.js';
import { HEX } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import { buildMapGeometry } from './map-geometry.js';
import type { MeshBuffers } from './pieces.js';
import { defaultCatalogue, isLinear } from './render.testkit.js';

/** Pieces (B) draws for one owner (a classic edge slot, or an AL-FORM linear tile). */
function piecesOf(mesh: MeshBuffers, owner: number): number {
  let n = 0;
  for (let p = mesh.firstPiece[owner]!; p >= 0; p = mesh.nextPiece[p]!) n++;
  return n;
}

const lookup = (tiles: readonly VectorTile[]) => (id: string) => tiles.find((t) => t.id === id) ?? null;

describe('linear pieces an instance draws (issue 25)', () => {
  // A river across the hexagon, from its edge 0 to its edge 3.
  const river = spokeTile('river-03', HEX, 'river', [0, 3]);
  const tiles = [river];

  /** A classic 5×5 hex map of clear ground with the river tile on cell 12, its river derived onto the edges, and a river painted on cell 0's edge 2. */
  function classic() {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 5, height: 5 }, palette: ['clear'] });
    map.layers.terrain.fill(1);
    const layer = new InstanceLayer(map.grid);
    layer.set(12, river.id, 0);
    map.setInstances(layer);
    deriveTerrain(map, buildTopology(map.grid), layer, new AssemblyLibrary(tiles));
    map.setEdgeTerrain(0, 2, 'river');
    const slot = (c: number, d: number) => map.grid.edgeSlot(c, d);
    return { map, layer, crossed: [slot(12, 0), slot(12, 3)], painted: slot(0, 2) };
  }

  it('classic map: the edges the placed river crosses draw no strip; a river painted elsewhere still does', () => {
    const { map, crossed, painted } = classic();
    for (const s of crossed) expect(map.layers.edges![s]).toBeGreaterThan(0); // the derived river is on the map
    const drawn = buildMapGeometry(map, defaultCatalogue).linear;
    for (const s of crossed) expect(piecesOf(drawn, s)).toBeGreaterThan(0); // without the tiles every painted piece is drawn
    const geo = buildMapGeometry(map, defaultCatalogue, { vectorTiles: lookup(tiles) });
    for (const s of crossed) expect(piecesOf(geo.linear, s)).toBe(0);
    expect(piecesOf(geo.linear, painted)).toBeGreaterThan(0);
  });

  it('classic map: clearing and placing the tile again redraws the edges it crosses, one placement worked out', () => {
    const { map, layer, crossed, painted } = classic();
    const geo = buildMapGeometry(map, defaultCatalogue, { vectorTiles: lookup(tiles) });
    const work = geo.instanceLines!.placements;
    layer.clear(12); // the edges keep their river: nothing draws it now but (B)
    const cleared = geo.updateInstances([12]);
    expect(cleared.linear.count).toBeGreaterThan(0);
    for (const s of crossed) expect(piecesOf(geo.linear, s)).toBeGreaterThan(0);
    layer.set(12, river.id, 0);
    geo.updateInstances([12]);
    for (const s of crossed) expect(piecesOf(geo.linear, s)).toBe(0);
    expect(piecesOf(geo.linear, painted)).toBeGreaterThan(0);
    expect(geo.instanceLines!.placements).toBe(work); // the same tile and placement: worked out once
  });

  it('AL-FORM map: the linear tiles between instances whose river crosses them draw nothing; a river tile beside the bank does', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 9, height: 9 }, alform: true, palette: ['clear', 'river'] });
    const g = map.grid;
    for (let i = 0; i < map.tileCount; i++) if (!isLinear(map, i)) map.layers.terrain[i] = 1;
    // Two area tiles a and b with the linear tile l between them, in the river's direction 0.
    const a = Array.from({ length: map.tileCount }, (_, i) => i).find((i) => {
      if (isLinear(map, i)) return false;
      const l = g.neighbor(i, 0);
      return l >= 0 && g.neighbor(l, 0) >= 0 && g.neighbor(i, 3) >= 0 && g.neighbor(i, 1) >= 0;
    })!;
    const l = g.neighbor(a, 0);
    const b = g.neighbor(l, 0);
    const across = g.neighbor(a, 3); // a's river leaves through its edge 3 as well (no instance beyond)
    const beside = g.neighbor(a, 1); // no river crosses a's edge 1
    expect([l, across, beside].every((i) => isLinear(map, i)) && !isLinear(map, b)).toBe(true);
    const layer = new InstanceLayer(g);
    layer.set(a, river.id, 0);
    layer.set(b, river.id, 0);
    map.setInstances(layer);
    for (const i of [l, across, beside]) map.layers.terrain[i] = 2;
    const geo = buildMapGeometry(map, defaultCatalogue, { vectorTiles: lookup(tiles) });
    expect(piecesOf(geo.linear, l)).toBe(0);
    expect(piecesOf(geo.linear, across)).toBe(0);
    expect(piecesOf(geo.linear, beside)).toBeGreaterThan(0);
    // Clearing both instances gives the painted river back.
    layer.clear(a);
    layer.clear(b);
    geo.updateInstances([a, b]);
    for (const i of [l, across, beside]) expect(piecesOf(geo.linear, i)).toBeGreaterThan(0);
  });
});
