/**
 * The dependency rule against the real derivation: changing any value outside
 * `groundDependency` — terrain on area and linear tiles (roads that would route), classic
 * edges, elevation — never changes the derived map; changing the ground under the selection
 * does. Everything outside the set is changed at once, to water (the widest transition bands)
 * and roads (routes read their neighbours), so a rule one ring too tight fails (checked by hand).
 */
import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import { TerrainMap } from '../map/terrain-map.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { alformToClassic } from '../map/alform-transfer.js';
import { hash2 } from './blend/noise.js';
import { deriveTactical } from './derive.js';
import { dependencyTerrains, groundDependency } from './dependency.js';
import { catalogue, layLineThrough, strategicMap } from './derive.testkit.js';

/** The map with an elevation layer of hashed heights. */
function withElevation(map: TerrainMap): TerrainMap {
  const elevation = new Int16Array(map.grid.tileCount);
  for (let i = 0; i < elevation.length; i++) elevation[i] = hash2(5, i, 3) % 400;
  return TerrainMap.fromLayers(map.spec, map.palette, { ...map.layers, terrain: map.layers.terrain.slice(), elevation }, { ...map.meta });
}

function copy(map: TerrainMap): TerrainMap {
  const l = map.layers;
  return TerrainMap.fromLayers(
    map.spec,
    map.palette,
    { terrain: l.terrain.slice(), edges: l.edges?.slice() ?? null, vertices: l.vertices?.slice() ?? null, elevation: l.elevation?.slice() ?? null },
    { ...map.meta },
  );
}

/** An area tile near the middle of the map, and the area tiles adjoining it (across one linear tile). */
function middleSelection(map: TerrainMap): number[] {
  const grid = map.grid;
  let ref = Math.floor(grid.tileCount / 2);
  while (classifyTile(grid, ref) !== TileClass.AREA) ref++;
  const out = new Set<number>();
  const nb = new Int32Array(8);
  const nb2 = new Int32Array(8);
  const n = grid.neighbors(ref, nb);
  for (let k = 0; k < n; k++) {
    const m = grid.neighbors(nb[k]!, nb2);
    for (let j = 0; j < m; j++) if (nb2[j]! !== ref && classifyTile(grid, nb2[j]!) === TileClass.AREA && grid.distance(nb2[j]!, ref) <= 2) out.add(nb2[j]!);
  }
  return [ref, ...[...out].slice(0, 2)];
}

function sameMap(a: TerrainMap, b: TerrainMap): boolean {
  if (a.grid.tileCount !== b.grid.tileCount) return false;
  for (let i = 0; i < a.grid.tileCount; i++) if (a.terrainOf(a.layers.terrain[i]!) !== b.terrainOf(b.layers.terrain[i]!)) return false;
  const ea = a.layers.elevation;
  const eb = b.layers.elevation;
  return ea === null || eb === null ? ea === eb : Buffer.from(ea.buffer).equals(Buffer.from(eb.buffer));
}

/** Every tile outside `set`. */
function outside(map: TerrainMap, set: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (let t = 0; t < map.grid.tileCount; t++) if (!set.has(t)) out.push(t);
  return out;
}

/**
 * Water on area tiles (its transition bands reach farthest), a road on linear ones (a route
 * would change if read); a village where there is water already.
 */
function changeTiles(map: TerrainMap, tiles: readonly number[]): void {
  for (const t of tiles) {
    if (classifyTile(map.grid, t) === TileClass.AREA) map.setTerrain(t, map.terrainAt(t) === 'lake' ? 'village' : 'lake');
    else map.setTerrain(t, 'road');
  }
}

interface Case {
  readonly name: string;
  readonly size: GridSize;
  readonly ratio: number;
  readonly elevation: boolean;
}

const CASES: readonly Case[] = [
  // Square maps are larger: the straightener's targeted passes read 15 cells around (blend/straighten.ts).
  { name: 'square', size: { kind: 'square', width: 73, height: 73 }, ratio: 4, elevation: false },
  { name: 'hex-rectangle', size: { kind: 'hex-rectangle', width: 45, height: 45 }, ratio: 6, elevation: true },
  { name: 'offset-square', size: { kind: 'offset-square', width: 49, height: 49 }, ratio: 4, elevation: true },
];

