/**
 * End-to-end, in Chromium against browser mode (issue 13): a designer opens the Library
 * panel beside a map, sees the starter tiles as thumbnails drawn from their geometry, imports
 * an SVG tile from the file picker (a job), finds it by searching, renames it and undoes the
 * rename; Ctrl+Z in its focused search box undoes the map, not the library (issue 30).
 * Assertions read the thumbnails' pixels (terrain colours present), not just the DOM.
 */
import { describe, expect, it } from 'vitest';
import { exportSvg } from '../../core/vector/svg.js';
import { evalCubic, segment } from '../../core/vector/bezier.js';
import { HEX, edgeOf, edgePoint } from '../../core/vector/shape.js';
import type { VectorTile } from '../../core/vector/types.js';
import { appForSuite, grab, skipReason, shot, terrainColour } from './harness.js';
import { createMap, eventually, fillNewMapForm, MapDriver, tileAt } from './map-view.js';
import { createGrid } from '../../core/grid/create.js';
import { countColour } from './png.js';

const missing = skipReason();

/** A hex tile a designer drew in Inkscape: a river across, a wood on one side, a village by the ford. */
function millFord(): VectorTile {
  const at = (dir: number, t: number) => edgePoint(edgeOf(HEX, dir), t);
  return {
    id: 'mill-ford',
    name: 'Mill ford',
    shape: HEX,
    elements: [
      { kind: 'area', id: 'wood', terrain: 'forest', side: 'left', curve: { points: [at(1, 0.5), [0.5, 0.1], [0.3, -0.2], at(4, 0.5)], closed: false } },
      { kind: 'line', id: 'river', terrain: 'river', curve: { points: [at(0, 0.5), [0, 0.3], [0, -0.3], at(3, 0.5)], closed: false } },
      { kind: 'point', id: 'mill', terrain: 'village', at: [-0.4, 0.2] },
    ],
  };
}

