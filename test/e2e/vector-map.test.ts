/**
 * End-to-end, in Chromium against browser mode: a classic hex map assembled from the starter
 * library (the app library's vector tiles, `maps.assemble`) is drawn as a map — coast and
 * forest areas filled with edges, rivers and roads as strokes over casings, hills with
 * contours and shading, settlements and peaks as symbols — and the layers panel takes the
 * drawing away and brings it back; zoomed in, contour lines carry their heights, turned
 * along the line and upright. Screenshots: test-results/e2e/vector-map-*.png.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import type { Grid } from '../../core/grid/types.js';
import { appForSuite, grab, shot, skipReason } from './harness.js';
import { MapDriver, createMap, fillNewMapForm } from './map-view.js';
import { countColour, countDifferent, rgb } from './png.js';

const missing = skipReason();

describe.skipIf(!!missing)('a vector-tile map drawn as a map', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;

  it('assembles a hex map from the starter tiles and draws the tiles themselves', async () => {
    const { page, server } = app;
    await fillNewMapForm(page, { name: 'Assembled valley', kind: 'hex-rectangle', width: 10, height: 7, alform: false, fill: 'plains' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 10, height: 7 } });
    map = new MapDriver(page, grid);
    await map.drawn(1);
    const plain = await grab(map.view);
    const id = (await server.services.invoke('maps.list', {})).find((m) => m.name === 'Assembled valley')!.id;
    const r = await server.services.invoke('maps.assemble', { id, seed: 7, connected: ['road'] });
    if (!r.ok) throw new Error(r.message);
    expect(r.tiles).toBe(70);
    // Open the map again so the view reads the assembled instances and their tiles.
    await page.getByTestId('home').click();
    await page.locator('[data-testid="project-map"][data-map-name="Assembled valley"]').click();
    await page.getByTestId('workspace').waitFor();
    map = new MapDriver(page, grid);
    await map.drawn(1);
    await page.getByTestId('layers-toggle').waitFor();
    await page.mouse.move(5, 5);
    const drawn = await shot(page, 'vector-map-1-drawn', map.view);
    // The picture changed from the plain fill: tiles' features are drawn.
    expect(countDifferent(plain, drawn)).toBeGreaterThan(drawn.width * drawn.height * 0.1);
    // Roads are strokes in their catalogue colour (#7a4a2a), over darker casings.
    expect(countColour(drawn, rgb('#7a4a2a'), 6)).toBeGreaterThan(200);
    const calls = Number(await page.getByTestId('status-draw-calls').getAttribute('data-calls'));
    // (A), (B) + fills + strokes + points (+ borders, the outlines C and D), whatever the number of tiles.
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(calls).toBeLessThanOrEqual(10);
  });

  it('takes the vector drawing away in the layers panel and brings it back', async () => {
    const { page } = app;
    await page.mouse.move(5, 5);
    const before = await grab(map.view);
    await page.getByTestId('layers-toggle').click();
    let frame = await map.frame();
    await page.getByTestId('layer-vector-visible').uncheck();
    await map.nextFrame(frame);
    // The painted (derived) terrain alone: the tiles' features are gone.
    await page.getByTestId('layers-toggle').click();
    const bare = await shot(page, 'vector-map-2-no-drawing', map.view);
    expect(countDifferent(before, bare)).toBeGreaterThan(500);
    await page.getByTestId('layers-toggle').click();
    frame = await map.frame();
    await page.getByTestId('layer-vector-visible').check();
    await map.nextFrame(frame);
    await page.getByTestId('layers-toggle').click();
    expect(countDifferent(before, await grab(map.view))).toBeLessThan(50);
  });

  it('prints contour heights on the lines once zoomed in far enough to read them', async () => {
    const { page, server } = app;
    // A high hill (contours 100, 200, 300 round a peak) in the middle of the map.
    const id = (await server.services.invoke('maps.list', {})).find((m) => m.name === 'Assembled valley')!.id;
    const hill = grid.index([5, 3]);
    const r = await server.services.invoke('maps.placeInstances', { id, placements: [{ tile: hill, vectorTile: 'hex-hill-high-1', placement: 0 }] });
    expect(r.instances?.length).toBe(1);
    await page.getByTestId('home').click();
    await page.locator('[data-testid="project-map"][data-map-name="Assembled valley"]').click();
    await page.getByTestId('workspace').waitFor();
    map = new MapDriver(page, grid);
    await map.drawn(1);
    const labelColour = rgb('#5b3b1c');
    // Zoomed out the numbers would be clutter: none is drawn.
    const far = await grab(map.view);
    expect(Number(await map.view.getAttribute('data-contour-labels'))).toBe(0);
    expect(countColour(far, labelColour, 10)).toBeLessThan(20);
    // Zoom in on the hill until a glyph cell is ~20 px (0.2 inradius; the inradius is half the spacing).
    const wanted = 20 / (0.2 * (grid.spacing() / 2));
    for (let i = 0; i < 40; i++) {
      const scale = Number(((await map.view.getAttribute('data-view')) ?? '1').split(',')[0]);
      if (scale >= wanted) break;
      const at = await map.at(hill);
      const frame = await map.frame();
      await page.mouse.move(at.x, at.y);
      await page.mouse.wheel(0, -150);
      await map.nextFrame(frame);
    }
    const at = await map.at(hill);
    await page.mouse.move(5, 5);
    const near = await shot(page, 'vector-map-3-contour-heights', map.view);
    // The hill's three contours carry one label each (neighbouring hills in view may add theirs).
    expect(Number(await map.view.getAttribute('data-contour-labels'))).toBeGreaterThanOrEqual(3);
    // The numbers are drawn round the hill, in the label colour, on their pale halo.
    const box = (await map.view.boundingBox())!;
    const scale = Number(((await map.view.getAttribute('data-view')) ?? '1').split(',')[0]);
    const reach = scale * grid.spacing() * 0.55;
    let inked = 0;
    for (let y = Math.max(0, Math.round(at.y - box.y - reach)); y < Math.min(near.height, at.y - box.y + reach); y++) {
      for (let x = Math.max(0, Math.round(at.x - box.x - reach)); x < Math.min(near.width, at.x - box.x + reach); x++) {
        const i = 4 * (y * near.width + x);
        if (Math.abs(near.data[i]! - labelColour[0]) + Math.abs(near.data[i + 1]! - labelColour[1]) + Math.abs(near.data[i + 2]! - labelColour[2]) < 30) inked++;
      }
    }
    expect(inked).toBeGreaterThan(60);
  });

  it('draws curves coarse zoomed out and fine zoomed in, in a handful of calls either way', async () => {
    const { page } = app;
    const level = async () => (await map.view.getAttribute('data-vector')) ?? '';
    const scale = async () => Number(((await map.view.getAttribute('data-view')) ?? '0').split(',')[0]);
    const zoom = async (button: 'zoom-in' | 'zoom-out', until: string) => {
      for (let i = 0; i < 12 && (await level()) !== until; i++) {
        const frame = await map.frame();
        await page.getByTestId(button).click();
        await map.nextFrame(frame);
      }
      expect(await level()).toBe(until);
    };
    const calls = async () => Number(await page.getByTestId('status-draw-calls').getAttribute('data-calls'));
    await zoom('zoom-out', 'coarse');
    // Tiles are small: the whole map at the coarse level (core's vectorLevel: under 32 px a tile).
    expect(await scale()).toBeLessThan(32);
    await page.mouse.move(5, 5);
    const out = await shot(page, 'vector-map-3-zoomed-out', map.view);
    expect(countColour(out, rgb('#7a4a2a'), 6)).toBeGreaterThan(20);
    // The painted layers stay drawn with the drawing (issue 25): (A), (B), C, D, borders + the drawing's three.
    expect(await calls()).toBeLessThanOrEqual(10);
    await zoom('zoom-in', 'fine');
    // Closer still, where coarse chords would show as corners.
    for (let i = 0; i < 6; i++) {
      const frame = await map.frame();
      await page.getByTestId('zoom-in').click();
      await map.nextFrame(frame);
    }
    expect(await level()).toBe('fine');
    expect(await scale()).toBeGreaterThanOrEqual(32);
    await page.mouse.move(5, 5);
    const closer = await shot(page, 'vector-map-4-zoomed-in', map.view);
    expect(countColour(closer, rgb('#7a4a2a'), 6)).toBeGreaterThan(200);
    // The fine level is one set of merged buffers for the blocks in view: still a handful of calls.
    expect(await calls()).toBeLessThanOrEqual(10);
  });
});
