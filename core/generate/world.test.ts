import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import { mapToJsonText } from '../map/map-json.js';
import { generateWorld, type GeneratedWorld } from './world.js';
import { outletOf, Water } from './drainage.js';
import { LinearWater } from './rivers.js';
import { checkWorld } from './check-world.js';
import { slotOf } from './lattice.js';
import { Breach, linkBreach } from './network-rules.js';
import { connectionKind } from '../map/network-code.js';

const ZERO = { straightBorderRuns: 0, parallelFeatures: 0, crossingAngles: 0, roadSetback: 0, tripleFeatures: 0, uphillRivers: 0, riversEndingInland: 0, elevation: true };

const KINDS: { name: string; size: GridSize; alform: boolean }[] = [
  { name: 'square classic', size: { kind: 'square', width: 28, height: 22 }, alform: false },
  { name: 'offset-square AL-FORM', size: { kind: 'offset-square', width: 55, height: 41 }, alform: true },
  { name: 'hex-rectangle AL-FORM', size: { kind: 'hex-rectangle', width: 55, height: 41 }, alform: true },
  { name: 'hex-hexagon classic', size: { kind: 'hex-hexagon', diameter: 25 }, alform: false },
  { name: 'icosahedron classic', size: { kind: 'icosahedron', side: 7 }, alform: false },
];

function invariants(w: GeneratedWorld): void {
  const { lattice: lat, drainage: d, rivers } = w.stages;
  // Every land tile drains to the sea, a lake or the map's border.
  for (let a = 0; a < lat.tiles.length; a++) {
    if (d.water[a] !== Water.LAND) continue;
    const o = outletOf(d, a);
    if (o >= 0) expect(d.water[o]).not.toBe(Water.LAND);
    else {
      let c = a;
      while (d.down[c]! >= 0) c = d.down[c]!;
      expect(lat.border[c]).toBe(1);
    }
  }
  // Rivers: each river tile's downstream is a river tile, lower, down to an outlet.
  const heights = generateMetres(w);
  let riverTiles = 0;
  for (let t = 0; t < rivers.river.length; t++) {
    if (rivers.river[t] === LinearWater.DRY) continue;
    riverTiles++;
    const down = rivers.down[t]!;
    if (down < 0) expect(rivers.outlet[t]).toBe(1);
    else {
      expect(rivers.river[down]).not.toBe(LinearWater.DRY);
      expect(heights[down]!).toBeLessThan(heights[t]!);
      // Widening downstream: a river never turns back into a stream.
      expect(rivers.river[down]!).toBeGreaterThanOrEqual(rivers.river[t]!);
    }
  }
  expect(riverTiles).toBeGreaterThan(0);
}

/** The elevation layer of the AL-FORM map the stages were written into. */
function generateMetres(w: GeneratedWorld): Int16Array {
  const again = generateWorld({ size: w.stages.lattice.grid.size, alform: true }, { seed: seedOf(w) });
  return again.map.layers.elevation!;
}
const seedOf = (w: GeneratedWorld): number => Number(/seed (\d+)/.exec(w.map.meta.name ?? '')![1]);

describe('generateWorld on every grid kind', () => {
  for (const k of KINDS) {
    for (const seed of [3, 11]) {
      it(`${k.name}, seed ${seed}: drainage, rivers and check-world counts`, () => {
        const w = generateWorld({ size: k.size, alform: k.alform }, { seed });
        expect(w.map.spec.alform).toBe(k.alform);
        invariants(w);
        expect(checkWorld(w.map)).toEqual(ZERO);
        expect(w.stages.settlements.length).toBeGreaterThan(0);
      });
    }
  }

  it('gives byte-identical maps for a seed, and different ones for another seed', () => {
    const spec = { size: { kind: 'hex-rectangle', width: 30, height: 24 } as GridSize, alform: false };
    const a = mapToJsonText(generateWorld(spec, { seed: 5 }).map);
    expect(mapToJsonText(generateWorld(spec, { seed: 5 }).map)).toBe(a);
    expect(mapToJsonText(generateWorld(spec, { seed: 6 }).map)).not.toBe(a);
  });

  it('lays railways between towns and cities first, then roads to every settlement, by the rules', () => {
    const w = generateWorld({ size: { kind: 'hex-rectangle', width: 61, height: 45 }, alform: true }, { seed: 4, settlements: 16 });
    const { networks, settlements, lattice: lat } = w.stages;
    expect(networks.railways.length).toBeGreaterThan(0);
    expect(networks.roads.length).toBeGreaterThan(0);
    const big = new Set(settlements.filter((s) => s.size !== 'village').map((s) => s.at));
    for (const r of networks.railways) {
      expect(big.has(r.tiles[0]!) && big.has(r.tiles[r.tiles.length - 1]!)).toBe(true);
      for (let k = 1; k < r.tiles.length; k++) expect(slotOf(lat, r.tiles[k - 1]!, r.tiles[k]!)).toBeGreaterThanOrEqual(0);
    }
    // Every route link keeps the rules against the finished field (rails and rivers all down).
    for (const r of [...networks.railways, ...networks.roads]) {
      for (let k = 1; k < r.tiles.length; k++) expect(linkBreach(networks.field, r.tiles[k - 1]!, slotOf(lat, r.tiles[k - 1]!, r.tiles[k]!), r.road)).toBe(Breach.NONE);
    }
    const layer = w.map.networks!;
    const rail = w.map.palette.indexOf('railroad') + 1;
    const road = w.map.palette.indexOf('road') + 1;
    const kinds = new Set(layer.tiles().flatMap((t) => layer.at(t).map(connectionKind)));
    expect(kinds).toEqual(new Set([rail, road]));
  });

  it('lands near the asked land fraction', () => {
    const w = generateWorld({ size: { kind: 'square', width: 30, height: 24 }, alform: false }, { seed: 2, land: 0.5 });
    const land = w.stages.elevation.land.reduce((s, v) => s + v, 0) / w.stages.elevation.land.length;
    expect(land).toBeGreaterThan(0.45);
    expect(land).toBeLessThan(0.55);
  });
});
