import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import type { TerrainMap } from '../map/terrain-map.js';
import { deriveTactical } from './derive.js';
import { isOffMap } from './coverage.js';
import { catalogue, featureTiles, layLine, layStraightLine, strategicMap } from './derive.testkit.js';
import { NetworkSides } from '../map/network-sides.js';
import { networkComponents, networkDeadEnds } from '../map/network-query.js';
import { connectionKind } from '../map/network-code.js';
import { runsThrough } from '../terrain/network.js';

/** Streets: tiles the road network runs through (flat kinds), or linear road tiles (the globe). */
function streetTiles(out: TerrainMap): Set<number> {
  if (out.networks === null) return new Set(featureTiles(out, 'road'));
  const road = out.palette.indexOf('road') + 1;
  return new Set(out.networks.tiles().filter((t) => out.networks!.at(t).some((c) => connectionKind(c) === road)));
}

/**
 * "Tactical maps that look like ground": measured properties of derived ground on every kind,
 * the globe included — uniform ground derives to mostly itself without speckle, linear
 * features are simple chains, towns are blocks between streets.
 */
interface Kind {
  readonly name: string;
  readonly size: GridSize;
  readonly ratio?: number;
}

const KINDS: readonly Kind[] = [
  { name: 'square', size: { kind: 'square', width: 17, height: 17 } },
  { name: 'hex-rectangle', size: { kind: 'hex-rectangle', width: 17, height: 17 } },
  { name: 'offset-square', size: { kind: 'offset-square', width: 17, height: 17 } },
  { name: 'icosahedron', size: { kind: 'icosahedron', side: 11 }, ratio: 6 },
];

const isArea = (map: TerrainMap, t: number): boolean => classifyTile(map.grid, t) === TileClass.AREA;

/** A hexagon (or square) well inside the map, away from pentagons. */
function centre(map: TerrainMap): number {
  if (map.spec.kind !== 'icosahedron') {
    // The area tile with the most ground within 7 steps: well inside the map.
    let best = -1;
    let most = 0;
    for (let t = 0; t < map.grid.tileCount; t++) {
      if (!isArea(map, t)) continue;
      const n = map.grid.range(t, 7).length;
      if (n > most) [best, most] = [t, n];
    }
    return best;
  }
  for (let t = 0; ; t++) {
    if (isArea(map, t) && map.grid.distance(t, 0) >= 8 && !Array.from(map.grid.range(t, 5)).some((u) => map.grid.isPentagon(u))) return t;
  }
}

/** The reference and the area tiles within two rings of it. */
function selectionAround(map: TerrainMap, ref: number, radius = 4): number[] {
  return [ref, ...Array.from(map.grid.range(ref, radius)).filter((t) => t !== ref && isArea(map, t))];
}

function uniform(size: GridSize, id: string): TerrainMap {
  const map = strategicMap(size, 1);
  for (let i = 0; i < map.grid.tileCount; i++) map.setTerrain(i, isArea(map, i) ? id : '');
  return map;
}

/** The area tiles two grid steps away (across one linear tile). */
function areaNeighbours(map: TerrainMap, t: number, nb: Int32Array, nb2: Int32Array): number[] {
  const out = new Set<number>();
  const n = map.grid.neighbors(t, nb);
  for (let k = 0; k < n; k++) {
    if (nb[k]! < 0) continue;
    const m = map.grid.neighbors(nb[k]!, nb2);
    for (let j = 0; j < m; j++) {
      const a = nb2[j]!;
      if (a >= 0 && a !== t && isArea(map, a)) out.add(a);
    }
  }
  return [...out];
}

function groundStats(out: TerrainMap, keep: string): { area: number; kept: number; isolated: number } {
  const nb = new Int32Array(8);
  const nb2 = new Int32Array(8);
  let area = 0;
  let kept = 0;
  let isolated = 0;
  for (let i = 0; i < out.grid.tileCount; i++) {
    if (!isArea(out, i) || isOffMap(out, i)) continue;
    area++;
    const id = out.terrainAt(i);
    if (id === keep) kept++;
    const around = areaNeighbours(out, i, nb, nb2).filter((j) => !isOffMap(out, j));
    if (around.length >= 3 && around.every((j) => out.terrainAt(j) !== id)) isolated++;
  }
  return { area, kept, isolated };
}

