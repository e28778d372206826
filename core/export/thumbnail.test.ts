import { describe, expect, it } from 'vitest';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { rgbaOf, symbolColour } from '../render/symbols.js';
import { CLEARING_TILE, HEX_TILE, PENTAGON_TILE, SQUARE_TILE, tileOf, edgeLine } from '../vector/vector.testkit.js';
import { HEX, SQUARE } from '../vector/shape.js';
import { thumbnailRgba, thumbnailScene, thumbnailStyle, thumbnailSvg } from './thumbnail.js';
import type { VectorTile } from '../vector/types.js';

const catalogue = loadDefaultCatalogue();
const style = thumbnailStyle(catalogue);
const colour = (id: string) => rgbaOf(catalogue.terrains.find((t) => t.id === id)!.colour);

function pixel(tile: VectorTile, size: number, x: number, y: number): number[] {
  const r = thumbnailRgba(thumbnailScene(tile, style, size));
  const o = 4 * (Math.round(y) * size + Math.round(x));
  return [...r.rgba.subarray(o, o + 4)];
}

const near = (a: readonly number[], b: readonly number[], tol = 12) => a.every((v, i) => Math.abs(v - b[i]!) <= tol);

describe('vector tile thumbnails', () => {
  it('fills areas in their terrain colour on the ground colour, transparent outside the tile', () => {
    // SQUARE_TILE: forest in the bottom-left corner (model y up), lake near the top right of centre.
    const size = 64;
    // The very corner of the square: forest.
    expect(near(pixel(SQUARE_TILE, size, 4, size - 4), colour('forest'), 40)).toBe(true);
    // The lake's middle (model 0.35, 0.25 → pixels): its terrain colour.
    const s = (size - 4) / 2;
    expect(near(pixel(SQUARE_TILE, size, 2 + (0.35 + 1) * s, 2 + (1 - 0.25) * s), colour('lake'))).toBe(true);
    // Ground where no element is (model 0.6, -0.6).
    expect(near(pixel(SQUARE_TILE, size, 2 + 1.6 * s, 2 + 1.6 * s), rgbaOf(style.ground))).toBe(true);
    // A hex leaves the corners of its picture transparent.
    expect(pixel(HEX_TILE, size, 1, 1)[3]).toBe(0);
  });

  it('leaves a clearing open inside a wood (a closed curve whose inside is the outer side)', () => {
    const size = 48;
    expect(near(pixel(CLEARING_TILE, size, size / 2, size / 2), rgbaOf(style.ground))).toBe(true);
    expect(near(pixel(CLEARING_TILE, size, 4, 4), colour('forest'), 40)).toBe(true);
  });

  it('strokes lines in their colour, wider for wider terrains', () => {
    const road = tileOf('r', SQUARE, { kind: 'line', id: 'r', terrain: 'road', curve: { points: [[-1, 0], [-0.3, 0], [0.3, 0], [1, 0]], closed: false } });
    const size = 64;
    expect(near(pixel(road, size, size / 2, size / 2), colour('road'))).toBe(true);
    const width = (t: string) => {
      const tile = tileOf('l', SQUARE, { kind: 'line', id: 'l', terrain: t, curve: { points: [[-1, 0], [-0.3, 0], [0.3, 0], [1, 0]], closed: false } });
      const r = thumbnailRgba(thumbnailScene(tile, style, size));
      let n = 0;
      for (let y = 0; y < size; y++) if (near([...r.rgba.subarray(4 * (y * size + size / 2), 4 * (y * size + size / 2) + 4)], colour(t), 20)) n++;
      return n;
    };
    // The default catalogue: rivers are wider than streams.
    expect(width('river')).toBeGreaterThan(width('stream'));
  });

  it('draws the same scene as SVG: one item per fill and stroke, the ground first and the outline last', () => {
    const scene = thumbnailScene(PENTAGON_TILE, style, 96);
    const svg = thumbnailSvg(scene);
    expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="96" height="96" viewBox="0 0 96 96">/);
    expect((svg.match(/<path /g) ?? []).length).toBe(scene.items.filter((i) => i.kind === 'fill').length);
    expect((svg.match(/<(polyline|polygon) /g) ?? []).length).toBe(scene.items.filter((i) => i.kind === 'stroke').length);
    expect(scene.items[0]).toMatchObject({ kind: 'fill', colour: style.ground });
    expect(scene.items.at(-1)).toMatchObject({ kind: 'stroke', colour: style.outline, closed: true });
    expect(svg).toContain(catalogue.terrains.find((t) => t.id === 'forest')!.colour);
    expect(svg).toContain(catalogue.terrains.find((t) => t.id === 'road')!.colour);
  });

  it('draws contours lowest first, so the higher ground is on top', () => {
    const ring = (r: number) => ({ points: [[-r, 0], [-r, r * 0.55], [-r * 0.55, r], [0, r], [r * 0.55, r], [r, r * 0.55], [r, 0], [r, -r * 0.55], [r * 0.55, -r], [0, -r], [-r * 0.55, -r], [-r, -r * 0.55], [-r, 0]] as [number, number][], closed: true });
    const hill = tileOf(
      'h',
      HEX,
      { kind: 'area', id: 'top', terrain: 'mountains', side: 'right', height: 200, curve: ring(0.3) },
      { kind: 'area', id: 'foot', terrain: 'hills', side: 'right', height: 100, curve: ring(0.7) },
    );
    const size = 64;
    // Clockwise rings (y up) with side right: the enclosed side is inside. Sampled beside the
    // summit's symbol (drawn at the region's centre): the higher terrain there, the lower further out.
    const s = (size - 4) / (2 * 1.1547);
    expect(near(pixel(hill, size, size / 2 - 0.22 * s, size / 2), colour('mountains'), 12)).toBe(true);
    expect(near(pixel(hill, size, size / 2 - 0.5 * s, size / 2), colour('hills'), 12)).toBe(true);
    const items = thumbnailScene(hill, style, size).items.filter((i) => i.kind === 'fill').map((i) => i.colour);
    expect(items.indexOf(catalogue.terrains.find((t) => t.id === 'hills')!.colour)).toBeLessThan(items.indexOf(catalogue.terrains.find((t) => t.id === 'mountains')!.colour));
  });

  it('draws unknown terrains grey and refuses sizes out of range with one line', () => {
    const odd = tileOf('o', SQUARE, edgeLine(SQUARE, 'no-such-terrain', [0, 0.5], [4, 0.5]));
    expect(thumbnailSvg(thumbnailScene(odd, style, 32))).toContain('#9e9e9e');
    expect(() => thumbnailScene(odd, style, 8)).toThrow('thumbnail size must be an integer of 16…512 pixels, got 8');
    expect(() => thumbnailScene(odd, style, 40.5)).toThrow(/got 40\.5$/);
  });
});

