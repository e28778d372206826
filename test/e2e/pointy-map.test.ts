/**
 * End-to-end, in Chromium against browser mode (issue 30): a designer creates a pointy-topped
 * hex map (8 hexes across, 6 rows), sees the header say so, paints forest, and the pointer
 * picks the hex under it — near a hex's pointed top and bottom too, where a flat-top pick
 * would land on the neighbour. Assertions read the map canvas and the status bar.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import type { Grid } from '../../core/grid/types.js';
import { appForSuite, skipReason, shot, grab, terrainColour as colourOf } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm } from './map-view.js';
import { countColour, type Image } from './png.js';

const missing = skipReason();

/** Bounding box of the pixels of `colour` (±tolerance) in `img`, or of those `keep` accepts. */
function box(img: Image, colour: readonly [number, number, number], tolerance = 4, keep?: (r: number, g: number, b: number) => boolean): { w: number; h: number } {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const p = 4 * (y * img.width + x);
      const [r, g, bl] = [img.data[p]!, img.data[p + 1]!, img.data[p + 2]!];
      if (keep ? !keep(r, g, bl) : Math.abs(r - colour[0]) > tolerance || Math.abs(g - colour[1]) > tolerance || Math.abs(bl - colour[2]) > tolerance) continue;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  }
  return x1 < x0 ? { w: 0, h: 0 } : { w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

describe.skipIf(!!missing)('pointy-topped hex map in the browser', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;

  it('creates an 8-across, 6-row pointy-topped map and says so in the header and the Map panel', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Rows', kind: 'hex-rectangle', width: 8, height: 6, alform: false, fill: 'clear' });
    await page.getByTestId('new-map-orientation-pointy').click();
    expect(await page.getByTestId('new-map-orientation-pointy').getAttribute('aria-checked')).toBe('true');
    // The grid holds the 6 rows as its columns of 8.
    await expect.poll(() => page.getByTestId('new-map-summary').textContent()).toContain('6x8');
    await shot(page, 'pointy-1-new-map-form', page.getByTestId('new-map-form'));
    await createMap(page);
    const meta = await page.locator('.map-meta').textContent();
    expect(meta).toContain('8x6 hexes');
    expect(meta).toContain('pointy-topped');
    expect(await page.getByTestId('map-orientation').textContent()).toBe('pointy-topped');
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 6, height: 8 }, orientation: 'pointy' });
    map = new MapDriver(page, grid);
    await map.drawn(1);
  });

  it('paints forest where clicked, drawn as pointy-topped hexes (taller than wide)', async () => {
    const { page } = app;
    await page.getByTestId('terrain-forest').click();
    // One hex in the middle: row 3 (our column 2), 4th along the row.
    const tile = grid.index([2, 1 + 3]);
    const before = await grab(map.view);
    expect(countColour(before, colourOf('forest'), 4)).toBe(0);
    await map.click(tile);
    await eventually(async () => (await map.hover(tile)).terrain === 'forest', 'the forest paint to come back');
    await page.mouse.move(5, 5);
    const after = await shot(page, 'pointy-2-one-forest-hex', map.view);
    const b = box(after, colourOf('forest'));
    expect(countColour(after, colourOf('forest'), 4)).toBeGreaterThan(300);
    // A pointy-top hex is 2/√3 ≈ 1.15 times as tall as it is wide; a flat-top one the other way round.
    expect(b.h / b.w).toBeGreaterThan(1.08);
    expect(b.h / b.w).toBeLessThan(1.25);
  });

  it('picks the hex under the pointer, at its centre and just inside its pointed top and bottom', async () => {
    const point = await map.pointProjector();
    for (const tile of [0, grid.index([1, 2]), grid.index([3, 1 + 5]), grid.tileCount - 1]) {
      const c = grid.center(tile);
      const corners = grid.corners(tile);
      // The corners straight above and below the centre (90° and 270°): a flat-top hex has none there.
      const top = corners.reduce((a, p) => (p[1]! > a[1]! ? p : a));
      const bottom = corners.reduce((a, p) => (p[1]! < a[1]! ? p : a));
      expect(Math.abs(top[0]! - c[0]!)).toBeLessThan(1e-9);
      for (const target of [c, top, bottom]) {
        const inside = [c[0]! + (target[0]! - c[0]!) * 0.85, c[1]! + (target[1]! - c[1]!) * 0.85];
        const s = point(inside)!;
        await app.page.mouse.move(s.x, s.y);
        await eventually(async () => Number(await app.page.getByTestId('status-tile').getAttribute('data-tile')) === tile, `the status bar to show tile ${tile}`);
      }
    }
  });

  it('paints a stroke along a row and the whole map looks like rows of pointy hexes', async () => {
    const { page } = app;
    const row = [0, 1, 2, 3, 4, 5].map((k) => grid.index([4, 2 + k]));
    await map.drag(row);
    await eventually(async () => (await map.hover(row.at(-1)!)).terrain === 'forest', 'the stroke to come back');
    for (const t of row) expect((await map.hover(t)).terrain).toBe('forest');
    await page.mouse.move(5, 5);
    const img = await shot(page, 'pointy-3-painted-map', map.view);
    const b = box(img, colourOf('forest'));
    // The row runs across the screen: the painted area is much wider than tall.
    expect(b.w).toBeGreaterThan(2 * b.h);
    await shot(page, 'pointy-4-workspace');
  });

  it('shows the map in the minimap as drawn: the forest row across it', async () => {
    const { page } = app;
    await page.getByTestId('minimap-toggle').click();
    const minimap = page.getByTestId('minimap');
    await minimap.waitFor();
    // The minimap shades its colours: forest is the dark green there (green well above red and blue, dark).
    const forestBox = (img: Image) => box(img, [0, 0, 0], 255, (r, g, b) => g > r + 15 && g > b + 15 && r + g + b < 300);
    await eventually(async () => forestBox(await grab(minimap)).w > 0, 'the minimap to show the forest');
    const img = await shot(page, 'pointy-6-minimap', minimap);
    const b = forestBox(img);
    // Seven forest hexes, six of them in one row: the forest spans more of the minimap's width than its height.
    expect(b.w).toBeGreaterThan(1.5 * b.h);
  });
});
