/**
 * Line of sight and field of vision: the model's rules on small hand-made maps, symmetry
 * on random maps of every kind, and FOV = the tiles LOS sees.
 */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { TileClass } from '../alform/classify.js';
import type { GridSize, Wrap } from '../grid/types.js';
import { seededRandom } from '../util/random.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { areaTerrains, linearTerrains } from '../terrain/lookup.js';
import { tileClasses } from '../alform/tile-classes.js';
import { SightCaster, fieldOfVision, lineOfSight } from './line-of-sight.js';
import { sightTablesFor } from './tables.js';

const catalogue = loadDefaultCatalogue();

function alformMap(size: GridSize, area = 'clear', wrap?: Wrap, elevation = false): TerrainMap {
  const map = TerrainMap.create({ size, wrap, alform: true, elevation });
  const cls = tileClasses(map.grid);
  const k = map.terrainIndex(area);
  for (let i = 0; i < map.tileCount; i++) if (cls[i] === TileClass.AREA) map.layers.terrain[i] = k;
  return map;
}

const los = (map: TerrainMap, a: number[], b: number[], opts = {}) => {
  const r = lineOfSight(map, sightTablesFor(catalogue, map), map.grid.index(a), map.grid.index(b), opts);
  return { visible: r.visible, blockedAt: r.blockedAt < 0 ? null : map.grid.coord(r.blockedAt) };
};

describe('the sight model on square AL-FORM maps', () => {
  it('open ground: everything is visible', () => {
    const map = alformMap({ kind: 'square', width: 9, height: 9 });
    const caster = new SightCaster(map, sightTablesFor(catalogue, map));
    expect(caster.fieldOfVision(map.grid.index([4, 4]), 4).length).toBe(81);
  });

  it('a hedgerow blocks sight across it, not along it', () => {
    const map = alformMap({ kind: 'square', width: 9, height: 5 });
    for (let x = 0; x < 9; x++) map.setTerrain(map.grid.index([x, 1]), 'hedgerow');
    expect(los(map, [0, 0], [0, 2])).toEqual({ visible: false, blockedAt: [0, 1] });
    expect(los(map, [0, 0], [4, 4])).toEqual({ visible: false, blockedAt: [1, 1] }); // across, through a vertex tile
    expect(los(map, [0, 1], [8, 1]).visible).toBe(true); // standing on it, looking along it
    expect(los(map, [0, 0], [8, 0]).visible).toBe(true); // parallel to it
  });

  it('a tree line also blocks sight along it', () => {
    const map = alformMap({ kind: 'square', width: 9, height: 5 });
    for (let x = 0; x < 9; x++) map.setTerrain(map.grid.index([x, 1]), 'tree-line');
    // Eyes far above the trees, so height does not decide.
    expect(los(map, [0, 1], [8, 1], { observerHeight: 200, targetHeight: 200 })).toEqual({ visible: false, blockedAt: [1, 1] });
    expect(los(map, [0, 0], [8, 0], { observerHeight: 200, targetHeight: 200 }).visible).toBe(true);
  });

  it('a wall corner: the vertex tile joins the edges either side of it', () => {
    // Walls on the north and east edges of area tile (2,2), meeting at the vertex (3,3).
    const map = alformMap({ kind: 'square', width: 7, height: 7 });
    for (const [x, y] of [
      [2, 3],
      [3, 3],
      [3, 2],
    ]) map.setTerrain(map.grid.index([x!, y!]), 'wall');
    expect(los(map, [2, 2], [4, 4]).visible).toBe(false); // diagonally out through the corner
    expect(los(map, [2, 2], [2, 0]).visible).toBe(true); // out through the open south side
  });

  it('a ridge (and any high ground) hides what is behind it; a tall observer sees over low ground', () => {
    const map = alformMap({ kind: 'square', width: 9, height: 3 }, 'clear', undefined, true);
    const elev = map.layers.elevation!;
    elev[map.grid.index([4, 0])] = 30; // a hill two area tiles along
    expect(los(map, [0, 0], [8, 0])).toEqual({ visible: false, blockedAt: [4, 0] });
    expect(los(map, [0, 0], [8, 0], { observerHeight: 100 }).visible).toBe(true);
    expect(los(map, [0, 0], [4, 0]).visible).toBe(true); // the hill top itself
    // A ridge-pass (height 10, not blocking across) hides a target behind it unless the eye is high.
    map.layers.elevation!.fill(0);
    map.setTerrain(map.grid.index([3, 0]), 'ridge-pass');
    expect(los(map, [0, 0], [8, 0]).visible).toBe(false);
    expect(los(map, [0, 0], [8, 0], { observerHeight: 40, targetHeight: 2 }).visible).toBe(true);
  });

  it('forest: you see into its first tile, not through it', () => {
    const map = alformMap({ kind: 'square', width: 11, height: 3 });
    for (const x of [4, 6]) map.setTerrain(map.grid.index([x, 0]), 'forest');
    // Look down from 100 m so the canopy height does not decide.
    const high = { observerHeight: 100, targetHeight: 2 };
    expect(los(map, [0, 0], [4, 0], high).visible).toBe(true);
    expect(los(map, [0, 0], [6, 0], high)).toEqual({ visible: false, blockedAt: [4, 0] });
    expect(los(map, [0, 0], [10, 0], high)).toEqual({ visible: false, blockedAt: [4, 0] });
    // From inside the wood's edge you see out.
    expect(los(map, [4, 0], [0, 0], { observerHeight: 2, targetHeight: 2 }).visible).toBe(true);
  });
});

