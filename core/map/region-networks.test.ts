/** Roads go with a copied region: pasted, cut and carried across forms, joined to the same neighbours, one plan with the terrain. */
import { describe, expect, it } from 'vitest';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import type { GridSize } from '../grid/types.js';
import { TerrainMap } from './terrain-map.js';
import { NetworkSides } from './network-sides.js';
import { applyNetworkChanges, applyNetworkPlan, planNetworkDraw } from './network-plan.js';
import { connectionKind, isSidePort, portA, portB } from './network-code.js';
import { applyPlan } from './paint.js';
import { copyRegion, planClearRegion, planPasteRegion, regionAnchor, type RegionPlan } from './region.js';
import { regionFromJson, regionToJson } from './region-json.js';
import { regionForMap } from './region-transfer.js';

const catalogue = loadDefaultCatalogue();

function clearMap(size: GridSize, alform = false): TerrainMap {
  const map = TerrainMap.create({ size, alform, palette: ['clear'] });
  const sides = NetworkSides.of(map);
  for (let t = 0; t < map.tileCount; t++) if (sides.isGround(t)) map.layers.terrain[t] = 1;
  return map;
}

/** An area tile at fraction (fx, fy) across a flat map's extent (the globe: fx of its tiles). */
function spot(map: TerrainMap, fx: number, fy: number): number {
  const sides = NetworkSides.of(map);
  let t: number;
  if (map.spec.kind === 'icosahedron') t = Math.floor(map.tileCount * fx);
  else {
    const lo = [Infinity, Infinity];
    const hi = [-Infinity, -Infinity];
    for (let k = 0; k < map.tileCount; k++) {
      const c = map.grid.center(k);
      for (const d of [0, 1]) {
        lo[d] = Math.min(lo[d]!, c[d]!);
        hi[d] = Math.max(hi[d]!, c[d]!);
      }
    }
    t = map.grid.pick([lo[0]! + fx * (hi[0]! - lo[0]!), lo[1]! + fy * (hi[1]! - lo[1]!)]);
  }
  while (!sides.isGround(t)) t++;
  return t;
}

/** `n` area tiles in a row from `start`, each across side `side` of the last (directions turn on the globe: it stops at a repeat). */
function chain(map: TerrainMap, start: number, side: number, n: number): number[] {
  const sides = NetworkSides.of(map);
  const out = [start];
  while (out.length < n) {
    const next = sides.across(out[out.length - 1]!, side);
    if (next < 0 || out.includes(next)) break;
    out.push(next);
  }
  return out;
}

/** Every side port of every connection meets a connection of the same kind on the tile across, facing back. */
function halfLinks(map: TerrainMap): number {
  const layer = map.networks;
  if (!layer) return 0;
  const sides = NetworkSides.of(map);
  let bad = 0;
  for (const t of layer.tiles()) {
    for (const c of layer.at(t)) {
      for (const p of [portA(c), portB(c)]) {
        if (!isSidePort(p)) continue;
        const u = sides.across(t, p);
        const back = sides.backSide(t, p, u);
        if (u < 0 || !layer.at(u).some((d) => connectionKind(d) === connectionKind(c) && (portA(d) === back || portB(d) === back))) bad++;
      }
    }
  }
  return bad;
}

function play(map: TerrainMap, plan: RegionPlan): void {
  applyPlan(map, plan);
  applyNetworkChanges(map, plan.networks, 'forward');
}

const KINDS: [string, GridSize, boolean][] = [
  ['square', { kind: 'square', width: 16, height: 12 }, false],
  ['offset-square', { kind: 'offset-square', width: 16, height: 12 }, false],
  ['hex-rectangle', { kind: 'hex-rectangle', width: 16, height: 12 }, false],
  ['hex-hexagon', { kind: 'hex-hexagon', diameter: 13 }, false],
  ['hex-rectangle AL-FORM', { kind: 'hex-rectangle', width: 31, height: 23 }, true],
  ['globe', { kind: 'icosahedron', side: 8 }, false],
];

