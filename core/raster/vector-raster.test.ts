/**
 * Vector maps to rasters: contours of a cone give a cone, a closed peak contour with a spot
 * height rises to it, uphill sides decide which contour is lower, areas fill their regions,
 * and lines become thin features with heights.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import { InstanceLayer } from '../map/instance-layer.js';
import { SQUARE } from '../vector/shape.js';
import { circleCurve } from '../vector/bezier.js';
import type { VectorElement, VectorTile } from '../vector/types.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { rasterizeVectorMap } from './vector-raster.js';
import type { Raster } from './raster.js';
import { cellCentre } from './raster.js';

const catalogue = loadDefaultCatalogue();

const circle = circleCurve;

function oneTileMap(elements: VectorElement[], width = 200, fieldScale?: 1 | 2): Raster {
  const grid = createGrid({ size: { kind: 'square', width: 1, height: 1 } });
  const layer = new InstanceLayer(grid);
  const tile: VectorTile = { id: 't', shape: SQUARE, elements };
  layer.set(0, 't', { orientation: { rotation: 0, mirror: 'none' } });
  return rasterizeVectorMap(grid, layer, new Map([['t', tile]]), catalogue, { width }, { background: 'clear', ...(fieldScale ? { fieldScale } : {}) });
}

/** Elevation at tile-space point (x, y) of the one-tile map (tile space = 2 × unit frame). */
function heightAt(r: Raster, x: number, y: number): number {
  if (r.frame.kind !== 'flat') throw new Error('flat');
  const col = Math.round((x / 2 - r.frame.left) / r.frame.cell - 0.5);
  const row = Math.round((r.frame.top - y / 2) / r.frame.cell - 0.5);
  return r.elevation[row * r.width + col]!;
}

describe('rasterizeVectorMap: elevation from contours', () => {
  for (const [scale, cells] of [
    [1, 2],
    [2, 3],
  ] as const) {
  it(`the contours of a cone give the cone (within 1 m + ${cells} cells of slope; fields at 1/${scale} resolution)`, () => {
    // Cone: 60 m at the centre, falling 10 m per 0.15 tile units; contours 10 … 50, spot height 60.
    const cone = (rho: number) => 60 - (rho / 0.15) * 10;
    const els: VectorElement[] = [10, 20, 30, 40, 50].map((h) => ({ kind: 'area', id: `c${h}`, terrain: 'hills', side: 'left', height: h, curve: circle(0, 0, ((60 - h) / 10) * 0.15) }));
    els.push({ kind: 'point', id: 'top', terrain: 'hills', at: [0, 0], height: 60 });
    const r = oneTileMap(els, 200, scale);
    const slopePerCell = (10 / 0.15) * (r.frame.kind === 'flat' ? 2 * r.frame.cell : 0);
    const bound = 1 + cells * slopePerCell;
    let worst = 0;
    for (let a = 0; a < 24; a++) {
      for (const rho of [0.05, 0.1, 0.2, 0.33, 0.45, 0.6, 0.7]) {
        const x = rho * Math.cos((a * Math.PI) / 12);
        const y = rho * Math.sin((a * Math.PI) / 12);
        worst = Math.max(worst, Math.abs(heightAt(r, x, y) - cone(rho)));
      }
    }
    expect(worst).toBeLessThan(bound);
    expect(bound).toBeLessThan(3.1); // 200 cells across the tile: the stated bound is about 3 m
  });
  }

  it('a closed peak contour with a spot height interpolates upward; without it the top stays flat', () => {
    const ring = (h: number, rho: number): VectorElement => ({ kind: 'area', id: `c${h}`, terrain: 'hills', side: 'left', height: h, curve: circle(0, 0, rho) });
    const flat = oneTileMap([ring(40, 0.6), ring(50, 0.3)]);
    const peak = oneTileMap([ring(40, 0.6), ring(50, 0.3), { kind: 'point', id: 'p', terrain: 'hills', at: [0, 0], height: 70 }]);
    expect(heightAt(flat, 0.05, 0)).toBeCloseTo(50, 5);
    expect(heightAt(peak, 0.05, 0)).toBeGreaterThan(63);
    expect(heightAt(peak, 0.15, 0)).toBeGreaterThan(55);
    expect(heightAt(peak, 0.15, 0)).toBeLessThan(65);
    // Between the rings both are the same: the band between 40 and 50.
    expect(heightAt(peak, 0.45, 0)).toBeCloseTo(heightAt(flat, 0.45, 0), 3);
    expect(heightAt(flat, 0.45, 0)).toBeGreaterThan(43);
    expect(heightAt(flat, 0.45, 0)).toBeLessThan(47);
  });

  it("the uphill side decides: the same rings read as a hollow when they face outwards", () => {
    const ring = (h: number, rho: number): VectorElement => ({ kind: 'area', id: `c${h}`, terrain: 'clear', side: 'right', height: h, curve: circle(0, 0, rho) });
    // Uphill on the right of counter-clockwise rings = outwards: 50 outside, 40 inside, the centre lowest.
    const r = oneTileMap([ring(50, 0.6), ring(40, 0.3)]);
    expect(heightAt(r, 0.45, 0)).toBeGreaterThan(43);
    expect(heightAt(r, 0.45, 0)).toBeLessThan(47);
    expect(heightAt(r, 0.05, 0)).toBeCloseTo(40, 5);
    expect(heightAt(r, 0.9, 0.9)).toBeCloseTo(50, 5);
  });
});

