import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { runCli, runCliAsync, runJsonAsync } from './testing.js';
import { openLibrary } from '../node/store/index.js';
import { SAMPLE_MANIFEST, SAMPLE_TRACK } from '../core/sheets/sheets.testkit.js';
import { composeSheets, manifestSheetTiles, TRACK_COLOURS } from '../core/sheets/index.js';

const has = (tool: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`]);
    return true;
  } catch {
    return false;
  }
};

let dir = '';
let lib = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandtable-sheets-'));
  lib = join(dir, 'lib.sqlite');
  expect(runCli(['library', 'init', lib]).code).toBe(0);
  const l = openLibrary(lib);
  try {
    l.games.import({ id: 'sample', manifest: SAMPLE_MANIFEST, tiles: SAMPLE_TRACK });
  } finally {
    l.close();
  }
});

const OPTIONS = { layout: 'die', paper: 'letter', bleedMm: 3, tileMm: 38, unlimitedCount: 6, title: 'sample' } as const;
const rgbAt = (png: ReturnType<typeof decode>, xMm: number, yMm: number, dpi: number): number[] => {
  const x = Math.round((xMm * dpi) / 25.4);
  const y = Math.round((yMm * dpi) / 25.4);
  const o = (y * png.width + x) * png.channels;
  return Array.from(png.data.subarray(o, o + 3));
};
const hexRgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const near = (a: number[], b: number[], tol = 12) => a.every((v, i) => Math.abs(v - b[i]!) <= tol);

describe('sandtable sheets', () => {
  it.skipIf(!has('pdfinfo'))('prints a game manifest as a die sheet poppler reads: page size, numbers, manifest, art in the bleed, cut lines where the layout says', async () => {
    const out = join(dir, 'sample.pdf');
    const r = await runJsonAsync(['sheets', lib, '--game', 'sample', '--layout', 'die', '--paper', 'letter', '--tile', '38mm', '--bleed', '3', '--unlimited', '6', '-o', out]);
    expect(r).toMatchObject({ tiles: 25, kinds: 6, written: [out] });
    const info = execFileSync('pdfinfo', [out], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    expect(pages).toBe(r.pages);
    const text = execFileSync('pdftotext', ['-layout', out, '-'], { encoding: 'utf8' });
    for (let p = 1; p <= pages; p++) expect(text).toContain(`page ${p} of ${pages}`);
    expect(text).toContain(`sheet 1 of ${r.sheets}`);
    expect(text).toContain('Tile manifest: 6 tiles, 25 printed');
    expect(text).toMatch(/8 \(yellow\)\s+7\s+sheet 1: r1c1 r1c2/);
    // Page text is stroke-font lines over an invisible copy in a Type 3 font the file carries:
    // no font a printer or viewer would have to find or substitute.
    if (has('pdffonts')) {
      const fonts = execFileSync('pdffonts', [out], { encoding: 'utf8' }).split('\n').slice(2).filter((l) => l.trim());
      expect(fonts.length).toBeGreaterThan(0);
      for (const f of fonts) expect(f).toMatch(/Type 3\s+Custom\s+yes\s+no\s+yes/);
    }

    // The same layout, computed here, says where tile r1c1 (an 8, yellow) is.
    const set = composeSheets(manifestSheetTiles(SAMPLE_MANIFEST, SAMPLE_TRACK, 6), OPTIONS);
    const first = set.layout.pages[0]![0]!;
    const dpi = 300;
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', out, join(dir, 'page')]);
    const png = decode(readFileSync(join(dir, 'page-1.png')));
    const yellow = hexRgb(TRACK_COLOURS.yellow!);
    // Into the bleed (1.5 mm past the top cut line) the tile's yellow; past the bleed, paper.
    expect(near(rgbAt(png, first.cx - 5, first.cy - 19 - 1.5, dpi), yellow)).toBe(true);
    expect(near(rgbAt(png, first.cx - 5, first.cy - 19 - 3.6, dpi), [255, 255, 255])).toBe(true);
    // The cut line: dark exactly on the layout's cut outline, yellow 0.5 mm either side.
    const onLine = rgbAt(png, first.cx - 5, first.cy - 19, dpi);
    expect(Math.max(...onLine)).toBeLessThan(110);
    expect(near(rgbAt(png, first.cx - 5, first.cy - 19 + 0.5, dpi), yellow)).toBe(true);
    expect(near(rgbAt(png, first.cx - 5, first.cy - 19 - 0.5, dpi), yellow)).toBe(true);
  });

  it.skipIf(!has('convert'))('writes one SVG per page with Inkscape layers that ImageMagick renders, and PNGs at the dpi asked for', async () => {
    const svg = join(dir, 'geo.svg');
    const r = await runJsonAsync(['sheets', lib, '--tiles', 'hex-clear-1:3,sq-clear-1:0', '--layout', 'individual', '--paper', 'a4', '--bleed', '6', '--die-template', '--no-manifest', '-o', svg]);
    expect(r.written).toEqual([join(dir, 'geo-1.svg')]);
    const text = readFileSync(join(dir, 'geo-1.svg'), 'utf8');
    for (const layer of ['bleed', 'art', 'cut lines', 'marks', 'die line', 'text']) expect(text).toContain(`inkscape:label="${layer}"`);
    expect(text).toContain('width="210mm" height="297mm"');
    execFileSync('convert', [join(dir, 'geo-1.svg'), join(dir, 'geo-svg.png')]);
    const rendered = decode(readFileSync(join(dir, 'geo-svg.png')));
    expect(rendered.width).toBeGreaterThan(500);
    // Fills carry stroke="none": renderers that stroke by default (ImageMagick's own) leave the paper white.
    const white = rendered.depth === 16 ? 65535 : 255;
    expect(Array.from(rendered.data.subarray(0, 3))).toEqual([white, white, white]);
    const png = await runJsonAsync(['sheets', lib, '--tiles', 'hex-clear-1:2', '--paper', 'a4', '--dpi', '100', '--no-manifest', '-o', join(dir, 'geo.png')]);
    const page = decode(readFileSync(png.written[0]));
    expect([page.width, page.height]).toEqual([Math.round((210 * 100) / 25.4), Math.round((297 * 100) / 25.4)]);
  });

  it('prints duplex backs after their fronts', async () => {
    const r = await runJsonAsync(['sheets', lib, '--game', 'sample', '--backs', '#1d3557', '--duplex', 'short', '--back-offset', '0.5,-0.25', '-o', join(dir, 'duplex.pdf')]);
    expect(r.pages).toBe(2 * r.sheets + 1);
    const drawn = await runJsonAsync(['sheets', lib, '--tiles', 'hex-clear-1:2', '--backs', 'hex-clear-copse-1', '--format', 'svg', '--no-manifest', '-o', join(dir, 'backs.svg')]);
    expect(drawn.written).toHaveLength(2);
    expect(readFileSync(drawn.written[1], 'utf8')).toContain('inkscape:label="art"');
  });

  it('refuses bad input with one line and writes nothing', async () => {
    const out = join(dir, 'bad.pdf');
    for (const [args, pattern] of [
      [['--game', 'sample', '--bleed', '4'], /^sandtable sheets: bleed \(mm\) must be one of 0, 3, 6, got 4$/],
      [['--game', 'nope'], /no game "nope" in /],
      [['--tiles', 'no-such-tile:2'], /"no-such-tile": no vector tile with this id/],
      [['--game', 'sample', '--tiles', 'x'], /give either --game G/],
      [['--game', 'sample', '--tile', '2 cubits'], /tile size must be a length such as 38mm/],
      [['--game', 'sample', '--backs', 'blue'], /backs: not a #rrggbb colour nor a vector tile/],
    ] as const) {
      const res = await runCliAsync(['sheets', lib, ...args, '-o', out]);
      expect(res.code).not.toBe(0);
      expect(res.err.trim().split('\n')).toHaveLength(1);
      expect(res.err.trim()).toMatch(pattern);
    }
    expect(existsSync(out)).toBe(false);
  });
});
