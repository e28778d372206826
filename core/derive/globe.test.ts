import { describe, expect, it } from 'vitest';
import { classifyTile, TileClass } from '../alform/classify.js';
import { seededRandom } from '../util/random.js';
import type { TerrainMap } from '../map/terrain-map.js';
import { deriveTactical } from './derive.js';
import { isOffMap } from './coverage.js';
import { GlobeCharts } from './globe-charts.js';
import { homeOf } from './globe-blend.js';
import { catalogue, components, featureTiles, layLineThrough, strategicMap } from './derive.testkit.js';
import { requireDerivedMeta } from '../map/meta.js';

const globe = strategicMap({ kind: 'icosahedron', side: 9 }, 5);
const grid = globe.grid;
const charts = new GlobeCharts(globe, 'hex');
const isArea = (t: number): boolean => classifyTile(globe.grid, t) === TileClass.AREA;

/** A hexagon and the area tiles around it (pentagons included: they may be selected, never the reference). */
function flower(ref: number): number[] {
  const around = Array.from(globe.grid.range(ref, 2)).filter((t) => t !== ref && isArea(t));
  return [ref, ...around];
}

/** Terrain of every on-map tile of a derived globe map, by the tile's home on the planet. */
function byPlanet(map: TerrainMap): Map<string, string> {
  const meta = requireDerivedMeta(map.meta, 'a derived globe map');
  const out = new Map<string, string>();
  for (let i = 0; i < map.grid.tileCount; i++) {
    if (isOffMap(map, i)) continue;
    const [x, y] = map.grid.coord(i) as [number, number];
    const h = homeOf(charts, meta.ratio, meta.chart!, meta.origin[0] + x, meta.origin[1] + y);
    out.set(`${h.chart}:${h.x},${h.y}`, map.terrainAt(i));
  }
  return out;
}

describe('one world on the globe', () => {
  it('charts are flat: each strip’s own tiles keep their neighbours in lattice directions', () => {
    const nb = new Int32Array(6);
    for (let k = 0; k < 5; k++) {
      const chart = charts.chart(k);
      for (let t = 0; t < globe.grid.tileCount; t++) {
        const p = chart.positionOf(t)!;
        expect(chart.tileAt(p[0], p[1])).toBe(t);
      }
    }
    let bad = 0;
    let checked = 0;
    for (let t = 0; t < globe.grid.tileCount; t++) {
      if (grid.isPentagon(t)) continue;
      const chart = charts.chart(charts.stripOf(t));
      const deg = globe.grid.neighbors(t, nb);
      for (let d = 0; d < deg; d++) {
        checked++;
        const p = chart.positionOf(t)!;
        const q = chart.positionOf(nb[d]!)!;
        const steps = [[0, 1], [1, 1], [1, 0], [0, -1], [-1, -1], [-1, 0]][d]!;
        if (q[0] - p[0] !== steps[0] || q[1] - p[1] !== steps[1]) bad++;
      }
    }
    // Only next to a pentagon does the net cut between a tile and a neighbour.
    expect(bad / checked).toBeLessThan(0.002);
  });

  it('two derivations agree on every tile they share, for 50 random pairs of overlapping selections', () => {
    const random = seededRandom(2024);
    const hexes: number[] = [];
    for (let t = 0; t < globe.grid.tileCount; t++) if (isArea(t) && !grid.isPentagon(t)) hexes.push(t);
    let pairs = 0;
    let shared = 0;
    const chartsSeen = new Set<string>();
    while (pairs < 50) {
      const a = hexes[Math.floor(random() * hexes.length)]!;
      const near = Array.from(globe.grid.range(a, 4)).filter((t) => t !== a && isArea(t) && !grid.isPentagon(t));
      const b = near[Math.floor(random() * near.length)]!;
      const ma = byPlanet(deriveTactical(globe, { catalogue, tiles: flower(a), ratio: 6, seed: 9 }));
      const mb = byPlanet(deriveTactical(globe, { catalogue, tiles: flower(b), ratio: 6, seed: 9 }));
      let both = 0;
      for (const [key, id] of ma) {
        const other = mb.get(key);
        if (other === undefined) continue;
        both++;
        expect(other, `pair ${a}/${b} at ${key}`).toBe(id);
      }
      expect(both, `pair ${a}/${b}`).toBeGreaterThan(0);
      shared += both;
      chartsSeen.add(`${charts.stripOf(a)}/${charts.stripOf(b)}`);
      pairs++;
    }
    expect(shared).toBeGreaterThan(50 * 20);
    // References on different strips: the pairs cross the net's seams.
    expect([...chartsSeen].some((k) => k[0] !== k[2])).toBe(true);
  }, 120_000);

  it('keeps a river one chain across a strip seam', () => {
    const g = strategicMap({ kind: 'icosahedron', side: 9 }, 6);
    // A hexagon on strip 0 whose line runs into strip 1.
    let ref = -1;
    for (let t = 0; t < g.grid.tileCount && ref < 0; t++) {
      if (!isArea(t) || grid.isPentagon(t) || charts.stripOf(t) !== 0) continue;
      const r = Array.from(g.grid.range(t, 4));
      if (r.some((u) => charts.stripOf(u) === 1) && !r.some((u) => grid.isPentagon(u))) ref = t;
    }
    expect(ref).toBeGreaterThanOrEqual(0);
    const line = layLineThrough(g, ref, 0, 3, 'river');
    const along = [...new Set(line.flatMap((t) => Array.from(g.grid.range(t, 1))))];
    const tiles = [ref, ...along.filter((t) => t !== ref && isArea(t))];
    const out = deriveTactical(g, { catalogue, tiles, ratio: 6 });
    const river = featureTiles(out, 'river');
    expect(river.length).toBeGreaterThan(0);
    expect(components(out, river).length).toBe(1);
  });
});
