import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import type { Grid } from '../grid/types.js';
import { InstanceLayer } from '../map/instance-layer.js';
import { SQUARE } from '../vector/shape.js';
import type { VectorElement, VectorTile } from '../vector/types.js';
import { spokeTile } from './assemble.testkit.js';
import type { NetworkRoles } from './network-ends.js';
import { terminiOf } from './network-ends.js';
import { networkShape } from './network-shape.js';

const ROLES: NetworkRoles = {
  watercourses: new Set(['river']),
  routes: new Set(['road']),
  water: new Set(['lake']),
  highGround: new Set(['hills']),
  settlements: new Set(['village']),
};
const square = (w: number, h: number): Grid => createGrid({ size: { kind: 'square', width: w, height: h } });
const ring = (id: string, terrain: string, r: number, height?: number): VectorElement => ({
  kind: 'area', id, terrain, side: 'right', ...(height === undefined ? {} : { height }),
  curve: { points: [[-r, -r], [-r / 3, -r], [r / 3, -r], [r, -r], [r, -r / 3], [r, r / 3], [r, r], [r / 3, r], [-r / 3, r], [-r, r], [-r, r / 3], [-r, -r / 3], [-r, -r]], closed: true },
});
const plain: VectorTile = { id: 'plain', shape: SQUARE, elements: [] };
const forest: VectorTile = { id: 'forest', shape: SQUARE, elements: [ring('f', 'forest', 0.49)] };
/** The square slot of cell a whose side leads to cell b. */
const slotTo = (g: Grid, a: number, b: number): number => [0, 1, 2, 3].find((s) => g.neighbor(a, 2 * s) === b)!;
/** A tile of spokes of `terrain` towards the listed neighbours of cell c, plus extra elements. */
function spokes(g: Grid, c: number, to: number[], terrain: string, extra: VectorElement[] = []): VectorTile {
  const t = spokeTile(`${terrain}-${c}`, SQUARE, terrain, to.map((n) => slotTo(g, c, n)));
  return { ...t, elements: [...t.elements, ...extra] };
}
function layerOf(g: Grid, tiles: Map<number, VectorTile>, fill: VectorTile | null = plain): { layer: InstanceLayer; library: VectorTile[] } {
  const layer = new InstanceLayer(g);
  const library = new Map<string, VectorTile>([[plain.id, plain], [forest.id, forest]]);
  for (let c = 0; c < g.tileCount; c++) {
    const t = tiles.get(c) ?? fill;
    if (!t) continue;
    library.set(t.id, t);
    layer.set(c, t.id, 0);
  }
  return { layer, library: [...library.values()] };
}
const at = (g: Grid, x: number, y: number): number => g.index([x, y]);

describe('terminiOf', () => {
  it('a spoke alone ends inside its tile; spokes meeting at the centre join; what the tile holds explains the end', () => {
    const g = square(3, 3);
    expect(terminiOf(spokes(g, 4, [1], 'road'), ROLES)).toEqual([{ terrain: 'road', kind: 'dead-end' }]);
    expect(terminiOf(spokes(g, 4, [1, 5], 'road'), ROLES)).toEqual([]);
    expect(terminiOf(spokes(g, 4, [1], 'road', [{ kind: 'point', id: 'v', terrain: 'village', at: [0.3, 0.3] }]), ROLES)).toEqual([{ terrain: 'road', kind: 'settlement' }]);
    expect(terminiOf(spokes(g, 4, [1], 'river', [ring('l', 'lake', 0.2)]), ROLES)).toEqual([{ terrain: 'river', kind: 'mouth' }]);
    expect(terminiOf(spokes(g, 4, [1], 'river', [ring('c', 'contour', 0.2, 100)]), ROLES)).toEqual([{ terrain: 'river', kind: 'source' }]);
    expect(terminiOf(spokes(g, 4, [1], 'wall'), ROLES)).toEqual([]);
  });
});

describe('networkShape', () => {
  it('counts dead ends inside the map, not in a border cell', () => {
    const g = square(4, 3);
    const a = at(g, 1, 1);
    const b = at(g, 2, 1);
    const { layer, library } = layerOf(g, new Map([[a, spokes(g, a, [b], 'road')], [b, spokes(g, b, [a], 'road')]]));
    const road = networkShape(g, layer, library, ROLES).lines.find((l) => l.terrain === 'road')!;
    expect(road).toMatchObject({ cells: 2, ends: 2, deadEnds: 2, sources: 0, loops: 0, components: 1 });
    // The same spur on a map one row shorter: both cells touch the edge, the road runs off it.
    const g2 = square(4, 2);
    const a2 = at(g2, 1, 1);
    const b2 = at(g2, 2, 1);
    const r2 = layerOf(g2, new Map([[a2, spokes(g2, a2, [b2], 'road')], [b2, spokes(g2, b2, [a2], 'road')]]));
    expect(networkShape(g2, r2.layer, r2.library, ROLES).totals.deadEnds).toBe(0);
  });

  it('counts sources and mouths of a river, and its exits off the map', () => {
    const g = square(5, 3);
    const [a, b, c, d] = [at(g, 1, 1), at(g, 2, 1), at(g, 3, 1), at(g, 4, 1)];
    const tiles = new Map([
      [a, spokes(g, a, [b], 'river', [ring('h', 'hills', 0.3)])],
      [b, spokes(g, b, [a, c], 'river')],
      [c, spokes(g, c, [b], 'river', [ring('l', 'lake', 0.2)])],
    ]);
    expect(d).toBeGreaterThan(c);
    const { layer, library } = layerOf(g, tiles);
    const river = networkShape(g, layer, library, ROLES).lines.find((l) => l.terrain === 'river')!;
    expect(river).toMatchObject({ cells: 3, ends: 2, sources: 1, mouths: 1, deadEnds: 0, exits: 0, loops: 0 });
  });

  it('counts a ring of bends as one loop', () => {
    const g = square(2, 2);
    const [a, b, c, d] = [0, 1, 3, 2];
    const tiles = new Map([
      [a, spokes(g, a, [b, d], 'road')],
      [b, spokes(g, b, [a, c], 'road')],
      [c, spokes(g, c, [b, d], 'road')],
      [d, spokes(g, d, [c, a], 'road')],
    ]);
    const { layer, library } = layerOf(g, tiles);
    const road = networkShape(g, layer, library, ROLES).lines[0]!;
    expect(road).toMatchObject({ terrain: 'road', cells: 4, ends: 0, loops: 1, components: 1, exits: 0 });
    expect(networkShape(g, layer, library, ROLES).totals.loops).toBe(1);
  });

  it('measures patches of area terrain: sizes, singles, the largest', () => {
    const g = square(3, 3);
    const tiles = new Map([[at(g, 0, 0), forest], [at(g, 1, 0), forest], [at(g, 2, 2), forest]]);
    const { layer, library } = layerOf(g, tiles);
    const s = networkShape(g, layer, library, ROLES);
    expect(s.patches).toEqual([{ terrain: 'forest', cells: 3, patches: 2, singles: 1, largest: 2, sizes: [2, 1] }]);
    expect(s.totals.singlePatches).toBe(1);
  });

  it('a line crossing to an empty cell exits there', () => {
    const g = square(3, 1);
    const { layer, library } = layerOf(g, new Map([[0, spokes(g, 0, [1], 'road')]]), null);
    expect(networkShape(g, layer, library, ROLES).lines[0]).toMatchObject({ exits: 1, ends: 1, deadEnds: 0 });
  });
});
