/** Which tiles a rectangle or lasso covers, on every kind, AL-FORM linear tiles included. */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import type { Grid, GridSize } from '../grid/types.js';
import { ONE_OF_EACH_KIND } from '../grid/conformance.testkit.js';
import { alformSizeOf } from '../grid/alform-size.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { combineSelection, fillSelection, pointInPolygon, rectanglePolygon, selectionOp, tilesInPolygon } from './region-select.js';
import { TerrainMap } from './terrain-map.js';
import { floodFill } from './flood-fill.js';
import { tileClasses } from '../alform/tile-classes.js';

/** Flat maps: model space; the globe: the hemisphere facing +z, seen along z (what a camera over +z sees). */
function projection(grid: Grid): (t: number) => readonly [number, number] | null {
  return (t) => {
    const c = grid.center(t);
    if (grid.modelDimensions === 3 && c[2]! <= 0) return null;
    return [c[0]!, c[1]!];
  };
}

/** A rectangle round tile `t`'s centre reaching `reach` tile spacings each way. */
function boxAround(grid: Grid, t: number, reach: number): Float64Array {
  const [x, y] = grid.center(t) as [number, number];
  const r = reach * grid.spacing();
  return rectanglePolygon(x - r, y - r, x + r, y + r);
}

describe('pointInPolygon', () => {
  it('follows the even–odd rule of a drawn lasso', () => {
    const square = rectanglePolygon(0, 0, 2, 2);
    expect(pointInPolygon(square, 1, 1)).toBe(true);
    expect(pointInPolygon(square, 3, 1)).toBe(false);
    // A bow tie: both lobes inside, the crossing's outside wedges not.
    const bow = Float64Array.of(0, 0, 2, 2, 2, 0, 0, 2);
    expect(pointInPolygon(bow, 0.2, 1)).toBe(true);
    expect(pointInPolygon(bow, 1, 0.2)).toBe(false);
  });
});

describe.each<GridSize>(ONE_OF_EACH_KIND)('$kind', (size) => {
  it('classic: exactly the tiles whose centre lies inside', () => {
    const grid = createGrid({ size });
    const project = projection(grid);
    const mid = grid.modelDimensions === 3 ? grid.pick([0, 0, 1]) : grid.pick([(grid.center(0)[0]! + grid.center(grid.tileCount - 1)[0]!) / 2, (grid.center(0)[1]! + grid.center(grid.tileCount - 1)[1]!) / 2]);
    const poly = boxAround(grid, mid, 1.1);
    const got = tilesInPolygon(grid, false, poly, project);
    expect(got).toContain(mid);
    // Seeded with the middle tile (what the views pass): the same answer.
    expect(Array.from(tilesInPolygon(grid, false, poly, project, [mid]))).toEqual(Array.from(got));
    for (let t = 0; t < grid.tileCount; t++) {
      const p = project(t);
      expect(got.includes(t)).toBe(p !== null && pointInPolygon(poly, p[0], p[1]));
    }
  });

  it('AL-FORM: linear tiles between covered area tiles come with them, none touching an uncovered area tile', () => {
    const grid = createGrid({ size: alformSizeOf(size, { x: false, y: false }), alform: true });
    const project = projection(grid);
    const mid = grid.modelDimensions === 3 ? grid.pick([0, 0, 1]) : grid.pick([(grid.center(0)[0]! + grid.center(grid.tileCount - 1)[0]!) / 2, (grid.center(0)[1]! + grid.center(grid.tileCount - 1)[1]!) / 2]);
    const box = boxAround(grid, mid, 2.2);
    const scanned = tilesInPolygon(grid, true, box, project);
    // Seeded with the middle tile, only the tiles round it are visited: the same answer.
    expect(Array.from(tilesInPolygon(grid, true, box, project, [-1, mid]))).toEqual(Array.from(scanned));
    const got = new Set(scanned);
    const nb = new Int32Array(grid.directions);
    let interior = 0;
    for (let t = 0; t < grid.tileCount; t++) {
      if (classifyTile(grid, t) === TileClass.AREA || project(t) === null) continue;
      const deg = grid.neighbors(t, nb);
      const areas = Array.from(nb.subarray(0, deg)).filter((u) => u >= 0 && classifyTile(grid, u) === TileClass.AREA);
      if (areas.length && areas.every((u) => got.has(u))) {
        expect(got.has(t)).toBe(true);
        interior++;
      }
    }
    expect(interior).toBeGreaterThan(0);
  });
});