describe('the sight model on other kinds', () => {
  it('hex AL-FORM: a hedgerow on the linear tile between two area tiles blocks the line between them', () => {
    const map = alformMap({ kind: 'hex-hexagon', diameter: 9 });
    const g = map.grid;
    const a = g.index([0, 0, 0]);
    const b = g.index([2, 0, -2]);
    const between = g.index([1, 0, -1]);
    expect(lineOfSight(map, sightTablesFor(catalogue, map), a, b).visible).toBe(true);
    map.setTerrain(between, 'hedgerow');
    expect(lineOfSight(map, sightTablesFor(catalogue, map), a, b)).toEqual({ visible: false, blockedAt: between });
    // A line that does not cross that border is unaffected.
    expect(lineOfSight(map, sightTablesFor(catalogue, map), a, g.index([0, 2, -2])).visible).toBe(true);
  });

  it('classic maps: edge terrain blocks the line that crosses the edge', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 6, height: 5 } });
    for (let i = 0; i < map.tileCount; i++) map.setTerrain(i, 'clear');
    const g = map.grid;
    const a = g.index([1, 2]);
    const b = g.index([3, 3]); // two steps south-east… through (2, 2)/(2, 3)
    const tables = () => sightTablesFor(catalogue, map);
    expect(lineOfSight(map, tables(), a, b).visible).toBe(true);
    // A hedge on every edge of a's east side blocks every line leaving that way.
    for (const d of [1, 2]) map.setEdgeTerrain(a, d, 'hedgerow');
    expect(lineOfSight(map, tables(), a, b).visible).toBe(false);
    expect(lineOfSight(map, tables(), a, g.index([1, 4])).visible).toBe(true);
  });

  it('classic square maps: a diagonal line reads the vertex terrain', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 } });
    for (let i = 0; i < 9; i++) map.setTerrain(i, 'clear');
    const t = sightTablesFor(catalogue, map);
    const g = map.grid;
    expect(lineOfSight(map, t, g.index([0, 0]), g.index([2, 2])).visible).toBe(true);
    map.layers.vertices![g.index([1, 1])] = map.terrainIndex('wall'); // NE corner of (1,1)
    const t2 = sightTablesFor(catalogue, map);
    expect(lineOfSight(map, t2, g.index([0, 0]), g.index([2, 2]))).toEqual({ visible: false, blockedAt: g.index([1, 1]) });
  });

  it('the globe: curvature hides distant tiles; a small planet does not', () => {
    const map = alformMap({ kind: 'icosahedron', side: 9 });
    const t = sightTablesFor(catalogue, map);
    const g = map.grid;
    const a = 0;
    const far = Array.from({ length: g.tileCount }, (_, i) => i).find((i) => g.distance(a, i) === 3)!;
    expect(lineOfSight(map, t, a, far).visible).toBe(false); // ~hundreds of km on the Earth
    expect(lineOfSight(map, t, a, far, { planetRadius: 100 }).visible).toBe(true);
  });
});

