/** Regions carried between classic and AL-FORM maps land exactly where core/alform/transfer.ts puts the same ground. */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import type { GridSize } from '../grid/types.js';
import { applyPlan } from './paint.js';
import { copyRegion, planPasteRegion, regionAnchor } from './region.js';
import { alformToClassicRegion, regionForMap } from './region-transfer.js';
import { classicToAlform } from './alform-transfer.js';
import { correspondence } from '../alform/correspondence.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';

const catalogue = loadDefaultCatalogue();

describe.each<GridSize>([
  { kind: 'square', width: 9, height: 8 },
  { kind: 'offset-square', width: 9, height: 8 },
  { kind: 'hex-rectangle', width: 9, height: 8 },
  { kind: 'hex-hexagon', diameter: 7 },
])('$kind', (size) => {
  /** A classic map with forest and marsh tiles and river and road edges round its middle. */
  function classic(): { map: TerrainMap; tiles: number[] } {
    const map = TerrainMap.create({ size });
    const mid = map.grid.pick(map.grid.center(Math.floor(map.tileCount / 2)));
    const tiles = Array.from(map.grid.range(mid, 2));
    tiles.forEach((t, k) => map.setTerrain(t, k % 3 ? 'forest' : 'marsh'));
    for (const t of tiles.slice(0, 4)) {
      for (let d = 0; d < map.grid.degree(t); d++) if (map.grid.edgeSlot(t, d) >= 0) map.setEdgeTerrain(t, d, d % 2 ? 'river' : 'road');
    }
    return { map, tiles };
  }

  it('classic → AL-FORM: the pasted region equals the converted map on every tile it writes', () => {
    const { map, tiles } = classic();
    const anchor = regionAnchor(map, tiles);
    const region = copyRegion(map, tiles, anchor);
    const converted = classicToAlform(map);
    const target = TerrainMap.create({ size: converted.spec.size, wrap: converted.spec.wrap, alform: true });
    const c = correspondence(map.grid, target.grid);
    const carried = regionForMap(region, target);
    const plan = planPasteRegion(target, catalogue, carried, c.tile[anchor]!);
    expect(plan.outside + plan.misfits).toBe(0);
    applyPlan(target, plan);
    let written = 0;
    for (let t = 0; t < target.tileCount; t++) {
      if (target.terrainAt(t) === '') continue;
      expect(target.terrainAt(t)).toBe(converted.terrainAt(t));
      written++;
    }
    // Every region tile and every painted edge between two region tiles arrived.
    const edges = region.edges.length / 3;
    expect(written).toBe(tiles.length + Array.from({ length: edges }, (_, i) => region.edges[3 * i + 2]!).filter((v) => v > 0).length);
  });

  it('AL-FORM → classic: a region copied from the converted map pastes back as the original tiles and edges', () => {
    const { map, tiles } = classic();
    const converted = classicToAlform(map);
    const c = correspondence(map.grid, converted.grid);
    const inRegion = new Set(tiles);
    // The AL-FORM images of the tiles and of the edges between two of them.
    const images = tiles.map((t) => c.tile[t]!);
    for (const t of tiles) {
      for (let d = 0; d < map.grid.degree(t); d++) {
        const slot = map.grid.edgeSlot(t, d);
        if (slot >= 0 && inRegion.has(map.grid.neighbor(t, d))) images.push(c.edge[slot]!);
      }
    }
    const anchor = c.tile[regionAnchor(map, tiles)]!;
    const region = copyRegion(converted, images, anchor);
    const target = TerrainMap.create({ size, wrap: map.spec.wrap });
    const back = regionForMap(region, target);
    const plan = planPasteRegion(target, catalogue, back, regionAnchor(map, tiles));
    applyPlan(target, plan);
    for (const t of tiles) {
      expect(target.terrainAt(t)).toBe(map.terrainAt(t));
      for (let d = 0; d < map.grid.degree(t); d++) {
        if (map.grid.edgeSlot(t, d) >= 0 && inRegion.has(map.grid.neighbor(t, d))) expect(target.edgeTerrainAt(t, d)).toBe(map.edgeTerrainAt(t, d));
      }
    }
  });
});

describe('refusals', () => {
  it('a river on a linear tile at the rim of an AL-FORM region has no classic edge: refused with the count', () => {
    const al = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 9, height: 9 }, alform: true });
    const area = al.grid.index([4, 4]);
    const rim = al.grid.neighbor(area, 0);
    al.setTerrain(rim, 'river');
    const region = copyRegion(al, [area, rim], area);
    expect(() => alformToClassicRegion(region)).toThrow(/^1 linear tile of the copied region carries terrain a classic map cannot hold there/);
  });

  it('the globe keeps its mismatch (no affine transfer on the sphere)', () => {
    const g = TerrainMap.create({ size: { kind: 'icosahedron', side: 2 } });
    const region = copyRegion(g, [0], 0);
    const al = TerrainMap.create({ size: { kind: 'icosahedron', side: 5 }, alform: true });
    expect(() => regionForMap(region, al)).toThrow(/pastes only into classic maps/);
  });
});
