/**
 * End-to-end, in Chromium against browser mode (issue 26 on issue 14's clipboard): a road
 * through a copied rectangle of hexes is pasted with it — on screen and in the stored map,
 * joined tile to tile — and one undo takes the paste, road and all. And a project map stored
 * before through-tile networks, with its road along hexsides, is converted when opened: the
 * toast says so and one undo brings the hexside road back.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import { mapFromJson } from '../../core/map/map-json.js';
import type { Grid } from '../../core/grid/types.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { openDatabase } from '../../node/store/sqlite.js';
import { PROJECT_MIGRATIONS } from '../../node/store/project-schema.js';
import { appForSuite, skipReason, shot, grab } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm, tileAt } from './map-view.js';
import { countDifferent } from './png.js';

const missing = skipReason();

describe.skipIf(!!missing)('a road in a copied region', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;
  let id = '';
  const at = (x: number, y: number) => tileAt(grid, x, y);
  const stored = async (): Promise<TerrainMap> => mapFromJson((await app.server.services.invoke('maps.load', { id })).map);

  it('is pasted with the region, joined as it was, and undone with it', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Road patch', kind: 'hex-rectangle', width: 12, height: 8, alform: false, fill: 'clear' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 12, height: 8 } });
    map = new MapDriver(page, grid);
    await map.drawn(1);
    id = (await app.server.services.invoke('maps.list', {}))[0]!.id;
    const road = [at(2, 2), at(2, 3), at(3, 3), at(3, 4)];
    await app.server.services.invoke('maps.drawNetwork', { id, tiles: road, terrain: 'road' });
    await app.server.services.invoke('maps.paint', { id, tiles: [at(1, 2), at(1, 3)], terrain: 'forest' });
    await page.getByTestId('home').click();
    await page.getByTestId('project-map').first().click();
    await page.getByTestId('workspace').waitFor();
    map = new MapDriver(page, grid);
    await map.drawn(1);
    // A rectangle round the road and the forest.
    await page.keyboard.press('m');
    const corners = await Promise.all([at(1, 2), at(1, 3), ...road].map((t) => map.at(t)));
    await page.mouse.move(Math.min(...corners.map((c) => c.x)) - 14, Math.min(...corners.map((c) => c.y)) - 14);
    await page.mouse.down();
    await page.mouse.move(Math.max(...corners.map((c) => c.x)) + 14, Math.max(...corners.map((c) => c.y)) + 14, { steps: 6 });
    await page.mouse.up();
    await page.keyboard.press('Control+c');
    await expect.poll(() => page.getByTestId('toast-info').last().textContent()).toMatch(/Copied \d+ tiles of Road patch/);
    await page.keyboard.press('Control+v');
    const target = at(8, 5);
    const before = await grab(map.view);
    await map.click(target);
    await eventually(async () => ((await stored()).networks?.size ?? 0) > road.length, 'the pasted road');
    const pasted = await stored();
    const source = pasted.networks!;
    // The pasted road: as many tiles and connections as the copied one, each tile's codes those of its source.
    await page.mouse.move(5, 5);
    await shot(page, 'network-regions-1-pasted-road', map.view);
    const fresh = source.tiles().filter((t) => !road.includes(t));
    expect(fresh).toHaveLength(road.length);
    expect(fresh.map((t) => source.at(t).length).sort()).toEqual(road.map((t) => source.at(t).length).sort());
    const after = await grab(map.view);
    expect(countDifferent(before, after)).toBeGreaterThan(500);
    await page.keyboard.press('Control+z');
    await eventually(async () => (await stored()).networks?.size === road.length, 'the undo');
    await page.mouse.move(5, 5);
    await shot(page, 'network-regions-2-undone', map.view);
  });
});

describe.skipIf(!!missing)('a map from before networks', () => {
  const app = appForSuite();

  it('is converted when opened, says so in a toast, and one undo brings the hexside road back', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Old roads', kind: 'hex-rectangle', width: 10, height: 7, alform: false, fill: 'clear' });
    await createMap(page);
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 10, height: 7 } });
    const services = app.server.services;
    const id = (await services.invoke('maps.list', {}))[0]!.id;
    const hex = tileAt(grid, 4, 3);
    for (const dir of [0, 1, 2, 3]) await services.invoke('maps.paintEdge', { id, tile: hex, dir, terrain: 'road' });
    // What project migration 8 writes for a map a file held before networks.
    const { path } = await services.invoke('project.save', { path: 'old-roads' });
    const db = openDatabase(path!, 'project', PROJECT_MIGRATIONS);
    db.prepare('INSERT INTO maps_before_networks (map_id) VALUES (?)').run(id);
    db.close();
    await page.getByTestId('home').click();
    await page.getByTestId('project-map').first().click();
    await page.getByTestId('workspace').waitFor();
    await expect.poll(() => page.getByTestId('toast-info').last().textContent()).toMatch(/Converted road to through-tile networks/);
    const map = new MapDriver(page, grid);
    await map.drawn(1);
    await page.mouse.move(5, 5);
    await shot(page, 'network-open-1-converted');
    const converted = mapFromJson((await services.invoke('maps.load', { id })).map);
    expect(converted.networks?.size ?? 0).toBeGreaterThan(1);
    await page.getByTestId('undo').click();
    await eventually(async () => mapFromJson((await services.invoke('maps.load', { id })).map).networks === null, 'the undo');
    await page.mouse.move(5, 5);
    await shot(page, 'network-open-2-undone', map.view);
  });
});
