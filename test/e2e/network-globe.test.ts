/**
 * End-to-end, in Chromium against browser mode (issue 26 on the globe): a river and a road
 * drawn with the linear tool across an AL-FORM globe; where the road crosses the river the
 * globe shows a bridge (deck colour on screen), as many bridges in the drawing as the stored
 * road has river crossings; one undo takes the road and its bridges off the screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createGrid } from '../../core/grid/create.js';
import { mapFromJson } from '../../core/map/map-json.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { NetworkSides } from '../../core/map/network-sides.js';
import { linearTerrainAcross, networkCrossings } from '../../core/map/network-query.js';
import { buildNetworkDrawing } from '../../core/render/network-drawing.js';
import { DECK_COLOUR } from '../../core/render/network-symbols.js';
import { loadDefaultCatalogue } from '../../core/terrain/catalogue.testkit.js';
import type { MapPayload } from '../../contract/contract.js';
import { appForSuite, grab, shot, skipReason, type App } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm } from './map-view.js';
import { countColour } from './png.js';

const missing = skipReason();

async function stored(app: App): Promise<TerrainMap> {
  const id = (await app.server.services.invoke('maps.list', {}))[0]!.id;
  return mapFromJson((await app.server.services.invoke('maps.load', { id })).map as MapPayload['map']);
}

/** A drag across the view through `points` (fractions of the view box). */
async function drag(page: Page, box: { x: number; y: number; width: number; height: number }, points: readonly (readonly [number, number])[]): Promise<void> {
  const at = (p: readonly [number, number]) => ({ x: box.x + p[0] * box.width, y: box.y + p[1] * box.height });
  await page.mouse.move(at(points[0]!).x, at(points[0]!).y);
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(at(p).x, at(p).y, { steps: 12 });
  await page.mouse.up();
}

describe.skipIf(!!missing)('a road across a river on the globe', () => {
  const app = appForSuite();

  it('is bridged where it crosses, once per crossing, and undo takes the bridges away', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Bridged planet', kind: 'icosahedron', side: 3, alform: true, fill: 'clear' });
    await createMap(page);
    const grid = createGrid({ size: { kind: 'icosahedron', side: 7 }, alform: true });
    const globe = new MapDriver(page, grid);
    await globe.drawn(1);
    const box = (await globe.view.boundingBox())!;
    await page.getByTestId('terrain-river').click();
    expect(await page.getByTestId('tool-linear').getAttribute('aria-pressed')).toBe('true');
    await drag(page, box, [
      [0.5, 0.3],
      [0.47, 0.5],
      [0.5, 0.7],
    ]);
    await eventually(async () => (await stored(app)).palette.includes('river'), 'the river to be stored');
    await shot(page, 'network-globe-0-river', globe.view);
    await page.getByTestId('terrain-road').click();
    expect(await page.getByTestId('tool-linear').getAttribute('aria-pressed')).toBe('true');
    await drag(page, box, [
      [0.25, 0.55],
      [0.5, 0.5],
      [0.75, 0.45],
    ]);
    await eventually(async () => ((await stored(app)).networks?.size ?? 0) >= 4, 'the road to be stored');
    const m = await stored(app);
    const kind = m.palette.indexOf('road') + 1;
    const crossings = networkCrossings(m.networks!, NetworkSides.of(m), kind, linearTerrainAcross(m)).filter((c) => c.type === 'feature');
    expect(crossings.length).toBeGreaterThanOrEqual(1);
    // Work count: one bridge in the drawing for each river crossing of the stored road.
    expect(buildNetworkDrawing(m, loadDefaultCatalogue()).bridges).toHaveLength(crossings.length);
    await page.mouse.move(5, 5);
    const after = await shot(page, 'network-globe-1-bridge', globe.view);
    const deck = [1, 3, 5].map((i) => parseInt(DECK_COLOUR.slice(i, i + 2), 16)) as [number, number, number];
    expect(countColour(after, deck, 8)).toBeGreaterThan(10);

    await page.getByTestId('undo').click();
    await eventually(async () => ((await stored(app)).networks?.size ?? 0) === 0, 'undo to take the road away');
    await page.mouse.move(5, 5);
    await eventually(async () => countColour(await grab(globe.view), deck, 8) === 0, 'the bridge to leave the screen');
    await shot(page, 'network-globe-2-undone', globe.view);
  });
});