/** Cycles (E − V + components) and branch tiles of a feature, under the steps linear features take (orthogonal on square). */
function chainShape(out: TerrainMap, feature: string): { tiles: number; cycles: number; branches: number } {
  const tiles = featureTiles(out, feature);
  const set = new Set(tiles);
  const nb = new Int32Array(8);
  const step = out.spec.kind === 'square' ? 2 : 1;
  const around = (t: number): number[] => {
    const n = out.grid.neighbors(t, nb);
    const r: number[] = [];
    for (let k = 0; k < n; k += step) if (set.has(nb[k]!)) r.push(nb[k]!);
    return r;
  };
  let edges = 0;
  let branches = 0;
  for (const t of tiles) {
    const d = around(t).length;
    edges += d;
    if (d >= 3) branches++;
  }
  const seen = new Set<number>();
  let comps = 0;
  for (const s of tiles) {
    if (seen.has(s)) continue;
    comps++;
    const stack = [s];
    seen.add(s);
    while (stack.length > 0) {
      for (const u of around(stack.pop()!)) {
        if (seen.has(u)) continue;
        seen.add(u);
        stack.push(u);
      }
    }
  }
  return { tiles: tiles.length, cycles: edges / 2 - tiles.length + comps, branches };
}

describe.each(KINDS)('derived ground on $name', ({ size, ratio }) => {
  it.each(['clear', 'forest', 'hills', 'marsh'] as const)('uniform %s keeps at least 90 percent of its area tiles, without speckle', (id) => {
    const map = uniform(size, id);
    const out = deriveTactical(map, { catalogue, tiles: selectionAround(map, centre(map)), seed: 3, ratio });
    const { area, kept, isolated } = groundStats(out, id);
    expect(area).toBeGreaterThan(200);
    expect(kept / area).toBeGreaterThanOrEqual(0.9);
    // No transition bands inside uniform ground.
    for (const band of ['forest-edge', 'foothills', 'marsh-edge']) expect(out.palette.includes(band) && featureCount(out, band) > 0, band).toBe(false);
    // Single-tile specks: at most a handful, where a substitute's own patch is cut by its mask.
    expect(isolated / area).toBeLessThan(0.005);
  });

  it('derives a river and a road as simple chains: no loops, no branches but the crossing', () => {
    const map = uniform(size, 'clear');
    const ref = centre(map);
    const river = map.spec.kind === 'icosahedron' ? layAcross(map, ref, 0) : layStraightLine(map, ref, 'river');
    if (map.spec.kind === 'icosahedron') for (const t of river) map.setTerrain(t, 'river');
    const riverSet = new Set(river);
    for (const t of layAcross(map, ref, 1)) map.setTerrain(t, riverSet.has(t) ? 'river-bridge' : 'road');
    const out = deriveTactical(map, { catalogue, tiles: selectionAround(map, ref), seed: 3, ratio });
    const r = chainShape(out, 'river');
    expect(r.tiles).toBeGreaterThan(0);
    expect(r.cycles).toBe(0);
    expect(r.branches).toBe(0);
    if (out.networks === null) {
      // The globe keeps its roads on linear tiles (core/derive/networks/carry.ts).
      const road = chainShape(out, 'road');
      expect(road.tiles).toBeGreaterThan(0);
      expect(road.cycles).toBe(0);
      expect(road.branches).toBeLessThanOrEqual(2);
      return;
    }
    // Flat kinds: the road runs through the area tiles, none of it on a linear tile, and stops
    // only where the selection's ground ends (on square it leaves the selection and comes back).
    for (let t = 0; t < out.grid.tileCount; t++) if (!isArea(out, t) && out.layers.terrain[t] !== 0) expect(runsThrough(catalogue, out.terrainAt(t)), out.terrainAt(t)).toBe(false);
    const road = out.palette.indexOf('road') + 1;
    const sides = NetworkSides.of(out);
    const pieces = networkComponents(out.networks, sides, road);
    expect(pieces.length).toBeGreaterThanOrEqual(1);
    for (const piece of pieces) expect(piece.tiles.length).toBeGreaterThan(5);
    const inside = (t: number) => Array.from(out.grid.range(t, 2)).every((u) => !isOffMap(out, u));
    expect(networkDeadEnds(out.networks, sides, road).filter((d) => inside(d.tile))).toEqual([]);
  });

  it.skipIf(size.kind === 'icosahedron')('derives a river again from a derived map as a simple chain (the second level too)', () => {
    const map = uniform(size, 'clear');
    const ref = centre(map);
    layStraightLine(map, ref, 'river');
    const child = deriveTactical(map, { catalogue, tiles: selectionAround(map, ref), seed: 3, ratio });
    // On the child: the area tile beside the river with the most ground on the map around it.
    const river = new Set(featureTiles(child, 'river'));
    let near = -1;
    let most = 0;
    for (let t = 0; t < child.grid.tileCount; t++) {
      if (!isArea(child, t) || isOffMap(child, t) || !Array.from(child.grid.range(t, 1)).some((u) => river.has(u))) continue;
      const around = Array.from(child.grid.range(t, 6)).filter((u) => !isOffMap(child, u)).length;
      if (around > most) [near, most] = [t, around];
    }
    const grandchild = deriveTactical(child, { catalogue, tiles: selectionAround(child, near, 2), seed: 3 });
    const r = chainShape(grandchild, 'river');
    expect(r.tiles).toBeGreaterThan(10);
    expect(r.cycles).toBe(0);
    expect(r.branches).toBe(0);
  });

  it('derives a town as blocks of buildings between streets, not a honeycomb', () => {
    const map = uniform(size, 'clear');
    const ref = centre(map);
    for (const t of selectionAround(map, ref, 2)) map.setTerrain(t, 'urban');
    const out = deriveTactical(map, { catalogue, tiles: selectionAround(map, ref), seed: 3, ratio });
    // Streets: on flat kinds tiles the road network runs through (issue 26); on the globe linear road tiles.
    const streets = streetTiles(out);
    const onLinear = out.networks === null;
    const nb = new Int32Array(8);
    const nb2 = new Int32Array(8);
    const seen = new Set<number>();
    const blocks: number[] = [];
    // Blocks: urban area tiles off the streets joined to each other (across linear tiles that carry no street).
    for (let t = 0; t < out.grid.tileCount; t++) {
      if (!isArea(out, t) || out.terrainAt(t) !== 'urban' || seen.has(t) || (!onLinear && streets.has(t))) continue;
      const block = [t];
      seen.add(t);
      for (let h = 0; h < block.length; h++) {
        const n = out.grid.neighbors(block[h]!, nb);
        for (let k = 0; k < n; k++) {
          const l = nb[k]!;
          if (l < 0 || (onLinear && streets.has(l))) continue;
          const m = out.grid.neighbors(l, nb2);
          for (let j = 0; j < m; j++) {
            const u = nb2[j]!;
            if (u >= 0 && !seen.has(u) && isArea(out, u) && out.terrainAt(u) === 'urban' && !(!onLinear && streets.has(u)) && out.grid.distance(u, block[h]!) <= 2) {
              seen.add(u);
              block.push(u);
            }
          }
        }
      }
      blocks.push(block.length);
    }
    const built = blocks.reduce((s, b) => s + b, 0);
    expect(built).toBeGreaterThan(100);
    expect(streets.size).toBeGreaterThan(20);
    // Most buildings stand in blocks of several tiles; few stand alone ringed by streets.
    const inBlocks = blocks.filter((b) => b >= 4).reduce((s, b) => s + b, 0);
    expect(inBlocks / built).toBeGreaterThan(0.8);
  });

  it('runs a town\'s street grid on unbroken from one large tile into the next', () => {
    const map = uniform(size, 'urban');
    const out = deriveTactical(map, { catalogue, tiles: selectionAround(map, centre(map)), seed: 3, ratio });
    const away = (t: number) => Array.from(out.grid.range(t, 4)).every((u) => !isOffMap(out, u));
    if (out.networks !== null) {
      // Flat kinds: streets through the tile centres on lines fixed to the global lattice; none stops inside the town.
      const road = out.palette.indexOf('road') + 1;
      const sides = NetworkSides.of(out);
      expect([...streetTiles(out)].filter(away).length).toBeGreaterThan(30);
      expect(networkDeadEnds(out.networks, sides, road).filter((d) => away(d.tile))).toEqual([]);
      expect(networkComponents(out.networks, sides, road)).toHaveLength(1);
      return;
    }
    const road = new Set(featureTiles(out, 'road'));
    const nb = new Int32Array(8);
    let inside = 0;
    let deadEnds = 0;
    for (const t of road) {
      // Away from the edge of the derived ground.
      if (!away(t)) continue;
      inside++;
      const n = out.grid.neighbors(t, nb);
      let streets = 0;
      for (let k = 0; k < n; k++) if (nb[k]! >= 0 && road.has(nb[k]!)) streets++;
      if (streets === 1) deadEnds++;
    }
    expect(inside).toBeGreaterThan(50);
    // The globe's strip seams jog (README), so there a street may stop a tile short of its continuation now and then.
    expect(deadEnds / inside).toBeLessThan(0.03);
  });

});

