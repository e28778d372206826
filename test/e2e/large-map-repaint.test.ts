/**
 * End-to-end, in Chromium against browser mode (issue 30, "a one-tile edit's repaint"): on a
 * map large enough for its outlines to come in blocks (219×199 AL-FORM hex, 43 k tiles), a
 * designer zooms in, paints one tile of swamp on a block side with the wheeled mode on, and
 * sees its outlines (the dark-red rim of what wheels cannot pass) redrawn at once —
 * the same picture as when every outline is worked out again (switching the movement mode
 * away and back). Assertions read pixels of the map canvas.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import { classifyTile, TileClass } from '../../core/alform/classify.js';
import { OUTLINE_BLOCK_TILES } from '../../core/render/outline-blocks.js';
import { BARRIER_COLOUR } from '../../core/render/outline-style.js';
import { appForSuite, skipReason, shot, grab, terrainColour as colourOf } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm } from './map-view.js';
import { countColour, countDifferent } from './png.js';

const missing = skipReason();
/** core/render outline-style.ts BARRIER_COLOUR, as drawn. */
const BARRIER_RED: [number, number, number] = [1, 3, 5].map((o) => parseInt(BARRIER_COLOUR.slice(o, o + 2), 16)) as [number, number, number];

describe.skipIf(!!missing)('painting one tile of a large map', () => {
  const app = appForSuite();

  it('redraws the outlines about the tile at once, as a full rebuild draws them', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Big plain', kind: 'hex-rectangle', width: 110, height: 100, alform: true, fill: 'clear' });
    await expect.poll(() => page.getByTestId('new-map-summary').textContent()).toContain('219x199');
    await createMap(page);
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 219, height: 199 }, alform: true });
    const map = new MapDriver(page, grid);
    await map.drawn(1);
    // The area tile on a block side (x = 2 × 64: blocks count from x = 0) nearest the view's middle.
    const box = (await map.view.boundingBox())!;
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const project = await map.projector();
    let tile = -1;
    let best = Infinity;
    for (let y = -110; y < 199 + 110; y++) {
      const i = grid.index([2 * OUTLINE_BLOCK_TILES, y]);
      if (i < 0 || classifyTile(grid, i) !== TileClass.AREA) continue;
      const s = project(i)!;
      const d = Math.hypot(s.x - middle.x, s.y - middle.y);
      if (d < best) [best, tile] = [d, i];
    }
    expect(tile).toBeGreaterThanOrEqual(0);
    // Zoom in about it until a tile spans ~100 px (outlines are drawn from 8 px).
    const at = project(tile)!;
    await page.mouse.move(at.x, at.y);
    for (let k = 0; k < 4; k++) {
      const frame = await map.frame();
      await page.mouse.wheel(0, -400);
      await map.nextFrame(frame);
    }
    const s = await map.at(tile);
    expect(s.x > box.x && s.x < box.x + box.width && s.y > box.y && s.y < box.y + box.height).toBe(true);
    // Wheels: a swamp tile is ringed in dark red (what they cannot pass), which only its new outlines draw.
    let frame = await map.frame();
    await page.getByTestId('mode-select').selectOption('wheeled');
    await map.nextFrame(frame);
    // Swamp joins the map's palette with a first tile nearby (a terrain new to the map rebuilds every outline); then the edit looked at.
    await page.getByTestId('terrain-swamp').click();
    const [cx, cy] = grid.coord(tile) as [number, number];
    const first = grid.index([cx - 4, cy - 2]);
    expect(classifyTile(grid, first)).toBe(TileClass.AREA);
    await map.click(first);
    await eventually(async () => (await map.hover(first)).terrain === 'swamp', 'the first swamp tile to come back');
    await page.mouse.move(box.x + 5, box.y + 5);
    const before = await grab(map.view);
    await map.click(tile);
    await eventually(async () => (await map.hover(tile)).terrain === 'swamp', 'the swamp paint to come back');
    await page.mouse.move(box.x + 5, box.y + 5);
    frame = await map.frame();
    await map.nextFrame(frame - 1);
    const painted = await shot(page, 'large-map-1-one-tile-painted', map.view);
    expect(countColour(painted, colourOf('swamp'), 4)).toBeGreaterThan(countColour(before, colourOf('swamp'), 4) + 500);
    expect(countColour(painted, BARRIER_RED, 40)).toBeGreaterThan(countColour(before, BARRIER_RED, 40) + 200);
    // Every outline worked out again: foot, then wheeled once more.
    frame = await map.frame();
    await page.getByTestId('mode-select').selectOption('foot');
    await map.nextFrame(frame);
    frame = await map.frame();
    await page.getByTestId('mode-select').selectOption('wheeled');
    await map.nextFrame(frame);
    const rebuilt = await shot(page, 'large-map-2-outlines-rebuilt', map.view);
    expect(countDifferent(painted, rebuilt)).toBeLessThan(50);
  });
});
