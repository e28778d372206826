import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import { requireGlobe } from '../grid/capabilities.js';
import { requireDerivedMeta } from '../map/meta.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { alformToClassic } from '../map/alform-transfer.js';
import { deriveTactical } from './derive.js';
import { straightRuns } from './blend/straight-runs.js';
import type { Substitute, SubstituteSource } from './types.js';
import { catalogue, compareOverlap, components, featureTiles, layLineThrough, layStraightLine, onRim, strategicMap } from './derive.testkit.js';
import { substituteOffsets } from './geometry/substitute-shape.js';
import { isOffMap } from './coverage.js';
import type { TerrainMap } from '../map/terrain-map.js';

/** The reference's adjoining area tiles (across each linear neighbour). */
function areaNeighbours(map: ReturnType<typeof strategicMap>, tile: number): number[] {
  const grid = map.grid;
  const nb = new Int32Array(8);
  const nb2 = new Int32Array(8);
  const out = new Set<number>();
  const n = grid.neighbors(tile, nb);
  for (let k = 0; k < n; k++) {
    const e = nb[k]!;
    const m = grid.neighbors(e, nb2);
    for (let j = 0; j < m; j++) {
      const a = nb2[j]!;
      if (a !== tile && classifyTile(grid, a) === TileClass.AREA && grid.distance(a, tile) <= 2) out.add(a);
    }
  }
  return [...out];
}

/** Area tiles that hold ground (off-map area tiles hold none). */
function onMapAreaTiles(map: TerrainMap): number {
  let n = 0;
  for (let i = 0; i < map.grid.tileCount; i++) if (classifyTile(map.grid, i) === TileClass.AREA && map.layers.terrain[i] !== 0) n++;
  return n;
}

function areaTileCount(map: TerrainMap): number {
  let n = 0;
  for (let i = 0; i < map.grid.tileCount; i++) if (classifyTile(map.grid, i) === TileClass.AREA) n++;
  return n;
}

/** How many of `tile`'s neighbours lie in `set` (orthogonal ones only on square maps, where features step orthogonally). */
function chainDegree(map: TerrainMap, tile: number, set: readonly number[]): number {
  const nb = new Int32Array(8);
  const n = map.grid.neighbors(tile, nb);
  const step = map.spec.kind === 'square' ? 2 : 1;
  let d = 0;
  for (let k = 0; k < n; k += step) if (nb[k]! >= 0 && set.includes(nb[k]!)) d++;
  return d;
}

interface Case {
  readonly name: string;
  readonly size: GridSize;
  /** An area tile well inside the map, in the grid's preferred coordinates. */
  readonly reference: readonly number[];
}

const CASES: readonly Case[] = [
  { name: 'square', size: { kind: 'square', width: 17, height: 17 }, reference: [8, 8] },
  { name: 'hex-rectangle', size: { kind: 'hex-rectangle', width: 17, height: 17 }, reference: [8, 12] },
  { name: 'offset-square', size: { kind: 'offset-square', width: 17, height: 17 }, reference: [8, 12] },
];

function selectionOf(map: ReturnType<typeof strategicMap>, coord: readonly number[]): number[] {
  const ref = map.grid.index(coord);
  expect(classifyTile(map.grid, ref)).toBe(TileClass.AREA);
  return [ref, ...areaNeighbours(map, ref)];
}