describe.each(CASES)('the ground a $name derivation depends on', ({ size, ratio, elevation }) => {
  const base = strategicMap(size, 4);
  const tiles = middleSelection(base);
  layLineThrough(base, tiles[0]!, 0, 8, 'river');
  const map = elevation ? withElevation(base) : base;
  const dep = groundDependency(map, tiles, ratio);
  const set = new Set(dep.terrain);
  const derived = deriveTactical(map, { catalogue, tiles, ratio, seed: 2 });

  it('covers the selection and stays a small part of the map', () => {
    for (const t of tiles) expect(set.has(t)).toBe(true);
    expect(dep.terrain.length).toBeLessThan(map.grid.tileCount / 2);
    expect(dep.edges).toEqual([]);
    if (elevation) for (const t of dep.terrain) expect(dep.elevation).toContain(t);
    expect(dependencyTerrains(map, dep)).toContain('river');
  });

  it('never changes the derived map when terrain outside it changes, even right at its rim', () => {
    const edited = copy(map);
    changeTiles(edited, outside(map, set));
    expect(sameMap(deriveTactical(edited, { catalogue, tiles, ratio, seed: 2 }), derived)).toBe(true);
  });

  it.runIf(elevation)('never changes the derived map when elevation outside it changes', () => {
    const edited = copy(map);
    const heights = new Set(dep.elevation);
    for (let t = 0; t < edited.grid.tileCount; t++) if (!heights.has(t)) edited.layers.elevation![t] = 3000;
    expect(sameMap(deriveTactical(edited, { catalogue, tiles, ratio, seed: 2 }), derived)).toBe(true);
  });

  it('changes the derived map when the ground under the selection changes', () => {
    const edited = copy(map);
    changeTiles(edited, [tiles[0]!]);
    expect(sameMap(deriveTactical(edited, { catalogue, tiles, ratio, seed: 2 }), derived)).toBe(false);
  });

  it('depends on geometry only: the same request has the same dependency whatever the values', () => {
    const edited = copy(map);
    changeTiles(edited, tiles);
    expect(groundDependency(edited, tiles, ratio)).toEqual(dep);
  });
});

describe('the ground a classic derivation depends on', () => {
  const al = strategicMap({ kind: 'square', width: 73, height: 73 }, 6);
  const alTiles = middleSelection(al);
  layLineThrough(al, alTiles[0]!, 0, 8, 'road');
  const classic = alformToClassic(al);
  const tiles = alTiles.map((t) => classic.grid.index(al.grid.coord(t).map((v) => v / 2)));
  const dep = groundDependency(classic, tiles, 4);
  const derived = deriveTactical(classic, { catalogue, tiles, ratio: 4, seed: 1 });

  it('lists classic tiles and edge slots', () => {
    expect(dep.terrain.length).toBeGreaterThan(0);
    expect(dep.terrain.length).toBeLessThan(classic.grid.tileCount / 2);
    expect(dep.edges.length).toBeGreaterThan(0);
    expect(dependencyTerrains(classic, dep)).toContain('road');
  });

  it('never changes the derived map when tiles or edges outside it change', () => {
    const edited = copy(classic);
    const inTerrain = new Set(dep.terrain);
    const inEdges = new Set(dep.edges);
    for (let t = 0; t < edited.grid.tileCount; t++) if (!inTerrain.has(t)) edited.setTerrain(t, edited.terrainAt(t) === 'lake' ? 'village' : 'lake');
    const road = edited.terrainIndex('road');
    for (let s = 0; s < edited.layers.edges!.length; s++) if (!inEdges.has(s)) edited.layers.edges![s] = road;
    expect(sameMap(deriveTactical(edited, { catalogue, tiles, ratio: 4, seed: 1 }), derived)).toBe(true);
  });

  it('changes the derived map when an edge under the selection changes', () => {
    const edited = copy(classic);
    const river = edited.terrainIndex('river');
    const g = classic.grid;
    for (let d = 0; d < g.degree(tiles[0]!); d++) {
      const s = g.edgeSlot(tiles[0]!, d);
      if (s < 0) continue;
      expect(dep.edges).toContain(s);
      edited.layers.edges![s] = river;
    }
    expect(sameMap(deriveTactical(edited, { catalogue, tiles, ratio: 4, seed: 1 }), derived)).toBe(false);
  });
});
