import { describe, expect, it } from 'vitest';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { TerrainMap } from '../map/terrain-map.js';
import { LinearClass } from '../map/linear-layer.js';
import { alformSizeOf } from '../grid/alform-size.js';
import type { GridSize } from '../grid/types.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import type { TileShape } from '../vector/shape.js';
import { HEX, SQUARE } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import { edgeIndicators } from '../vector/indicators.js';
import { decodePlacement } from '../map/orientation-code.js';
import { areaTiles, riverTiles, riverWalk } from './alform.testkit.js';
import { spokeTile } from './assemble.testkit.js';
import { paintedAlFormMap } from './painted-alform.testkit.js';
import { paintedLinearClass, paintedLinearFeatures, realizeLinearPainting } from './painted-linear.js';
import { realizePaintedAlForm } from './realize-alform.js';
import { buildAlFormTopology } from './alform-topology.js';
import { AssemblyLibrary } from './library.js';
import { checkPainting, paintedConstraint } from './painted.js';
import { checkAssembly } from './check.js';
import { placedTile } from './placed-tile.js';

const catalogue = loadDefaultCatalogue();

/** A tile of `shape` covered by `terrain` almost to its edges (what a painted forest asks for). */
function covered(id: string, shape: TileShape, terrain: string): VectorTile {
  const corners = shape.corners.map((p) => [p[0] * 0.8, p[1] * 0.8] as [number, number]);
  const points: [number, number][] = [];
  corners.forEach((p, i) => {
    const q = corners[(i + 1) % corners.length]!;
    points.push(p, [p[0] + (q[0] - p[0]) / 3, p[1] + (q[1] - p[1]) / 3], [p[0] + (2 * (q[0] - p[0])) / 3, p[1] + (2 * (q[1] - p[1])) / 3]);
  });
  points.push(corners[0]!);
  return { id, shape, elements: [{ kind: 'area', id: 'a', terrain, side: 'right', curve: { points, closed: true } }] };
}

function tilesOf(shape: TileShape): VectorTile[] {
  const roads = [spokeTile(`road-${shape.name}-straight`, shape, 'road', [0, Math.floor(shape.edges.length / 2)]), spokeTile(`road-${shape.name}-end`, shape, 'road', [0])];
  return [...areaTiles(shape), covered(`${shape.name}-woods`, shape, 'forest'), ...riverTiles(shape), ...roads];
}

/** An AL-FORM map of classic size `size`: a painted river walk, forest in a band, clear elsewhere. */
function paintedMap(size: GridSize, seed: number): TerrainMap {
  const map = TerrainMap.create({ size: alformSizeOf(size, { x: false, y: false }), alform: true });
  const cls = tileClasses(map.grid);
  for (let c = 0; c < map.tileCount; c++) if (cls[c] === TileClass.AREA) map.setTerrain(c, map.grid.coord(c)[0]! % 4 < 2 ? 'forest' : 'clear');
  for (const c of riverWalk(map.grid, seed, 12)) map.setTerrain(c, 'river');
  return map;
}

describe('painted linear tiles become the linear layer (issue 25)', () => {
  it('rivers are blocking, roads pass through with their terrain', () => {
    expect(paintedLinearClass(catalogue, 'river')).toBe(LinearClass.BLOCKING);
    expect(paintedLinearClass(catalogue, 'road')).toBe(LinearClass.WITH_TERRAIN);
  });

  it('a painted river walk is one feature, laid in a walk order, every cell with a tile crossing exactly its painted neighbours', () => {
    const map = paintedMap({ kind: 'hex-rectangle', width: 7, height: 6 }, 3);
    const features = paintedLinearFeatures(map, catalogue);
    expect(features).toHaveLength(1);
    const river = new Set(features[0]!.cells);
    expect([...river].sort((a, b) => a - b)).toEqual(riverWalk(map.grid, 3, 12).sort((a, b) => a - b));
    const r = realizeLinearPainting(map, tilesOf(HEX), catalogue);
    expect(r.refused).toEqual([]);
    for (let c = 0; c < map.tileCount; c++) {
      if (!river.has(c)) {
        expect(r.linear.classOf(c)).toBe(LinearClass.PASS_THRU);
        continue;
      }
      expect(r.linear.classOf(c)).toBe(LinearClass.BLOCKING);
      const p = r.linear.get(c)!;
      const tile = placedTile(r.linearTiles.find((t) => t.id === p.tile)!, decodePlacement(p.code), HEX);
      const crossed = edgeIndicators(tile).filter((e) => e.positions.length).map((e) => map.grid.neighbor(c, e.dir));
      expect(new Set(crossed)).toEqual(new Set(crossed.filter((n) => river.has(n))));
      expect(crossed.length).toBe([0, 1, 2, 3, 4, 5].filter((d) => river.has(map.grid.neighbor(c, d))).length);
    }
  });

  it('a river painted to the map\'s edge flows off the map there, not into a source or a lake', () => {
    const { map, river } = paintedAlFormMap({ kind: 'hex-rectangle', width: 8, height: 6 }, 2);
    const r = realizeLinearPainting(map, tilesOf(HEX), catalogue);
    expect(r.refused).toEqual([]);
    const first = river[0]!;
    const off = r.features[0]!.offMap.get(first);
    expect(off).toBeDefined();
    expect(map.grid.neighbor(first, off!)).toBe(-1);
    const p = r.linear.get(first)!;
    const tile = placedTile(r.linearTiles.find((t) => t.id === p.tile)!, decodePlacement(p.code), HEX);
    expect(edgeIndicators(tile).find((e) => e.dir === off)!.positions.map((q) => q.terrain)).toEqual(['river']);
  });

  it('a painted feature no tile lays is refused with its cell and why, never dropped silently', () => {
    const map = paintedMap({ kind: 'hex-rectangle', width: 7, height: 6 }, 3);
    const r = realizeLinearPainting(map, areaTiles(HEX), catalogue);
    expect(r.refused).toHaveLength(1);
    expect(r.refused[0]!.reason).toMatch(/no river tiles .* \d+ painted linear tile/);
  });

  it('a composite joins its higher-priority part and says so', () => {
    const map = paintedMap({ kind: 'hex-rectangle', width: 7, height: 6 }, 3);
    const cell = paintedLinearFeatures(map, catalogue)[0]!.cells[5]!;
    const bridge = catalogue.composites.find((c) => c.pair[0] === 'river')!;
    map.setTerrain(cell, bridge.result);
    const r = realizeLinearPainting(map, tilesOf(HEX), catalogue);
    expect(r.features).toHaveLength(1);
    expect(r.notes).toEqual([{ cell, note: expect.stringContaining(`${bridge.result} painted`) }]);
  });
});

