import { describe, expect, it } from 'vitest';
import { ClassicLinearStroke, classicImage, edgeChainBreak, tilesOfEdge } from './classic-stroke.js';
import { createGrid } from '../grid/create.js';
import type { Grid, GridSize, ModelPoint } from '../grid/types.js';

/** A stroke from a to b (classic model space), sampled densely. */
function strokeEdges(grid: Grid, a: number[], b: number[]): ClassicLinearStroke {
  const stroke = new ClassicLinearStroke(grid);
  for (let k = 0; k <= 300; k++) {
    let p = a.map((v, i) => v + ((b[i]! - v) * k) / 300);
    if (grid.modelDimensions === 3) p = p.map((v) => v / Math.hypot(...p));
    stroke.add({ tile: grid.pick(p as ModelPoint), point: p as ModelPoint });
  }
  return stroke;
}

describe('linear strokes on classic maps (edges)', () => {
  it.each([
    { kind: 'hex-rectangle', width: 8, height: 6 },
    { kind: 'square', width: 8, height: 6 },
    { kind: 'offset-square', width: 8, height: 6 },
    { kind: 'hex-hexagon', diameter: 7 },
    { kind: 'icosahedron', side: 3 },
  ] as GridSize[])('$kind: a freehand stroke gives one connected run of edges', (size) => {
    const grid = createGrid({ size });
    const a = grid.center(0);
    const b = grid.center(grid.tileCount - 1 - (size.kind === 'icosahedron' ? grid.tileCount >> 1 : 0));
    const stroke = strokeEdges(grid, a, b);
    const edges = stroke.edges;
    expect(edges.length).toBeGreaterThan(3);
    expect(edgeChainBreak(grid, edges)).toBe(-1);
    // Every edge is a real edge of the map: a slot some tile and direction name.
    const slots = new Set<number>();
    for (let t = 0; t < grid.tileCount; t++) for (let d = 0; d < grid.degree(t); d++) slots.add(grid.edgeSlot(t, d));
    for (const e of edges) expect(slots.has(e)).toBe(true);
  });

  it('square: straight along a row boundary, through the corners (no vertex in the edge list)', () => {
    const grid = createGrid({ size: { kind: 'square', width: 6, height: 4 } });
    // The line y = 1.5 between rows 1 and 2, from x = 0 to x = 5.
    const edges = strokeEdges(grid, [0, 1.5], [5, 1.5]).edges;
    const img = classicImage(grid);
    expect(edges).toHaveLength(6);
    for (const e of edges) expect(img.grid.coord(img.tileOfEdge[e]!)[1]).toBe(3);
  });

  it('tilesOfEdge names the two tiles an edge lies between, on every kind', () => {
    for (const size of [{ kind: 'square', width: 5, height: 4 }, { kind: 'hex-rectangle', width: 5, height: 4 }, { kind: 'icosahedron', side: 2 }] as GridSize[]) {
      const grid = createGrid({ size });
      for (let t = 0; t < grid.tileCount; t += 3) {
        for (let d = 0; d < grid.degree(t); d++) {
          const slot = grid.edgeSlot(t, d);
          if (slot >= 0) expect(tilesOfEdge(grid, slot).sort((a, b) => a - b)).toEqual([t, grid.neighbor(t, d)].sort((a, b) => a - b));
        }
      }
    }
  });

  it('edgeChainBreak names gaps and slots that are no edge', () => {
    const grid = createGrid({ size: { kind: 'square', width: 6, height: 4 } });
    const up = (x: number) => grid.edgeSlot(grid.index([x, 1]), 0);
    expect(edgeChainBreak(grid, [up(0), up(1), up(2)])).toBe(-1);
    expect(edgeChainBreak(grid, [up(0), up(2)])).toBe(1);
    expect(edgeChainBreak(grid, [up(0), -1])).toBe(1);
    expect(edgeChainBreak(grid, [10 ** 7])).toBe(0);
  });
});