/**
 * The patches of `id` on a derived square map (area tiles joined side to side), each as a free
 * polyomino: its cells in area-tile units, normalised over translation, the four turns and the
 * mirror, so two copses of one shape count once however they are turned.
 */
function patchShapes(out: TerrainMap, id: string): string[] {
  const g = out.grid as unknown as { width: number };
  const w = g.width;
  const at = (x: number, y: number): boolean => {
    const t = y * w + x;
    return x >= 0 && y >= 0 && x < w && t < out.grid.tileCount && isArea(out, t) && !isOffMap(out, t) && out.terrainAt(t) === id;
  };
  const seen = new Set<number>();
  const shapes: string[] = [];
  for (let t = 0; t < out.grid.tileCount; t++) {
    const [x0, y0] = [t % w, Math.floor(t / w)];
    if (seen.has(t) || !isArea(out, t) || !at(x0, y0)) continue;
    const cells: [number, number][] = [[x0, y0]];
    seen.add(t);
    let touchesEdge = false;
    for (let h = 0; h < cells.length; h++) {
      const [x, y] = cells[h]!;
      for (const [dx, dy] of [[2, 0], [-2, 0], [0, 2], [0, -2]] as const) {
        const n = (y + dy) * w + x + dx;
        if (x + dx < 0 || x + dx >= w || n < 0 || n >= out.grid.tileCount || isOffMap(out, n)) touchesEdge = true;
        else if (!seen.has(n) && at(x + dx, y + dy)) {
          seen.add(n);
          cells.push([x + dx, y + dy]);
        }
      }
    }
    if (touchesEdge) continue;
    const forms: string[] = [];
    for (let k = 0; k < 8; k++) {
      const turned = cells.map(([x, y]) => {
        let [a, b] = [x / 2, y / 2];
        for (let r = 0; r < k % 4; r++) [a, b] = [-b, a];
        return k >= 4 ? [-a, b] : [a, b];
      });
      const mx = Math.min(...turned.map(([a]) => a));
      const my = Math.min(...turned.map(([, b]) => b));
      forms.push(turned.map(([a, b]) => `${a - mx},${b - my}`).sort().join(' '));
    }
    shapes.push(forms.sort()[0]!);
  }
  return shapes;
}

