/**
 * End-to-end, in Chromium against browser mode: a designer creates a hex AL-FORM map, paints
 * forest, draws a river, switches the movement mode and sees the outlines change, runs the
 * path tool across the river, saves, reloads the page, opens the project again and finds the
 * same terrain; the toolbar fits a 1400 px window. Assertions read pixels of the map canvas and the status bar, not just the DOM.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import { classifyTile, TileClass } from '../../core/alform/classify.js';
import type { Grid } from '../../core/grid/types.js';
import { appForSuite, skipReason, shot, grab, terrainColour as colourOf } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm, tileAt } from './map-view.js';
import { countColour, countDifferent } from './png.js';

const missing = skipReason();

describe.skipIf(!!missing)('hex AL-FORM map in the browser', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;
  /** Tile at axial120 (x, y). */
  const at = (x: number, y: number) => tileAt(grid, x, y);

  it('creates a 6×5-hex AL-FORM map', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'River valley', kind: 'hex-rectangle', width: 6, height: 5, alform: true, fill: 'clear' });
    await expect.poll(() => page.getByTestId('new-map-summary').textContent()).toContain('11x9');
    await shot(page, 'hex-1-start-screen');
    await createMap(page);
    expect(await page.getByTestId('map-name').textContent()).toBe('River valley');
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true });
    map = new MapDriver(page, grid);
    await map.drawn(1);
    const img = await shot(page, 'hex-2-new-map', map.view);
    // The whole map is clear terrain: its colour fills much of the canvas.
    expect(countColour(img, colourOf('clear'), 4)).toBeGreaterThan(img.width * img.height * 0.2);
    expect(countColour(img, colourOf('forest'), 4)).toBe(0);
    const calls = Number(await page.getByTestId('status-draw-calls').getAttribute('data-calls'));
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThanOrEqual(8);
  });

  it('keeps every toolbar button inside a 1400 px window (issue 30: Derive and the theme toggle were cut off)', async () => {
    const { page } = app;
    expect(page.viewportSize()?.width).toBe(1400);
    const outside = await page.getByTestId('toolbar').evaluate(
      (bar, width) => [...bar.querySelectorAll('button')].filter((b) => b.getBoundingClientRect().right > width || b.getBoundingClientRect().left < 0).map((b) => b.dataset.testid ?? b.title),
      1400,
    );
    expect(outside).toEqual([]);
    for (const id of ['derive-open', 'theme-toggle', 'catalogue-open', 'layers-toggle']) expect(await page.getByTestId(id).isVisible()).toBe(true);
    expect(await page.getByTestId('derive-open').getAttribute('aria-label')).toBe('Derive tactical map'); // its words in the tooltip and for screen readers
    await shot(page, 'hex-2b-toolbar-1400', page.getByTestId('toolbar'));
  });

  it('paints forest on area tiles', async () => {
    const { page } = app;
    await page.getByTestId('terrain-forest').click();
    expect(await page.getByTestId('tool-paint').getAttribute('aria-pressed')).toBe('true');
    const before = await grab(map.view);
    // A stroke over three area tiles (axial coordinates both even) and a single click.
    await map.drag([at(0, 0), at(0, 2), at(2, 4)]);
    await map.click(at(2, 8));
    await eventually(async () => (await page.getByTestId('undo').isEnabled()) && (await map.hover(at(2, 8))).terrain === 'forest', 'the forest paint to come back');
    const status = await map.hover(at(0, 2));
    expect(status).toMatchObject({ tileClass: 'AREA', terrain: 'forest', coord: [0, 2] });
    await page.mouse.move(5, 5);
    const after = await shot(page, 'hex-3-forest', map.view);
    const forest = countColour(after, colourOf('forest'), 4);
    expect(countColour(before, colourOf('forest'), 4)).toBe(0);
    // Four doubled hexagons of forest are on screen.
    expect(forest).toBeGreaterThan(400);
  });

  it('draws a river along the linear tiles of one column', async () => {
    const { page } = app;
    await page.getByTestId('terrain-river').click();
    expect(await page.getByTestId('tool-linear').getAttribute('aria-pressed')).toBe('true');
    // Column x = 5 holds only linear tiles (x odd), each adjoining the next: the river runs
    // along the hexsides between the area tiles of columns 4 and 6, bottom to top.
    const column: number[] = [];
    for (let y = 0; y < 30; y++) {
      const i = grid.index([5, y]);
      if (i >= 0) column.push(i);
    }
    expect(column.length).toBeGreaterThan(6);
    for (const t of column) expect(classifyTile(grid, t)).not.toBe(TileClass.AREA);
    const before = await grab(map.view);
    await map.drag(column, 3);
    await eventually(async () => (await map.hover(column[column.length - 1]!)).terrain === 'river', 'the river to come back');
    for (const t of [column[0]!, column[3]!]) {
      const s = await map.hover(t);
      expect(s.tileClass).toBe('LINEAR');
      expect(['Y-AXIS', 'Z-AXIS']).toContain(s.subClass);
      expect(s.terrain).toBe('river');
    }
    await page.mouse.move(5, 5);
    const after = await shot(page, 'hex-4-river', map.view);
    expect(countColour(before, colourOf('river'), 6)).toBe(0);
    expect(countColour(after, colourOf('river'), 6)).toBeGreaterThan(200);
  });

  it('redraws the playable outlines when the movement mode changes', async () => {
    const { page } = app;
    await page.getByTestId('mode-select').selectOption('foot');
    let frame = await map.frame();
    await map.nextFrame(frame - 1);
    const foot = await shot(page, 'hex-5-mode-foot', map.view);
    frame = await map.frame();
    await page.getByTestId('mode-select').selectOption('boat');
    await map.nextFrame(frame);
    const boat = await shot(page, 'hex-6-mode-boat', map.view);
    // Foot outlines the playable land; boat outlines only the river. Thousands of pixels move.
    expect(countDifferent(foot, boat)).toBeGreaterThan(1500);
    frame = await map.frame();
    await page.getByTestId('mode-select').selectOption('foot');
    await map.nextFrame(frame);
    const footAgain = await grab(map.view);
    expect(countDifferent(foot, footAgain)).toBeLessThan(50);
  });

  it('marks what wheels cannot pass plainly: the swamp ringed and the river drawn as a barrier, in dark red', async () => {
    const { page } = app;
    await page.getByTestId('terrain-swamp').click();
    await map.click(at(8, 8));
    await eventually(async () => (await map.hover(at(8, 8))).terrain === 'swamp', 'the swamp paint to come back');
    await page.mouse.move(5, 5);
    let frame = await map.frame();
    await page.getByTestId('mode-select').selectOption('wheeled');
    await map.nextFrame(frame);
    const wheeled = await shot(page, 'hex-6b-mode-wheeled', map.view);
    const red = [0xb0, 0x10, 0x2a] as const;
    // A 4 px ring round one doubled hexagon and both sides of the river column.
    expect(countColour(wheeled, red, 24)).toBeGreaterThan(600);
    expect(await page.getByTestId('barrier-row').getAttribute('data-terrains')).toBe('river,swamp');
    frame = await map.frame();
    await page.getByTestId('mode-select').selectOption('foot');
    await map.nextFrame(frame);
    // Foot wades the swamp and fords the river: nothing is a barrier.
    expect(countColour(await grab(map.view), red, 24)).toBeLessThan(30);
    expect(await page.getByTestId('barrier-row').count()).toBe(0);
  });

  it('finds a path across the river and shows its cost', async () => {
    const { page } = app;
    await page.getByTestId('tool-path').click();
    const from = at(2, 4);
    const to = at(8, 6);
    await map.click(from);
    await page.getByTestId('pending').waitFor();
    await map.click(to);
    const cost = page.getByTestId('path-cost');
    await cost.waitFor();
    const shown = Number(await cost.getAttribute('data-cost'));
    // The same question asked of the main process directly.
    const mapId = (await app.server.services.invoke('maps.list', {}))[0]!.id;
    const direct = await app.server.services.invoke('analysis.path', { id: mapId, mode: 'foot', from, to });
    expect(direct.cost).not.toBeNull();
    expect(shown).toBeCloseTo(direct.cost!, 6);
    expect(await cost.textContent()).toContain('Cost');
    // Clear land costs 1 per TILE-SPACING for foot and the river (column 5, between the two
    // tiles) adds its toll of 2 when crossed, so the cost exceeds the hop count by at least 2.
    expect(shown).toBeGreaterThanOrEqual(grid.distance(from, to) + 2);
    expect(direct.tiles[0]).toBe(from);
    expect(direct.tiles[direct.tiles.length - 1]).toBe(to);
    await page.mouse.move(5, 5);
    const before = await grab(map.view);
    await shot(page, 'hex-7-path');
    // The path is drawn over the map in the path colour.
    const frame = await map.frame();
    await page.keyboard.press('Escape');
    await map.nextFrame(frame);
    expect(countDifferent(before, await grab(map.view))).toBeGreaterThan(300);
  });

  it('saves, reloads, opens the project again and finds the same terrain', async () => {
    const { page } = app;
    await page.keyboard.press('Control+s');
    await page.getByTestId('save-dialog').waitFor();
    await page.getByTestId('save-path').fill('river-valley.sandtable');
    await page.getByTestId('save-confirm').click();
    await page.getByTestId('save-dialog').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('start-screen').waitFor();
    const recent = page.getByTestId('recent-project').first();
    expect(await recent.getAttribute('data-path')).toMatch(/river-valley\.sandtable$/);
    await recent.click();
    await page.getByTestId('workspace').waitFor();
    map = new MapDriver(page, grid);
    await map.drawn(1);
    expect((await map.hover(at(0, 2))).terrain).toBe('forest');
    expect((await map.hover(at(5, 3))).terrain).toBe('river');
    expect((await map.hover(at(8, 6))).terrain).toBe('clear');
    await page.mouse.move(5, 5);
    const img = await shot(page, 'hex-8-reopened', map.view);
    expect(countColour(img, colourOf('forest'), 4)).toBeGreaterThan(400);
    expect(countColour(img, colourOf('river'), 6)).toBeGreaterThan(200);
  });
});
