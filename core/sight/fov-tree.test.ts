/**
 * The ray-tree field of vision: the same set as one line of sight per tile, on random maps
 * of every flat kind (terrain, elevation, edges, vertices, linear tiles), for many observers,
 * radii and heights; and the work it does (tree nodes, exact lines of sight), not its time.
 */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { TileClass } from '../alform/classify.js';
import type { GridSize, Wrap } from '../grid/types.js';
import { seededRandom } from '../util/random.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { areaTerrains, linearTerrains } from '../terrain/lookup.js';
import { tileClasses } from '../alform/tile-classes.js';
import { SightCaster } from './line-of-sight.js';
import { sightTablesFor } from './tables.js';
import { latticeOf } from './walk.js';
import { rayTree } from './fov-tree.js';

const catalogue = loadDefaultCatalogue();

const kinds: { label: string; size: GridSize; alform: boolean; wrap?: Wrap }[] = [
  { label: 'square classic', size: { kind: 'square', width: 24, height: 21 }, alform: false },
  { label: 'square classic wrapped', size: { kind: 'square', width: 40, height: 40 }, alform: false, wrap: { x: true, y: true } },
  { label: 'square AL-FORM', size: { kind: 'square', width: 25, height: 23 }, alform: true },
  { label: 'offset-square classic', size: { kind: 'offset-square', width: 22, height: 19 }, alform: false },
  { label: 'offset-square AL-FORM', size: { kind: 'offset-square', width: 23, height: 21 }, alform: true },
  { label: 'hex-rectangle classic', size: { kind: 'hex-rectangle', width: 22, height: 19 }, alform: false },
  { label: 'hex-rectangle AL-FORM wrapped', size: { kind: 'hex-rectangle', width: 44, height: 40 }, alform: true, wrap: { x: true, y: true } },
  { label: 'hex-hexagon AL-FORM', size: { kind: 'hex-hexagon', diameter: 25 }, alform: true },
];

type Style = 'mixed' | 'flat-forest' | 'hills';

function randomMap(k: (typeof kinds)[number], seed: number, style: Style): TerrainMap {
  const random = seededRandom(seed);
  const area = areaTerrains(catalogue).map((t) => t.id);
  const linear = linearTerrains(catalogue).map((t) => t.id);
  const map = TerrainMap.create({ size: k.size, wrap: k.wrap, alform: k.alform, elevation: true, palette: [...area, ...linear] });
  const pick = (ids: string[]) => map.terrainIndex(ids[Math.floor(random() * ids.length)]!);
  const cls = tileClasses(map.grid);
  const t = map.layers.terrain;
  const clear = map.terrainIndex('clear');
  const forest = map.terrainIndex('forest');
  for (let i = 0; i < map.tileCount; i++) {
    const isArea = !k.alform || cls[i] === TileClass.AREA;
    if (style === 'flat-forest') t[i] = isArea ? (random() < 0.2 ? forest : clear) : 0;
    else if (isArea) t[i] = random() < 0.6 ? clear : pick(area);
    else t[i] = random() < 0.6 ? 0 : pick(linear);
    if (style === 'mixed') map.layers.elevation![i] = Math.floor(random() * 40);
    if (style === 'hills') map.layers.elevation![i] = Math.round(30 * Math.sin(i * 0.37) + 10 * random());
  }
  if (style !== 'flat-forest') {
    for (const layer of [map.layers.edges, map.layers.vertices]) if (layer) for (let i = 0; i < layer.length; i++) layer[i] = random() < 0.7 ? 0 : pick(linear);
  }
  return map;
}

describe('ray-tree field of vision = the tiles line of sight sees', () => {
  for (const k of kinds) {
    it(`${k.label}: every style, many observers, radii and heights`, () => {
      let treeQueries = 0;
      for (const style of ['mixed', 'flat-forest', 'hills'] as const) {
        for (let trial = 0; trial < 2; trial++) {
          const map = randomMap(k, trial * 31 + k.label.length, style);
          const caster = new SightCaster(map, sightTablesFor(catalogue, map));
          const random = seededRandom(trial + 7);
          for (let q = 0; q < 8; q++) {
            const from = Math.floor(random() * map.tileCount);
            const radius = 1 + Math.floor(random() * 12);
            const opts = q % 2 ? { observerHeight: 1 + 30 * random(), targetHeight: 3 * random() } : {};
            const fov = Array.from(caster.fieldOfVision(from, radius, opts));
            if (caster.work.nodes > 0) treeQueries++;
            const want = Array.from(map.grid.range(from, radius)).filter((t) => caster.lineOfSight(from, t, opts).visible);
            expect(fov, `${style} from ${from} r ${radius}`).toEqual(want);
          }
        }
      }
      expect(treeQueries).toBe(48); // every query above went through the tree
    });
  }

  it('falls back to one LOS per tile where a wrapped period is too short for the tree', () => {
    const map = randomMap({ label: 'small wrapped', size: { kind: 'square', width: 9, height: 8 }, alform: false, wrap: { x: true, y: true } }, 3, 'mixed');
    const caster = new SightCaster(map, sightTablesFor(catalogue, map));
    const fov = Array.from(caster.fieldOfVision(5, 4));
    expect(caster.work.nodes).toBe(0);
    expect(caster.work.casts).toBe(map.grid.range(5, 4).length);
    expect(fov).toEqual(Array.from(map.grid.range(5, 4)).filter((t) => caster.lineOfSight(5, t).visible));
  });
});

describe('the work a tree query does', () => {
  it('flat forest: no exact line of sight at all, and the forest prunes most of the tree', () => {
    const map = randomMap(kinds[0]!, 5, 'flat-forest');
    const big = TerrainMap.create({ size: { kind: 'square', width: 81, height: 81 }, palette: ['clear', 'forest'] });
    const random = seededRandom(9);
    for (let i = 0; i < big.tileCount; i++) big.layers.terrain[i] = random() < 0.2 ? 2 : 1;
    const center = big.grid.index([40, 40]);
    big.layers.terrain[center] = 1;
    const caster = new SightCaster(big, sightTablesFor(catalogue, big));
    caster.fieldOfVision(center, 30);
    const tree = rayTree(latticeOf(big.grid), 30);
    expect(caster.work.casts).toBe(0);
    expect(caster.work.nodes).toBeLessThan(tree.nodes / 10);
    // Open ground: every node is examined once, still without an exact line of sight.
    big.layers.terrain.fill(1);
    const open = new SightCaster(big, sightTablesFor(catalogue, big));
    expect(open.fieldOfVision(center, 30).length).toBe(61 * 61);
    expect(open.work).toEqual({ nodes: tree.nodes - 1, casts: 0 });
    expect(map.tileCount).toBeGreaterThan(0);
  });

  it('the tree holds one target per tile in range and shares ray prefixes', () => {
    const lat = latticeOf(TerrainMap.create({ size: { kind: 'hex-rectangle', width: 5, height: 5 } }).grid);
    const tree = rayTree(lat, 10);
    expect(tree.targets).toBe(3 * 10 * 11); // hexagon of radius 10, centre excluded
    let samples = 0;
    for (let i = 0; i < tree.nodes; i++) if (tree.target[i]) samples += tree.depth[i]!;
    expect(tree.nodes).toBeLessThan(samples / 2); // shared prefixes: far fewer nodes than ray samples
  });
});
