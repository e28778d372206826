/** Resizing a map with each of the nine anchors; translation keeps neighbours; AL-FORM classes; refusals. */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { planResize, RESIZE_ANCHORS, resizeMap, type ResizeAnchor } from './resize.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';

const catalogue = loadDefaultCatalogue();

/** Where the old corner tile (0, 0) goes when a 4×4 square map grows to 6×8 (square rows: does y grow up?). */
describe('square 4×4 → 6×8, every anchor', () => {
  const map = TerrainMap.create({ size: { kind: 'square', width: 4, height: 4 } });
  map.setTerrain(map.grid.index([0, 0]), 'forest');
  const up = map.grid.center(map.grid.index([0, 1]))[1]! > map.grid.center(map.grid.index([0, 0]))[1]!;
  // Columns added: 2 → west keeps x, centre shifts by 1, east by 2. Rows added: 4 → the top anchor keeps the top rows.
  const expected: Record<ResizeAnchor, [number, number]> = {
    nw: [0, up ? 4 : 0],
    n: [1, up ? 4 : 0],
    ne: [2, up ? 4 : 0],
    w: [0, 2],
    center: [1, 2],
    e: [2, 2],
    sw: [0, up ? 0 : 4],
    s: [1, up ? 0 : 4],
    se: [2, up ? 0 : 4],
  };
  it.each(RESIZE_ANCHORS)('%s', (anchor) => {
    const { map: out, plan } = resizeMap(map, catalogue, { kind: 'square', width: 6, height: 8 }, anchor, 'clear');
    expect(plan.lost).toBe(0);
    expect(plan.added).toBe(48 - 16);
    expect(out.terrainAt(out.grid.index(expected[anchor]))).toBe('forest');
    let forest = 0;
    let clear = 0;
    for (let t = 0; t < out.tileCount; t++) {
      if (out.terrainAt(t) === 'forest') forest++;
      else if (out.terrainAt(t) === 'clear') clear++;
    }
    expect([forest, clear]).toEqual([1, 32]);
  });
});

describe('shrinking', () => {
  it('counts the tiles lost, and those of them that carried terrain', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 6, height: 6 } });
    map.setTerrain(map.grid.index([5, 5]), 'forest');
    map.setTerrain(map.grid.index([0, 0]), 'forest');
    const plan = planResize(map, { kind: 'square', width: 4, height: 6 }, 'w');
    expect(plan.lost).toBe(12);
    expect(plan.lostPainted).toBe(1);
  });
});

describe('hex-rectangle: an odd column shift moves the content as one piece', () => {
  it.each(['e', 'center', 'w'] as const)('%s', (anchor) => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 7, height: 6 } });
    const plan = planResize(map, { kind: 'hex-rectangle', width: 10, height: 7 }, anchor);
    const out = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 10, height: 7 } });
    let pairs = 0;
    for (let t = 0; t < map.tileCount; t++) {
      for (let d = 0; d < 6; d++) {
        const u = map.grid.neighbor(t, d);
        if (u < 0 || plan.targets[t]! < 0 || plan.targets[u]! < 0) continue;
        expect(out.grid.neighbor(plan.targets[t]!, d)).toBe(plan.targets[u]);
        pairs++;
      }
    }
    expect(pairs).toBeGreaterThan(100);
    expect(plan.lost).toBe(0); // growing by 3 columns and 1 row leaves room for the half-row stagger
  });

  it('carries classic hexside rivers with their hexes', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 5, height: 5 } });
    const t = map.grid.index([2, 2]);
    map.setEdgeTerrain(t, 1, 'river');
    const { map: out, plan } = resizeMap(map, catalogue, { kind: 'hex-rectangle', width: 8, height: 8 }, 'se', '');
    expect(out.edgeTerrainAt(plan.targets[t]!, 1)).toBe('river');
  });
});

describe('AL-FORM', () => {
  it.each(RESIZE_ANCHORS)('keeps area tiles on area tiles (%s)', (anchor) => {
    const map = TerrainMap.create({ size: { kind: 'offset-square', width: 9, height: 7 }, alform: true });
    for (let t = 0; t < map.tileCount; t++) map.setTerrain(t, classifyTile(map.grid, t) === TileClass.AREA ? 'forest' : 'road');
    const { map: out } = resizeMap(map, catalogue, { kind: 'offset-square', width: 13, height: 11 }, anchor, 'clear');
    for (let u = 0; u < out.tileCount; u++) {
      const id = out.terrainAt(u);
      if (id) expect(classifyTile(out.grid, u) === TileClass.AREA).toBe(id !== 'road');
    }
  });

  it('refuses a size that is no AL-FORM size', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true });
    expect(() => planResize(map, { kind: 'square', width: 6, height: 5 }, 'nw')).toThrow(/AL-FORM/);
  });
});

describe('refusals', () => {
  it('a globe is not resized; a hex-hexagon map only about its centre', () => {
    const globe = TerrainMap.create({ size: { kind: 'icosahedron', side: 2 } });
    expect(() => planResize(globe, { kind: 'icosahedron', side: 3 }, 'center')).toThrow(/a globe is a fixed subdivision/);
    const hexagon = TerrainMap.create({ size: { kind: 'hex-hexagon', diameter: 5 } });
    expect(() => planResize(hexagon, { kind: 'hex-hexagon', diameter: 7 }, 'nw')).toThrow(/about its centre tile/);
    hexagon.setTerrain(hexagon.grid.index([0, 0, 0]), 'forest');
    const { map: out, plan } = resizeMap(hexagon, catalogue, { kind: 'hex-hexagon', diameter: 3 }, 'center', '');
    expect(out.terrainAt(out.grid.index([0, 0, 0]))).toBe('forest');
    expect(plan.lost).toBe(19 - 7);
  });
});

describe('labels through a resize', () => {
  it('follow their tiles, points move with the map, and a label whose tile is cut off goes', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 4, height: 4 }, palette: ['clear'] });
    const keep = map.grid.index([1, 1]);
    const size = { kind: 'square', width: 6, height: 3 } as const;
    const { targets } = planResize(map, size, 'ne');
    const cut = targets.indexOf(-1);
    const c = map.grid.center(keep);
    map.labels = [
      { id: 'l1', text: 'Kept', anchor: { tile: keep }, style: 'place', size: 0.5, rotation: 0 },
      { id: 'l2', text: 'Cut', anchor: { tile: cut }, style: 'hex', size: 0.3, rotation: 0 },
      { id: 'l3', text: 'Note', anchor: { point: [c[0]!, c[1]!] }, style: 'note', size: 0.3, rotation: 0 },
    ];
    expect(targets[keep]).toBeGreaterThanOrEqual(0);
    expect(cut).toBeGreaterThanOrEqual(0);
    const { map: out } = resizeMap(map, catalogue, size, 'ne', '');
    const moved = targets[keep]!;
    expect(out.labels.map((l) => l.id)).toEqual(['l1', 'l3']);
    const tile = (out.labels[0]!.anchor as { tile: number }).tile;
    expect(tile).toBe(moved);
    const n = out.grid.center(tile);
    expect(out.labels[1]!.anchor).toEqual({ point: [n[0], n[1]] });
  });
});