describe.skipIf(!!missing)('the tile library in the browser', () => {
  const app = appForSuite();

  it('opens the Library panel beside a map with the starter tiles drawn as thumbnails', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Library test', kind: 'hex-rectangle', width: 6, height: 5, alform: false, fill: 'clear' });
    await createMap(page);
    await page.getByTestId('library-toggle').click();
    const panel = page.getByTestId('library-panel');
    await panel.waitFor();
    await expect.poll(() => panel.getByTestId('library-tile').count(), { timeout: 20_000 }).toBeGreaterThan(10);
    // Thumbnails arrive for the tiles on screen.
    await eventually(async () => (await panel.locator('[data-testid="library-tile"] img').count()) > 6, 'the thumbnails');
    const img = await shot(page, 'library-1-panel', panel);
    // Terrains tell apart at a glance: forest, water (lake) and road colours all on screen.
    for (const t of ['forest', 'river', 'road']) expect(countColour(img, terrainColour(t), 10), t).toBeGreaterThan(20);
  });

  it('shows a village tile as a village, not a single dot (issue 30)', async () => {
    const { page } = app;
    const panel = page.getByTestId('library-panel');
    await page.getByTestId('library-search').fill('village');
    const tile = panel.locator('[data-testid="library-tile"][data-tile="hex-clear-village-1"] img');
    await tile.waitFor({ timeout: 20_000 });
    // A patch of village colour a good part of the tile across, with its houses on it.
    const village = async () => {
      const img = await grab(tile);
      return countColour(img, terrainColour('village'), 12) / (img.width * img.height);
    };
    // The old dot was 0.4 % of the picture; the patch with its houses is several times that.
    await eventually(async () => (await village()) > 0.015, 'the village thumbnail drawn as a village');
    await shot(page, 'library-village-thumbnail', panel.locator('[data-testid="library-tile"][data-tile="hex-clear-village-1"]'));
    await page.getByTestId('library-search').fill('');
  });

  it('imports an SVG tile (a job), finds it by searching, renames it and undoes the rename', async () => {
    const { page } = app;
    const panel = page.getByTestId('library-panel');
    await panel.getByTestId('library-import-input').setInputFiles({ name: 'mill-ford.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(exportSvg(millFord())) });
    await page.getByTestId('toast-info').filter({ hasText: 'Imported 1 tile' }).first().waitFor({ timeout: 30_000 });
    await panel.getByTestId('library-search').fill('mill');
    await expect.poll(() => panel.getByTestId('library-tile').count()).toBe(1);
    const tile = panel.locator('[data-tile="mill-ford"]');
    await tile.locator('img').waitFor();
    const thumb = await shot(page, 'library-2-imported', tile);
    expect(countColour(thumb, terrainColour('forest'), 10)).toBeGreaterThan(100);
    expect(countColour(thumb, terrainColour('river'), 10)).toBeGreaterThan(30);
    expect(countColour(thumb, terrainColour('village'), 10)).toBeGreaterThan(6);

    await tile.click();
    await panel.getByTestId('library-rename').click();
    await panel.getByTestId('library-rename-input').fill('Old mill ford');
    await panel.getByTestId('library-rename-input').press('Enter');
    await expect.poll(() => tile.locator('.name').textContent()).toBe('Old mill ford');
    expect(await panel.getByTestId('library-undo').getAttribute('title')).toBe('Undo rename “Mill ford” (Ctrl+Z)');
    await shot(page, 'library-3-renamed', panel);
    await panel.getByTestId('library-undo').click();
    await expect.poll(() => tile.locator('.name').textContent()).toBe('Mill ford');
    expect(await panel.getByTestId('library-redo').isEnabled()).toBe(true);
    // The import itself is one undo step too: undo it, and the search finds nothing.
    await panel.getByTestId('library-undo').click();
    await expect.poll(() => panel.getByTestId('library-tile').count()).toBe(0);
    await panel.getByTestId('library-redo').click();
    await expect.poll(() => panel.getByTestId('library-tile').count()).toBe(1);
  });

  it('edits the imported tile in the vector tile editor: turns the wood into marsh, saves it, and the library shows it', async () => {
    const { page } = app;
    const panel = page.getByTestId('library-panel');
    const tile = panel.locator('[data-tile="mill-ford"]');
    await tile.click();
    await panel.getByTestId('library-edit').click();
    const editor = page.getByTestId('tile-editor');
    await editor.waitFor();
    expect(await page.getByTestId('tile-editor-name').inputValue()).toBe('Mill ford');
    // Its edges as core reads them: the river and the wood cross four edges.
    await expect.poll(() => page.getByTestId('tile-editor-indicator').count()).toBe(4);
    // Click on the wood's edge, half way along its curve (tile space → screen through the canvas's own transform).
    const wood = millFord().elements[0]!;
    if (wood.kind === 'point') throw new Error('the wood is an area');
    const [x, y] = evalCubic(segment(wood.curve, 0), 0.5);
    const p = (await page.evaluate(`(() => {
      const svg = document.querySelector('[data-testid="tile-editor-canvas"]');
      const q = new DOMPoint(${x}, ${-y}).matrixTransform(svg.getScreenCTM());
      return { x: q.x, y: q.y };
    })()`)) as { x: number; y: number };
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => page.getByTestId('tile-editor-selection').textContent()).toMatch(/area/);
    await page.getByTestId('tile-editor-element-terrain').selectOption('marsh');
    await shot(page, 'library-4-editing', editor);
    await page.getByTestId('tile-editor-save').click();
    await page.getByTestId('toast-info').filter({ hasText: 'Saved tile “Mill ford”' }).first().waitFor({ timeout: 20_000 });
    await page.getByTestId('tile-editor-close').click();
    await editor.waitFor({ state: 'detached' });
    // The panel lists the tile again with its new terrain.
    await expect.poll(() => panel.locator('[data-tile="mill-ford"]').getAttribute('title'), { timeout: 20_000 }).toMatch(/marsh/);
  });

  it('Ctrl+Z in the focused library search box undoes the map edit, not the library save, and says so (issue 30)', async () => {
    const { page } = app;
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 6, height: 5 } });
    const map = new MapDriver(page, grid);
    await map.drawn(1);
    await page.getByTestId('terrain-forest').click();
    // Tiles clear of the library panel and the notes at the bottom.
    await map.drag([tileAt(grid, 1, 3), tileAt(grid, 2, 3)]);
    await eventually(async () => (await map.hover(tileAt(grid, 2, 3))).terrain === 'forest', 'the forest to be painted');
    await page.getByTestId('library-search').click();
    await page.keyboard.press('Control+z');
    await page.getByTestId('toast-info').filter({ hasText: 'Undid: paint 2 hexes forest' }).first().waitFor({ timeout: 20_000 });
    await eventually(async () => (await map.hover(tileAt(grid, 2, 3))).terrain !== 'forest', 'the paint to be undone');
    await shot(page, 'library-5-undo-from-search');
    // The library's save stands: the tile is still marsh.
    expect(await page.getByTestId('library-panel').locator('[data-tile="mill-ford"]').getAttribute('title')).toMatch(/marsh/);
  });
});
