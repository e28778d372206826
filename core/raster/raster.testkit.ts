/**
 * A real-looking AL-FORM terrain map for raster tests, pictures and the bench: rolling
 * ground from a few seeded waves, lakes in the hollows, hills and mountains on the heights,
 * woods and fields with hedgerows between fields, a wall, and rivers that run downhill along
 * linear tiles into the lakes.
 */
import { TerrainMap } from '../map/terrain-map.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import type { GridSize } from '../grid/types.js';
import { seededRandom } from '../util/random.js';

export function sampleTerrainMap(size: GridSize = { kind: 'hex-rectangle', width: 79, height: 59 }, seed = 7): TerrainMap {
  const random = seededRandom(seed);
  const map = TerrainMap.create({
    size,
    alform: true,
    elevation: true,
    palette: ['clear', 'fields', 'forest', 'lake', 'hills', 'mountains', 'village', 'river', 'hedgerow', 'wall', 'ridge'],
  });
  const [clear, fields, forest, lake, hills, mountains, village, river, hedgerow, wall, ridge] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  const grid = map.grid;
  const cls = tileClasses(grid);
  const t = map.layers.terrain;
  const e = map.layers.elevation!;
  const waves = Array.from({ length: 6 }, (_, i) => ({
    fx: (0.02 + 0.05 * random()) * (i < 3 ? 1 : 2.5),
    fy: (0.02 + 0.05 * random()) * (i < 3 ? 1 : 2.5),
    p: 6.3 * random(),
    q: 6.3 * random(),
    a: i < 3 ? 70 : 20,
  }));
  const height = (x: number, y: number) => 110 + waves.reduce((s, w) => s + w.a * Math.sin(w.fx * x + w.p) * Math.cos(w.fy * y + w.q), 0);
  const woods = (x: number, y: number) => Math.sin(0.13 * x + 1.7) * Math.cos(0.11 * y + 0.4) + 0.6 * Math.sin(0.31 * x - 0.23 * y);
  for (let i = 0; i < map.tileCount; i++) {
    const [x, y] = grid.center(i) as [number, number];
    e[i] = Math.round(height(x, y));
    if (cls[i] !== TileClass.AREA) continue;
    const h = e[i]!;
    t[i] = h < 40 ? lake : h > 215 ? mountains : h > 170 ? hills : woods(x, y) > 0.7 ? forest : random() < 0.03 ? village : random() < 0.5 ? fields : clear;
  }
  const nb = new Int32Array(grid.directions);
  const areasOf = (u: number): number[] => {
    const out: number[] = [];
    const deg = grid.neighbors(u, nb);
    for (let d = 0; d < deg; d++) if (nb[d]! >= 0 && cls[nb[d]!] === TileClass.AREA) out.push(nb[d]!);
    return out;
  };
  for (let i = 0; i < map.tileCount; i++) {
    if (cls[i] === TileClass.AREA) continue;
    const a = areasOf(i);
    if (a.length !== 2) continue;
    const [p, q] = [t[a[0]!]!, t[a[1]!]!];
    if (p === fields && q === fields && random() < 0.6) t[i] = hedgerow;
    else if ((p === village || q === village) && random() < 0.5) t[i] = wall;
    else if (p === hills && q === hills && random() < 0.25) t[i] = ridge;
  }
  // Rivers: from high linear tiles, downhill along linear tiles until a lake or the edge.
  const lows = (u: number) => {
    const a = areasOf(u);
    return a.length ? a.reduce((s, v) => s + e[v]!, 0) / a.length : Infinity;
  };
  for (let r = 0, tries = 0; r < 4 && tries < 400; tries++) {
    let u = Math.floor(random() * map.tileCount);
    if (cls[u] === TileClass.AREA || lows(u) < 150) continue;
    r++;
    for (let step = 0; step < 400; step++) {
      t[u] = river;
      if (areasOf(u).some((v) => t[v] === lake)) break;
      const deg = grid.neighbors(u, nb);
      let next = -1;
      let best = lows(u) + 2;
      for (let d = 0; d < deg; d++) {
        const v = nb[d]!;
        if (v < 0 || cls[v] === TileClass.AREA || t[v] === river) continue;
        const l = lows(v);
        if (l < best) {
          best = l;
          next = v;
        }
      }
      if (next < 0) break;
      u = next;
    }
  }
  return map;
}