describe('copses and clearings on square', () => {
  const size: GridSize = { kind: 'square', width: 17, height: 17 };
  it.each([
    ['clear', 'forest'],
    ['forest', 'clear'],
  ] as const)('uniform %s shows %s patches of several shapes and sizes, none a single tile', (ground, patch) => {
    const map = uniform(size, ground);
    const out = deriveTactical(map, { catalogue, tiles: selectionAround(map, centre(map)), seed: 3 });
    const shapes = patchShapes(out, patch);
    if (process.env.SHOW_FIGURES) console.log(`${ground}/${patch}: ${shapes.length} patches, ${new Set(shapes).size} shapes, sizes ${[...new Set(shapes.map((x) => x.split(' ').length))].sort().join(',')}`);
    expect(shapes.length).toBeGreaterThanOrEqual(8);
    // Before issue 15's fix every one was the straightener's L-tromino.
    expect(new Set(shapes).size).toBeGreaterThanOrEqual(3);
    expect(new Set(shapes.map((s) => s.split(' ').length)).size).toBeGreaterThanOrEqual(2);
    expect(shapes.filter((s) => s.split(' ').length === 1)).toEqual([]);
  });
});

/** The chains of `feature` (linear tiles joined by the steps features take; orthogonal on square) as [tiles, extent in small tiles]. */
function chainsOf(out: TerrainMap, feature: string): { tiles: number; extent: number }[] {
  const set = new Set(featureTiles(out, feature));
  const nb = new Int32Array(8);
  const step = out.spec.kind === 'square' ? 2 : 1;
  const seen = new Set<number>();
  const chains: { tiles: number; extent: number }[] = [];
  for (const s of set) {
    if (seen.has(s)) continue;
    const comp = [s];
    seen.add(s);
    for (let h = 0; h < comp.length; h++) {
      const n = out.grid.neighbors(comp[h]!, nb);
      for (let k = 0; k < n; k += step) {
        const u = nb[k]!;
        if (u >= 0 && set.has(u) && !seen.has(u)) {
          seen.add(u);
          comp.push(u);
        }
      }
    }
    const xs = comp.map((t) => out.grid.center(t)[0]!);
    const ys = comp.map((t) => out.grid.center(t)[1]!);
    chains.push({ tiles: comp.length, extent: Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) });
  }
  return chains;
}

