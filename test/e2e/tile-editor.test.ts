/**
 * End-to-end, in Chromium against browser mode: the vector tile editor (issue 13). A designer
 * opens a new hexagon tile, draws a river across it with the Bézier pen (a click, a drag for
 * a smooth bend, a click, Enter), sees the two edge indicators appear, draws a closed forest,
 * flips its inside side and back, drags an anchor and undoes it, checks the twelve
 * orientation previews and the tile warped onto a pentagon, and saves it into the library.
 * The editor is screenshotted for review.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appForSuite, skipReason, shot } from './harness.js';
import { createMap, fillNewMapForm } from './map-view.js';

const missing = skipReason();

/** Client coordinates of a point in tile space (y up) on the editor's canvas. */
async function at(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  // A string: the test's TypeScript has no DOM types; the page has.
  return page.evaluate(`(() => {
    const svg = document.querySelector('[data-testid="tile-editor-canvas"]');
    const p = new DOMPoint(${x}, ${-y}).matrixTransform(svg.getScreenCTM());
    return { x: p.x, y: p.y };
  })()`) as Promise<{ x: number; y: number }>;
}

async function click(page: Page, x: number, y: number): Promise<void> {
  const p = await at(page, x, y);
  await page.mouse.click(p.x, p.y);
}

describe.skipIf(!!missing)('the vector tile editor in the browser', () => {
  const app = appForSuite();

  it('draws a river with the pen and shows its edge indicators live', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Tiles', kind: 'hex-rectangle', width: 5, height: 4, alform: false, fill: 'clear' });
    await createMap(page);
    await page.getByTestId('new-vector-tile').click();
    await page.getByTestId('tile-editor').waitFor();
    expect(await page.getByTestId('tile-editor-shape').inputValue()).toBe('hex');
    await page.getByTestId('tile-editor-name').fill('River bend');
    await page.getByTestId('tile-editor-name').press('Enter');

    await page.getByTestId('tile-tool-line').click();
    await page.getByTestId('tile-editor-terrain').selectOption('river');
    await click(page, 0.02, -0.97); // near the bottom edge: snaps onto it
    const a = await at(page, -0.2, 0);
    const b = await at(page, 0.25, 0.3);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 5 }); // drag: a smooth anchor
    await page.mouse.up();
    await click(page, 0.3, 0.98); // near the top edge
    await page.getByTestId('tile-editor').press('Enter');
    await expect.poll(() => page.getByTestId('tile-editor-indicator').count()).toBe(2);
    expect(await page.getByTestId('tile-editor-indicators').textContent()).toMatch(/line river/);
    expect(await page.getByTestId('tile-editor-valid').isVisible()).toBe(true);
  }, 240_000);

  it('draws a closed forest, flips its side, drags an anchor and undoes the drag', async () => {
    const { page } = app;
    await page.getByTestId('tile-tool-area').click();
    await page.getByTestId('tile-editor-terrain').selectOption('forest');
    for (const [x, y] of [[0.35, -0.6], [0.85, -0.5], [0.8, -0.05], [0.4, -0.15]] as const) await click(page, x, y);
    await click(page, 0.35, -0.6); // the first anchor: closes the loop
    await expect.poll(() => page.getByTestId('tile-editor-selection').textContent()).toMatch(/area/);
    await page.getByTestId('tile-editor-flip').click();
    await expect.poll(() => page.getByTestId('tile-editor-selection').textContent()).toMatch(/uphill: right/);
    await page.getByTestId('tile-editor-undo').click();
    await expect.poll(() => page.getByTestId('tile-editor-selection').textContent()).toMatch(/uphill: left/);

    await page.getByTestId('tile-tool-select').click();
    const from = await at(page, 0.85, -0.5);
    const to = await at(page, 0.72, -0.65);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    const path = () => page.getByTestId('tile-editor-canvas').locator('[data-element="area-1"]').getAttribute('d');
    const dragged = await path();
    await page.getByTestId('tile-editor-undo').click();
    await expect.poll(path).not.toBe(dragged);
    await page.getByTestId('tile-editor-redo').click();
    await expect.poll(path).toBe(dragged);
  }, 120_000);

  it('previews every orientation and the pentagon warp, and saves the tile to the library', async () => {
    const { page } = app;
    expect(await page.getByTestId('tile-editor-orientations').locator('input[type=checkbox]').count()).toBe(12);
    await shot(page, 'tile-editor', page.getByTestId('tile-editor'));
    expect(await page.getByTestId('tile-editor-pentagon').locator('[data-element]').count()).toBeGreaterThan(0);
    await page.getByTestId('tile-editor-save').click();
    await expect.poll(() => page.getByTestId('toast-info').allTextContents().then((t) => t.join(' '))).toMatch(/Saved tile “River bend” to My library \(2 elements, 12 orientations\)/);
  }, 120_000);
});
