import { describe, expect, it } from 'vitest';
import { encodePlacement } from '../../../core/map/orientation-code.js';
import { mirrorAmong, placementAt, placementLabel, rotateAmong } from './placing.js';

const r = (rotation: number) => encodePlacement({ orientation: { rotation, mirror: 'none' } });
const m = (rotation: number) => encodePlacement({ orientation: { rotation, mirror: 'x' } });

describe('placing choices', () => {
  it('shows the preferred placement where it fits, else the first that fits, else none', () => {
    expect(placementAt([r(60), r(180)], r(180))).toBe(r(180));
    expect(placementAt([r(60), r(180)], r(0))).toBe(r(60));
    expect(placementAt([], r(0))).toBeNull();
    expect(placementAt(undefined, r(0))).toBeNull();
  });

  it('rotate cycles only the placements that fit, clockwise, keeping the mirror', () => {
    const allowed = [r(0), r(120), r(240), m(60)];
    expect(rotateAmong(allowed, r(0))).toBe(r(120));
    expect(rotateAmong(allowed, r(120))).toBe(r(240));
    expect(rotateAmong(allowed, r(240))).toBe(r(0));
    // The only mirrored one: rotating goes on to the others rather than stay put.
    expect(rotateAmong(allowed, m(60))).toBe(r(120));
    expect(rotateAmong([r(60)], r(60))).toBe(r(60));
  });

  it('mirror goes to the nearest mirrored placement that fits, or nowhere', () => {
    expect(mirrorAmong([r(0), m(60), m(180)], r(0))).toBe(m(60));
    expect(mirrorAmong([r(0), m(60), m(180)], m(180))).toBe(r(0));
    expect(mirrorAmong([r(0), r(120)], r(0))).toBeNull();
  });

  it('labels placements as the CLI names orientations', () => {
    expect(placementLabel(r(60))).toBe('r60');
    expect(placementLabel(m(120))).toBe('m120');
  });
});
