/**
 * End-to-end, in Chromium against browser mode (issue 13): a designer places vector tiles on
 * a classic HEX map from the app library — clicks a tile, sees the library tiles that fit
 * there ("Fits here", with pictures), chooses a road, sees every tile where it fits marked
 * and its ghost under the pointer, turns it with Z (only into orientations that fit), places
 * it; beside it only fitting tiles are offered (the same answer core gives). Then selects a
 * region and auto-assembles it with a connected road: one job, one undo step. Assertions
 * read the map canvas's pixels and the main process's own answers, not just the DOM.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import type { Grid } from '../../core/grid/types.js';
import type { FittingAnswer, MapPayload } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { checkAssembly } from '../../core/assemble/check.js';
import { matchOptionsFrom } from '../../core/vector/terrain-rules.js';
import { parseCatalogue } from '../../core/terrain/catalogue.js';
import catalogueJson from '../../resources/terrain/default.json' with { type: 'json' };
import { appForSuite, grab, shot, skipReason, terrainColour } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm } from './map-view.js';
import { countDifferent, pixel, type Image } from './png.js';

const missing = skipReason();
const ROAD = 'hex-road-straight-1';

describe.skipIf(!!missing)('placing tiles and auto-assembly on a hex map', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;
  let mapId = '';
  const services = () => app.server.services;
  const fitting = (args: { at?: number; vectorTile?: string; limit?: number }) => services().invoke('maps.fitting', { id: mapId, ...args }) as Promise<FittingAnswer>;
  const stored = async () => mapFromJson(((await services().invoke('maps.load', { id: mapId })) as MapPayload).map);
  const centre = () => grid.index([2, 2]);

  it('lists the library tiles that fit a clicked tile, with pictures', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Tiles', kind: 'hex-rectangle', width: 6, height: 5, alform: false, fill: 'clear' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 6, height: 5 } });
    map = new MapDriver(page, grid);
    await map.drawn(1);
    mapId = ((await services().invoke('maps.list', {})) as { id: string }[])[0]!.id;
    // New hex maps are numbered (0520); the pixel checks below read the cells, so no numbers.
    const frame0 = await map.frame();
    await page.getByTestId('numbering-select').selectOption('');
    await map.nextFrame(frame0);
    await page.keyboard.press('i');
    await page.getByTestId('placing-panel').waitFor();
    await map.click(centre());
    const list = page.getByTestId('fits-here');
    await list.waitFor();
    const direct = await fitting({ at: centre(), limit: 1000 });
    if (direct.kind !== 'position') throw new Error('expected a position answer');
    expect(Number(await list.getAttribute('data-count'))).toBe(direct.total);
    // The map is painted clear, so the tiles that depict clear ground fit anywhere on it (issue 25:
    // the painting constrains placing; a forest or hills tile would be refused here).
    expect(direct.total).toBeGreaterThan(30);
    // Each shows its picture (an <img> of the library's SVG) and the orientations that fit.
    const first = page.getByTestId('fit-choice').first();
    expect(await first.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await first.locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    await shot(page, 'placing-1-fits-here');
  });

  it('choosing a tile marks where it fits; the ghost follows the pointer; Z turns it within what fits; a click places it', async () => {
    const { page } = app;
    await page.mouse.move(5, 5);
    const before = await grab(map.view);
    await page.locator(`[data-testid="fit-choice"][data-tile="${ROAD}"]`).click();
    const chosen = page.getByTestId('placing-chosen');
    await chosen.waitFor();
    expect(Number(await chosen.getAttribute('data-places'))).toBe(grid.tileCount);
    let frame = await map.frame();
    await map.nextFrame(frame - 1);
    const marked = await shot(page, 'placing-2-marks', map.view);
    // Every tile is marked: a light fill and a ring of dots, one per orientation that fits.
    expect(countDifferent(before, marked)).toBeGreaterThan(marked.width * marked.height * 0.15);

    await map.hover(centre());
    const hint = page.getByTestId('placing-hint');
    await eventually(async () => /r0 · 12 orientations fit here/.test((await hint.textContent()) ?? ''), 'the hint to name the placement');
    frame = await map.frame();
    await map.nextFrame(frame - 1);
    const ghost = await shot(page, 'placing-3-ghost', map.view);
    expect(countDifferent(marked, ghost)).toBeGreaterThan(300);
    await page.keyboard.press('z');
    await eventually(async () => /r60 ·/.test((await hint.textContent()) ?? ''), 'Z to turn the road to r60');
    frame = await map.frame();
    await map.nextFrame(frame - 1);
    const turned = await shot(page, 'placing-4-ghost-turned', map.view);
    expect(countDifferent(ghost, turned)).toBeGreaterThan(100);
    // The ghost is the tile drawn as placed (its road a cased stroke in the road's colour, see-through), not an outline.
    const cell = await cellWindow(map, centre());
    const roadBefore = roadPixels(marked, cell);
    const roadGhost = roadPixels(turned, cell);
    expect(roadBefore.size).toBe(0);
    expect(roadGhost.size).toBeGreaterThan(cell.r * 0.3 * cell.r);

    await map.click(centre());
    await eventually(async () => page.getByTestId('undo').isEnabled(), 'the placement to come back');
    const placed = (await stored()).instances!.get(centre());
    expect(placed?.tile).toBe(ROAD);
    await page.mouse.move(5, 5);
    frame = await map.frame();
    await map.nextFrame(frame - 1);
    const after = await shot(page, 'placing-5-placed', map.view);
    // Placed, the road lies where the ghost showed it: the same pixels, now opaque.
    const roadPlaced = roadPixels(after, cell);
    const both = [...roadGhost].filter((k) => roadPlaced.has(k)).length;
    expect(both / Math.max(roadGhost.size, roadPlaced.size)).toBeGreaterThan(0.7);
    // And the cell looks as the ghost did: much nearer to it than to the map before the ghost.
    expect(meanDifference(turned, after, cell)).toBeLessThan(0.5 * meanDifference(marked, after, cell));
  });

  it('beside the road only fitting tiles are offered, exactly as core answers', async () => {
    const { page } = app;
    // The neighbours the road runs into: plain clear ground does not fit there.
    const neighbours = [0, 1, 2, 3, 4, 5].map((d) => grid.neighbor(centre(), d)).filter((n) => n >= 0);
    const ends: number[] = [];
    for (const n of neighbours) {
      const a = await fitting({ at: n, limit: 1000 });
      if (a.kind === 'position' && !a.fits.some((f) => f.vectorTile === 'hex-clear-1')) ends.push(n);
    }
    expect(ends).toHaveLength(2);
    // The road's marks now leave out the tiles it cannot continue from the side.
    const where = await fitting({ vectorTile: ROAD });
    if (where.kind !== 'tile') throw new Error('expected a tile answer');
    expect(Number(await page.getByTestId('placing-chosen').getAttribute('data-places'))).toBe(where.places.length);
    // At the road's end it fits only turned to continue the road.
    expect(where.places.find((p) => p.tile === ends[0])!.placements.length).toBeLessThan(12);

    await page.keyboard.press('Escape');
    await map.click(ends[0]!);
    const list = page.getByTestId('fits-here');
    await eventually(async () => (await list.getAttribute('data-tile')) === String(ends[0]), 'the Fits here list of the road end');
    const direct = await fitting({ at: ends[0]!, limit: 1000 });
    if (direct.kind !== 'position') throw new Error('expected a position answer');
    const offered = await page.getByTestId('fit-choice').evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { tile: string } }).dataset.tile));
    expect(offered).toEqual(direct.fits.map((f) => f.vectorTile));
    expect(offered).not.toContain('hex-clear-1');
    await shot(page, 'placing-6-fits-beside-road');
    // Placing a misfit is refused by the main process, naming the edge.
    await expect(services().invoke('maps.placeTile', { id: mapId, tile: ends[0]!, vectorTile: 'hex-clear-1', placement: 0 })).rejects.toThrow(/does not fit on tile .* beside tile .*edge/);
  });

  it('auto-assembles a selected region with a connected road as one undo step', async () => {
    const { page } = app;
    await page.keyboard.press('Escape');
    await page.keyboard.press('s');
    const region = [grid.index([1, 1]), grid.index([2, 1]), grid.index([3, 1]), grid.index([1, 2]), grid.index([3, 2]), grid.index([1, 3]), grid.index([2, 3]), grid.index([3, 3])];
    await map.drag(region, 3);
    await page.keyboard.press('u');
    const dialog = page.getByTestId('assemble-dialog');
    await dialog.waitFor();
    await page.getByTestId('assemble-seed').fill('3');
    await page.getByTestId('assemble-connect-road').check();
    const tiles = Number(await page.getByTestId('assemble-summary').getAttribute('data-tiles'));
    expect(tiles).toBeGreaterThanOrEqual(region.length);
    await shot(page, 'placing-7-assemble-dialog');
    const beforeSteps = (await stored()).instances!.placedCount();
    await page.getByTestId('assemble-confirm').click();
    await eventually(async () => (await stored()).instances!.placedCount() > beforeSteps, 'the assembly to be stored', 60_000);
    const after = await stored();
    const selection = [...new Set(region)];
    for (const t of selection) expect(after.instances!.has(t)).toBe(true);
    const hexTiles = services().library().library.vector.tiles(['hex']);
    const match = matchOptionsFrom(parseCatalogue(structuredClone(catalogueJson), 'default.json'));
    // Every placed tile matches its neighbours, and the road network is one piece.
    expect(checkAssembly(after.grid, after.instances!, hexTiles, { match, connectivity: { terrains: ['road'] } }).filter((v) => v.kind !== 'boundary')).toEqual([]);
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
    const done = await shot(page, 'placing-8-assembled', map.view);
    // One undo takes the whole assembly back.
    await page.keyboard.press('Control+z');
    await eventually(async () => (await stored()).instances!.placedCount() === beforeSteps, 'one undo to take the assembly back');
    const undone = await grab(map.view);
    expect(countDifferent(done, undone)).toBeGreaterThan(100);
  });

  it('when no assembly exists, says so naming the conflicting tiles and outlines them in red', async () => {
    const { page } = app;
    // A river boxed in: its two ends face plain clear ground (placed without the fit check, as an import could).
    const river = grid.index([4, 2]);
    const answer = await fitting({ vectorTile: 'hex-river-straight-1' });
    if (answer.kind !== 'tile') throw new Error('expected a tile answer');
    const code = answer.places.find((p) => p.tile === river)!.placements[0]!;
    await services().invoke('maps.placeInstances', { id: mapId, placements: [{ tile: river, vectorTile: 'hex-river-straight-1', placement: code }] });
    const ends: number[] = [];
    for (const n of [0, 1, 2, 3, 4, 5].map((d) => grid.neighbor(river, d)).filter((t) => t >= 0)) {
      const a = await fitting({ at: n, limit: 1000 });
      if (a.kind === 'position' && !a.fits.some((f) => f.vectorTile === 'hex-clear-1')) ends.push(n);
    }
    await services().invoke('maps.placeInstances', { id: mapId, placements: ends.map((tile) => ({ tile, vectorTile: 'hex-clear-1', placement: 0 })) });
    await page.reload();
    await page.getByTestId('start-screen').waitFor();
    await page.locator('[data-testid="project-map"][data-map-name="Tiles"]').click();
    await page.getByTestId('workspace').waitFor();
    await map.drawn(1);
    await page.keyboard.press('u');
    await page.getByTestId('assemble-dialog').waitFor();
    await page.getByTestId('assemble-confirm').click();
    const toast = page.getByText(/^Cannot assemble this map:/);
    await toast.waitFor({ timeout: 60_000 });
    const text = (await toast.textContent()) ?? '';
    expect(text).toMatch(/The conflict lies in tiles? [\d, ·]+/);
    expect(text).toContain(grid.coord(river).join(','));
    await page.mouse.move(5, 5);
    const frame = await map.frame();
    await map.nextFrame(frame - 1);
    await shot(page, 'placing-9-conflict');
  });
});

/** The screenshot pixels (view coordinates) within 0.7 inradius of a tile's centre: inside the tile, off its outline. */
async function cellWindow(map: MapDriver, tile: number): Promise<{ x: number; y: number; r: number }> {
  const box = (await map.view.boundingBox())!;
  const c = await map.at(tile);
  const n = await map.at(map.grid.neighbor(tile, 0));
  // Half the distance between neighbouring centres is the inradius.
  const r = 0.7 * (Math.hypot(n.x - c.x, n.y - c.y) / 2);
  return { x: c.x - box.x, y: c.y - box.y, r };
}

