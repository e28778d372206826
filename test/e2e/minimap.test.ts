/**
 * End-to-end, in Chromium against browser mode (issue 30, "No overview"): the minimap shows
 * the whole map with the view's rectangle on a flat hex map and the visible hemisphere on the
 * globe; a click on it moves the view there (read from the view's `data-view`); painting
 * redraws it. Screenshots: test-results/e2e/minimap-*.png.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import type { Grid } from '../../core/grid/types.js';
import { tileClasses } from '../../core/alform/tile-classes.js';
import { TileClass } from '../../core/alform/classify.js';
import { appForSuite, grab, shot, skipReason } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm } from './map-view.js';
import { countDifferent } from './png.js';

const missing = skipReason();

describe.skipIf(!!missing)('the minimap', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;
  const viewOf = async () => (await map.view.getAttribute('data-view'))!.split(',').map(Number);

  it('shows a flat hex map with the view rectangle; a click there centres the view on that point', async () => {
    const { page, server } = app;
    await fillNewMapForm(page, { name: 'Ardennes', kind: 'hex-rectangle', width: 40, height: 30, alform: true, fill: 'clear' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 79, height: 59 }, alform: true });
    map = new MapDriver(page, grid);
    await map.drawn(1);
    const id = (await server.services.invoke('maps.list', {}))[0]!.id;
    // A forest block in the north-west corner: it shows in the minimap's picture.
    const classes = tileClasses(grid);
    const forest = [...classes.keys()].filter((t) => classes[t] === TileClass.AREA && grid.coord(t)[0]! < 24 && grid.coord(t)[1]! < 20);
    await server.services.invoke('maps.paint', { id, tiles: forest, terrain: 'forest' });
    await page.getByTestId('home').click();
    await page.getByTestId('project-map').first().click();
    map = new MapDriver(page, grid);
    await map.drawn(1);

    expect(await page.getByTestId('minimap').count()).toBe(0);
    await page.getByTestId('minimap-toggle').click();
    const minimap = page.getByTestId('minimap');
    await minimap.waitFor();
    expect(await minimap.getAttribute('data-kind')).toBe('flat');
    // Zoom in: the view rectangle shrinks inside the minimap.
    const rectWidth = async () => (await page.getByTestId('minimap-view').boundingBox())?.width ?? 0;
    await eventually(async () => (await rectWidth()) > 0, 'the view rectangle');
    const whole = await rectWidth();
    for (let k = 0; k < 4; k++) await page.getByTestId('zoom-in').click();
    await eventually(async () => (await rectWidth()) < whole / 1.8, 'the view rectangle to shrink');
    // The zoom may still be easing in (a loaded machine draws few frames): read the view once it holds still.
    let settled = await viewOf();
    await eventually(async () => {
      await page.waitForTimeout(250);
      const now = await viewOf();
      const still = now.every((v, k) => v === settled[k]);
      settled = now;
      return still;
    }, 'the zoom to settle');
    const box = (await minimap.boundingBox())!;
    const before = await viewOf();
    await shot(page, 'minimap-1-flat');
    // A click near the minimap's right edge: the view moves right (the model point under the
    // view's centre goes from the middle to the east), its zoom unchanged.
    await page.mouse.click(box.x + box.width * 0.85, box.y + box.height * 0.5);
    await eventually(async () => (await viewOf())[1] !== before[1], 'the view to move');
    const after = await viewOf();
    expect(after[0]).toBe(before[0]);
    expect(after[1]!).toBeLessThan(before[1]!);
    const rect = (await page.getByTestId('minimap-view').boundingBox())!;
    expect(Math.abs(rect.x + rect.width / 2 - (box.x + box.width * 0.85))).toBeLessThan(3);
    await shot(page, 'minimap-2-flat-moved');
  });

  it('follows the map as it is painted (once the edits pause)', async () => {
    const { page } = app;
    const minimap = page.getByTestId('minimap');
    const before = await grab(minimap);
    // Painting through the page: the fill tool turns the clear land into a lake.
    await page.getByTestId('terrain-lake').click();
    await page.keyboard.press('g');
    const box = (await map.view.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await eventually(async () => countDifferent(before, await grab(minimap)) > 500, 'the minimap to redraw');
  });

  it('shows the globe with its visible hemisphere; a click turns the globe there', async () => {
    const { page } = app;
    await page.getByTestId('home').click();
    await fillNewMapForm(page, { name: 'Planet', kind: 'icosahedron', side: 3, alform: false, fill: 'ocean' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'icosahedron', side: 3 } });
    map = new MapDriver(page, grid);
    await map.drawn(1);
    // Kept for the session: still on for the new map.
    const minimap = page.getByTestId('minimap');
    await minimap.waitFor();
    expect(await minimap.getAttribute('data-kind')).toBe('globe');
    const before = await viewOf();
    await shot(page, 'minimap-3-globe');
    const box = (await minimap.boundingBox())!;
    const dot = async () => (await page.getByTestId('minimap-view').boundingBox())!;
    const target = { x: box.x + box.width * 0.2, y: box.y + box.height * 0.35 };
    await page.mouse.click(target.x, target.y);
    await eventually(async () => (await viewOf()).join() !== before.join(), 'the globe to turn');
    // The marked centre is where the click was, the distance (zoom) unchanged.
    const d = await dot();
    expect(Math.hypot(d.x + d.width / 2 - target.x, d.y + d.height / 2 - target.y)).toBeLessThan(3);
    expect((await viewOf())[0]).toBe(before[0]);
    await shot(page, 'minimap-4-globe-turned');
  });
});
