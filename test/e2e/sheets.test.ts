/**
 * End-to-end, in Chromium against browser mode: Print tile sheets (issue 29). A designer opens
 * a library file holding an 18xx game (the 1889-like sample tiles), opens "Print tile sheets…"
 * from the Library panel, sees page 1 drawn as a die sheet, switches to the individual layout
 * and sees the preview and the print's size change, steps to page 2, is told in one line when
 * a margin is out of range, and saves a PDF that poppler reads with the pages the dialog said.
 * The dialog is screenshotted for review.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openLibrary } from '../../node/store/index.js';
import { SAMPLE_MANIFEST, SAMPLE_TRACK } from '../../core/sheets/sheets.testkit.js';
import { appForSuite, shot, skipReason } from './harness.js';
import { createMap, eventually, fillNewMapForm } from './map-view.js';
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

describe.skipIf(!!missing)('printing tile sheets in the browser', () => {
  const app = appForSuite();
  let projects = '';

  it('opens the dialog on a library game and previews a die sheet, then the individual layout', async () => {
    const { page } = app;
    projects = (await app.server.services.invoke('app.info', {})).defaultProjectDir;
    mkdirSync(projects, { recursive: true });
    const lib = openLibrary(join(projects, 'rails.sandtable-library'));
    try {
      lib.games.import({ id: 'sample', name: 'Sample 1889', manifest: SAMPLE_MANIFEST, tiles: SAMPLE_TRACK });
    } finally {
      lib.close();
    }
    await fillNewMapForm(page, { name: 'Sheets test', kind: 'hex-rectangle', width: 5, height: 4, alform: false, fill: 'clear' });
    await createMap(page);
    await page.getByTestId('library-toggle').click();
    const panel = page.getByTestId('library-panel');
    await panel.waitFor();
    await panel.getByTestId('library-open').click();
    await panel.getByLabel('Path').fill('rails.sandtable-library');
    await panel.getByTestId('library-path-form').getByRole('button', { name: 'Open' }).click();
    await panel.getByTestId('library-sheets').click();

    const dialog = page.getByTestId('sheets-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('sheets-source').inputValue()).toBe('sample');
    const img = page.getByTestId('sheets-preview-image');
    await img.waitFor({ timeout: 30_000 });
    const summary = page.getByTestId('sheets-summary');
    await eventually(async () => /25 tiles/.test(await summary.innerText()), 'the print’s size');
    const dieSummary = await summary.innerText();
    const dieSrc = await img.getAttribute('src');
    // Letter portrait, drawn by the main process: taller than wide, and not blank paper.
    const png = decodePng(Buffer.from(dieSrc!.replace(/^data:image\/png;base64,/, ''), 'base64'));
    expect(png.height).toBeGreaterThan(png.width);

    await page.getByTestId('sheets-layout').selectOption('individual');
    await eventually(async () => (await img.getAttribute('src')) !== dieSrc, 'the preview to show the individual layout');
    await eventually(async () => (await summary.innerText()) !== dieSummary, 'fewer tiles a sheet');
    expect(Number(/(\d+) a sheet/.exec(await summary.innerText())![1])).toBeLessThan(Number(/(\d+) a sheet/.exec(dieSummary)![1]));
    await page.getByTestId('sheets-cut-marks').check();
    await shot(page, 'sheets-dialog', dialog);

    await page.getByTestId('sheets-next').click();
    await eventually(async () => /^Page 2 of \d+/.test(await page.getByTestId('sheets-page').innerText()), 'page 2');
  }, 240_000);

  it('says in one line why a margin cannot be used, and keeps Save off until it can', async () => {
    const { page } = app;
    await page.getByTestId('sheets-margin').fill('50');
    await eventually(async () => (await page.getByTestId('sheets-error').count()) > 0, 'the refusal');
    expect(await page.getByTestId('sheets-error').innerText()).toBe('margin (mm) must be a number from 0 to 40, got 50');
    expect(await page.getByTestId('sheets-save').isDisabled()).toBe(true);
    await page.getByTestId('sheets-margin').fill('6.35');
    await page.getByTestId('sheets-preview-image').waitFor({ timeout: 30_000 });
  }, 120_000);

  it('saves a PDF with the pages the dialog showed', async () => {
    const { page } = app;
    const pagesShown = Number(/of (\d+)/.exec(await page.getByTestId('sheets-page').innerText())![1]);
    expect(await page.getByTestId('sheets-path').inputValue()).toBe('Sample 1889.pdf');
    await page.getByTestId('sheets-path').fill('sheets-e2e.pdf');
    await page.getByTestId('sheets-save').click();
    // Closed when written; a refusal would stay as a toast: say which.
    await eventually(async () => (await page.getByTestId('sheets-dialog').count()) === 0 || (await page.getByTestId('toast-error').count()) > 0, 'the save', 60_000);
    expect(await page.getByTestId('toast-error').allInnerTexts()).toEqual([]);
    const file = join(projects, 'sheets-e2e.pdf');
    await eventually(async () => existsSync(file), 'the PDF to be written');
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPoppler()) {
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
      expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBe(pagesShown);
    }
    await page.getByText(/Printed 25 tiles on \d+ pages: .*sheets-e2e\.pdf/).waitFor();
  }, 120_000);
});
