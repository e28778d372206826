/**
 * End-to-end, in Chromium against browser mode: the Export dialog (issue 17). A designer
 * paints forest on a hex AL-FORM map, opens Export → "Picture, print or GeoJSON…", sees the
 * preview, exports a PNG at 600 pixels and a Letter landscape PDF; the main process writes
 * both into the projects folder, and the files are read back (PNG decoded, PDF through
 * poppler when it is installed). The dialog is screenshotted for review.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGrid } from '../../core/grid/create.js';
import { appForSuite, skipReason, shot } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm, tileAt } from './map-view.js';
import { decodePng } from './png.js';

const missing = skipReason();

const hasPoppler = (): boolean => {
  try {
    execFileSync('sh', ['-c', 'command -v pdfinfo']);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!!missing)('exporting pictures and prints in the browser', () => {
  const app = appForSuite();
  let projects = '';

  it('opens the Export dialog with a preview of the map', async () => {
    const { page } = app;
    projects = (await app.server.services.invoke('app.info', {})).defaultProjectDir;
    mkdirSync(projects, { recursive: true });
    await fillNewMapForm(page, { name: 'Export test', kind: 'hex-rectangle', width: 7, height: 5, alform: true, fill: 'clear' });
    await createMap(page);
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 13, height: 9 }, alform: true });
    const map = new MapDriver(page, grid);
    await map.drawn(1);
    await page.getByTestId('terrain-forest').click();
    await map.drag([tileAt(grid, 2, 2), tileAt(grid, 4, 2), tileAt(grid, 4, 4)]);
    await eventually(async () => (await map.hover(tileAt(grid, 4, 4))).terrain === 'forest', 'the forest to be painted');

    await page.getByTestId('export').click();
    await page.getByTestId('export-picture').click();
    await page.getByTestId('export-dialog').waitFor();
    const img = page.getByTestId('export-preview-image');
    await img.waitFor({ timeout: 30_000 });
    expect(Number(await img.getAttribute('width'))).toBeGreaterThan(100);
    expect(await page.getByTestId('export-path').inputValue()).toBe('Export test.png');
    await shot(page, 'export-dialog');
  }, 240_000);

  it('exports a PNG of the size asked for into the projects folder', async () => {
    const { page } = app;
    await page.getByTestId('export-size').fill('600');
    await page.getByTestId('export-path').fill('export-e2e');
    await page.getByTestId('export-confirm').click();
    await page.getByTestId('export-dialog').waitFor({ state: 'detached', timeout: 60_000 });
    const file = join(projects, 'export-e2e.png');
    await eventually(async () => existsSync(file), 'the PNG to be written');
    const png = decodePng(readFileSync(file));
    expect(png.width).toBe(600);
    await page.getByText(/Exported .*export-e2e\.png/).waitFor();
  }, 120_000);

  it('exports a Letter landscape PDF that poppler reads', async () => {
    const { page } = app;
    await page.getByTestId('export').click();
    await page.getByTestId('export-picture').click();
    await page.getByTestId('export-format').selectOption('pdf');
    await page.getByTestId('export-paper').selectOption('letter');
    await page.getByTestId('export-landscape').check();
    expect(await page.getByTestId('export-path').inputValue()).toBe('Export test.pdf');
    // The heightmap has its own default name, and its defaults pass the browser's own checks
    // (issue 30: "Metres between tiles" 100 with step 10 from 0.1 was invalid).
    await page.getByTestId('export-format').selectOption('heightmap');
    expect(await page.getByTestId('export-path').inputValue()).toBe('Export test-heightmap.png');
    expect(await page.getByTestId('export-metres').inputValue()).toBe('100');
    expect(await page.evaluate(`document.querySelector('[data-testid=export-dialog] form').checkValidity()`)).toBe(true);
    await page.getByTestId('export-format').selectOption('pdf');
    await page.getByTestId('export-paper').selectOption('letter');
    await page.getByTestId('export-landscape').check();
    await shot(page, 'export-dialog-pdf');
    await page.getByTestId('export-path').fill('export-e2e.pdf');
    await page.getByTestId('export-confirm').click();
    await page.getByTestId('export-dialog').waitFor({ state: 'detached', timeout: 60_000 });
    const file = join(projects, 'export-e2e.pdf');
    await eventually(async () => existsSync(file), 'the PDF to be written');
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPoppler()) {
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/Page size:\s+792 x 612 pts \(letter\)/);
      expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toMatch(/Export test - page 1 of \d+/);
    }
  }, 120_000);
});
