/**
 * A real-looking sample map for the export tests, the bench and the pictures a designer
 * looks at: an AL-FORM hex map with sea, coast, beach, plains, fields, forest, marsh, hills
 * and mountains from smooth pseudo-noise, villages and a town, a river running downhill
 * along tile edges to the sea, a stream, and a road between the settlements. Deterministic
 * for a seed. Test-only.
 */
import { TerrainMap } from '../map/terrain-map.js';
import type { GridSize } from '../grid/types.js';
import { tileClasses } from '../alform/tile-classes.js';
import { seededRandom } from '../util/random.js';

const PALETTE = ['ocean', 'coastal-ocean', 'sand', 'plains', 'clear', 'fields', 'forest', 'marsh', 'hills', 'mountains', 'village', 'urban', 'river', 'road', 'stream', 'wall', 'orchard', 'rough'];
const T = Object.fromEntries(PALETTE.map((id, i) => [id, i + 1])) as Record<string, number>;

export function sampleMap(width: number, height: number, options: { seed?: number; alform?: boolean; kind?: 'hex-rectangle' | 'square' | 'offset-square' } = {}): TerrainMap {
  const alform = options.alform ?? true;
  const kind = options.kind ?? 'hex-rectangle';
  const size: GridSize = alform ? { kind, width: 2 * width - 1, height: 2 * height - 1 } : { kind, width, height };
  const map = TerrainMap.create({ size, alform, palette: PALETTE, meta: { name: 'Sample coast' } });
  const grid = map.grid;
  const n = grid.tileCount;
  const rnd = seededRandom(options.seed ?? 7);
  const cls = alform ? tileClasses(grid) : new Uint8Array(n);
  const elev = new Float64Array(n);
  const wet = new Float64Array(n);
  const phase = [rnd() * 6, rnd() * 6, rnd() * 6, rnd() * 6];
  const span = Math.max(width, height);
  for (let i = 0; i < n; i++) {
    const [x, y] = grid.center(i) as [number, number];
    const u = (x / span) * (alform ? 0.5 : 1) * 8;
    const v = (y / span) * (alform ? 0.5 : 1) * 8;
    elev[i] = 0.9 * Math.sin(u * 0.55 + phase[0]!) * Math.cos(v * 0.45 + phase[1]!) + 0.45 * Math.sin(u * 1.3 - v * 0.9 + phase[2]!) + 0.2 * Math.sin(u * 3.1 + v * 2.3) + (u / 8) * 0.9 - 0.35;
    wet[i] = Math.sin(u * 0.9 + v * 1.4 + phase[3]!) + 0.3 * Math.cos(u * 2.7 - v * 1.9);
  }
  const area: number[] = [];
  for (let i = 0; i < n; i++) {
    if (cls[i] !== 0) continue;
    area.push(i);
    const e = elev[i]!;
    const w = wet[i]!;
    let t = 'plains';
    if (e < -0.55) t = 'ocean';
    else if (e < -0.35) t = 'coastal-ocean';
    else if (e < -0.25) t = w > 0.4 ? 'marsh' : 'sand';
    else if (e > 0.95) t = 'mountains';
    else if (e > 0.7) t = w > 0.5 ? 'forest' : 'hills';
    else if (e > 0.55) t = 'rough';
    else if (w > 0.55) t = 'forest';
    else if (w < -0.7) t = 'fields';
    else if (w < -0.3) t = 'clear';
    else if (w > 0.35 && e < 0) t = 'marsh';
    else if (w > 0.2 && w < 0.3) t = 'orchard';
    map.layers.terrain[i] = T[t]!;
  }
  const land = area.filter((i) => elev[i]! > -0.2 && elev[i]! < 0.6);
  const towns: number[] = [];
  for (let k = 0; k < Math.min(24, Math.max(3, Math.round(land.length / 60))) && land.length; k++) {
    const i = land[Math.floor(rnd() * land.length)]!;
    map.layers.terrain[i] = T[k === 0 ? 'urban' : 'village']!;
    towns.push(i);
  }
  if (!alform) return map;

  const nb = new Int32Array(8);
  const linearElev = (l: number): number => {
    const c = grid.neighbors(l, nb);
    let s = 0;
    let m = 0;
    for (let k = 0; k < c; k++) {
      if (nb[k]! >= 0 && cls[nb[k]!] === 0) {
        s += elev[nb[k]!]!;
        m++;
      }
    }
    return m ? s / m : 0;
  };
  const isSea = (l: number): boolean => {
    const c = grid.neighbors(l, nb);
    for (let k = 0; k < c; k++) if (nb[k]! >= 0 && cls[nb[k]!] === 0 && elev[nb[k]!]! < -0.35) return true;
    return false;
  };
  // Walks linear tiles end to end from `start`, choosing by `score` (lower is better) among unvisited neighbours.
  const walk = (start: number, terrain: number, steps: number, score: (l: number) => number, stop: (l: number) => boolean) => {
    const seen = new Set<number>([start]);
    let cur = start;
    for (let s = 0; s < steps; s++) {
      if (map.layers.terrain[cur] === 0 || terrain === T.road) map.layers.terrain[cur] = terrain;
      if (stop(cur)) return;
      const c = grid.neighbors(cur, nb);
      let best = -1;
      let bestScore = Infinity;
      for (let k = 0; k < c; k++) {
        const m = nb[k]!;
        if (m < 0 || cls[m] === 0 || seen.has(m)) continue;
        const sc = score(m) + rnd() * 0.05;
        if (sc < bestScore) {
          bestScore = sc;
          best = m;
        }
      }
      if (best < 0) return;
      seen.add(best);
      cur = best;
    }
  };
  const linears = [];
  for (let i = 0; i < n; i++) if (cls[i] !== 0) linears.push(i);
  const high = linears.filter((l) => linearElev(l) > 0.45 && linearElev(l) < 0.8);
  for (const [k, terrain] of [[0, T.river], [1, T.stream]] as const) {
    if (!high.length) break;
    const start = high[Math.floor((k + 0.37) * 0.5 * high.length) % high.length]!;
    walk(start, terrain!, 4 * span, linearElev, isSea);
  }
  // Road between the towns: greedy towards each next town.
  for (let k = 0; k + 1 < towns.length; k++) {
    const [tx, ty] = grid.center(towns[k + 1]!) as [number, number];
    const c = grid.neighbors(towns[k]!, nb);
    let start = -1;
    for (let j = 0; j < c && start < 0; j++) if (nb[j]! >= 0) start = nb[j]!;
    if (start < 0) continue;
    walk(start, T.road!, 6 * span, (l) => {
      const [x, y] = grid.center(l) as [number, number];
      return Math.hypot(x - tx, y - ty) + (linearElev(l) < -0.3 ? 50 : 0);
    }, (l) => {
      const [x, y] = grid.center(l) as [number, number];
      return Math.hypot(x - tx, y - ty) < 1.5;
    });
  }
  return map;
}
