import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { buildMovementGraph, edgesOf } from '../movement/graph.js';
import { movementTablesFor } from '../movement/tables.js';
import { deriveTactical } from './derive.js';
import { isOffMap } from './coverage.js';
import { catalogue, strategicMap } from './derive.testkit.js';

const CASES: readonly { name: string; size: GridSize; reference: readonly number[] }[] = [
  { name: 'square', size: { kind: 'square', width: 13, height: 13 }, reference: [6, 6] },
  { name: 'hex-rectangle', size: { kind: 'hex-rectangle', width: 13, height: 13 }, reference: [6, 8] },
  { name: 'offset-square', size: { kind: 'offset-square', width: 13, height: 13 }, reference: [6, 8] },
];

describe.each(CASES)('the selection’s shape on a derived $name map', ({ size, reference }) => {
  const map = strategicMap(size, 4);
  const ref = map.grid.index(reference);
  // An L: the reference, two tiles east of it and one north of the last; the rectangle around it has corners of other ground.
  const east = (t: number, d: number): number => map.grid.index(map.grid.coord(t).map((v, k) => v + (k === 0 ? 2 * d : 0)));
  const a = east(ref, 1);
  const b = east(ref, 2);
  const c = map.grid.index(map.grid.coord(b).map((v, k) => v + (k === 1 ? 2 : 0)));
  const tiles = [ref, a, b, c];
  for (const t of tiles) expect(classifyTile(map.grid, t)).toBe(TileClass.AREA);
  const out = deriveTactical(map, { catalogue, tiles });

  it('covers the selected ground and leaves the rest of the rectangle off-map (no terrain)', () => {
    let on = 0;
    let off = 0;
    for (let i = 0; i < out.grid.tileCount; i++) {
      if (classifyTile(out.grid, i) !== TileClass.AREA) continue;
      if (isOffMap(out, i)) off++;
      else on++;
    }
    // Four tiles in an L fill well under the whole bounding rectangle.
    expect(off).toBeGreaterThan(on / 4);
    // Each selected tile's own ground is on the map: one tile alone derives to a quarter of it.
    const one = deriveTactical(map, { catalogue, tiles: [ref] });
    let single = 0;
    for (let i = 0; i < one.grid.tileCount; i++) if (classifyTile(one.grid, i) === TileClass.AREA && !isOffMap(one, i)) single++;
    expect(on / single).toBeGreaterThan(3.5);
    expect(on / single).toBeLessThan(4.5);
  });

  it('is impassable: no movement mode stands on or crosses into off-map ground', () => {
    for (const mode of catalogue.modes.map((m) => m.id)) {
      const graph = buildMovementGraph(out, movementTablesFor(catalogue, out, mode));
      for (let t = 0; t < out.grid.tileCount; t++) {
        if (!isOffMap(out, t)) continue;
        expect(graph.nodeOfTile[t]! >= 0, `${mode} on tile ${t}`).toBe(false);
      }
      for (let t = 0; t < out.grid.tileCount; t++) {
        for (const [u] of edgesOf(graph, t)) expect(isOffMap(out, u), `${mode}: ${t} → ${u}`).toBe(false);
      }
    }
  });
});
