import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import { HEX } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import { assembleAlForm } from './alform-assemble.js';
import { buildAlFormTopology } from './alform-topology.js';
import { SHAPES, alformGridOf, areaTiles, riverTiles, riverWalk } from './alform.testkit.js';
import { checkAssembly } from './check.js';
import { InstanceLayer } from '../map/instance-layer.js';
import { AssemblyLibrary } from './library.js';
import { LinearClass, LinearLayer } from '../map/linear-layer.js';
import { placeLinearFeature } from './linear-feature.js';

/** Every kind, with a seed whose river meets area terrain (asserted below, so a change that hides rerouting fails). */
export const KINDS: { size: GridSize; shape: keyof typeof SHAPES; river: number; seed: number }[] = [
  { size: { kind: 'square', width: 6, height: 5 }, shape: 'square', river: 12, seed: 6 },
  { size: { kind: 'offset-square', width: 6, height: 5 }, shape: 'offset-square', river: 10, seed: 4 },
  { size: { kind: 'hex-rectangle', width: 6, height: 5 }, shape: 'hex', river: 12, seed: 4 },
  { size: { kind: 'hex-hexagon', diameter: 5 }, shape: 'hex', river: 10, seed: 4 },
  { size: { kind: 'icosahedron', side: 2 }, shape: 'hex', river: 14, seed: 4 },
];

/** One AL-FORM assembly with a river laid first; returns everything the checks need. */
export function run(size: GridSize, shape: keyof typeof SHAPES, river: number, seed: number) {
  const g = alformGridOf(size);
  const tiles: VectorTile[] = areaTiles(SHAPES[shape]);
  const rivers = riverTiles(SHAPES[shape] === SHAPES.hex ? HEX : SHAPES[shape]);
  const linear = new LinearLayer(g);
  placeLinearFeature(linear, riverWalk(g, seed, river), rivers);
  const r = assembleAlForm(g, new AssemblyLibrary(tiles), { seed, linear, linearTiles: rivers });
  if (!r.ok) throw new Error(r.message);
  return { g, tiles, rivers, r };
}

describe('AL-FORM assembly on every kind, verified by the independent checker', () => {
  for (const { size, shape, river, seed } of KINDS) {
    it(`${JSON.stringify(size)}: area edges across one linear tile match, rivers match, terrain meeting them is rerouted`, () => {
      const { g, tiles, rivers, r } = run(size, shape, river, seed);
      const topo = buildAlFormTopology(g);
      // Only area tiles hold area instances, and all of them do.
      for (const c of topo.areaCells) expect(r.layer.has(c)).toBe(true);
      for (const c of topo.linearCells) expect(r.layer.has(c)).toBe(false);
      expect(r.rerouted).not.toBeNull();
      expect(r.rerouted!.routesByStep.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      const alform = { linear: r.linear, linearTiles: rivers, rerouted: r.rerouted!.tiles };
      expect(checkAssembly(g, r.layer, tiles, { region: topo.areaCells, alform })).toEqual([]);
      // The checker is not a rubber stamp: without the rerouted geometry the river is crossed.
      expect(checkAssembly(g, r.layer, tiles, { alform: { ...alform, rerouted: new Map() } }).some((v) => v.kind === 'reroute')).toBe(r.rerouted!.tiles.size > 0);
    });
  }

  it('the same seed gives the same map and reroutes, another seed another', () => {
    const key = (seed: number) => {
      const { r } = run({ kind: 'hex-rectangle', width: 6, height: 5 }, 'hex', 12, seed);
      return JSON.stringify([r.layer.toJSON(), r.linear.toJSON(), [...r.rerouted!.tiles]]);
    };
    expect(key(9)).toBe(key(9));
    expect(key(9)).not.toBe(key(10));
  });

  it('keeps fixed area tiles and refuses area instances on linear tiles', () => {
    const g = alformGridOf({ kind: 'square', width: 5, height: 5 });
    const tiles = areaTiles(SHAPES.square);
    const topo = buildAlFormTopology(g);
    const layer = new InstanceLayer(g);
    const fixedCell = topo.areaCells[7]!;
    layer.set(fixedCell, 'square-contour-road', 0);
    const fixed = [{ cell: fixedCell, tile: 'square-contour-road', code: 0 }];
    const r = assembleAlForm(layer, new AssemblyLibrary(tiles), { seed: 1 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rerouted).toBeNull();
    expect(checkAssembly(g, r.layer, tiles, { fixed, alform: {} })).toEqual([]);
    const bad = new InstanceLayer(g);
    bad.set(topo.linearCells[0]!, 'square-plain', 0);
    expect(() => assembleAlForm(bad, new AssemblyLibrary(tiles), { seed: 1 })).toThrow(/linear tile/);
    expect(() => assembleAlForm(g, new AssemblyLibrary(tiles), { seed: 1, region: [topo.linearCells[0]!] })).toThrow(/linear tile/);
  });

  it('linear terrain matches linear terrain: a river that stops short is refused before solving', () => {
    const g = alformGridOf({ kind: 'hex-rectangle', width: 5, height: 4 });
    const rivers = riverTiles(HEX);
    const linear = new LinearLayer(g);
    const walk = riverWalk(g, 3, 6);
    placeLinearFeature(linear, walk, rivers);
    linear.clear(walk[2]!); // a gap in the river
    expect(() => assembleAlForm(g, new AssemblyLibrary(areaTiles(HEX)), { seed: 1, linear, linearTiles: rivers })).toThrow(/do not fit together/);
    // WITH-TERRAIN tiles are matched the same way, and may not cross into an area tile.
    const wall = new LinearLayer(g);
    placeLinearFeature(wall, walk, rivers, LinearClass.WITH_TERRAIN);
    const problems = checkAssembly(g, new InstanceLayer(g), [], { alform: { linear: wall, linearTiles: rivers } });
    expect(problems).toEqual([]);
    const one = walk[0]!;
    const into = topoAreaEdge(g, one);
    wall.set(one, LinearClass.WITH_TERRAIN, `river-hex-${into}`, 0);
    expect(checkAssembly(g, new InstanceLayer(g), [], { alform: { linear: wall, linearTiles: rivers } }).some((v) => /area tile/.test(v.why))).toBe(true);
  });
});

/** The edge index of a linear tile that faces an area tile. */
function topoAreaEdge(g: ReturnType<typeof alformGridOf>, l: number): number {
  const topo = buildAlFormTopology(g);
  for (let d = 0; d < 6; d++) if (g.neighbor(l, d) >= 0 && topo.tileClass[g.neighbor(l, d)] === 0) return d;
  throw new Error('no area neighbour');
}
