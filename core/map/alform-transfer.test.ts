import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { alformToClassic, classicToAlform } from './alform-transfer.js';
import { correspondence } from '../alform/correspondence.js';
import { classifyTiles, TileClass } from '../alform/classify.js';
import type { GridSize, Wrap } from '../grid/types.js';
import { hasVertices } from '../grid/capabilities.js';
import { seededRandom } from '../util/random.js';
import { createGrid } from '../grid/create.js';
import { ALFORM_GRID_CASES, caseLabel } from '../alform/alform.testkit.js';

const PALETTE = ['clear', 'forest', 'river', 'road', 'wall', 'hills'];

function randomClassic(size: GridSize, wrap: Wrap, seed: number): TerrainMap {
  const map = TerrainMap.create({ size, wrap, palette: PALETTE, elevation: true });
  const random = seededRandom(seed);
  const pick = () => Math.floor(random() * (PALETTE.length + 1));
  const { terrain, edges, vertices, elevation } = map.layers;
  for (let i = 0; i < terrain.length; i++) {
    terrain[i] = pick();
    elevation![i] = Math.floor(random() * 2000) - 200;
  }
  // Only real edges carry terrain: slots of off-map edges do not exist in the AL-FORM map.
  for (let i = 0; i < map.tileCount; i++) {
    for (let d = 0; d < map.grid.degree(i); d++) {
      const slot = map.grid.edgeSlot(i, d);
      if (slot >= 0) edges![slot] = pick();
      const vs = hasVertices(map.grid) ? map.grid.vertexSlot(i, d) : -1;
      if (vs >= 0) vertices![vs] = pick();
    }
  }
  return map;
}

describe('classic ↔ AL-FORM transfer (SPEC §3)', () => {
  for (const [size, wrap] of ALFORM_GRID_CASES) {
    const label = caseLabel(size, wrap);
    it(`is lossless on random maps: ${label}`, () => {
      for (const seed of [1, 2, 3]) {
        const classic = randomClassic(size, wrap, seed);
        const al = classicToAlform(classic);
        expect(al.spec.alform).toBe(true);
        const back = alformToClassic(al);
        expect(back.spec).toEqual(classic.spec);
        expect(back.palette).toEqual(classic.palette);
        expect(back.layers.terrain).toEqual(classic.layers.terrain);
        expect(back.layers.edges).toEqual(classic.layers.edges);
        expect(back.layers.vertices).toEqual(classic.layers.vertices);
        expect(back.layers.elevation).toEqual(classic.layers.elevation);
      }
    });

    it(`maps tiles to area tiles and edges to linear tiles one-to-one: ${label}`, () => {
      const classic = createGrid({ size, wrap });
      const al = createGrid({ size: classicToAlform(TerrainMap.create({ size, wrap })).spec.size, wrap, alform: true });
      const c = correspondence(classic, al);
      const classes = classifyTiles(al);
      const hit = new Uint8Array(al.tileCount);
      for (const t of c.tile) {
        expect(classes[t]).toBe(TileClass.AREA);
        hit[t]++;
      }
      for (const slots of [c.edge, c.vertex ?? new Int32Array()]) {
        for (const t of slots) {
          if (t < 0) continue;
          expect(classes[t]).not.toBe(TileClass.AREA);
          hit[t]++;
        }
      }
      // Every AL-FORM tile stands for exactly one classic tile, edge or vertex.
      expect(Array.from(hit).every((h) => h === 1)).toBe(true);
    });
  }

  it('follows the patent formula (2x + T[E].x, 2y + T[E].y) on a square map', () => {
    const classic = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 }, palette: PALETTE });
    const g = classic.grid;
    classic.setEdgeTerrain(g.index([1, 1]), 2, 'river'); // east edge of (1,1)
    classic.setTerrain(g.index([2, 1]), 'forest');
    const al = classicToAlform(classic);
    expect(al.spec.size).toEqual({ kind: 'square', width: 5, height: 5 });
    expect(al.terrainAt(al.grid.index([3, 2]))).toBe('river');
    expect(al.terrainAt(al.grid.index([4, 2]))).toBe('forest');
  });

  it('refuses to convert the wrong way', () => {
    const classic = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 } });
    expect(() => alformToClassic(classic)).toThrow('not AL-FORM');
    expect(() => classicToAlform(classicToAlform(classic))).toThrow('already AL-FORM');
  });
});
