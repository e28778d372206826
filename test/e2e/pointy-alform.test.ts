/**
 * End-to-end (issue 30): an AL-FORM pointy-topped map — area hexes in rows, a river drawn
 * along the hexsides between two rows with the linear tool, forest painted beside it.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import { classifyTile, TileClass } from '../../core/alform/classify.js';
import { appForSuite, skipReason, shot, terrainColour as colourOf } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm } from './map-view.js';
import { countColour } from './png.js';

const missing = skipReason();

describe.skipIf(!!missing)('AL-FORM pointy-topped map in the browser', () => {
  const app = appForSuite();

  it('draws a river between two rows of hexes and forest beside it', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'River rows', kind: 'hex-rectangle', width: 7, height: 5, alform: true, fill: 'clear' });
    await page.getByTestId('new-map-orientation-pointy').click();
    await createMap(page);
    expect(await page.locator('.map-meta').textContent()).toContain('7x5 hexes · pointy-topped · AL-FORM');
    expect(await page.getByTestId('map-orientation').textContent()).toBe('pointy-topped');
    // 7 across × 5 rows → a classic grid of 5 columns of 7 → AL-FORM 9 × 13.
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 9, height: 13 }, alform: true, orientation: 'pointy' });
    const map = new MapDriver(page, grid);
    await map.drawn(1);
    // Grid column 5 holds only linear tiles: drawn pointy, the hexsides between rows 3 and 4.
    const line: number[] = [];
    for (let y = 0; y < 30; y++) {
      const i = grid.index([5, y]);
      if (i >= 0) line.push(i);
    }
    for (const t of line) expect(classifyTile(grid, t)).not.toBe(TileClass.AREA);
    await page.getByTestId('terrain-river').click();
    await map.drag(line, 3);
    await eventually(async () => (await map.hover(line.at(-1)!)).terrain === 'river', 'the river to come back');
    await page.getByTestId('terrain-forest').click();
    const forest = [0, 2, 4].map((k) => grid.index([4, 4 + k]));
    await map.drag(forest);
    await eventually(async () => (await map.hover(forest.at(-1)!)).terrain === 'forest', 'the forest to come back');
    await page.mouse.move(5, 5);
    const img = await shot(page, 'pointy-5-alform-river', map.view);
    expect(countColour(img, colourOf('river'), 6)).toBeGreaterThan(200);
    expect(countColour(img, colourOf('forest'), 4)).toBeGreaterThan(300);
  });
});
