/** Drawing a chain of linear tiles as one edit, with the catalogue's crossing rules. */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { applyPlan, PaintError, writeValue } from './paint.js';
import { planEdgeStroke, planLinearStroke } from './draw-linear.js';
import { ClassicLinearStroke } from '../alform/classic-stroke.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { strokeChain } from '../alform/linear-stroke.js';
import { tileClasses } from '../alform/tile-classes.js';
import { TileClass } from '../alform/classify.js';
import type { GridSize, ModelPoint } from '../grid/types.js';

const catalogue = loadDefaultCatalogue();

/** The chain a straight stroke from a to b gives (dense samples). */
function stroke(map: TerrainMap, a: number[], b: number[]): number[] {
  const samples = [];
  for (let k = 0; k <= 200; k++) {
    const p = a.map((v, i) => v + ((b[i]! - v) * k) / 200) as ModelPoint;
    samples.push({ tile: map.grid.pick(p), point: p });
  }
  return strokeChain(map.grid, tileClasses(map.grid), samples);
}

function draw(map: TerrainMap, chain: number[], terrain: string) {
  const plan = planLinearStroke(map, catalogue, chain, terrain);
  applyPlan(map, plan);
  return plan;
}

function undo(map: TerrainMap, plan: ReturnType<typeof planLinearStroke>): void {
  for (const c of plan.changes) writeValue(map, c.layer, c.index, c.before);
}

describe.each([
  ['hex-rectangle', { kind: 'hex-rectangle', width: 13, height: 11 }],
  ['square', { kind: 'square', width: 13, height: 11 }],
  ['offset-square', { kind: 'offset-square', width: 13, height: 11 }],
] as const)('%s AL-FORM: a road drawn across a river', (_, size) => {
  const make = () => {
    const map = TerrainMap.create({ size: size as GridSize, alform: true });
    // A point at fractions (fx, fy) of the map's extent.
    const centres = Array.from({ length: map.tileCount }, (_, t) => map.grid.center(t));
    const lo = [0, 1].map((k) => Math.min(...centres.map((p) => p[k]!)));
    const hi = [0, 1].map((k) => Math.max(...centres.map((p) => p[k]!)));
    const c = (fx: number, fy: number) => [lo[0]! + fx * (hi[0]! - lo[0]!), lo[1]! + fy * (hi[1]! - lo[1]!)];
    return { map, c };
  };

  it('makes a bridge where it crosses, keeps both features connected, and undo restores the river', () => {
    const { map, c } = make();
    const river = stroke(map, c(0.53, 0.02), c(0.53, 0.98));
    draw(map, river, 'river');
    expect(river.every((t) => map.terrainAt(t) === 'river')).toBe(true);
    const road = stroke(map, c(0.02, 0.47), c(0.98, 0.47));
    const plan = draw(map, road, 'road');
    const bridges = road.filter((t) => map.terrainAt(t) === 'river-bridge');
    expect(bridges.length).toBeGreaterThanOrEqual(1);
    expect(bridges.length).toBeLessThanOrEqual(2);
    // The bridge is on the river, every road tile is road or bridge, every river tile river or bridge.
    for (const t of bridges) expect(river).toContain(t);
    for (const t of road) expect(['road', 'river-bridge']).toContain(map.terrainAt(t));
    for (const t of river) expect(['river', 'river-bridge']).toContain(map.terrainAt(t));
    expect(plan.palette).toEqual(['river', 'road', 'river-bridge']);
    undo(map, plan);
    for (const t of river) expect(map.terrainAt(t)).toBe('river');
    expect(road.filter((t) => !river.includes(t)).every((t) => map.terrainAt(t) === '')).toBe(true);
  });

  it('a road drawn along the river keeps the river (no chain of bridges)', () => {
    const { map, c } = make();
    const river = stroke(map, c(0.53, 0.02), c(0.53, 0.98));
    draw(map, river, 'river');
    draw(map, river, 'road');
    expect(river.every((t) => map.terrainAt(t) === 'river')).toBe(true);
  });

  it('a railroad across a road makes a level crossing; a road across a road a crossroads', () => {
    const { map, c } = make();
    const road = stroke(map, c(0.53, 0.02), c(0.53, 0.98));
    draw(map, road, 'road');
    const rail = stroke(map, c(0.02, 0.47), c(0.98, 0.47));
    draw(map, rail, 'railroad');
    expect(rail.some((t) => map.terrainAt(t) === 'level-crossing')).toBe(true);
    const { map: m2 } = make();
    draw(m2, road, 'road');
    draw(m2, rail, 'road');
    expect(rail.some((t) => m2.terrainAt(t) === 'crossroads')).toBe(true);
  });
});

