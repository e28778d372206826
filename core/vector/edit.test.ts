import { describe, expect, it } from 'vitest';
import { evalCubic, segment, segmentCount } from './bezier.js';
import { SQUARE } from './shape.js';
import { curveStructureProblem } from './validate.js';
import { deleteAnchor, deleteElement, hitTest, insertAnchor, moveAnchor, moveHandle, nearestOnCurve, setElementProps } from './edit.js';
import type { AreaElement, LineElement, VectorTile } from './types.js';

const line: LineElement = { id: 'l', kind: 'line', terrain: 'road', curve: { closed: false, points: [[-1, 0], [-0.5, 0.2], [-0.2, 0.2], [0, 0], [0.2, -0.2], [0.5, -0.2], [1, 0]] } };
const loop: AreaElement = {
  id: 'a',
  kind: 'area',
  terrain: 'forest',
  side: 'left',
  curve: { closed: true, points: [[0, 0], [0.1, 0], [0.2, 0], [0.3, 0], [0.3, 0.1], [0.3, 0.2], [0.3, 0.3], [0.2, 0.3], [0.1, 0.3], [0, 0.3], [0, 0.2], [0, 0.1], [0, 0]] },
};
const tile: VectorTile = { id: 't', shape: SQUARE, elements: [line, loop] };
const el = (t: VectorTile, id: string) => t.elements.find((e) => e.id === id)!;
const curveOf = (t: VectorTile, id: string) => {
  const e = el(t, id);
  if (e.kind === 'point') throw new Error('point');
  return e.curve;
};

describe('editing a vector tile', () => {
  it('moving an anchor carries its handles; the two copies of a closed curve move together', () => {
    const t = moveAnchor(tile, 'l', 3, [0.1, 0.1]);
    expect(curveOf(t, 'l').points.slice(2, 5)).toEqual([[-0.1, 0.30000000000000004], [0.1, 0.1], [0.30000000000000004, -0.1]]);
    const u = moveAnchor(tile, 'a', 0, [-0.1, -0.1]);
    const pts = curveOf(u, 'a').points;
    expect(pts[0]).toEqual([-0.1, -0.1]);
    expect(pts[12]).toEqual([-0.1, -0.1]);
    expect(pts[1]).toEqual([0, -0.1]);
    expect(pts[11]).toEqual([-0.1, 0]);
    expect(curveStructureProblem(curveOf(u, 'a'))).toBeNull();
  });

  it('an open end dragged near the boundary lands on it', () => {
    const t = moveAnchor(tile, 'l', 6, [0.97, 0.5]);
    expect(curveOf(t, 'l').points[6]).toEqual([1, 0.5]);
  });

  it('a smooth handle drags its opposite round, keeping that handle\'s length', () => {
    const t = moveHandle(tile, 'l', 4, [0, -0.5], true);
    const p = curveOf(t, 'l').points;
    expect(p[4]).toEqual([0, -0.5]);
    expect(p[2]![0]).toBeCloseTo(0);
    expect(p[2]![1]).toBeCloseTo(Math.hypot(0.2, 0.2));
    const corner = moveHandle(tile, 'l', 4, [0, -0.5], false);
    expect(curveOf(corner, 'l').points[2]).toEqual([-0.2, 0.2]);
    // On a closed curve the first anchor's incoming handle is the one before the end.
    const c = moveHandle(tile, 'a', 1, [0.2, 0], true);
    expect(curveOf(c, 'a').points[11]![1]).toBeCloseTo(0);
    expect(curveOf(c, 'a').points[11]![0]).toBeCloseTo(-0.1);
  });

  it('inserting an anchor keeps the curve where it was', () => {
    const t = insertAnchor(tile, 'l', 1, 0.5);
    const c = curveOf(t, 'l');
    expect(segmentCount(c)).toBe(3);
    expect(evalCubic(segment(c, 1), 1)).toEqual(evalCubic(segment(curveOf(tile, 'l'), 1), 0.5));
    const near = nearestOnCurve(curveOf(tile, 'l'), evalCubic(segment(curveOf(tile, 'l'), 1), 0.25));
    expect(near.seg).toBe(1);
    expect(near.t).toBeCloseTo(0.25, 1);
  });

  it('deleting anchors merges segments, and an element too short to stand goes', () => {
    const mid = deleteAnchor(tile, 'l', 3);
    expect(curveOf(mid, 'l').points).toEqual([[-1, 0], [-0.5, 0.2], [0.5, -0.2], [1, 0]]);
    expect(curveOf(deleteAnchor(tile, 'l', 0), 'l').points[0]).toEqual([0, 0]);
    expect(deleteAnchor(mid, 'l', 0).elements.map((e) => e.id)).toEqual(['a']);
    const first = deleteAnchor(tile, 'a', 0);
    const c = curveOf(first, 'a');
    expect(curveStructureProblem(c)).toBeNull();
    expect(segmentCount(c)).toBe(3);
    expect(c.points[0]).toEqual([0.3, 0]);
    // The merged last segment keeps the outer handles: P3's outgoing and P1's incoming.
    expect(c.points.slice(-3)).toEqual([[0, 0.2], [0.2, 0], [0.3, 0]]);
    expect(deleteAnchor(first, 'a', 0).elements.map((e) => e.id)).toEqual(['l']);
  });

  it('hit-tests the selected element\'s anchors and handles first, then outlines, then closed insides', () => {
    expect(hitTest(tile, [0.2, -0.2], 0.03, 'l')).toEqual({ kind: 'handle', element: 'l', index: 4 });
    expect(hitTest(tile, [0.01, 0.0], 0.03, 'l')).toEqual({ kind: 'anchor', element: 'l', index: 3 });
    expect(hitTest(tile, [0.3, 0.15], 0.03)).toEqual({ kind: 'element', element: 'a' });
    expect(hitTest(tile, [0.15, 0.15], 0.03)).toEqual({ kind: 'element', element: 'a' });
    expect(hitTest(tile, [-0.6, -0.6], 0.03)).toBeNull();
  });

  it('sets terrain, side and height, and deletes elements', () => {
    let t = setElementProps(tile, 'a', { terrain: 'marsh', side: 'right', height: 120 });
    expect(el(t, 'a')).toMatchObject({ terrain: 'marsh', side: 'right', height: 120 });
    t = setElementProps(t, 'a', { height: null });
    expect('height' in el(t, 'a')).toBe(false);
    expect(setElementProps(tile, 'l', { side: 'right', height: 3 }).elements[0]).toEqual(line);
    expect(deleteElement(tile, 'l').elements).toEqual([loop]);
    expect(() => deleteElement(tile, 'nope')).toThrow(/no element "nope"/);
  });
});
