/**
 * End-to-end, in Chromium against browser mode (issue 14): the numbers designers use and the
 * everyday editing around them. A hex map numbered 18xx-style shows its numbers on the map and
 * the hovered hex's number in the status bar; a second map keeps its own numbering (a new map's is its grid's usual one);
 * reopening the first brings back its numbering, its camera and its undo history (undo works);
 * `?` and the toolbar open the shortcut sheet; foot and wheeled mode views differ in pixels
 * over forest (cost classes). Screenshots go to test-results/e2e/numbers-*.png.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import type { Grid } from '../../core/grid/types.js';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { tileNumbering } from '../../core/map/numbering.js';
import { appForSuite, grab, shot, skipReason } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm, tileAt } from './map-view.js';
import { countDifferent } from './png.js';

/** The page's document as the functions passed to `waitForFunction` see them (this file compiles without the DOM library). */
declare const document: { querySelector(selector: string): { dataset: Record<string, string | undefined> } | null };

const missing = skipReason();

describe.skipIf(!!missing)('numbers, mode view, undo after reopening, shortcut sheet', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;
  const at = (x: number, y: number) => tileAt(grid, x, y);
  const labels = async () => Number((await map.view.getAttribute('data-labels')) ?? 0);
  const redrawn = async (act: () => Promise<unknown>) => {
    const frame = await map.frame();
    await act();
    await map.nextFrame(frame);
  };

  it('creates a 12×9 hex board of forest', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Board A', kind: 'hex-rectangle', width: 12, height: 9, alform: false, fill: 'forest' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 12, height: 9 } });
    map = new MapDriver(page, grid);
    await map.drawn(1);
  });

  it('draws foot and wheeled outlines differently over forest, with the cost classes in the legend', async () => {
    const { page } = app;
    await page.mouse.move(5, 5);
    expect(await page.getByTestId('mode-select').inputValue()).toBe('foot');
    await map.nextFrame((await map.frame()) - 1);
    const foot = await shot(page, 'numbers-1-mode-foot', map.view);
    expect(await page.locator('[data-testid="cost-class"][data-class="slow"]').getAttribute('data-terrains')).toContain('forest');
    await redrawn(() => page.getByTestId('mode-select').selectOption('wheeled'));
    const wheeled = await shot(page, 'numbers-2-mode-wheeled', map.view);
    expect(await page.locator('[data-testid="cost-class"][data-class="crawl"]').getAttribute('data-terrains')).toContain('forest');
    // Same terrain, same colours: only the dash pattern of the outlines differs (slow: long dashes, crawl: dots).
    expect(countDifferent(foot, wheeled)).toBeGreaterThan(1500);
    await redrawn(() => page.getByTestId('mode-select').selectOption('foot'));
  });

  it('numbers the board 18xx-style on the map and in the status bar', async () => {
    const { page } = app;
    // Zoomed in far enough to read numbers.
    for (let k = 0; k < 3; k++) await redrawn(() => page.getByTestId('zoom-in').click());
    await page.mouse.move(5, 5);
    // A new hex map carries its usual column-row numbers (issue 30); the designer may turn them off.
    expect(await page.getByTestId('numbering-select').inputValue()).toBe('ccrr');
    await redrawn(() => page.getByTestId('numbering-select').selectOption(''));
    expect(await labels()).toBe(0);
    const before = await grab(map.view);
    await redrawn(() => page.getByTestId('numbering-select').selectOption('18xx'));
    await eventually(async () => (await labels()) > 10, 'the numbers to be drawn');
    const after = await shot(page, 'numbers-3-18xx', map.view);
    expect(countDifferent(before, after)).toBeGreaterThan(500);
    const name = tileNumbering(TerrainMap.create({ size: { kind: 'hex-rectangle', width: 12, height: 9 } }), '18xx')!;
    const tile = at(5, 5);
    await map.hover(tile);
    const number = page.getByTestId('status-number');
    expect(await number.textContent()).toBe(name(tile));
    expect(await number.getAttribute('data-system')).toBe('18xx');
    await shot(page, 'numbers-4-status');
    // Readable in the dark theme too.
    await page.mouse.move(5, 5);
    await redrawn(() => page.keyboard.press('t'));
    await shot(page, 'numbers-5-dark', map.view);
    await redrawn(() => page.keyboard.press('t'));
  });

  it('keeps numbering, camera and undo history per map across switching maps', async () => {
    const { page } = app;
    await page.getByTestId('terrain-clear').click();
    const painted = at(6, 6);
    await map.click(painted);
    await eventually(async () => (await map.hover(painted)).terrain === 'clear', 'the paint to land');
    await page.mouse.move(5, 5);
    const cameraA = await map.view.getAttribute('data-view');

    await page.getByTestId('home').click();
    await fillNewMapForm(page, { name: 'Board B', kind: 'square', width: 8, height: 6, alform: false, fill: 'clear' });
    await createMap(page);
    const square = createGrid({ size: { kind: 'square', width: 8, height: 6 } });
    const b = new MapDriver(page, square);
    await b.drawn(1);
    await b.hover(tileAt(square, 3, 3));
    expect(await page.getByTestId('status-number').textContent()).toBe('0403'); // its own numbering: the square grid's usual one
    expect(await page.getByTestId('numbering-select').inputValue()).toBe('ccrr');
    expect(await page.getByTestId('undo').isDisabled()).toBe(true);

    await page.getByTestId('home').click();
    await page.locator('[data-testid="project-map"][data-map-name="Board A"]').click();
    await page.getByTestId('workspace').waitFor();
    map = new MapDriver(page, grid);
    await map.drawn(1);
    expect(await page.getByTestId('numbering-select').inputValue()).toBe('18xx');
    expect(await map.view.getAttribute('data-view')).toBe(cameraA);
    await eventually(async () => (await labels()) > 10, 'the numbers to be drawn again');
    // The journal kept the paint: undo is enabled on the reopened map and takes it back.
    expect(await page.getByTestId('undo').isEnabled()).toBe(true);
    await page.getByTestId('undo').click();
    await eventually(async () => (await map.hover(painted)).terrain === 'forest', 'the undo to land');
    expect(await page.getByTestId('redo').isEnabled()).toBe(true);
    await page.mouse.move(5, 5);
    await shot(page, 'numbers-6-reopened', map.view);
  });

  it('opens the shortcut sheet with ? and from the toolbar', async () => {
    const { page } = app;
    await page.keyboard.press('Shift+Slash');
    const sheet = page.getByTestId('shortcut-sheet');
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('Paint area terrain');
    expect(await sheet.textContent()).toContain('Undo');
    expect(await page.getByTestId('shortcut-keys').count()).toBeGreaterThan(20);
    await shot(page, 'numbers-7-shortcuts');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await page.getByTestId('shortcuts').click();
    await sheet.waitFor();
    await page.getByTestId('shortcut-sheet-close').click();
    await sheet.waitFor({ state: 'detached' });
  });

  it('numbers only the hexes (area tiles) of an AL-FORM map, and counts them apart from the linear tiles', async () => {
    const { page } = app;
    await page.getByTestId('home').click();
    await fillNewMapForm(page, { name: 'Valley', kind: 'hex-rectangle', width: 8, height: 6, alform: true, fill: 'clear' });
    await createMap(page);
    const al = createGrid({ size: { kind: 'hex-rectangle', width: 15, height: 11 }, alform: true });
    const v = new MapDriver(page, al);
    await v.drawn(1);
    expect(await page.getByTestId('status-tile-count').textContent()).toMatch(/^48 hexes \(\+ \d+ linear tiles\)$/);
    for (let k = 0; k < 2; k++) {
      const frame = await v.frame();
      await page.getByTestId('zoom-in').click();
      await v.nextFrame(frame);
    }
    expect(await page.getByTestId('numbering-select').inputValue()).toBe('ccrr'); // numbered from creation (issue 30)
    await eventually(async () => Number(await v.view.getAttribute('data-labels')) > 5, 'the numbers to be drawn');
    await v.hover(tileAt(al, 4, 4));
    expect(await page.getByTestId('status-number').textContent()).toMatch(/^0\d0\d$/);
    await v.hover(tileAt(al, 5, 4));
    expect(await page.getByTestId('status-number').count()).toBe(0);
    await page.mouse.move(5, 5);
    await shot(page, 'numbers-9-alform-ccrr', v.view);
  });

  it('on the globe: latitude and longitude with decimals, and the wheel zooms toward the pointer', async () => {
    const { page } = app;
    await page.getByTestId('home').click();
    await fillNewMapForm(page, { name: 'Planet', kind: 'icosahedron', side: 4, alform: false, fill: 'clear' });
    await createMap(page);
    const globe = createGrid({ size: { kind: 'icosahedron', side: 4 } });
    const g = new MapDriver(page, globe);
    await g.drawn(1);
    const box = (await g.view.boundingBox())!;
    // A point off the centre of the globe, and the tile under it.
    const p = { x: box.x + box.width / 2 + box.height * 0.18, y: box.y + box.height / 2 - box.height * 0.12 };
    await page.mouse.move(p.x, p.y);
    await page.waitForFunction(() => (document.querySelector('[data-testid="status-tile"]')?.dataset.tile ?? '') !== '', undefined, { timeout: 5000 });
    const tile = Number(await page.getByTestId('status-tile').getAttribute('data-tile'));
    const latlon = (await page.getByTestId('status-latlon').textContent())!;
    expect(latlon).toMatch(/^\d+\.\d{3}° [NS], \d+\.\d{3}° [EW]$/);
    // The pointer's own position, not its tile's ring and position.
    expect(latlon).not.toMatch(/\.000° [NS], \d+\.000°/);
    const distance = () => g.view.getAttribute('data-view').then((v) => Number(v!.split(',')[0]));
    const far = await distance();
    const frame = await g.frame();
    await page.mouse.wheel(0, -400);
    await g.nextFrame(frame);
    // Zoomed in (the eye came closer) …
    expect(await distance()).toBeLessThan(far * 0.8);
    // … and the same tile is under the pointer (zooming about the centre would have moved it
    // hundreds of pixels away: the pointer sits a fifth of the view off the centre).
    await page.mouse.move(p.x + 1, p.y);
    await page.mouse.move(p.x, p.y);
    await page.waitForFunction((t) => document.querySelector('[data-testid="status-tile"]')?.dataset.tile === String(t), tile, { timeout: 5000 });
    await shot(page, 'numbers-8-globe-status');
  });
});
