import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import { TerrainMap } from '../map/terrain-map.js';
import { SQUARE } from '../vector/shape.js';
import { ROAD_TILES, RIVER_TILES, allCells, grid, spokeTile } from './assemble.testkit.js';
import { checkAssembly } from './check.js';
import { deriveTerrain, dominantAreaTerrain } from './derive-terrain.js';
import { fitsAt, mismatchAt, neighbourConstraints, placeFitting, placedNeighbours, placesOf, snappedTile } from './fit.js';
import { InstanceLayer } from '../map/instance-layer.js';
import { AssemblyLibrary } from './library.js';
import { decodePlacement, encodePlacement } from '../map/orientation-code.js';
import { assemble } from './solver.js';
import { buildTopology } from './topology.js';

describe('placement codes', () => {
  it('round-trip every orientation and the pentagon warp; mirror y is mirror x + 180°', () => {
    for (const rotation of [0, 60, 72, 90, 120, 144, 180, 216, 240, 270, 288, 300]) {
      for (const mirror of ['none', 'x'] as const) {
        expect(decodePlacement(encodePlacement({ orientation: { rotation, mirror } }))).toEqual({ orientation: { rotation, mirror } });
        expect(decodePlacement(encodePlacement({ orientation: { rotation, mirror }, pentagonRotation: 4 })).pentagonRotation).toBe(4);
      }
    }
    expect(encodePlacement({ orientation: { rotation: 0, mirror: 'y' } })).toBe(encodePlacement({ orientation: { rotation: 180, mirror: 'x' } }));
    expect(() => encodePlacement({ orientation: { rotation: 45, mirror: 'none' } })).toThrow(/45/);
  });
});

describe('instance layer', () => {
  it('is two typed arrays and round-trips through its JSON form', () => {
    const g = grid({ kind: 'square', width: 4, height: 3 });
    const layer = new InstanceLayer(g);
    layer.set(0, 'bend', { orientation: { rotation: 90, mirror: 'x' } });
    layer.set(5, 'cross', 0);
    const back = InstanceLayer.fromJSON(g, JSON.parse(JSON.stringify(layer.toJSON())));
    expect(back.get(0)).toEqual(layer.get(0));
    expect(back.get(5)).toEqual({ tile: 'cross', code: 0 });
    expect(back.has(1)).toBe(false);
    expect(layer.tileRef).toBeInstanceOf(Int32Array);
    expect(layer.code).toBeInstanceOf(Uint8Array);
  });

  it('refuses bad JSON with the path', () => {
    const g = grid({ kind: 'square', width: 2, height: 2 });
    const good = { format: 'sandtable-instance-layer', version: 1, tileCount: 4, tiles: ['a'], cells: [[0, 0, 0]] };
    expect(() => InstanceLayer.fromJSON(g, { ...good, tileCount: 5 }, 'x.json')).toThrow(/x\.json: \$\.tileCount/);
    expect(() => InstanceLayer.fromJSON(g, { ...good, cells: [[0, 1, 0]] })).toThrow(/\$\.cells\[0\]/);
    expect(() => InstanceLayer.fromJSON(g, { ...good, extra: 1 })).toThrow(/unknown field/);
  });
});