describe('village thumbnails (issue 30: "a single dot")', () => {
  it('draw a village point as houses on a patch of village colour, not a dot', () => {
    const village: VectorTile = { id: 'v', shape: HEX, elements: [{ kind: 'point', id: 'village', terrain: 'village', at: [-0.08, -0.13] }] };
    const well: VectorTile = { id: 'w', shape: HEX, elements: [{ kind: 'point', id: 'well', terrain: 'well', at: [-0.08, -0.13] }] };
    const size = 96;
    const count = (tile: VectorTile, rgb: readonly number[]) => {
      const r = thumbnailRgba(thumbnailScene(tile, style, size)).rgba;
      let n = 0;
      for (let o = 0; o < r.length; o += 4) if (near([r[o]!, r[o + 1]!, r[o + 2]!], rgb, 20)) n++;
      return n;
    };
    const houses = rgbaOf(symbolColour(catalogue.terrains.find((t) => t.id === 'village')!));
    // The houses are drawn (the symbol colour), on a patch of village colour a good part of the tile across.
    expect(count(village, houses)).toBeGreaterThan(40);
    expect(count(village, colour('village'))).toBeGreaterThan(200); // the old dot was ~40 pixels
    // A point terrain without a symbol stays a small dot.
    expect(thumbnailScene(well, style, size).items.length).toBe(thumbnailScene(village, style, size).items.length - villageSymbolParts());
  });
});

function villageSymbolParts(): number {
  const scene = thumbnailScene({ id: 'v', shape: HEX, elements: [{ kind: 'point', id: 'v', terrain: 'village', at: [0, 0] }] }, style, 64);
  // Ground, rim, patch, symbol parts…, outline: the dot would be ground, rim, dot, outline.
  return scene.items.length - 4;
}