function* windowPixels(w: { x: number; y: number; r: number }): Generator<[number, number]> {
  for (let y = Math.ceil(w.y - w.r); y <= w.y + w.r; y++) for (let x = Math.ceil(w.x - w.r); x <= w.x + w.r; x++) if (Math.hypot(x - w.x, y - w.y) <= w.r) yield [x, y];
}

/** Pixels of the road's own colour (the ghost's see-through blend over clear ground included). */
function roadPixels(img: Image, w: { x: number; y: number; r: number }): Set<string> {
  const road = terrainColour('road');
  const clear = terrainColour('clear');
  const reach = 0.3 * Math.hypot(...road.map((v, k) => v - clear[k]!)) + 12;
  const out = new Set<string>();
  for (const [x, y] of windowPixels(w)) {
    const p = pixel(img, x, y);
    if (Math.hypot(...p.map((v, k) => v - road[k]!)) <= reach) out.add(`${x},${y}`);
  }
  return out;
}

function meanDifference(a: Image, b: Image, w: { x: number; y: number; r: number }): number {
  let sum = 0;
  let n = 0;
  for (const [x, y] of windowPixels(w)) {
    const p = pixel(a, x, y);
    const q = pixel(b, x, y);
    sum += Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]);
    n++;
  }
  return sum / n;
}