describe('fitting placement', () => {
  it('offers only what matches the placed neighbours, ranked by weight, and snaps on placing', () => {
    const g = grid({ kind: 'square', width: 5, height: 5 });
    const topo = buildTopology(g);
    const lib = new AssemblyLibrary(ROAD_TILES, { weights: { cross: 5 } });
    const layer = new InstanceLayer(g);
    layer.set(12, 'straight', { orientation: { rotation: 90, mirror: 'none' } }); // road west–east
    const east = fitsAt(topo, layer, lib, 13);
    expect(east.length).toBeGreaterThan(0);
    expect(east[0]!.tile).toBe('cross');
    for (const o of east) {
      const probe = layer.clone();
      probe.set(13, o.tile, o.code);
      expect(checkAssembly(g, probe, ROAD_TILES)).toEqual([]);
    }
    expect(east.some((o) => o.tile === 'grass')).toBe(false);
    const placed = placeFitting(topo, layer, lib, 13, 'end', east.find((o) => o.tile === 'end')!.code);
    expect(placed.elements).toHaveLength(1);
    expect(snappedTile(topo, layer, lib, 12).elements).toHaveLength(2);
    expect(() => placeFitting(topo, layer, lib, 11, 'grass', 0)).toThrow(/does not fit/);
    // Why grass does not fit west of the road: the road's end meets nothing on grass's edge.
    const why = mismatchAt(topo, layer, lib, 11, 'grass', 0);
    expect(why).toMatchObject({ neighbour: 12, message: expect.stringMatching(/road/) });
    expect(mismatchAt(topo, layer, lib, 11, east[0]!.tile === 'cross' ? 'cross' : 'straight', 0)).toBeNull();
  });

  it('placedNeighbours is the neighbour step; neighbourConstraints asks for the neighbour\'s facing edge indicators', () => {
    const g = grid({ kind: 'square', width: 5, height: 5 });
    const topo = buildTopology(g);
    const layer = new InstanceLayer(g);
    layer.set(12, 'straight', { orientation: { rotation: 90, mirror: 'none' } }); // road west–east
    layer.set(18, 'grass', 0);
    // Rows run up (+Y): cell 13 has grass 18 to its north (direction 0, 18's south edge 4) and
    // the road 12 to its west (direction 6, 12's east edge 2), in slot order.
    expect(placedNeighbours(topo, layer, 13)).toEqual([
      { slot: 0, neighbour: 18, dir: 0, back: 4 },
      { slot: 3, neighbour: 12, dir: 6, back: 2 },
    ]);
    expect(placedNeighbours(topo, layer, 0)).toEqual([]);
    const tileOf = (id: string) => ROAD_TILES.find((t) => t.id === id) ?? null;
    const asked = neighbourConstraints(topo, layer, 13, tileOf);
    expect(asked.map((c) => [c.dir, c.facing.dir, c.facing.positions.map((i) => i.key)])).toEqual([
      [0, 4, []],
      [6, 2, ['line:road']],
    ]);
    // A neighbour whose tile left the library constrains nothing.
    expect(neighbourConstraints(topo, layer, 13, () => null)).toEqual([]);
    expect(neighbourConstraints(topo, layer, 17, tileOf).map((c) => c.dir)).toEqual([2, 4]);
  });

  it('placesOf answers, cell by cell, exactly what fitsAt offers for the tile; paged by `limit`', () => {
    const g = grid({ kind: 'square', width: 5, height: 5 });
    const topo = buildTopology(g);
    const lib = new AssemblyLibrary(ROAD_TILES);
    const layer = new InstanceLayer(g);
    layer.set(12, 'straight', { orientation: { rotation: 90, mirror: 'none' } });
    layer.set(6, 'grass', 0);
    const cells = allCells(g).filter((c) => !layer.has(c));
    for (const tile of ['straight', 'end', 'cross', 'grass']) {
      const { places, next } = placesOf(topo, layer, lib, tile, cells);
      expect(next).toBe(-1);
      const expected = cells
        .map((cell) => ({ cell, codes: fitsAt(topo, layer, lib, cell).filter((o) => o.tile === tile).map((o) => o.code).sort((a, b) => a - b) }))
        .filter((p) => p.codes.length > 0);
      expect(places).toEqual(expected);
    }
    // Beside the road's west end (cell 11) an end tile fits only pointing east (plain or mirrored).
    const west = placesOf(topo, layer, lib, 'end', [11]).places[0]!.codes;
    expect(west).toContain(encodePlacement({ orientation: { rotation: 90, mirror: 'none' } }));
    expect(west.every((c) => decodePlacement(c).orientation.rotation === 90)).toBe(true);
    const page = placesOf(topo, layer, lib, 'grass', cells, { limit: 3 });
    expect(page.places).toHaveLength(3);
    expect(page.next).toBe(cells.indexOf(page.places[2]!.cell) + 1);
    expect(() => placesOf(topo, layer, lib, 'nope', cells)).toThrow(/no tile "nope"/);
  });

  it('works on globe pentagons through the warp', () => {
    const g = createGrid({ size: { kind: 'icosahedron', side: 2 } });
    const topo = buildTopology(g);
    const lib = new AssemblyLibrary(RIVER_TILES);
    const r = assemble(new InstanceLayer(g), lib, { seed: 8 });
    if (!r.ok) throw new Error(r.message);
    const p = allCells(g).find((c) => g.isPentagon(c))!;
    const layer = r.layer.clone();
    const had = layer.get(p)!;
    layer.clear(p);
    const options = fitsAt(topo, layer, lib, p);
    expect(options.some((o) => o.tile === had.tile && o.code === had.code)).toBe(true);
    for (const o of options.slice(0, 10)) {
      layer.set(p, o.tile, o.code);
      expect(checkAssembly(g, layer, RIVER_TILES)).toEqual([]);
    }
  });
});