describe.each(KINDS)('%s', (_name, size, alform) => {
  function withRoad(): { map: TerrainMap; region: number[]; road: number[] } {
    const map = clearMap(size, alform);
    const mid = spot(map, 0.25, 0.3);
    const road = chain(map, mid, map.grid.directions === 8 ? 2 : 1, 3);
    applyNetworkPlan(map, planNetworkDraw(map, catalogue, 'road', road));
    const region = Array.from(map.grid.range(mid, alform ? 8 : 4));
    return { map, region, road };
  }

  it('a pasted region brings its road, joined tile to tile as it was; undo takes both back', () => {
    const { map, region, road } = withRoad();
    expect(halfLinks(map)).toBe(0);
    const copied = copyRegion(map, region, regionAnchor(map, region));
    expect(copied.networks!.length / 4).toBe(map.networks!.tiles().reduce((n, t) => n + map.networks!.at(t).length, 0));
    const anchor = spot(map, 0.7, 0.7);
    const before = map.networks!.clone();
    const plan = planPasteRegion(map, catalogue, regionFromJson(regionToJson(copied)), anchor);
    expect(plan.networks.length).toBe(road.length); // each road tile laid once at the target
    play(map, plan);
    expect(map.networks!.tiles().length).toBe(2 * road.length);
    expect(halfLinks(map)).toBe(0);
    applyNetworkChanges(map, plan.networks, 'back');
    expect(map.networks!.tiles()).toEqual(before.tiles());
  });

  it('a cut takes the road off its tiles and off the tiles around that reached in', () => {
    const { map, road } = withRoad();
    // Cut only the middle of a longer road: its ends outside lose their links into the cut.
    const longer = chain(map, road[0]!, map.grid.directions === 8 ? 2 : 1, 6);
    applyNetworkPlan(map, planNetworkDraw(map, catalogue, 'road', longer));
    const cut = longer.slice(2, 4);
    const plan = planClearRegion(map, cut);
    play(map, plan);
    for (const t of cut) expect(map.networks?.at(t) ?? []).toEqual([]);
    expect(halfLinks(map)).toBe(0);
    expect(plan.networks.length).toBe(4);
  });
});

describe('region networks', () => {
  it('a paste over a road replaces it in the patch and cuts the links that reached in', () => {
    const map = clearMap({ kind: 'hex-rectangle', width: 16, height: 12 });
    const across = Array.from({ length: 14 }, (_, x) => map.grid.index([x + 1, 6 + Math.floor((x + 1) / 2) - 3]));
    applyNetworkPlan(map, planNetworkDraw(map, catalogue, 'road', across));
    const empty = Array.from(map.grid.range(map.grid.index([3, 10]), 1)); // no road there
    const region = copyRegion(map, empty, regionAnchor(map, empty));
    expect(region.networks!.length).toBe(0);
    const plan = planPasteRegion(map, catalogue, region, across[7]!);
    play(map, plan);
    expect(halfLinks(map)).toBe(0);
    expect(map.networks!.tiles().length).toBe(across.length - 3);
  });

  it('classic → AL-FORM → classic keeps the road between the same cells', () => {
    const map = clearMap({ kind: 'hex-rectangle', width: 12, height: 10 });
    const road = chain(map, map.grid.index([4, 5]), 1, 4);
    applyNetworkPlan(map, planNetworkDraw(map, catalogue, 'road', road));
    const tiles = Array.from(map.grid.range(road[1]!, 3));
    const region = copyRegion(map, tiles, regionAnchor(map, tiles));
    const target = clearMap({ kind: 'hex-rectangle', width: 25, height: 21 }, true);
    const carried = regionForMap(region, target);
    const onAlform = planPasteRegion(target, catalogue, carried, target.grid.index([10, 10]));
    play(target, onAlform);
    expect(target.networks!.tiles().length).toBe(road.length);
    expect(halfLinks(target)).toBe(0);
    const back = clearMap({ kind: 'hex-rectangle', width: 12, height: 10 });
    const again = copyRegion(target, Array.from(target.grid.range(target.grid.index([10, 10]), 8)), target.grid.index([10, 10]));
    play(back, planPasteRegion(back, catalogue, regionForMap(again, back), back.grid.index([5, 5])));
    expect(back.networks!.tiles().length).toBe(road.length);
    expect(halfLinks(back)).toBe(0);
  });

  it('reading a region refuses a bad connection, naming its place', () => {
    const map = clearMap({ kind: 'square', width: 8, height: 8 });
    const json = { ...regionToJson(copyRegion(map, [0, 1], 0)), networks: [0, 5, -1, -1] };
    expect(() => regionFromJson(json, 'maps.paste', '$.region')).toThrow('$.region.networks[1]');
    expect(() => regionFromJson({ ...json, networks: [0, 1] }, 'maps.paste', '$.region')).toThrow('$.region.networks');
  });
});
