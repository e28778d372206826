/**
 * Ray-cast line of sight and the gdal-style viewshed: flat ground, walls (against the tile
 * line of sight on the same map), curvature, and the viewshed against the brute-force line of
 * sight cell by cell on small random rasters.
 */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { sightTablesFor } from '../sight/tables.js';
import { lineOfSight } from '../sight/line-of-sight.js';
import { seededRandom } from '../util/random.js';
import { allocRaster, unitToCell } from './raster.js';
import type { Raster } from './raster.js';
import { rasterizeTerrainMap } from './terrain-raster.js';
import { rasterLineOfSight, rasterViewshed } from './raster-sight.js';

const catalogue = loadDefaultCatalogue();

/** Rolling ground; with `woods`, patches of 8 m canopy. */
function hills(w: number, h: number, seed: number, woods: boolean): Raster {
  const random = seededRandom(seed);
  const r = allocRaster(w, h, { kind: 'flat', left: 0, top: h, cell: 1 }, 10, ['clear', 'forest']);
  const waves = Array.from({ length: 5 }, () => [0.05 + 0.3 * random(), 0.05 + 0.3 * random(), 6 * random(), 6 * random(), 5 + 20 * random()] as const);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      r.elevation[i] = waves.reduce((s, [a, b, p, q, amp]) => s + amp * Math.sin(a * x + p) * Math.cos(b * y + q), 0);
      r.inside[i] = 1;
      r.cover[i] = woods && Math.sin(0.35 * x + seed) * Math.cos(0.3 * y - seed) > 0.6 ? 2 : 1;
      r.obstacle[i] = r.cover[i] === 2 ? 8 : 0;
    }
  }
  return r;
}

describe('rasterLineOfSight', () => {
  it('flat open ground: every cell sees every other', () => {
    const r = allocRaster(20, 20, { kind: 'flat', left: 0, top: 20, cell: 1 }, 10, []);
    for (let k = 0; k < 30; k++) expect(rasterLineOfSight(r, [k % 20, 3], [19 - (k % 7), 17]).visible).toBe(true);
    const v = rasterViewshed(r, [10, 10]);
    expect(v.visible.every((x) => x === 1)).toBe(true);
    expect(v.minHeight.every((x) => x === 0)).toBe(true);
  });

  it('a wall blocks the ray-cast line that the tile line of sight also blocks', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 9, height: 9 }, alform: true, palette: ['clear', 'wall'] });
    for (let y = 0; y < 9; y += 2) for (let x = 0; x < 9; x += 2) map.layers.terrain[map.grid.index([x, y])] = 1;
    const tables = () => sightTablesFor(catalogue, map);
    const eyes = { observerHeight: 1.5, targetHeight: 1.5 };
    const a = map.grid.index([0, 2]);
    const b = map.grid.index([8, 6]);
    const cellOf = (r: Raster, t: number): [number, number] => {
      const [x, y] = map.grid.center(t) as [number, number];
      const [c, w] = unitToCell(r.frame as Extract<Raster['frame'], { kind: 'flat' }>, x, y);
      return [Math.round(c), Math.round(w)];
    };
    let r = rasterizeTerrainMap(map, tables(), { width: 90 });
    expect(lineOfSight(map, tables(), a, b, eyes).visible).toBe(true);
    expect(rasterLineOfSight(r, cellOf(r, a), cellOf(r, b), eyes).visible).toBe(true);
    for (let y = 0; y < 9; y += 2) map.layers.terrain[map.grid.index([5, y])] = 2;
    for (let y = 1; y < 9; y += 2) map.layers.terrain[map.grid.index([5, y])] = 2; // its vertex tiles too
    r = rasterizeTerrainMap(map, tables(), { width: 90 });
    expect(lineOfSight(map, tables(), a, b, eyes).visible).toBe(false);
    const ray = rasterLineOfSight(r, cellOf(r, a), cellOf(r, b), eyes);
    expect(ray.visible).toBe(false);
    expect(r.feature[ray.blockedAt![1] * r.width + ray.blockedAt![0]]).toBe(2);
    // Eyes above the wall see over it.
    expect(rasterLineOfSight(r, cellOf(r, a), cellOf(r, b), { observerHeight: 5, targetHeight: 5 }).visible).toBe(true);
  });

  it('earth curvature hides a distant low target on flat ground', () => {
    const r = allocRaster(200, 1, { kind: 'flat', left: 0, top: 1, cell: 1 }, 100, []); // 100 m cells, 20 km
    r.inside.fill(1);
    expect(rasterLineOfSight(r, [0, 0], [199, 0]).visible).toBe(true);
    expect(rasterLineOfSight(r, [0, 0], [199, 0], { curvature: 1 }).visible).toBe(false);
    expect(rasterLineOfSight(r, [0, 0], [199, 0], { curvature: 1, observerHeight: 30, targetHeight: 5 }).visible).toBe(true);
    const v = rasterViewshed(r, [0, 0], { curvature: 1 });
    expect(v.visible[199]).toBe(0);
    // The drop at 19.9 km is about 31 m; what is needed above the ground grows with distance.
    expect(v.minHeight[199]).toBeGreaterThan(15);
    expect(v.minHeight[100]).toBeLessThan(v.minHeight[199]!);
  });

  it('refuses cells off the raster', () => {
    const r = allocRaster(5, 5, { kind: 'flat', left: 0, top: 5, cell: 1 }, 10, []);
    expect(() => rasterLineOfSight(r, [0, 0], [5, 0])).toThrow(/target cell \(5, 0\) is outside the 5×5 raster/);
    expect(() => rasterViewshed(r, [-1, 0])).toThrow(/observer cell/);
  });
});