describe('realizing a painted AL-FORM map (issue 25)', () => {
  for (const [size, shape] of [
    [{ kind: 'hex-rectangle', width: 7, height: 6 }, HEX],
    [{ kind: 'square', width: 6, height: 6 }, SQUARE],
  ] as const) {
    for (const seed of [3, 11]) {
      it(`${size.kind}, seed ${seed}: the painting is honoured everywhere and the independent checker finds nothing`, () => {
        const map = paintedMap(size, seed);
        const tiles = tilesOf(shape);
        const r = realizePaintedAlForm(map, { tiles, catalogue }, { seed });
        if (!r.ok) throw new Error(`${r.stage}: ${r.message}: ${JSON.stringify(r.cells.slice(0, 3))}`);
        const topology = buildAlFormTopology(map.grid);
        // Every painted area tile filled, by a tile the painting's rule allows.
        expect(r.region.length).toBe(topology.areaCells.length);
        const library = new AssemblyLibrary(tiles);
        expect(checkPainting(map, topology, r.result.layer, library, catalogue).violations).toEqual([]);
        // No area tile carries a river across its edge: the painted river is the linear tiles'.
        for (const c of topology.areaCells) {
          const p = r.result.layer.get(c)!;
          const t = placedTile(tiles.find((x) => x.id === p.tile)!, decodePlacement(p.code), shape);
          expect(edgeIndicators(t).flatMap((e) => e.positions).filter((q) => q.terrain === 'river')).toEqual([]);
          // Nothing crosses onto the painted river (no road runs into it: no bridge was painted).
          for (const e of edgeIndicators(t)) {
            const l = map.grid.neighbor(c, e.dir);
            if (l >= 0 && map.terrainAt(l) === 'river') expect(e.positions).toEqual([]);
          }
        }
        expect(
          checkAssembly(map.grid, r.result.layer, tiles, { region: topology.areaCells, alform: { linear: r.result.linear, linearTiles: r.linear.linearTiles, ...(r.result.rerouted ? { rerouted: r.result.rerouted.tiles } : {}) } }),
        ).toEqual([]);
        expect(r.result.rerouted).not.toBeNull();
      });
    }
  }

  it('only what is painted (strict): a pond on a clear tile is refused there, allowed otherwise', () => {
    const map = paintedMap({ kind: 'hex-rectangle', width: 7, height: 6 }, 3);
    const topology = buildAlFormTopology(map.grid);
    const pond = (() => {
      const t = covered('hex-pond', HEX, 'lake');
      return { ...t, elements: t.elements.map((e) => (e.kind === 'area' ? { ...e, curve: { ...e.curve, points: e.curve.points.map((p) => [p[0] * 0.3, p[1] * 0.3] as [number, number]) } } : e)) };
    })();
    const library = new AssemblyLibrary([...tilesOf(HEX), pond]);
    const clear = [...topology.areaCells].find((c) => map.terrainAt(c) === 'clear')!;
    const pondAt = (strict: boolean) => {
      const rule = paintedConstraint(map, topology, library, catalogue, { strict });
      const k = library.classes[topology.shapeClass[clear]!]!;
      return Array.from({ length: k.count }, (_, a) => a).some((a) => library.tiles[k.tile[a]!]!.id === 'hex-pond' && rule.allows(clear, a));
    };
    expect(pondAt(false)).toBe(true);
    expect(pondAt(true)).toBe(false);
    const r = realizePaintedAlForm(map, { tiles: [...tilesOf(HEX), pond], catalogue }, { seed: 3, strict: true });
    if (!r.ok) throw new Error(r.message);
    expect([...topology.areaCells].filter((c) => r.result.layer.get(c)!.tile === 'hex-pond')).toEqual([]);
  });

  it('a painted cell no tile honours stops the realization at the area stage, naming the cell', () => {
    const map = paintedMap({ kind: 'hex-rectangle', width: 7, height: 6 }, 3);
    const topology = buildAlFormTopology(map.grid);
    map.setTerrain(topology.areaCells[4]!, 'swamp');
    const r = realizePaintedAlForm(map, { tiles: tilesOf(HEX), catalogue }, { seed: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.stage).toBe('area');
    expect(r.cells).toEqual([{ cell: topology.areaCells[4]!, reason: expect.stringMatching(/swamp/) }]);
  });
});