describe.each(CASES)('deriving a $name map', ({ size, reference }) => {
  const map = strategicMap(size);
  const tiles = selectionOf(map, reference);

  it('places the substitutes of a reference tile and its neighbours into one AL-FORM map of the small lattice', () => {
    const out = deriveTactical(map, { catalogue, tiles });
    expect(out.spec.alform).toBe(true);
    expect(out.spec.kind).toBe(size.kind);
    const derived = requireDerivedMeta(out.meta, 'the derived map');
    expect(derived.ratio).toBe(size.kind === 'square' ? 10 : 12);
    expect(derived.selection).toEqual(tiles);
    // The selected ground got ground, in its shape: the rectangle's corners beyond it are off-map.
    const onMap = onMapAreaTiles(out);
    expect(onMap).toBeGreaterThan(100);
    expect(onMap).toBeLessThan(areaTileCount(out));
    // One tile alone covers a seventh (hex, offset-square) or a ninth (square) of it: the map is the selection's shape.
    const one = deriveTactical(map, { catalogue, tiles: [tiles[0]!] });
    expect(onMap / onMapAreaTiles(one)).toBeCloseTo(tiles.length, 0);
  });

  it('gives identical output when derived twice', () => {
    const a = deriveTactical(map, { catalogue, tiles, seed: 7 });
    const b = deriveTactical(map, { catalogue, tiles, seed: 7 });
    expect(Buffer.from(a.layers.terrain).equals(Buffer.from(b.layers.terrain))).toBe(true);
    expect(a.palette).toEqual(b.palette);
    const c = deriveTactical(map, { catalogue, tiles, seed: 8 });
    expect(compareOverlap(a, c).differ).toBeGreaterThan(0);
  });

  it('agrees with an overlapping window derived separately', () => {
    const ref = tiles[0]!;
    const other = tiles.find((t) => t !== ref)!;
    const a = deriveTactical(map, { catalogue, tiles, seed: 3 });
    const b = deriveTactical(map, { catalogue, tiles: [other, ...areaNeighbours(map, other)], seed: 3 });
    const { shared, differ } = compareOverlap(a, b);
    expect(shared).toBeGreaterThan(100);
    expect(differ).toBe(0);
  });

  it('stitches chunked blending exactly', () => {
    const whole = deriveTactical(map, { catalogue, tiles, seed: 5 });
    const chunked = deriveTactical(map, { catalogue, tiles, seed: 5, chunk: 16 });
    expect(chunked.grid.tileCount).toBe(whole.grid.tileCount);
    expect(chunked.layers.terrain.every((v, i) => chunked.terrainOf(v) === whole.terrainAt(i))).toBe(true);
  });

  it('keeps a strategic river one connected chain that enters and leaves the derived map', () => {
    const river = strategicMap(size, 2);
    const line = layStraightLine(river, river.grid.index(reference), 'river');
    expect(line.length).toBeGreaterThan(15);
    // The ground on both sides of the river, so it runs inside the selection from rim to rim.
    const ref = river.grid.index(reference);
    const band = [...new Set(line.flatMap((t) => Array.from(river.grid.range(t, 3))))].filter((t) => t !== ref && classifyTile(river.grid, t) === TileClass.AREA);
    const chainTiles = [ref, ...band];
    const out = deriveTactical(river, { catalogue, tiles: chainTiles });
    const tilesOfRiver = featureTiles(out, 'river');
    expect(tilesOfRiver.length).toBeGreaterThan(0);
    const comps = components(out, tilesOfRiver);
    expect(comps.length).toBe(1);
    // It runs to the edge of the selected ground at both ends (the map's rim or off-map ground,
    // within the last column or two the window's alignment adds).
    const ends = tilesOfRiver.filter((t) => chainDegree(out, t, tilesOfRiver) <= 1);
    expect(ends.length).toBe(2);
    for (const t of ends) expect(Array.from(out.grid.range(t, 3)).some((u) => onRim(out, u) || isOffMap(out, u))).toBe(true);
  });

  it('derives again from a derived map', () => {
    const child = deriveTactical(map, { catalogue, tiles });
    // An area tile away from the child's rim, so the grandchild's ground is all on the child.
    let ref = -1;
    let most = 0;
    for (let t = 0; t < child.grid.tileCount; t++) {
      if (classifyTile(child.grid, t) !== TileClass.AREA) continue;
      const around = child.grid.range(t, 4).filter((u) => !isOffMap(child, u)).length;
      if (around > most) {
        most = around;
        ref = t;
      }
    }
    const grandchild = deriveTactical(child, { catalogue, tiles: [ref] });
    expect(grandchild.spec.kind).toBe(size.kind);
    expect(featureTiles(grandchild, 'river').length).toBe(0);
    expect(onMapAreaTiles(grandchild)).toBeGreaterThan(50);
  });
});

describe('derived borders', () => {
  it.each(CASES)('have no natural straight run longer than 2 tiles on the default substitutes ($name)', ({ size, reference }) => {
    for (const seed of [1, 2, 3]) {
      const map = strategicMap(size, seed);
      const out = deriveTactical(map, { catalogue, tiles: selectionOf(map, reference), seed });
      expect(straightRuns(out, catalogue).runsOver2, `seed ${seed}`).toBe(0);
    }
  });
});

