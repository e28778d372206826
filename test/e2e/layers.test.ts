/**
 * End-to-end, in Chromium against browser mode (issue 25): on a painted AL-FORM hex map with a
 * river and a road, placing a library tile hides nothing painted — the river and road are still
 * drawn, over the placed tile's drawing. The layers panel hides and shows each layer and fades
 * it, and a reload shows the map with the settings it was left with. Assertions read the view's
 * `data-layers` (what MapLayers draws) and the canvas's pixels. Screenshots:
 * test-results/e2e/layers-*.png.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import type { Grid } from '../../core/grid/types.js';
import { tileClasses } from '../../core/alform/tile-classes.js';
import { TileClass } from '../../core/alform/classify.js';
import { mapFromJson } from '../../core/map/map-json.js';
import type { MapPayload } from '../../contract/contract.js';
import { appForSuite, grab, shot, skipReason, terrainColour } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm } from './map-view.js';
import { pixel, type Image } from './png.js';

const missing = skipReason();

describe.skipIf(!!missing)('the layers panel: nothing painted is hidden by an action', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;
  let mapId = '';
  let river: number[] = [];
  let cell = -1;
  const layersShown = async () => (await map.view.getAttribute('data-layers')) ?? '';
  const near = (a: readonly number[], b: readonly number[]) => Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!) < 40;
  /** The river's colour at the centre of each river tile in view: how many show it. */
  const riverShown = async (img: Image) => {
    const box = (await map.view.boundingBox())!;
    let n = 0;
    for (const t of river) {
      const at = await map.at(t);
      // Beside the centre: the grid's border runs through it.
      const samples = [[-5, 0], [5, 0], [0, -5], [0, 5]].map(([dx, dy]) => pixel(img, at.x - box.x + dx!, at.y - box.y + dy!));
      if (samples.some((c) => near(c, terrainColour('river')))) n++;
    }
    return n;
  };
  const reopen = async () => {
    await app.page.getByTestId('home').click();
    await app.page.locator('[data-testid="project-map"][data-map-name="Painted valley"]').click();
    await app.page.getByTestId('workspace').waitFor();
    map = new MapDriver(app.page, grid);
    await map.drawn(1);
  };

  it('placing a library tile leaves the painted river and road drawn', async () => {
    const { page, server } = app;
    await fillNewMapForm(page, { name: 'Painted valley', kind: 'hex-rectangle', width: 6, height: 5, alform: true, fill: 'clear' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true });
    mapId = (await server.services.invoke('maps.list', {})).find((m) => m.name === 'Painted valley')!.id;
    // A river along one row of linear tiles, a road along another.
    const classes = tileClasses(grid);
    const linear = [...classes.keys()].filter((t) => classes[t] !== TileClass.AREA);
    const rowOf = (t: number) => +grid.center(t)[1]!.toFixed(4);
    const rows = [...new Set(linear.map(rowOf))].sort((a, b) => a - b);
    river = linear.filter((t) => rowOf(t) === rows[Math.floor(rows.length / 2)]);
    const road = linear.filter((t) => rowOf(t) === rows[2]);
    for (const [tiles, terrain] of [[river, 'river'], [road, 'road']] as const) {
      const r = await server.services.invoke('maps.paint', { id: mapId, tiles, terrain });
      expect(r.changes.length).toBeGreaterThan(0);
    }
    await reopen();
    expect(await layersShown()).toMatch(/^terrain:1:1,linear:1:1,vector:0:1,grid:1:1/);
    await page.mouse.move(5, 5);
    const painted = await shot(page, 'layers-0-painted', map.view);
    const before = await riverShown(painted);
    expect(before).toBeGreaterThan(river.length / 2);

    // Place the first tile that fits on the area cell beside the middle of the river.
    const mid = river[Math.floor(river.length / 2)]!;
    cell = [...classes.keys()].filter((t) => classes[t] === TileClass.AREA).sort((a, b) => dist(grid, a, mid) - dist(grid, b, mid))[0]!;
    await page.keyboard.press('i');
    await page.getByTestId('placing-panel').waitFor();
    await map.click(cell);
    await page.getByTestId('fits-here').waitFor();
    await page.getByTestId('fit-choice').first().click();
    await page.getByTestId('placing-chosen').waitFor();
    await map.click(cell);
    await eventually(async () => mapFromJson(((await server.services.invoke('maps.load', { id: mapId })) as MapPayload).map).instances?.get(cell) != null, 'the tile to be placed');
    await eventually(async () => /vector:1/.test(await layersShown()), 'the vector drawing to show');
    await page.keyboard.press('Escape');
    await page.mouse.move(5, 5);
    const frame = await map.frame();
    await map.nextFrame(frame - 1);
    const placed = await shot(page, 'layers-1-placed', map.view);
    // Terrain, linear terrain (the river and road) and grid are all still drawn, with the drawing.
    expect(await layersShown()).toMatch(/^terrain:1:1,linear:1:1,vector:1:1,grid:1:1/);
    expect(await riverShown(placed)).toBe(before);
  });

  it('the layers panel hides and shows each layer, and fades it', async () => {
    const { page } = app;
    await page.getByTestId('layers-toggle').click();
    await page.getByTestId('layers-panel').waitFor();
    await shot(page, 'layers-2-panel');
    for (const layer of ['terrain', 'linear', 'vector', 'grid', 'numbers']) {
      const box = page.getByTestId(`layer-${layer}-visible`);
      await box.uncheck();
      await eventually(async () => (await layersShown()).includes(`${layer}:0`), `${layer} to be hidden`);
      if (layer === 'linear') expect(await riverShown(await grab(map.view))).toBe(0);
      await box.check();
      await eventually(async () => (await layersShown()).includes(`${layer}:1`), `${layer} to show again`);
    }
    const analysis = page.getByTestId('layer-analysis');
    await page.getByTestId('layer-analysis-visible').uncheck();
    expect(await analysis.getAttribute('data-visible')).toBe('false');
    await page.getByTestId('layer-analysis-visible').check();
    expect(await analysis.getAttribute('data-visible')).toBe('true');
    expect(await page.getByTestId('layer-labels-visible').isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('layer-labels').textContent()).toMatch(/no labels yet/);
    // Fade the terrain to half and hide the linear terrain: kept for the reload below.
    await page.getByTestId('layer-terrain-opacity').fill('0.5');
    await eventually(async () => (await layersShown()).includes('terrain:1:0.5'), 'the terrain to fade');
    await page.getByTestId('layer-linear-visible').uncheck();
    await eventually(async () => (await layersShown()).includes('linear:0'), 'the linear terrain to be hidden');
    await page.mouse.move(5, 5);
    await shot(page, 'layers-3-faded');
  });

  it('a reload shows the map with the layers as they were left', async () => {
    const { page } = app;
    await page.reload();
    await page.getByTestId('home').or(page.locator('[data-testid="project-map"]').first()).first().waitFor();
    if (await page.getByTestId('workspace').isVisible()) await page.getByTestId('home').click();
    await page.locator('[data-testid="project-map"][data-map-name="Painted valley"]').click();
    await page.getByTestId('workspace').waitFor();
    map = new MapDriver(page, grid);
    await map.drawn(1);
    await eventually(async () => /^terrain:1:0.5,linear:0:1,vector:1:1,grid:1:1/.test(await layersShown()), 'the settings to come back');
    await page.getByTestId('layers-toggle').click();
    expect(await page.getByTestId('layer-linear').getAttribute('data-visible')).toBe('false');
    await page.getByTestId('layer-linear-visible').check();
    await page.getByTestId('layer-terrain-opacity').fill('1');
    await eventually(async () => /^terrain:1:1,linear:1:1/.test(await layersShown()), 'the layers to show again');
  });
});

function dist(grid: Grid, a: number, b: number): number {
  const p = grid.center(a);
  const q = grid.center(b);
  return Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!);
}
