import { describe, expect, it } from 'vitest';
import { errorOf } from '../terrain/catalogue.testkit.js';
import { getTerrain } from '../terrain/lookup.js';
import type { AreaTerrain, LinearTerrain } from '../terrain/types.js';
import { BARRIER_COLOUR, BARRIER_PIXELS, COST_CLASS_COLOURS, compileOutlineStyles, outlineColour } from './outline-style.js';
import { compileRenderPalette, defaultJoins } from './palette.js';
import { defaultCatalogue, testCatalogue } from './render.testkit.js';

describe('compileRenderPalette', () => {
  const palette = ['clear', 'river', 'road', 'river-bridge', 'railroad', 'stream', 'canal'];
  const p = compileRenderPalette(defaultCatalogue, palette);
  const idx = (id: string) => palette.indexOf(id) + 1;
  const connects = (a: string, b: string) => p.connects[idx(a) * p.size + idx(b)] === 1;

  it('fills RGBA from the catalogue colours, index 0 from the empty colour', () => {
    expect(Array.from(p.rgba.subarray(0, 4))).toEqual([0, 0, 0, 255]);
    expect(Array.from(p.rgba.subarray(4 * idx('clear'), 4 * idx('clear') + 4))).toEqual([0xc8, 0xd8, 0x8a, 255]);
    const q = compileRenderPalette(defaultCatalogue, palette, { emptyColour: '#102030' });
    expect(Array.from(q.rgba.subarray(0, 4))).toEqual([0x10, 0x20, 0x30, 255]);
  });

  it('gives linear terrain half of its width class (narrow 0.35, medium 0.6, wide 1.0 of the spacing)', () => {
    expect(p.halfWidth[idx('river')]).toBeCloseTo(0.5);
    expect(p.halfWidth[idx('canal')]).toBeCloseTo(0.3);
    expect(p.halfWidth[idx('stream')]).toBeCloseTo(0.175);
    const q = compileRenderPalette(defaultCatalogue, palette, { widths: { narrow: 0.2, medium: 0.4, wide: 0.8 } });
    expect(q.halfWidth[idx('river')]).toBeCloseTo(0.4);
  });

  it('connects a terrain to itself and a composite to both of its parts, nothing else by default', () => {
    expect(connects('river', 'river')).toBe(true);
    expect(connects('river-bridge', 'river')).toBe(true);
    expect(connects('road', 'river-bridge')).toBe(true);
    expect(connects('river', 'road')).toBe(false);
    expect(connects('railroad', 'road')).toBe(false);
    expect(connects('stream', 'river')).toBe(false);
  });

  it('joins a linear terrain to the area terrain named after it (road → road-area), and accepts a custom rule', () => {
    const test = testCatalogue();
    const road = getTerrain(test, 'road') as LinearTerrain;
    expect(defaultJoins(road, getTerrain(test, 'road-area') as AreaTerrain)).toBe(true);
    expect(defaultJoins(road, getTerrain(test, 'clear') as AreaTerrain)).toBe(false);
    expect(defaultJoins(getTerrain(defaultCatalogue, 'railroad') as LinearTerrain, { ...(getTerrain(test, 'road-area') as AreaTerrain) })).toBe(false);
    const t = compileRenderPalette(test, ['road', 'road-area', 'clear']);
    expect(t.anyJoins).toBe(true);
    expect(t.joins[1 * t.size + 2]).toBe(1);
    expect(t.joins[1 * t.size + 3]).toBe(0);
    const none = compileRenderPalette(test, ['road', 'road-area'], { joins: () => false });
    expect(none.anyJoins).toBe(false);
  });

  it('rejects widths outside (0, 1] and malformed colours, saying what was expected', () => {
    expect(errorOf(() => compileRenderPalette(defaultCatalogue, palette, { widths: { narrow: 0.3, medium: 0.6, wide: 1.5 } }))).toBe(
      'linear width "wide" must be a fraction of the tile spacing in (0, 1], got 1.5',
    );
    expect(errorOf(() => compileRenderPalette(defaultCatalogue, palette, { emptyColour: 'black' }))).toBe('emptyColour: expected "#rrggbb", got "black"');
  });
});

