import { describe, expect, it } from 'vitest';
import { CameraMemory } from './cameras.js';

describe('camera kept per map', () => {
  it('gives back the last camera of each map, and forgets on request', () => {
    const m = new CameraMemory();
    m.remember('a', { kind: 'flat', flat: { cx: 1, cy: 2, scale: 30 } });
    m.remember('b', { kind: 'globe', globe: { q: [0, 0, 0, 1], distance: 2 } });
    m.remember('a', { kind: 'flat', flat: { cx: 5, cy: 2, scale: 40 } });
    expect(m.recall('a')).toEqual({ kind: 'flat', flat: { cx: 5, cy: 2, scale: 40 } });
    expect(m.recall('b')?.kind).toBe('globe');
    m.forget('a');
    expect(m.recall('a')).toBeUndefined();
    expect(m.recall('nope')).toBeUndefined();
  });

  it('keeps at most 200 maps, dropping the least recently remembered', () => {
    const m = new CameraMemory();
    for (let k = 0; k < 201; k++) m.remember(`m${k}`, { kind: 'flat', flat: { cx: k, cy: 0, scale: 1 } });
    expect(m.recall('m0')).toBeUndefined();
    expect(m.recall('m1')).toBeDefined();
    expect(m.recall('m200')).toBeDefined();
  });
});
