import { describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { PDFDocument } from 'pdf-lib';
import { openLibrary } from '../store/index.js';
import { SAMPLE_MANIFEST, SAMPLE_TRACK } from '../../core/sheets/sheets.testkit.js';
import { composeSheets, manifestSheetTiles } from '../../core/sheets/index.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-sheets-');
const { call } = kit;

/** A library file in the projects folder holding the 1889-like sample game, opened. */
async function gameLibrary(): Promise<string> {
  const dir = join(kit.dir, 'projects');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'rails.sandtable-library');
  const lib = openLibrary(path);
  try {
    lib.games.import({ id: 'sample', name: 'Sample 1889', manifest: SAMPLE_MANIFEST, tiles: SAMPLE_TRACK });
  } finally {
    lib.close();
  }
  return (await call('library.open', { path })).id;
}

const OPTIONS = { layout: 'die', paper: 'letter', tileMm: 38.1, bleedMm: 3, unlimitedCount: 6 } as const;

describe('tile sheets service', () => {
  it('lists the games of a library', async () => {
    const library = await gameLibrary();
    expect(await call('tiles.games', { library })).toEqual({ games: [{ id: 'sample', name: 'Sample 1889', kinds: SAMPLE_MANIFEST.tiles.length }] });
  });

  it('previews page 1 of a game manifest as a PNG whose longer side is the size asked for', async () => {
    const library = await gameLibrary();
    const r = await call('tiles.sheetsPreview', { source: { library, game: 'sample' }, options: OPTIONS, page: 1, size: 400 });
    const png = decode(Buffer.from(r.base64, 'base64'));
    // Letter portrait: 400 px high, 215.9/279.4 of that wide.
    expect([png.width, png.height]).toEqual([Math.round((400 * 215.9) / 279.4), 400]);
    expect([r.width, r.height, r.page]).toEqual([png.width, png.height, 1]);
    expect(r.tiles).toBe(25);
    // The paper is white, the tiles are not: the page has art on it.
    const px = png.data;
    let coloured = 0;
    for (let i = 0; i < px.length; i += png.channels) if (px[i]! < 200 || px[i + 1]! < 200 || px[i + 2]! < 200) coloured++;
    expect(coloured).toBeGreaterThan((png.width * png.height) / 10);
  });

  it('exports a PDF with as many pages as the layout has, and SVG pages with the documented names', async () => {
    const library = await gameLibrary();
    const dir = join(kit.dir, 'projects');
    const expected = composeSheets(manifestSheetTiles(SAMPLE_MANIFEST, SAMPLE_TRACK, 6), OPTIONS);
    const pdf = await call('tiles.exportSheets', { source: { library, game: 'sample' }, options: { ...OPTIONS, backColour: '#1d3557' }, format: 'pdf', path: join(dir, 'sample') });
    expect(pdf.paths).toEqual([join(dir, 'sample.pdf')]);
    const doc = await PDFDocument.load(readFileSync(pdf.paths[0]));
    const withBacks = composeSheets(manifestSheetTiles(SAMPLE_MANIFEST, SAMPLE_TRACK, 6), { ...OPTIONS, backColour: '#1d3557' });
    expect(doc.getPageCount()).toBe(withBacks.drawings.length);
    expect(pdf.pages).toBe(withBacks.drawings.length);
    expect(withBacks.drawings.length).toBeGreaterThan(expected.drawings.length); // the backs are there

    const svg = await call('tiles.exportSheets', { source: { library, game: 'sample' }, options: OPTIONS, format: 'svg', path: join(dir, 'sheets.svg') });
    const names = expected.drawings.map((_, k) => `sheets-${k + 1}.svg`);
    expect(svg.paths).toEqual(names.map((n) => join(dir, n)));
    expect(readdirSync(dir).filter((f) => f.endsWith('.svg')).sort()).toEqual([...names].sort());
    expect(readFileSync(svg.paths[0], 'utf8')).toContain('inkscape:label="cut lines"');
  });

  it('prints vector tiles of the user library in their counts', async () => {
    const { tiles } = await call('tiles.list', { library: 'user', shape: 'hex', limit: 2 });
    const r = await call('tiles.sheetsPreview', { source: { library: 'user', tiles: tiles.map((t: { id: string }, k: number) => ({ id: t.id, count: k + 2 })) }, options: { layout: 'individual', paper: 'a4' }, page: 1, size: 300 });
    expect(r.tiles).toBe(5);
    expect(r.height).toBe(300);
  });

  it('answers bad choices with core’s one line, and writes nothing outside the allowed folders', async () => {
    const library = await gameLibrary();
    await expect(call('tiles.sheetsPreview', { source: { library, game: 'sample' }, options: { bleedMm: 4 }, page: 1, size: 200 })).rejects.toThrow(/bleed \(mm\) must be one of 0, 3, 6, got 4$/);
    await expect(call('tiles.sheetsPreview', { source: { library, game: 'nope' }, options: {}, page: 1, size: 200 })).rejects.toThrow(/no game "nope" in rails \(import/);
    await expect(call('tiles.sheetsPreview', { source: { library }, options: {}, page: 1, size: 200 })).rejects.toThrow(/give either a game/);
    await expect(call('tiles.exportSheets', { source: { library, game: 'sample' }, options: {}, format: 'pdf', path: '/etc/sheets.pdf' })).rejects.toThrow(/may not export tiles to this path/);
  });
});