describe('continuing a feature', () => {
  it('a road started on the end of a road, or ended on its middle, makes no crossroads', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 7, height: 7 }, alform: true });
    const i = (x: number, y: number) => map.grid.index([x, y]);
    draw(map, [i(1, 0), i(1, 1), i(1, 2), i(1, 3), i(1, 4)], 'road');
    draw(map, [i(1, 4), i(1, 5), i(1, 6)], 'road');
    draw(map, [i(4, 3), i(3, 3), i(2, 3), i(1, 3)], 'road');
    expect(map.palette).toEqual(['road']);
    // Across the middle it is a crossroads.
    draw(map, [i(0, 1), i(1, 1), i(2, 1)], 'road');
    expect(map.terrainAt(i(1, 1))).toBe('crossroads');
  });
});

describe('planLinearStroke refuses', () => {
  const map = TerrainMap.create({ size: { kind: 'square', width: 7, height: 7 }, alform: true });
  const i = (x: number, y: number) => map.grid.index([x, y]);

  it('a chain with a gap, an area tile, area terrain, and classic maps', () => {
    expect(tileClasses(map.grid)[i(1, 0)]).toBe(TileClass.X_EDGE);
    expect(() => planLinearStroke(map, catalogue, [i(1, 0), i(1, 2)], 'river')).toThrow(/^the stroke is not one connected chain: tile 1,2 does not adjoin tile 1,0$/);
    expect(() => planLinearStroke(map, catalogue, [i(1, 0), i(2, 0)], 'river')).toThrow(/^tile 2,0 is an area tile; a drawn stroke runs over linear tiles only$/);
    expect(() => planLinearStroke(map, catalogue, [i(1, 0)], 'forest')).toThrow(/is area terrain$/);
    expect(() => planLinearStroke(map, catalogue, [i(1, 0)], 'lava')).toThrow(/"lava" is not a terrain/);
    expect(() => planLinearStroke(map, catalogue, [99999], 'river')).toThrow(PaintError);
    const classic = TerrainMap.create({ size: { kind: 'square', width: 4, height: 4 } });
    expect(() => planLinearStroke(classic, catalogue, [0], 'river')).toThrow(/needs an AL-FORM map/);
    expect(map.palette).toEqual([]);
  });
});

describe('classic maps: a drawn run of edges', () => {
  it('draws one run of edges; a road across a river makes a bridge on the edge they share', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 8, height: 8 } });
    const run = (a: number[], b: number[]) => {
      const s = new ClassicLinearStroke(map.grid);
      for (let k = 0; k <= 200; k++) {
        const p = a.map((v, i) => v + ((b[i]! - v) * k) / 200) as ModelPoint;
        s.add({ tile: map.grid.pick(p), point: p });
      }
      return s.edges;
    };
    // A river down the boundary x = 3.5 (classic edges meet at corners, which hold no edge).
    const river = run([3.5, 0], [3.5, 7]);
    applyPlan(map, planEdgeStroke(map, catalogue, river, 'river'));
    expect(river.every((e) => map.terrainOf(map.layers.edges![e]!) === 'river')).toBe(true);
    // A road drawn along the river keeps the river; one drawn across a single river edge bridges it.
    applyPlan(map, planEdgeStroke(map, catalogue, river, 'road'));
    expect(river.every((e) => map.terrainOf(map.layers.edges![e]!) === 'river')).toBe(true);
    const plan = planEdgeStroke(map, catalogue, [river[3]!], 'road');
    applyPlan(map, plan);
    expect(map.terrainOf(map.layers.edges![river[3]!]!)).toBe('river-bridge');
    undo(map, plan);
    expect(map.terrainOf(map.layers.edges![river[3]!]!)).toBe('river');
  });

  it('refuses a gap, AL-FORM maps and area terrain', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 6, height: 4 } });
    const up = (x: number) => map.grid.edgeSlot(map.grid.index([x, 1]), 0);
    expect(() => planEdgeStroke(map, catalogue, [up(0), up(2)], 'river')).toThrow(/^the stroke is not one connected run of edges: edge slot \d+ does not meet edge slot \d+$/);
    expect(() => planEdgeStroke(map, catalogue, [up(0)], 'forest')).toThrow(/is area terrain$/);
    expect(() => planEdgeStroke(map, catalogue, [-4], 'river')).toThrow(/^edge slot -4 is not an edge of this map$/);
    expect(() => planEdgeStroke(TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true }), catalogue, [0], 'river')).toThrow(/needs a classic map/);
  });
});
