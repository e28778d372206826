/** Cut, copy and paste of a region: translation by the lattice's rule on every kind, classic edges, AL-FORM classes, refusals. */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import type { GridSize } from '../grid/types.js';
import { applyPlan } from './paint.js';
import { copyRegion, placeRegion, planClearRegion, planPasteRegion, regionAnchor, regionMismatch, regionSize } from './region.js';
import { regionFromJson, regionToJson } from './region-json.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';

const catalogue = loadDefaultCatalogue();

/** A blob of tiles round `centre` (its neighbours, and theirs on a big enough map). */
function blob(map: TerrainMap, centre: number, radius = 1): number[] {
  return Array.from(map.grid.range(centre, radius));
}

/** Every neighbour pair of the source region is a neighbour pair in the same direction where it landed. */
function expectRigid(map: TerrainMap, tiles: number[], targets: Int32Array, order: number[]): void {
  const where = new Map(order.map((t, k) => [t, targets[k]!]));
  let pairs = 0;
  for (const a of tiles) {
    for (let d = 0; d < map.grid.degree(a); d++) {
      const b = map.grid.neighbor(a, d);
      if (b < 0 || !where.has(b) || where.get(a)! < 0 || where.get(b)! < 0) continue;
      expect(map.grid.neighbor(where.get(a)!, d)).toBe(where.get(b));
      pairs++;
    }
  }
  expect(pairs).toBeGreaterThan(0);
}

describe.each<GridSize>([
  { kind: 'square', width: 12, height: 10 },
  { kind: 'offset-square', width: 12, height: 10 },
  { kind: 'hex-rectangle', width: 12, height: 10 },
  { kind: 'hex-hexagon', diameter: 11 },
])('classic $kind', (size) => {
  it('pastes a region by lattice translation: odd and even column offsets alike keep every neighbour in its direction', () => {
    const map = TerrainMap.create({ size });
    const src = map.grid.index(map.grid.kind === 'hex-hexagon' ? [-2, 1, 1] : [3, map.grid.kind === 'square' ? 3 : 4]);
    const tiles = blob(map, src);
    tiles.forEach((t, k) => map.setTerrain(t, k % 2 ? 'forest' : 'marsh'));
    const region = copyRegion(map, tiles, src);
    expect(regionSize(region)).toBe(tiles.length);
    for (const step of [1, 2, 3]) {
      const grid = map.grid;
      // The anchor `step` tiles along direction 1 (a diagonal-ish step: crosses offset columns of both parities).
      let anchor = src;
      for (let s = 0; s < step; s++) anchor = grid.neighbor(anchor, 1);
      const placed = placeRegion(region, map, anchor);
      expect(placed.outside).toBe(0);
      expectRigid(map, tiles, placed.targets, tiles);
      const plan = planPasteRegion(map, catalogue, region, anchor);
      const copy = map.clone();
      applyPlan(copy, plan);
      tiles.forEach((t, k) => expect(copy.terrainAt(placed.targets[k]!)).toBe(map.terrainAt(t)));
    }
  });

  it('counts the tiles that fall off the map and writes the rest', () => {
    const map = TerrainMap.create({ size });
    const src = map.grid.index(map.grid.kind === 'hex-hexagon' ? [0, 0, 0] : [4, 4]);
    const tiles = blob(map, src);
    for (const t of tiles) map.setTerrain(t, 'forest');
    const region = copyRegion(map, tiles, src);
    const plan = planPasteRegion(map, catalogue, region, 0);
    expect(plan.outside).toBeGreaterThan(0);
    expect(plan.placed + plan.outside).toBe(tiles.length);
  });
});

describe('classic edges', () => {
  it('copies the river on a hexside between two selected hexes and pastes it between their images; cut clears both', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 10, height: 8 } });
    const a = map.grid.index([2, 3]);
    const b = map.grid.neighbor(a, 2);
    const outsider = map.grid.neighbor(a, 4);
    map.setTerrain(a, 'forest');
    map.setEdgeTerrain(a, 2, 'river');
    map.setEdgeTerrain(a, 4, 'road'); // to a tile outside the selection: not copied
    const region = copyRegion(map, [a, b], a);
    expect(region.edges.length).toBe(3);
    const anchor = map.grid.index([5, 5]);
    const plan = planPasteRegion(map, catalogue, region, anchor);
    applyPlan(map, plan);
    expect(map.edgeTerrainAt(anchor, 2)).toBe('river');
    expect(map.edgeTerrainAt(anchor, 4)).toBe('');
    expect(map.terrainAt(anchor)).toBe('forest');
    const cut = planClearRegion(map, [a, b]);
    applyPlan(map, cut);
    expect(map.terrainAt(a)).toBe('');
    expect(map.edgeTerrainAt(a, 2)).toBe('');
    expect(map.edgeTerrainAt(a, 4)).toBe('road');
    expect(outsider).toBeGreaterThanOrEqual(0);
  });
});

