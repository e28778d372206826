import { describe, expect, it } from 'vitest';
import { adjoiningSelectable, checkSelection, isConnected, referenceProblem, SelectionError, selectionGround, selectionParts } from './ground-selection.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import { TerrainMap } from './terrain-map.js';
import type { GridSize } from '../grid/types.js';

const create = (size: GridSize, alform = true) => TerrainMap.create({ size, alform });
const hexAl = () => create({ kind: 'hex-rectangle', width: 11, height: 9 });
const refusal = (fn: () => void): { message: string; at: number } => {
  try {
    fn();
  } catch (e) {
    if (e instanceof SelectionError) return { message: e.message, at: e.at };
    throw e;
  }
  throw new Error('expected a SelectionError');
};

describe('the square diagonal', () => {
  // Patent CLAIM 1, PATH-FINDING rule (A): two AREA-TILES adjoining the same LINEAR-TILE are
  // adjacent, and a square VERTEX-LINEAR-TILE adjoins the four AREA-TILES at its corners
  // (SPEC §3). So ground touching only at a corner is connected, on the AL-FORM map and on
  // the classic map whose image it is. The CLI always took this selection; the app used to
  // refuse it (renderer/src/lib/selection.ts joined edges only): one rule now, and it takes it.
  it('takes a diagonal-only selection on a square AL-FORM map (derive --at 4,4 --select 6,6)', () => {
    const m = create({ kind: 'square', width: 9, height: 9 });
    const [a, b] = [m.grid.index([4, 4]), m.grid.index([6, 6])];
    expect(isConnected(m, [a, b])).toBe(true);
    expect(() => checkSelection(m, [a, b])).not.toThrow();
    expect(selectionGround(m, [a, b], a)).toEqual({ tiles: [a, b], problem: null });
  });

  it('takes a diagonal-only selection on a classic square map too', () => {
    const m = create({ kind: 'square', width: 5, height: 5 }, false);
    const [a, b] = [m.grid.index([2, 2]), m.grid.index([3, 3])];
    expect(() => checkSelection(m, [a, b])).not.toThrow();
    expect(adjoiningSelectable(m, a)).toHaveLength(8);
  });
});

describe('checking a selection', () => {
  it('refuses what a derivation cannot take, naming the tile and its place', () => {
    const m = create({ kind: 'square', width: 9, height: 9 });
    const g = m.grid;
    const a = g.index([4, 4]);
    expect(refusal(() => checkSelection(m, []))).toEqual({ message: 'select at least one tile to derive (the reference tile first)', at: -1 });
    expect(refusal(() => checkSelection(m, [a, 81]))).toEqual({ message: 'tile 81 is not on the map (it has tiles 0…80)', at: 1 });
    expect(refusal(() => checkSelection(m, [a, a]))).toEqual({ message: 'tile 4,4 is selected twice', at: 1 });
    expect(refusal(() => checkSelection(m, [a, g.index([5, 4])]))).toEqual({ message: 'tile 5,4 is a linear tile; select area tiles (the reference first)', at: 1 });
    expect(refusal(() => checkSelection(m, [a, g.index([8, 8])]))).toEqual({ message: 'the selection must be connected: tile 8,8 does not adjoin the others', at: 1 });
    expect(refusal(() => checkSelection(m, [a, g.index([8, 8])], (t) => `(${g.coord(t).join(', ')})`)).message).toBe('the selection must be connected: (8, 8) does not adjoin the others');
  });

  it('never takes a globe pentagon as the reference, but takes it after a hexagon', () => {
    const m = create({ kind: 'icosahedron', side: 5 });
    const g = m.grid;
    const pent = Array.from({ length: g.tileCount }, (_, t) => t).find((t) => g.degree(t) === 5)!;
    expect(tileClasses(g)[pent]).toBe(TileClass.AREA);
    expect(referenceProblem(m, pent)).toMatch(/^the reference tile .* is a pentagon; a pentagon is never the reference tile \(SPEC §7\)/);
    expect(refusal(() => checkSelection(m, [pent])).at).toBe(0);
    const hex = adjoiningSelectable(m, pent)[0]!;
    expect(() => checkSelection(m, [hex, pent])).not.toThrow();
  });

  it('on a classic map every tile is ground', () => {
    const m = create({ kind: 'hex-rectangle', width: 6, height: 5 }, false);
    expect(() => checkSelection(m, [m.grid.index([2, 2]), m.grid.index([3, 2])])).not.toThrow();
  });
});

describe('selectionGround: the one selection as a derivation takes it', () => {
  it('keeps the ground, the reference first, and takes a connected selection', () => {
    const m = hexAl();
    const [a, b, linear] = [m.grid.index([4, 4]), m.grid.index([6, 4]), m.grid.index([5, 4])];
    expect(selectionGround(m, [a, linear, b], b)).toEqual({ tiles: [b, a], problem: null });
    // No reference given (a rectangle): the first selected tile that may be one.
    expect(selectionGround(m, [a, linear, b])).toEqual({ tiles: [a, b], problem: null });
  });

  it('explains a disconnected selection by its parts, and a selection with no ground', () => {
    const m = hexAl();
    const tiles = [[0, 0], [4, 4], [6, 4], [8, 8]].map((c) => m.grid.index(c));
    expect(selectionParts(m, tiles)).toBe(3);
    expect(selectionGround(m, tiles).problem).toBe('derive needs one connected area: the selection has 3 parts');
    expect(selectionGround(m, [m.grid.index([5, 4])]).problem).toBe('derive needs ground: the selection holds no area tile (only linear tiles)');
    expect(selectionGround(m, []).problem).toBe('derive needs ground: select an area first');
  });

  it('never makes a globe pentagon the reference', () => {
    const m = create({ kind: 'icosahedron', side: 2 }, false);
    const pent = Array.from({ length: m.tileCount }, (_, t) => t).find((t) => m.grid.isPentagon(t))!;
    const hex = adjoiningSelectable(m, pent)[0]!;
    expect(selectionGround(m, [pent, hex], pent)).toEqual({ tiles: [hex, pent], problem: null });
  });
});