describe('the checker finds what is wrong', () => {
  it('mismatches, counts, fixed tiles, the boundary and disconnection', () => {
    const g = grid({ kind: 'square', width: 3, height: 1 });
    const layer = new InstanceLayer(g);
    layer.set(0, 'end', { orientation: { rotation: 90, mirror: 'none' } }); // road east
    layer.set(1, 'grass', 0);
    layer.set(2, 'end', { orientation: { rotation: 270, mirror: 'none' } }); // road west
    const kinds = checkAssembly(g, layer, ROAD_TILES, { counts: { end: 1 }, fixed: [{ cell: 1, tile: 'cross', code: 0 }], connectivity: { terrains: ['road'] } }).map((v) => v.kind);
    expect(kinds).toEqual(expect.arrayContaining(['mismatch', 'count', 'fixed', 'connectivity']));
    layer.set(1, 'straight', { orientation: { rotation: 90, mirror: 'none' } });
    expect(checkAssembly(g, layer, ROAD_TILES, { connectivity: { terrains: ['road'] }, boundary: 'closed' })).toEqual([]);
    expect(checkAssembly(g, layer, ROAD_TILES, { boundary: 'open' }).every((v) => v.kind === 'boundary')).toBe(true);
  });
});

describe('terrain derived from instances', () => {
  it('dominant area terrain to the terrain layer, roads to the edges they cross', () => {
    const forest = { ...spokeTile('forest-road', SQUARE, 'road', [1, 3]), elements: [...spokeTile('x', SQUARE, 'road', [1, 3]).elements, { kind: 'area' as const, id: 'wood', terrain: 'forest', side: 'left' as const, curve: { points: [[-1, -0.8], [-0.3, -0.8], [0.3, -0.8], [1, -0.8]] as [number, number][], closed: false } }] };
    expect(dominantAreaTerrain(forest, 'clear')).toBe('forest');
    expect(dominantAreaTerrain(ROAD_TILES[0]!, 'clear')).toBe('clear');
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 1 } });
    const topo = buildTopology(map.grid);
    const lib = new AssemblyLibrary([forest, ...ROAD_TILES]);
    const layer = new InstanceLayer(map.grid);
    for (let c = 0; c < 3; c++) layer.set(c, 'forest-road', 0);
    deriveTerrain(map, topo, layer, lib, { background: 'clear' });
    expect(map.terrainAt(1)).toBe('forest');
    expect(map.edgeTerrainAt(1, 2)).toBe('road');
    expect(map.edgeTerrainAt(0, 2)).toBe('road');
  });
});
