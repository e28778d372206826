import { describe, expect, it } from 'vitest';
import { errorOf, loadDefaultCatalogue, minimalCatalogueJson } from './catalogue.testkit.js';
import { compileColours, compileMovement, compileSight, EMPTY_TERRAIN, MAX_PALETTE_SIZE, resolvePalette } from './compiled.js';
import { parseCatalogue } from './parse.js';

const c = parseCatalogue(minimalCatalogueJson(), 'test.json');
// Palette index k holds palette[k − 1]; index 0 is "no terrain".
const palette = ['ocean', 'clear', 'river', 'road', 'forest', 'cliff'];

describe('resolvePalette', () => {
  it('maps palette entries to terrains in order', () => {
    expect(resolvePalette(c, palette).map((t) => t.id)).toEqual(palette);
    expect(resolvePalette(c, [])).toEqual([]);
  });

  it('names an unknown id, with its palette position and terrain index', () => {
    expect(errorOf(() => resolvePalette(c, ['clear', 'forrest']))).toBe(
      'palette[1] (terrain index 2): unknown terrain "forrest" (not in catalogue "Minimal")',
    );
    expect(errorOf(() => compileMovement(c, ['woods'], 'foot'))).toBe('palette[0] (terrain index 1): unknown terrain "woods" (not in catalogue "Minimal")');
    expect(errorOf(() => compileSight(c, ['woods']))).toBe('palette[0] (terrain index 1): unknown terrain "woods" (not in catalogue "Minimal")');
    expect(errorOf(() => compileColours(c, ['woods']))).toBe('palette[0] (terrain index 1): unknown terrain "woods" (not in catalogue "Minimal")');
  });

  it('rejects a palette that is not an array', () => {
    expect(errorOf(() => resolvePalette(c, 'clear' as never))).toBe('palette: expected an array of terrain ids, got string');
  });

  it('rejects a repeated id, a non-string id and an over-long palette', () => {
    expect(errorOf(() => resolvePalette(c, ['clear', 'river', 'clear']))).toBe('palette[2] (terrain index 3): "clear" is already palette[0]');
    expect(errorOf(() => resolvePalette(c, ['clear', 3 as unknown as string]))).toBe(
      'palette[1] (terrain index 2): unknown terrain 3 (not in catalogue "Minimal")',
    );
    const big = loadDefaultCatalogue();
    const ids = big.terrains.map((t) => t.id);
    const tooMany = Array.from({ length: MAX_PALETTE_SIZE + 1 }, (_, i) => ids[i % ids.length]!);
    expect(errorOf(() => resolvePalette(big, tooMany))).toBe(
      'palette: expected at most 255 terrain ids (Uint8 indices 1…255; 0 = no terrain), got 256',
    );
  });
});

describe('compileMovement', () => {
  it('builds per-palette-index cost, playable and isLinear arrays, index 0 empty', () => {
    const foot = compileMovement(c, palette, 'foot');
    expect(foot.mode).toBe('foot');
    expect(foot.cost).toBeInstanceOf(Float32Array);
    expect(foot.playable).toBeInstanceOf(Uint8Array);
    expect(foot.isLinear).toBeInstanceOf(Uint8Array);
    expect(Array.from(foot.cost)).toEqual([0, Infinity, 1, 2, 0.5, 2, Infinity]);
    expect(Array.from(foot.playable)).toEqual([0, 0, 1, 0, 1, 1, 0]);
    expect(Array.from(foot.isLinear)).toEqual([0, 0, 0, 1, 1, 0, 1]);
    expect(foot.playable[EMPTY_TERRAIN]).toBe(0);
    expect(foot.cost[EMPTY_TERRAIN]).toBe(0);
  });

  it('compiles each mode separately', () => {
    const boat = compileMovement(c, palette, 'boat');
    expect(Array.from(boat.cost)).toEqual([0, 1, Infinity, 1, Infinity, Infinity, Infinity]);
    expect(Array.from(boat.playable)).toEqual([0, 1, 0, 1, 0, 0, 0]);
  });

  it('compiles the whole default catalogue as one palette', () => {
    const big = loadDefaultCatalogue();
    const ids = big.terrains.map((t) => t.id);
    const table = compileMovement(big, ids, 'wheeled');
    expect(table.cost.length).toBe(ids.length + 1);
    expect(table.cost[ids.indexOf('river-bridge') + 1]).toBe(0.5);
    expect(table.cost[ids.indexOf('mountains') + 1]).toBe(Infinity);
  });

  it('rejects an unknown mode, listing the catalogue modes', () => {
    expect(errorOf(() => compileMovement(c, palette, 'air'))).toBe('unknown movement mode "air" (catalogue "Minimal" has: foot, boat)');
  });
});

describe('compileSight', () => {
  it('builds sight arrays: across/along for linear, through for area, zero at index 0', () => {
    const j = minimalCatalogueJson();
    j.terrains[0].elevationOffset = 12.5;
    j.terrains[0].cover = 0.25;
    j.terrains[1].concealment = 0.75;
    j.terrains[5].blocksSightAlong = true;
    const s = compileSight(parseCatalogue(j), ['clear', 'forest', 'river', 'cliff', 'ocean']);
    expect(s.elevationOffset).toBeInstanceOf(Float32Array);
    expect(Array.from(s.elevationOffset)).toEqual([0, 12.5, 0, 0, 0, 0]);
    expect(Array.from(s.height)).toEqual([0, 0, 15, 0, 30, 0]);
    expect(Array.from(s.cover)).toEqual([0, 0.25, 0, 0, 0, 0]);
    expect(Array.from(s.concealment)).toEqual([0, 0, 0.75, 0, 0, 0]);
    expect(Array.from(s.blocksThrough)).toEqual([0, 0, 1, 0, 0, 0]);
    expect(Array.from(s.blocksAcross)).toEqual([0, 0, 0, 0, 1, 0]);
    expect(Array.from(s.blocksAlong)).toEqual([0, 0, 0, 1, 0, 0]);
  });
});

describe('compileColours', () => {
  it('writes RGB triples per palette index, with the empty colour at index 0', () => {
    const rgb = compileColours(c, ['clear', 'ocean']);
    expect(rgb).toBeInstanceOf(Uint8Array);
    expect(Array.from(rgb)).toEqual([0, 0, 0, 0xc0, 0xd0, 0x80, 0x20, 0x40, 0x80]);
    expect(Array.from(compileColours(c, ['river'], '#FF0a01'))).toEqual([255, 10, 1, 0x30, 0x70, 0xc0]);
  });

  it('rejects a malformed empty colour', () => {
    expect(errorOf(() => compileColours(c, [], 'red'))).toBe('emptyColour: expected "#rrggbb", got "red"');
  });
});
