import { describe, expect, it } from 'vitest';
import { HEX, SQUARE } from './shape.js';
import { curveStructureProblem, validateTile } from './validate.js';
import { edgeIndicators } from './indicators.js';
import { freshElementId, penAddAnchor, penClosesAt, penCurve, penDragHandle, penElement, penUndoAnchor, snapToBoundary, startPen } from './pen.js';
import type { VectorTile } from './types.js';

const tile = (shape = SQUARE): VectorTile => ({ id: 't', shape, elements: [] });

describe('pen tool', () => {
  it('a click then a drag gives a smooth anchor: the incoming handle mirrors the outgoing one', () => {
    let p = startPen('line', 'road');
    p = penAddAnchor(SQUARE, p, [0, 0]);
    p = penDragHandle(p, [0.2, 0.1]);
    expect(p.anchors[0]).toEqual({ at: [0, 0], in: [-0.2, -0.1], out: [0.2, 0.1] });
  });

  it('needs two anchors for an open curve and three for a closed one; the curve is well formed', () => {
    let p = startPen('area', 'forest');
    p = penAddAnchor(SQUARE, p, [0, 0]);
    expect(penCurve(p, false)).toBeNull();
    p = penAddAnchor(SQUARE, p, [0.5, 0]);
    expect(penCurve(p, true)).toBeNull();
    const open = penCurve(p, false)!;
    expect(open.points).toHaveLength(4);
    p = penAddAnchor(SQUARE, p, [0.5, 0.5]);
    const closed = penCurve(p, true)!;
    expect(closed.points).toHaveLength(10);
    expect(curveStructureProblem(closed)).toBeNull();
    expect(penClosesAt(p, [0.01, 0.01])).toBe(true);
    expect(penClosesAt(p, [0.3, 0.3])).toBe(false);
    expect(penUndoAnchor(p).anchors).toHaveLength(2);
  });

  it('a closed area encloses its loop whichever way it was drawn', () => {
    const tri = (pts: [number, number][]) => {
      let p = startPen('area', 'forest');
      for (const q of pts) p = penAddAnchor(SQUARE, p, q);
      return penElement(p, true, 'a')!;
    };
    const ccw = tri([[0, 0], [0.5, 0], [0.5, 0.5]]);
    const cw = tri([[0, 0], [0.5, 0.5], [0.5, 0]]);
    expect(ccw.kind === 'area' && ccw.side).toBe('left');
    expect(cw.kind === 'area' && cw.side).toBe('right');
    expect(validateTile({ ...tile(), elements: [ccw] })).toEqual([]);
  });

  it('ends near the boundary snap onto it, so a road drawn edge to edge crosses both edges', () => {
    let p = startPen('line', 'road');
    p = penAddAnchor(SQUARE, p, [-0.97, 0.02]);
    p = penAddAnchor(SQUARE, p, [0.96, -0.01]);
    const road = penElement(p, false, 'road-1')!;
    const [a, b] = [road.curve.points[0]!, road.curve.points[3]!];
    expect([a[0], b[0]]).toEqual([-1, 1]);
    expect(a[1]).toBeCloseTo(0.02, 12);
    expect(b[1]).toBeCloseTo(-0.01, 12);
    const t = { ...tile(), elements: [road] };
    expect(validateTile(t)).toEqual([]);
    const withRoad = edgeIndicators(t).filter((e) => e.positions.length > 0);
    expect(withRoad).toHaveLength(2);
    // Far from the boundary nothing moves.
    expect(snapToBoundary(HEX, [0.2, 0.3])).toEqual([0.2, 0.3]);
  });

  it('gives fresh ids per kind', () => {
    const t: VectorTile = { ...tile(), elements: [{ id: 'line-1', kind: 'point', terrain: 'x', at: [0, 0] }] };
    expect(freshElementId(t, 'line')).toBe('line-2');
    expect(freshElementId(t, 'area')).toBe('area-1');
  });
});
