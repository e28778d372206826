import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { runCli, runJsonAsync, runCliAsync } from './testing.js';
import { mapToJsonText } from '../core/map/map-json.js';
import { sampleMap } from '../core/export/export.testkit.js';

const has = (tool: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`]);
    return true;
  } catch {
    return false;
  }
};

function sampleFile(width = 16, height = 11): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-export-'));
  const file = join(dir, 'coast.json');
  writeFileSync(file, mapToJsonText(sampleMap(width, height)));
  return { dir, file };
}

describe('sandtable export: pictures and data', () => {
  it('writes a PNG at the size asked for, and a region of it', async () => {
    const { dir, file } = sampleFile();
    const out = join(dir, 'coast.png');
    const r = await runJsonAsync(['export', file, '--format', 'png', '--size', '800', '--no-legend', '-o', out]);
    expect(r.written).toEqual([out]);
    const png = decode(readFileSync(out));
    expect(Math.max(png.width, png.height)).toBe(800);
    const part = join(dir, 'part.png');
    await runJsonAsync(['export', file, '--format', 'png', '--region', '4,4:12,10', '--dpi', '72', '-o', part]);
    expect(decode(readFileSync(part)).width).toBeLessThan(png.width);
  });

  it('writes a 16-bit heightmap with its scale sidecar and tiles on one scale, and a cover PNG with its terrains', async () => {
    const { dir, file } = sampleFile();
    const out = join(dir, 'relief.png');
    const r = await runJsonAsync(['export', file, '--format', 'heightmap', '--size', '256', '--tile-cells', '128', '-o', out]);
    expect(r.written).toContain(join(dir, 'relief.heightmap.json'));
    expect(r.written).toContain(join(dir, 'relief-heightmap-0-0.png'));
    expect(decode(readFileSync(out)).depth).toBe(16);
    const whole = JSON.parse(readFileSync(join(dir, 'relief.heightmap.json'), 'utf8')) as { min: number; max: number };
    const tile = JSON.parse(readFileSync(join(dir, 'relief-heightmap-0-1.json'), 'utf8')) as { min: number; max: number };
    expect([tile.min, tile.max]).toEqual([whole.min, whole.max]);
    const cover = join(dir, 'cover.png');
    await runJsonAsync(['export', file, '--format', 'cover', '--size', '128', '-o', cover]);
    expect(decode(readFileSync(cover)).palette).toBeDefined();
    expect(JSON.parse(readFileSync(join(dir, 'cover.cover.json'), 'utf8'))).toMatchObject({ format: 'sandtable-cover' });
  });

  it.skipIf(!has('pdfinfo'))('writes a print PDF poppler reads: pages, paper, page labels, a drawn map', async () => {
    const { dir, file } = sampleFile(24, 16);
    const out = join(dir, 'coast.pdf');
    await runJsonAsync(['export', file, '--format', 'pdf', '--paper', 'a4', '--landscape', '--tile-mm', '19', '-o', out]);
    const info = execFileSync('pdfinfo', [out], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.27\d* pts \(A4\)/);
    // 24 columns × 19 mm × 0.75 (hex columns overlap) ≈ 350 mm wide, 16 rows ≈ 315 mm: 2×2 map pages + legend.
    expect(pages).toBe(5);
    const text = execFileSync('pdftotext', ['-layout', out, '-'], { encoding: 'utf8' });
    for (let p = 1; p <= pages; p++) expect(text).toContain(`page ${p} of ${pages}`);
    expect(text).toContain('0101');
    expect(text).toContain('Forest');
    expect(text).toContain('5 tiles = 9.5 cm');
    execFileSync('pdftoppm', ['-png', '-r', '30', '-f', '1', '-l', '1', out, join(dir, 'page')]);
    const page = decode(readFileSync(join(dir, 'page-1.png')));
    const o = 3 * (Math.round(page.height / 2) * page.width + Math.round(page.width / 2));
    const channels = page.channels;
    const px = Array.from(page.data.subarray((o / 3) * channels, (o / 3) * channels + 3));
    expect(px).not.toEqual([255, 255, 255]);
  });

  it.skipIf(!has('convert'))('writes an SVG that ImageMagick renders, and GeoJSON', async () => {
    const { dir, file } = sampleFile(8, 6);
    const svg = join(dir, 'coast.svg');
    await runJsonAsync(['export', file, '--format', 'svg', '--text-as-paths', '-o', svg]);
    const png = join(dir, 'svg.png');
    execFileSync('convert', [svg, png]);
    expect(decode(readFileSync(png)).width).toBeGreaterThan(100);
    const gj = join(dir, 'coast.geojson');
    await runJsonAsync(['export', file, '--format', 'geojson', '-o', gj]);
    const fc = JSON.parse(readFileSync(gj, 'utf8'));
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.filter((f: any) => f.geometry.type === 'Polygon')).toHaveLength(48);
  });

  it('refuses unknown formats with the list, bad options and absurd sizes with one line, writing nothing', async () => {
    const { dir, file } = sampleFile(6, 4);
    const r = runCli(['export', file, '--format', 'bmp', '-o', join(dir, 'x.bmp')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--format must be one of json, tmx, tmj, wesnoth, png, svg, pdf, geojson/);
    const big = join(dir, 'big.png');
    const b = await runCliAsync(['export', file, '--format', 'png', '--dpi', '2400', '--tile-mm', '200', '-o', big]);
    expect(b.code).toBe(1);
    expect(b.err.trim().split('\n')).toHaveLength(1);
    expect(b.err).toMatch(/the picture would be \d+×\d+ pixels; the limit is 32768 pixels a side/);
    expect(existsSync(big)).toBe(false);
    const p = await runCliAsync(['export', file, '--format', 'pdf', '--paper', 'a5', '-o', join(dir, 'x.pdf')]);
    expect(p.err).toMatch(/--paper must be one of a4, letter, a3, got "a5"/);
    const s = await runCliAsync(['export', file, '--format', 'png', '--size', 'huge', '-o', join(dir, 'x.png')]);
    expect(s.err).toMatch(/--size must be a number/);
  });
});
