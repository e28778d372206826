import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { buildMovementGraph, edgesOf } from '../movement/graph.js';
import { movementTablesFor } from '../movement/tables.js';
import { deriveTactical } from './derive.js';
import { isOffMap, SelectionCoverage } from './coverage.js';
import { strategicView } from './strategic-view.js';
import { SubstituteFrame } from './substitute-frame.js';
import { defaultRatio } from './derive.js';
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

describe.each(CASES)('the selected ground’s column spans on $name', ({ size, reference }) => {
  it('are the extremes of a tile-by-tile scan (scanning each box from its ends finds the same)', () => {
    const map = strategicMap(size, 4);
    const ref = map.grid.index(reference);
    // An L with a notch, and a tile on the map's rim (ground beyond the rim is not covered).
    const at = (dx: number, dy: number): number => map.grid.index(map.grid.coord(ref).map((v, k) => v + (k === 0 ? dx : dy)));
    const tiles = [ref, at(2, 0), at(4, 0), at(4, 2), at(0, -2), at(0, -4), at(0, -6)];
    const { view, tiles: selection } = strategicView(map, tiles, 0);
    const frame = new SubstituteFrame(view, defaultRatio(size.kind));
    const positions = selection.map((t) => view.positionOf(t)!);
    const coverage = new SelectionCoverage(frame, positions);
    const expected = new Map<number, { min: number; max: number }>();
    const reach = 2 * frame.ratio;
    for (const [px, py] of positions) {
      for (let x = frame.centreX(px) - reach; x <= frame.centreX(px) + reach; x++) {
        for (let y = frame.centreY(py) - reach; y <= frame.centreY(py) + reach; y++) {
          if (!coverage.contains(x, y)) continue;
          const s = expected.get(x);
          expected.set(x, { min: Math.min(s?.min ?? y, y), max: Math.max(s?.max ?? y, y) });
        }
      }
    }
    expect(expected.size).toBeGreaterThan(0);
    expect(new Map([...coverage.spans()].sort((a, b) => a[0] - b[0]))).toEqual(new Map([...expected].sort((a, b) => a[0] - b[0])));
  });
});