describe('rasterizeVectorMap: cover and lines', () => {
  it('an edge-crossing area fills its inside side; a wall becomes a thin line with its height', () => {
    // A forest edge from the left edge to the bottom edge, forest on its left (the bottom-left corner).
    const forest: VectorElement = {
      kind: 'area',
      id: 'f',
      terrain: 'forest',
      side: 'right',
      curve: { points: [[-1, 0], [-0.5, 0], [0, -0.5], [0, -1]], closed: false },
    };
    const wall: VectorElement = { kind: 'line', id: 'w', terrain: 'wall', curve: { points: [[0.5, -1], [0.5, -0.3], [0.5, 0.3], [0.5, 1]], closed: false } };
    const r = oneTileMap([forest, wall], 100);
    const at = (x: number, y: number) => {
      if (r.frame.kind !== 'flat') throw new Error('flat');
      const col = Math.round((x / 2 - r.frame.left) / r.frame.cell - 0.5);
      const row = Math.round((r.frame.top - y / 2) / r.frame.cell - 0.5);
      return row * r.width + col;
    };
    const f = r.palette.indexOf('forest') + 1;
    const w = r.palette.indexOf('wall') + 1;
    expect(r.cover[at(-0.8, -0.8)]).toBe(f);
    expect(r.obstacle[at(-0.8, -0.8)]).toBe(15);
    expect(r.cover[at(0.3, 0.3)]).toBe(r.palette.indexOf('clear') + 1);
    expect(r.cover[at(-0.8, 0.5)]).not.toBe(f);
    expect(r.feature[at(0.5, 0)]).toBe(w);
    expect(r.obstacle[at(0.5, 0)]).toBe(2);
    let wallRows = 0;
    for (let row = 0; row < r.height; row++) for (let col = 0; col < r.width; col++) if (r.feature[row * r.width + col] === w) wallRows++;
    expect(wallRows).toBeGreaterThanOrEqual(r.height);
    expect(wallRows).toBeLessThan(2 * r.height);
    const [cx] = cellCentre(r.frame as Extract<Raster['frame'], { kind: 'flat' }>, 0, 0);
    expect(cx).toBeLessThan(-0.49);
  });

  it('a closed ring whose inside faces out is a clearing: the cell around it is the region', () => {
    const clearing: VectorElement = { kind: 'area', id: 'c', terrain: 'forest', side: 'right', curve: circle(0, 0, 0.5) };
    const r = oneTileMap([clearing], 100);
    const f = r.palette.indexOf('forest') + 1;
    const at = (x: number, y: number) => {
      if (r.frame.kind !== 'flat') throw new Error('flat');
      return Math.round((r.frame.top - y / 2) / r.frame.cell - 0.5) * r.width + Math.round((x / 2 - r.frame.left) / r.frame.cell - 0.5);
    };
    expect(r.cover[at(0, 0)]).toBe(r.palette.indexOf('clear') + 1);
    expect(r.cover[at(0.8, 0.8)]).toBe(f);
    expect(r.cover[at(-0.8, 0.1)]).toBe(f);
    const wood = oneTileMap([{ ...clearing, side: 'left' }], 100);
    expect(wood.cover[at(0, 0)]).toBe(f);
    expect(wood.cover[at(0.8, 0.8)]).toBe(wood.palette.indexOf('clear') + 1);
  });

  it('refuses a cell whose tile is missing', () => {
    const grid = createGrid({ size: { kind: 'square', width: 2, height: 1 } });
    const layer = new InstanceLayer(grid);
    layer.set(1, 'nope', { orientation: { rotation: 0, mirror: 'none' } });
    expect(() => rasterizeVectorMap(grid, layer, new Map(), catalogue, { width: 10 })).toThrow(/cell 1 holds tile "nope"/);
  });
});
