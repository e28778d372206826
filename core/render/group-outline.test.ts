import { describe, expect, it } from 'vitest';
import { boundarySegments, dashSegments, type Segment } from './group-outline.js';
import { createGrid } from '../grid/create.js';

const total = (segs: Segment[]) => segs.reduce((s, [a, b]) => s + Math.hypot(...a.map((v, i) => v - b[i]!)), 0);

describe('outline of a group of tiles', () => {
  it('keeps only the outer edges of adjoining squares', () => {
    const sq = (x: number, y: number) => [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]];
    // An L of three unit squares: perimeter 8, and no edge inside the shape.
    const segs = boundarySegments([sq(0, 0), sq(1, 0), sq(0, 1)]);
    expect(total(segs)).toBeCloseTo(8, 9);
    for (const [a, b] of segs) {
      const m = a.map((v, i) => (v + b[i]!) / 2);
      expect(m).not.toEqual([1, 0.5]);
      expect(m).not.toEqual([0.5, 1]);
    }
  });

  it('splits an edge met by halves of two others (bricks)', () => {
    // One 2×1 brick below two 2×1 bricks offset by half: the long shared side is two pieces.
    const brick = (x: number, y: number) => [[x, y], [x + 2, y], [x + 2, y + 1], [x, y + 1]];
    const segs = boundarySegments([brick(0, 0), brick(-1, 1), brick(1, 1)]);
    // Perimeter of the union: bottom 2 + top 4 + the two overhangs (1 each) + sides 4 × 1.
    expect(total(segs)).toBeCloseTo(2 + 4 + 2 + 4, 9);
    expect(segs.some(([a, b]) => a[1] === 1 && b[1] === 1 && Math.min(a[0]!, b[0]!) >= 0 && Math.max(a[0]!, b[0]!) <= 2)).toBe(false);
  });

  it('outlines a hexagon and its six neighbours as one ring of 18 edges', () => {
    const grid = createGrid({ size: { kind: 'hex-hexagon', diameter: 5 } });
    const centre = grid.index([0, 0, 0]);
    const tiles = [centre, ...grid.ring(centre, 1)];
    const segs = boundarySegments(tiles.map((t) => grid.corners(t)));
    expect(segs.length).toBe(18);
    // Every boundary edge belongs to an outer tile's hexagon, none to the centre's.
    const centreCorners = grid.corners(centre).map((p) => p.join());
    for (const [a, b] of segs) expect(centreCorners.includes(a.join()) && centreCorners.includes(b.join())).toBe(false);
  });

  it('works on the globe (3-D points) and merges corners that differ by rounding', () => {
    const grid = createGrid({ size: { kind: 'icosahedron', side: 4 } });
    const t = 40;
    const tiles = [t, ...grid.ring(t, 1)];
    const jitter = (p: number[]) => p.map((v) => v + 1e-12);
    const polys = tiles.map((u, k) => (k % 2 ? grid.corners(u).map(jitter) : grid.corners(u)));
    const ringDegree = tiles.slice(1).reduce((s, u) => s + grid.degree(u), 0);
    // Each outer tile contributes all its edges except the one it shares with the centre and
    // the two it shares with its ring neighbours.
    expect(boundarySegments(polys).length).toBe(ringDegree - 3 * (tiles.length - 1));
  });

  it('outlines a lone polygon whole and nothing for nothing', () => {
    expect(boundarySegments([[[0, 0], [1, 0], [0, 1]]]).length).toBe(3);
    expect(boundarySegments([])).toEqual([]);
  });

  it('cuts segments into dashes', () => {
    const dashes = dashSegments([[[0, 0], [10, 0]]], 2, 1);
    expect(dashes.map(([a, b]) => [a[0], b[0]])).toEqual([[0, 2], [3, 5], [6, 8], [9, 10]]);
    expect(() => dashSegments([], 0, 1)).toThrow(/dash must be > 0/);
  });
});