describe('ridgelines on square', () => {
  it('run on across large-tile borders: most ridge tiles lie on chains spanning two large tiles or more', () => {
    const size: GridSize = { kind: 'square', width: 17, height: 17 };
    const map = uniform(size, 'hills');
    const out = deriveTactical(map, { catalogue, tiles: selectionAround(map, centre(map)), seed: 3 });
    const ratio = out.meta.derived!.ratio;
    const chains = chainsOf(out, 'ridge');
    const total = chains.reduce((s, c) => s + c.tiles, 0);
    // Dashed ridges (issue 15) were pieces within one drawing or one band: none spanned 2 large tiles.
    const long = chains.filter((c) => c.extent >= 2 * ratio).reduce((s, c) => s + c.tiles, 0);
    if (process.env.SHOW_FIGURES) console.log(`ridges: ${total} tiles in ${chains.length} chains, ${((100 * long) / total).toFixed(0)} % on chains spanning 2+ large tiles`);
    expect(total).toBeGreaterThan(100);
    expect(long / total).toBeGreaterThan(0.5);
    // Few ends: the chains are long lines, not dashes (a dash of 3 tiles has 2 ends per 3 tiles).
    expect(chains.length / total).toBeLessThan(0.08);
  });
});

function featureCount(map: TerrainMap, id: string): number {
  const v = map.palette.indexOf(id) + 1;
  return v === 0 ? 0 : map.layers.terrain.filter((x) => x === v).length;
}

/** A line of linear tiles through `ref`'s neighbourhood along grid direction `dir`, up to 6 steps each way (not past the rim). */
function layAcross(map: TerrainMap, ref: number, dir: number): number[] {
  const walk = (d: number): number => {
    let t = ref;
    for (let k = 0; k < 6 && map.grid.neighbor(t, d) >= 0; k++) t = map.grid.neighbor(t, d);
    if (isArea(map, t)) t = map.grid.neighbor(t, map.grid.neighbor(t, d) >= 0 ? d : (d + 1) % map.grid.directions);
    return t;
  };
  const d = map.spec.kind === 'square' ? 2 * dir : dir;
  return layLine(map, walk(d), walk((d + map.grid.directions / 2) % map.grid.directions), 'road');
}