describe('seeded', () => {
  it.each<GridSize>([
    { kind: 'hex-rectangle', width: 60, height: 60 },
    { kind: 'icosahedron', side: 12 },
  ])('visits only the tiles round the shape on a large $kind map, with the same answer as a full scan', (size) => {
    const grid = createGrid({ size });
    const project = projection(grid);
    const mid = grid.modelDimensions === 3 ? grid.pick([0, 0, 1]) : grid.index([30, 45]);
    const poly = boxAround(grid, mid, 2.5);
    let visited = 0;
    const seeded = tilesInPolygon(grid, false, poly, (t) => (visited++, project(t)), [mid]);
    expect(Array.from(seeded)).toEqual(Array.from(tilesInPolygon(grid, false, poly, project)));
    expect(seeded.length).toBeGreaterThan(10);
    expect(visited).toBeLessThan(10 * seeded.length); // a full scan would look at all of them once
    expect(visited).toBeLessThan(grid.tileCount / 4);
  });
});

describe('combining', () => {
  it('shift adds, alt subtracts, neither replaces', () => {
    expect(selectionOp({ shift: true, alt: false })).toBe('add');
    expect(selectionOp({ shift: false, alt: true })).toBe('subtract');
    expect(selectionOp({ shift: false, alt: false })).toBe('replace');
    expect(Array.from(combineSelection([1, 2, 3], [3, 4], 'add'))).toEqual([1, 2, 3, 4]);
    expect(Array.from(combineSelection([1, 2, 3], [3, 4], 'subtract'))).toEqual([1, 2]);
    expect(Array.from(combineSelection([1, 2, 3], [5, 4], 'replace'))).toEqual([4, 5]);
  });
});

describe('fillSelection (the magic wand)', () => {
  it('selects the connected patch of the clicked terrain, with the linear tiles it encloses, and no further', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true });
    const cls = tileClasses(map.grid);
    for (let i = 0; i < map.tileCount; i++) if (cls[i] === TileClass.AREA) map.setTerrain(i, map.grid.coord(i)[0] === 4 ? 'forest' : 'clear');
    const start = map.grid.index([0, 0]);
    const got = fillSelection(map, start);
    const areas = Array.from(got).filter((t) => cls[t] === TileClass.AREA);
    expect(areas.sort((a, b) => a - b)).toEqual(Array.from(floodFill(map, start)).sort((a, b) => a - b));
    expect(areas.every((t) => map.terrainAt(t) === 'clear' && map.grid.coord(t)[0]! < 4)).toBe(true);
    // Every linear tile taken lies between taken area tiles only; some are taken (the patch is more than one hex).
    const linear = Array.from(got).filter((t) => cls[t] !== TileClass.AREA);
    expect(linear.length).toBeGreaterThan(0);
    const set = new Set(got);
    const nb = new Int32Array(map.grid.directions);
    for (const t of linear) {
      const deg = map.grid.neighbors(t, nb);
      for (let d = 0; d < deg; d++) if (nb[d]! >= 0 && cls[nb[d]!] === TileClass.AREA) expect(set.has(nb[d]!)).toBe(true);
    }
    expect(Array.from(got)).toEqual([...got].sort((a, b) => a - b));
    // The forest column is its own patch; a click off the map selects nothing.
    expect(Array.from(fillSelection(map, map.grid.index([4, 0]))).filter((t) => cls[t] === TileClass.AREA).every((t) => map.grid.coord(t)[0] === 4)).toBe(true);
    expect(fillSelection(map, -1).length).toBe(0);
  });

  it('classic maps: exactly the flood fill of the clicked terrain', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 4, height: 4 } });
    for (let i = 0; i < map.tileCount; i++) map.setTerrain(i, map.grid.coord(i)[1] === 2 ? 'water' : 'clear');
    expect(Array.from(fillSelection(map, map.grid.index([1, 2])))).toEqual([0, 1, 2, 3].map((x) => map.grid.index([x, 2])).sort((a, b) => a - b));
    expect(fillSelection(map, 0).length).toBe(8);
  });
});