describe.each<GridSize>([
  { kind: 'square', width: 15, height: 13 },
  { kind: 'offset-square', width: 15, height: 13 },
  { kind: 'hex-rectangle', width: 15, height: 13 },
  { kind: 'icosahedron', side: 7 },
])('AL-FORM $kind', (size) => {
  it('keeps area on area and each linear sub-class on its own, rivers included; cut + paste moves the patch', () => {
    const map = TerrainMap.create({ size, alform: true });
    const grid = map.grid;
    const centre = regionAnchor(map, Array.from({ length: map.tileCount }, (_, t) => t));
    const tiles = blob(map, centre, 2);
    for (const t of tiles) map.setTerrain(t, classifyTile(grid, t) === TileClass.AREA ? 'forest' : 'river');
    const anchor = regionAnchor(map, tiles);
    expect(classifyTile(grid, anchor)).toBe(TileClass.AREA);
    const region = copyRegion(map, tiles, anchor);
    // Another area tile two area steps away.
    const nb = new Int32Array(grid.directions);
    grid.neighbors(anchor, nb);
    const target = grid.neighbor(grid.neighbor(grid.neighbor(grid.neighbor(anchor, 1), 1), 1), 1);
    expect(classifyTile(grid, target)).toBe(TileClass.AREA);
    const placed = placeRegion(region, map, target);
    expect(placed.outside).toBe(0);
    const order = Array.from({ length: region.values.length }, (_, k) => k);
    let written = 0;
    for (const k of order) {
      if (region.values[k]! < 0) continue;
      written++;
    }
    expect(written).toBe(tiles.length);
    const cut = planClearRegion(map, tiles);
    const moved = map.clone();
    applyPlan(moved, cut);
    const plan = planPasteRegion(moved, catalogue, region, target);
    expect(plan.misfits).toBe(0);
    applyPlan(moved, plan);
    let forest = 0;
    let river = 0;
    for (let t = 0; t < moved.tileCount; t++) {
      const id = moved.terrainAt(t);
      if (id === 'forest') forest++;
      if (id === 'river') river++;
      if (id) expect(classifyTile(grid, t) === TileClass.AREA).toBe(id === 'forest');
    }
    expect(forest + river).toBe(tiles.length);
  });

  it('refuses an anchor on a linear tile', () => {
    const map = TerrainMap.create({ size, alform: true });
    const linear = Array.from({ length: map.tileCount }, (_, t) => t).find((t) => classifyTile(map.grid, t) !== TileClass.AREA)!;
    expect(() => copyRegion(map, [linear], linear)).toThrow(/must be an area tile/);
  });
});

describe('across maps', () => {
  it('pastes a hex-rectangle region into a hex-hexagon map, refuses other lattices and classic ↔ AL-FORM in one line', () => {
    const rect = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 6, height: 6 } });
    rect.setTerrain(rect.grid.index([2, 2]), 'forest');
    const region = copyRegion(rect, [rect.grid.index([2, 2])], rect.grid.index([2, 2]));
    const hexagon = TerrainMap.create({ size: { kind: 'hex-hexagon', diameter: 5 } });
    applyPlan(hexagon, planPasteRegion(hexagon, catalogue, region, hexagon.grid.index([0, 0, 0])));
    expect(hexagon.terrainAt(hexagon.grid.index([0, 0, 0]))).toBe('forest');
    const square = TerrainMap.create({ size: { kind: 'square', width: 4, height: 4 } });
    expect(regionMismatch(region, square)).toBe('a region copied from a hex-rectangle map pastes only into hex-rectangle or hex-hexagon maps; this map is square');
    expect(() => planPasteRegion(square, catalogue, region, 0)).toThrow(/pastes only into hex-rectangle or hex-hexagon maps/);
    const alform = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 5, height: 5 }, alform: true });
    expect(regionMismatch(region, alform)).toMatch(/^a region copied from a classic map pastes only into classic maps/);
  });

  it('grows the palette of the target with the terrains it lacks', () => {
    const a = TerrainMap.create({ size: { kind: 'square', width: 4, height: 4 } });
    a.setTerrain(5, 'marsh');
    const region = copyRegion(a, [5], 5);
    const b = TerrainMap.create({ size: { kind: 'square', width: 4, height: 4 }, palette: ['forest'] });
    const plan = planPasteRegion(b, catalogue, region, 0);
    expect(plan.palette).toEqual(['forest', 'marsh']);
    expect(plan.changes).toEqual([{ layer: 'terrain', index: 0, before: 0, after: 2 }]);
  });
});

describe('region JSON', () => {
  it('round-trips and names the place of bad input in one line', () => {
    const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 2 } });
    map.setTerrain(3, 'forest');
    const tiles = Array.from(map.grid.range(3, 1));
    const region = copyRegion(map, tiles, 3);
    const json = regionToJson(region);
    expect(regionFromJson(JSON.parse(JSON.stringify(json)))).toEqual(region);
    // The walk replayed from the same anchor puts every tile back where it was.
    const back = placeRegion(region, map, 3);
    expect(back.outside).toBe(0);
    expect(new Set(Array.from(back.targets).filter((_, k) => region.values[k]! >= 0))).toEqual(new Set(tiles));
    expect(() => regionFromJson({ ...json, values: [9, ...json.values.slice(1)] }, 'maps.paste')).toThrow('maps.paste: $.values[0]: expected an integer -1…1, got 9');
    expect(() => regionFromJson({ ...json, steps: [0, 0] })).toThrow(/\$\.steps: expected \d+ numbers/);
    expect(() => regionFromJson({ ...json, translation: 'axial120' })).toThrow('region: $.translation: expected "walk" for a icosahedron region, got "axial120"');
    expect(() => regionFromJson({ ...json, extra: 1 })).toThrow(/\$\.extra: unknown field/);
  });
});