/** Random maps for the symmetry and FOV checks. */
const kinds: { label: string; size: GridSize; alform: boolean; wrap?: Wrap }[] = [
  { label: 'square AL-FORM', size: { kind: 'square', width: 11, height: 9 }, alform: true },
  { label: 'square classic wrapped', size: { kind: 'square', width: 9, height: 8 }, alform: false, wrap: { x: true, y: true } },
  { label: 'offset-square AL-FORM', size: { kind: 'offset-square', width: 11, height: 9 }, alform: true },
  { label: 'offset-square classic', size: { kind: 'offset-square', width: 8, height: 7 }, alform: false },
  { label: 'hex-rectangle AL-FORM wrapped', size: { kind: 'hex-rectangle', width: 12, height: 10 }, alform: true, wrap: { x: true, y: true } },
  { label: 'hex-rectangle classic', size: { kind: 'hex-rectangle', width: 9, height: 7 }, alform: false },
  { label: 'hex-hexagon AL-FORM', size: { kind: 'hex-hexagon', diameter: 13 }, alform: true },
  { label: 'icosahedron AL-FORM', size: { kind: 'icosahedron', side: 5 }, alform: true },
  { label: 'icosahedron classic', size: { kind: 'icosahedron', side: 3 }, alform: false },
];

function randomMap(k: (typeof kinds)[number], seed: number): TerrainMap {
  const random = seededRandom(seed);
  const area = areaTerrains(catalogue).map((t) => t.id);
  const linear = linearTerrains(catalogue).map((t) => t.id);
  const map = TerrainMap.create({ size: k.size, wrap: k.wrap, alform: k.alform, elevation: true, palette: [...area, ...linear] });
  const pick = (ids: string[]) => map.terrainIndex(ids[Math.floor(random() * ids.length)]!);
  const cls = tileClasses(map.grid);
  const t = map.layers.terrain;
  for (let i = 0; i < map.tileCount; i++) {
    if (!k.alform || cls[i] === TileClass.AREA) t[i] = random() < 0.6 ? map.terrainIndex('clear') : pick(area);
    else t[i] = random() < 0.6 ? 0 : pick(linear);
    map.layers.elevation![i] = Math.floor(random() * 40);
  }
  for (const layer of [map.layers.edges, map.layers.vertices]) if (layer) for (let i = 0; i < layer.length; i++) layer[i] = random() < 0.7 ? 0 : pick(linear);
  return map;
}

describe('symmetry and FOV on random maps of every kind', () => {
  for (const k of kinds) {
    it(`${k.label}: LOS(a,b) = LOS(b,a) (heights swapped), FOV = the tiles LOS sees`, () => {
      for (let trial = 0; trial < 6; trial++) {
        const map = randomMap(k, trial * 17 + k.label.length);
        const caster = new SightCaster(map, sightTablesFor(catalogue, map));
        const random = seededRandom(trial);
        const n = map.tileCount;
        let visible = 0;
        let hidden = 0;
        const mismatches: string[] = [];
        for (let q = 0; q < 150; q++) {
          const a = Math.floor(random() * n);
          const b = Math.floor(random() * n);
          const same = { observerHeight: 3, targetHeight: 3 };
          const ab = caster.lineOfSight(a, b, same).visible;
          if (ab !== caster.lineOfSight(b, a, same).visible) mismatches.push(`${a}↔${b}`);
          const h = caster.lineOfSight(a, b, { observerHeight: 20, targetHeight: 1 }).visible;
          if (h !== caster.lineOfSight(b, a, { observerHeight: 1, targetHeight: 20 }).visible) mismatches.push(`${a}↔${b} (20/1)`);
          if (ab) visible++;
          else hidden++;
        }
        expect(mismatches).toEqual([]);
        expect(visible).toBeGreaterThan(0);
        expect(hidden).toBeGreaterThan(0);
        // FOV from a few tiles equals LOS to every tile in range.
        for (let q = 0; q < 3; q++) {
          const from = Math.floor(random() * n);
          const radius = 1 + Math.floor(random() * 5);
          const fov = Array.from(fieldOfVision(map, sightTablesFor(catalogue, map), from, radius, { observerHeight: 5 }));
          const want = Array.from(map.grid.range(from, radius)).filter((t) => caster.lineOfSight(from, t, { observerHeight: 5 }).visible);
          expect(fov).toEqual(want);
        }
      }
    });
  }
});