describe('rasterViewshed against the brute-force line of sight', () => {
  for (const woods of [false, true]) {
    it(`agrees cell by cell except on a thin band along shadow edges (${woods ? 'with woods' : 'bare ground'})`, () => {
      let cells = 0;
      let disagree = 0;
      let heightClose = 0;
      for (let seed = 1; seed <= 6; seed++) {
        const r = hills(41, 37, seed, woods);
        const random = seededRandom(seed + 100);
        const from: [number, number] = [5 + Math.floor(random() * 30), 5 + Math.floor(random() * 27)];
        const opts = { observerHeight: 3, targetHeight: 1 };
        const v = rasterViewshed(r, from, opts);
        expect([v.width, v.height]).toEqual([41, 37]);
        let seen = 0;
        for (let y = 0; y < r.height; y++) {
          for (let x = 0; x < r.width; x++) {
            const los = rasterLineOfSight(r, from, [x, y], opts).visible;
            cells++;
            if (los !== (v.visible[y * v.width + x] === 1)) disagree++;
            if (los) seen++;
            // minHeight: a target a little above it is seen by the line of sight, one a little below it is not
            // (a little: 1 m + 10 %, the projection's error grows with the height behind a crest).
            const need = v.minHeight[y * v.width + x]!;
            const tol = 1 + 0.1 * need;
            const above = rasterLineOfSight(r, from, [x, y], { ...opts, targetHeight: need + tol }).visible;
            const below = need < tol || !rasterLineOfSight(r, from, [x, y], { ...opts, targetHeight: need - tol }).visible;
            if (above && below) heightClose++;
          }
        }
        expect(seen).toBeGreaterThan(10);
        expect(seen).toBeLessThan(r.width * r.height - 20);
      }
      // Measured: 1.5 % (bare) and 2.3 % (woods) of cells differ; minHeight within the tolerance on 91 % of
      // bare-ground cells (behind woods less so: a canopy cell feeds the projected horizon at full height).
      expect(disagree / cells).toBeLessThan(woods ? 0.06 : 0.03);
      if (!woods) expect(heightClose / cells).toBeGreaterThan(0.88);
    });
  }
});
