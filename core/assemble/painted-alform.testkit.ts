/**
 * A painted AL-FORM map as a designer paints one, to realize in tests, the e2e and pictures:
 * clear ground, two forest blobs and a hill blob at fixed places of the map's extent (the linear
 * tiles inside a blob painted with it), and one
 * river meandering across on the linear tiles (each step touching no earlier tile but the
 * last, so it is one clean line). Test-only.
 */
import { alformSizeOf } from '../grid/alform-size.js';
import type { GridSize } from '../grid/types.js';
import { tileClasses } from '../alform/tile-classes.js';
import { TileClass } from '../alform/classify.js';
import { TerrainMap } from '../map/terrain-map.js';
import { seededRandom } from '../util/random.js';
import { edgeDirections } from './cell-geometry.js';

export interface PaintedAlFormOptions {
  /** Paint the hill blob (square starter tiles have no hills). Default true. */
  readonly hills?: boolean;
}

/** The painted map and its river's linear tiles in order. */
export function paintedAlFormMap(size: GridSize, seed: number, options: PaintedAlFormOptions = {}): { map: TerrainMap; river: number[] } {
  const map = TerrainMap.create({ size: alformSizeOf(size, { x: false, y: false }), alform: true });
  const g = map.grid;
  const cls = tileClasses(g);
  const centres = Array.from({ length: map.tileCount }, (_, c) => g.center(c));
  const xs = centres.map((p) => p[0]!);
  const ys = centres.map((p) => p[1]!);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const blob = (fx: number, fy: number, r: number) => (c: number) => Math.hypot(centres[c]![0]! - (x0 + fx * (x1 - x0)), centres[c]![1]! - (y0 + fy * (y1 - y0))) < r * (x1 - x0);
  const forest = [blob(0.25, 0.3, 0.16), blob(0.7, 0.75, 0.13)];
  const hills = options.hills === false ? [] : [blob(0.75, 0.25, 0.1)];
  for (let c = 0; c < map.tileCount; c++) if (cls[c] === TileClass.AREA) map.setTerrain(c, forest.some((f) => f(c)) ? 'forest' : hills.some((f) => f(c)) ? 'hills' : 'clear');
  // A linear tile between area tiles of one terrain is that terrain passing through (as the
  // app's brush paints it); elsewhere clear.
  for (let c = 0; c < map.tileCount; c++) {
    if (cls[c] === TileClass.AREA) continue;
    const around = new Set(edgeDirections(g, c).map((d) => g.neighbor(c, d)).filter((n) => n >= 0 && cls[n] === TileClass.AREA).map((n) => map.terrainAt(n)));
    map.setTerrain(c, around.size === 1 ? [...around][0]! : 'clear');
  }
  const random = seededRandom(seed);
  const linear = (c: number) => c >= 0 && cls[c] !== TileClass.AREA;
  const on = new Set<number>();
  const byWest = Array.from({ length: map.tileCount }, (_, c) => c)
    .filter(linear)
    .sort((a, b) => xs[a]! - xs[b]! || Math.abs(ys[a]! - (y0 + y1) / 2) - Math.abs(ys[b]! - (y0 + y1) / 2));
  // A depth-first walk eastwards that backs up out of dead ends (a clean line never touches itself).
  const river = [byWest[0]!];
  on.add(river[0]!);
  const tried = new Set<number>();
  for (let steps = 0; steps < 20 * map.tileCount && river.length && xs[river[river.length - 1]!]! < x1 - 0.5; steps++) {
    const last = river[river.length - 1]!;
    const options = edgeDirections(g, last)
      .map((d) => g.neighbor(last, d))
      .filter((n) => linear(n) && !on.has(n) && !tried.has(n) && edgeDirections(g, n).every((e) => g.neighbor(n, e) === last || !on.has(g.neighbor(n, e))));
    if (options.length === 0) {
      tried.add(last);
      on.delete(river.pop()!);
      continue;
    }
    const next = options.map((n) => ({ n, score: xs[n]! - xs[last]! + (random() - 0.5) * 3 })).sort((a, b) => b.score - a.score)[0]!.n;
    river.push(next);
    on.add(next);
  }
  for (const c of river) map.setTerrain(c, 'river');
  return { map, river };
}
