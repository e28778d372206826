import { describe, expect, it } from 'vitest';
import { createGrid } from './create.js';
import type { Grid, GridSize } from './types.js';
import { ONE_OF_EACH_KIND } from './conformance.testkit.js';
import { hasIndexXY, hasVertices, isGlobeGrid, requireGlobe, requireIndexXY, requireVertices } from './capabilities.js';

const grid = (size: GridSize): Grid => createGrid({ size, wrap: { x: false, y: false } });

describe('grid capabilities', () => {
  it('each kind has exactly the capabilities of its contract', () => {
    const got = ONE_OF_EACH_KIND.map((s) => {
      const g = grid(s);
      return [s.kind, hasVertices(g), hasIndexXY(g), isGlobeGrid(g)];
    });
    expect(got).toEqual([
      ['square', true, true, false],
      ['offset-square', false, true, false],
      ['hex-rectangle', false, true, false],
      ['hex-hexagon', false, true, false],
      ['icosahedron', false, false, true],
    ]);
  });

  it('a guard narrows without a cast', () => {
    const g = grid({ kind: 'square', width: 3, height: 3 });
    if (!hasVertices(g)) throw new Error('square grid without vertices');
    // The corner between (0, 0) and its NE neighbour (1, 1).
    expect(g.vertexSlot(g.index([0, 0]), 1)).toBeGreaterThanOrEqual(0);
    const globe = requireGlobe(grid({ kind: 'icosahedron', side: 3 }), 'test');
    expect(globe.pentagons()).toHaveLength(12);
    expect(globe.centers()).toHaveLength(3 * globe.tileCount);
  });

  it('a test double of a kind without the methods is not taken for the capability', () => {
    const fake = { ...grid({ kind: 'square', width: 2, height: 2 }), kind: 'square' } as Grid;
    // Spreading a class instance drops its prototype methods.
    expect(hasVertices(fake)).toBe(false);
    expect(hasIndexXY(fake)).toBe(false);
  });

  it('the require forms say who needed what, and what the grid was', () => {
    const hex = grid({ kind: 'hex-rectangle', width: 3, height: 3 });
    expect(() => requireVertices(hex, 'vertex terrain')).toThrow('vertex terrain needs a square grid with vertex slots, got hex-rectangle');
    expect(() => requireGlobe(hex, 'the globe view')).toThrow('the globe view needs an icosahedron grid, got hex-rectangle');
    expect(() => requireIndexXY(grid({ kind: 'icosahedron', side: 1 }), 'flat geometry')).toThrow('flat geometry needs a flat grid with an (x, y) lookup, got icosahedron');
    expect(requireIndexXY(hex, 'x').indexXY(1, 1)).toBe(hex.index([1, 1]));
  });
});
