/**
 * End-to-end, in Chromium against browser mode (issue 30, smaller things): the line of sight
 * is drawn as a straight line from the observer's centre to the target's, not a stair-step
 * along hexsides; the Export dialog's print preview shows where the PDF's pages cut.
 * Screenshots: test-results/e2e/sight-line.png, print-preview-cuts.png.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import type { Grid } from '../../core/grid/types.js';
import { appForSuite, grab, shot, skipReason } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm, tileAt } from './map-view.js';
import type { Image } from './png.js';
import { countColour, countDifferent, decodePng, rgb } from './png.js';
import { PAGE_CUT_COLOUR } from '../../core/export/print-preview.js';

const missing = skipReason();

/** Pixels that differ between two grabs of the same box. */
function changed(a: Image, b: Image): [number, number][] {
  const out: [number, number][] = [];
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const k = (y * a.width + x) * 4;
      if (Math.abs(a.data[k]! - b.data[k]!) + Math.abs(a.data[k + 1]! - b.data[k + 1]!) + Math.abs(a.data[k + 2]! - b.data[k + 2]!) > 40) out.push([x, y]);
    }
  }
  return out;
}

describe.skipIf(!!missing)('line of sight and print preview', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;

  it('draws the line of sight straight from centre to centre', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Sight', kind: 'hex-rectangle', width: 20, height: 14, alform: false, fill: 'clear' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 20, height: 14 } });
    map = new MapDriver(page, grid);
    await map.drawn(1);
    // Tile numbers off: only the sight line changes pixels.
    await page.mouse.move(2, 2);
    const before = await grab(map.view);
    const box = (await map.view.boundingBox())!;
    const from = tileAt(grid, 3, 4);
    const to = tileAt(grid, 16, 9);
    await page.keyboard.press('v');
    await map.click(from);
    await map.click(to);
    const a = await map.at(from);
    const b = await map.at(to);
    await eventually(async () => countDifferent(before, await grab(map.view)) > 500, 'the sight line drawn');
    await page.mouse.move(2, 2);
    await shot(page, 'sight-line', map.view);
    const after = await grab(map.view);
    const [ax, ay, bx, by] = [a.x - box.x, a.y - box.y, b.x - box.x, b.y - box.y];
    const len = Math.hypot(bx - ax, by - ay);
    const spacingPx = len / Math.hypot(grid.center(to)[0]! - grid.center(from)[0]!, grid.center(to)[1]! - grid.center(from)[1]!);
    // Every changed pixel away from the two end markers lies within the line's half-width of the straight segment.
    let far = 0;
    let along = 0;
    for (const [x, y] of changed(before, after)) {
      const t = ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / (len * len);
      if (t < 0.08 || t > 0.92) continue;
      along++;
      const d = Math.abs((bx - ax) * (ay - y) - (ax - x) * (by - ay)) / len;
      if (d > 0.12 * spacingPx) far++;
    }
    expect(along).toBeGreaterThan(len);
    expect(far).toBe(0);
  });

  it("shows where the PDF's pages cut in the print preview", async () => {
    const { page } = app;
    await page.getByTestId('export').click();
    await page.getByTestId('export-picture').click();
    await page.getByTestId('export-dialog').waitFor();
    const img = page.getByTestId('export-preview-image');
    await img.waitFor({ timeout: 30_000 });
    const cutColour = rgb(PAGE_CUT_COLOUR);
    const cuts = async () => countColour(decodePng(await img.screenshot()), cutColour, 30);
    expect(await cuts()).toBe(0);
    await page.getByTestId('export-format').selectOption('pdf');
    await page.getByTestId('export-tile-mm').fill('25');
    await page.getByTestId('export-paper').selectOption('a4');
    await eventually(async () => (await cuts()) > 100, 'the page cuts in the preview');
    await shot(page, 'print-preview-cuts', page.getByTestId('export-dialog'));
  });
});