describe('substitutes from a library', () => {
  it('are used instead of the default generators, turned with their instance', () => {
    const map = strategicMap({ kind: 'square', width: 9, height: 9 });
    for (let i = 0; i < map.grid.tileCount; i++) if (classifyTile(map.grid, i) === TileClass.AREA) map.setTerrain(i, 'forest');
    const offsets = substituteOffsets('square', 10);
    // A forest drawn as sand on its western half only: turned per instance, the sand shows up on different sides.
    const cells = new Uint8Array(offsets.length / 2);
    for (let i = 0; i < cells.length; i++) cells[i] = offsets[2 * i]! < 0 ? 2 : 1;
    const sandy: Substitute = { terrain: 'forest', lattice: 'square', ratio: 10, palette: ['forest', 'sand'], cells };
    const source: SubstituteSource = { get: (t, l, r) => (t === 'forest' && l === 'square' && r === 10 ? sandy : undefined) };
    const tiles = selectionOf(map, [4, 4]);
    const out = deriveTactical(map, { catalogue, tiles, substitutes: source });
    const sand = out.terrainIndex('sand');
    const count = out.layers.terrain.filter((v) => v === sand).length;
    // Sand on roughly half of the area tiles on the map, forest on the rest.
    const area = onMapAreaTiles(out);
    expect(count).toBeGreaterThan(area / 4);
    expect(out.layers.terrain.filter((v) => v === out.terrainIndex('forest')).length).toBeGreaterThan(area / 4);
    const plain = deriveTactical(map, { catalogue, tiles });
    expect(plain.palette.includes('sand')).toBe(false);
  });
});

describe('classic parents and the globe', () => {
  it('derives a classic map exactly as its AL-FORM twin', () => {
    const al = strategicMap({ kind: 'hex-rectangle', width: 13, height: 13 });
    const classic = alformToClassic(al);
    const alTiles = selectionOf(al, [6, 8]);
    const classicTiles = alTiles.map((t) => classic.grid.index(al.grid.coord(t).map((v) => v / 2)));
    const a = deriveTactical(al, { catalogue, tiles: alTiles });
    const b = deriveTactical(classic, { catalogue, tiles: classicTiles });
    expect(Buffer.from(a.layers.terrain).equals(Buffer.from(b.layers.terrain))).toBe(true);
  });

  it('derives a globe hexagon and its neighbours to a flat hex map, with a river kept whole', () => {
    const globe = strategicMap({ kind: 'icosahedron', side: 9 });
    const grid = requireGlobe(globe.grid, 'this test');
    let ref = 0;
    while (classifyTile(globe.grid, ref) !== TileClass.AREA || grid.isPentagon(ref) || globe.grid.distance(ref, 0) < 6) ref++;
    const line = layLineThrough(globe, ref, 0, 5, 'river');
    // The ground along the river, so it runs inside the selection's shape end to end.
    const along = [...new Set(line.flatMap((t) => Array.from(globe.grid.range(t, 1))))];
    const tiles = [ref, ...along.filter((t) => t !== ref && classifyTile(globe.grid, t) === TileClass.AREA && !grid.isPentagon(t))];
    const out = deriveTactical(globe, { catalogue, tiles });
    expect(out.spec.kind).toBe('hex-rectangle');
    const river = featureTiles(out, 'river');
    expect(river.length).toBeGreaterThan(0);
    expect(components(out, river).length).toBe(1);
  });

  it('refuses a pentagon as the reference tile', () => {
    const globe = strategicMap({ kind: 'icosahedron', side: 5 });
    expect(() => deriveTactical(globe, { catalogue, tiles: [0] })).toThrow(/pentagon is never the reference tile/);
  });
});

describe('bad requests', () => {
  const map = strategicMap({ kind: 'square', width: 9, height: 9 });
  it('say what is wrong', () => {
    expect(() => deriveTactical(map, { catalogue, tiles: [] })).toThrow('select at least one tile');
    expect(() => deriveTactical(map, { catalogue, tiles: [1] })).toThrow('tile 1,0 is a linear tile; select area tiles (the reference first)');
    expect(() => deriveTactical(map, { catalogue, tiles: [0, 8 * 9 + 8] })).toThrow('the selection must be connected: tile 8,8 does not adjoin the others');
    expect(() => deriveTactical(map, { catalogue, tiles: [0], ratio: 5 })).toThrow('square substitute ratio must be a positive multiple of 2');
    expect(() => deriveTactical(map, { catalogue, tiles: [999] })).toThrow('tile 999 is not on the map (it has tiles 0…80)');
  });
});