describe('outline styles', () => {
  it('halves a colour, or lifts a very dark one half way to white', () => {
    expect(outlineColour('#c8d88a')).toBe('#646c45');
    expect(outlineColour('#2a2a2a')).toBe('#959595');
  });

  it('follows the mode: playable flags, dashed where entering costs more than 1, denser dashes for dearer classes', () => {
    const palette = ['clear', 'forest', 'river', 'road', 'stream'];
    const foot = compileOutlineStyles(defaultCatalogue, palette, 'foot');
    const boat = compileOutlineStyles(defaultCatalogue, palette, 'boat');
    expect(Array.from(foot.playable)).toEqual([0, 1, 1, 0, 1, 0]);
    expect(Array.from(boat.playable)).toEqual([0, 0, 0, 1, 0, 1]);
    expect(Array.from(foot.dashed)).toEqual([0, 0, 1, 1, 0, 0]); // forest costs 2 on foot
    expect(Array.from(boat.dashed)).toEqual([0, 0, 0, 0, 0, 1]); // stream (2) dashed; impassable terrain is not outlined at all
    expect(Array.from(foot.width)).toEqual([0, 1.5, 1.5, 2, 1, 1]);
    // Forest: slow on foot (2, long dashes), a crawl on wheels (4, dots) — the two mode views differ.
    const wheeled = compileOutlineStyles(defaultCatalogue, palette, 'wheeled');
    expect(Array.from(foot.costClass)).toEqual([-1, 0, 1, 1, 0, 0]);
    expect(Array.from(wheeled.costClass)).toEqual([-1, 0, 3, -1, 0, 1]);
    expect(foot.dashScale[2]).toBe(1);
    expect(wheeled.dashScale[2]).toBe(5);
    expect(foot.dashScale[1]).toBe(0);
  });

  it('tells foot from wheels by colour, not only dash, and marks what a mode cannot pass as a barrier', () => {
    const palette = ['clear', 'forest', 'swamp', 'river', 'river-bridge'];
    const foot = compileOutlineStyles(defaultCatalogue, palette, 'foot');
    const wheeled = compileOutlineStyles(defaultCatalogue, palette, 'wheeled');
    const rgb = (s: { rgba: Uint8Array }, k: number) => Array.from(s.rgba.subarray(4 * k, 4 * k + 3));
    // Forest: slow on foot (amber), a crawl on wheels (violet).
    expect(rgb(foot, 2)).toEqual([0xb5, 0x89, 0x00]);
    expect(rgb(wheeled, 2)).toEqual([0xb0, 0x3a, 0xe0]);
    expect(COST_CLASS_COLOURS).toHaveLength(new Set(COST_CLASS_COLOURS).size);
    // Swamp cannot be entered on wheels, a river without a bridge not crossed; the bridge can.
    expect(Array.from(wheeled.barrier)).toEqual([0, 0, 0, 1, 1, 0]);
    expect(Array.from(foot.barrier)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(rgb(wheeled, 3)).toEqual([0xb0, 0x10, 0x2a]);
    expect(wheeled.width[3]).toBe(BARRIER_PIXELS);
    expect(BARRIER_PIXELS).toBeGreaterThan(Math.max(...Array.from(foot.width)));
    expect(COST_CLASS_COLOURS).not.toContain(BARRIER_COLOUR);
  });

  it('takes a per-terrain, per-mode override and checks it', () => {
    const s = compileOutlineStyles(defaultCatalogue, ['road'], 'wheeled', (t, mode, fallback) => (t.id === 'road' && mode === 'wheeled' ? { ...fallback, colour: '#ff0000', width: 3 } : undefined));
    expect(Array.from(s.rgba.subarray(4, 8))).toEqual([255, 0, 0, 255]);
    expect(s.width[1]).toBe(3);
    expect(errorOf(() => compileOutlineStyles(defaultCatalogue, ['road'], 'foot', (_t, _m, f) => ({ ...f, colour: 'red' })))).toBe(
      'outline colour of "road" for mode "foot": expected "#rrggbb", got "red"',
    );
    expect(errorOf(() => compileOutlineStyles(defaultCatalogue, ['road'], 'foot', (_t, _m, f) => ({ ...f, width: 0 })))).toBe(
      'outline width of "road" for mode "foot" must be a positive number of pixels, got 0',
    );
  });
});
