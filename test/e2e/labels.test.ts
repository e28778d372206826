/**
 * End-to-end, in Chromium against browser mode (issue 30 item 1, "No text on the map"): the
 * label tool (N) places a place name and a river name by clicking and typing, a label is
 * dragged to move it, double-clicked to retype it, chosen and deleted — each one undo step,
 * undone with Ctrl+Z — and the names read over forest and clear ground alike (a dark fill in
 * a light halo). Screenshot: test-results/e2e/labels-1-ardennes.png.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import type { Grid } from '../../core/grid/types.js';
import type { MapLabel } from '../../core/map/labels.js';
import { appForSuite, grab, shot, skipReason } from './harness.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { MapDriver, createMap, eventually, fillNewMapForm, tileAt } from './map-view.js';
import type { Image } from './png.js';

const missing = skipReason();

/** Pixels near white (the halo) and near the label's dark fill. */
function inkAndHalo(img: Image): { ink: number; halo: number } {
  let ink = 0;
  let halo = 0;
  for (let k = 0; k < img.width * img.height; k++) {
    const [r, g, b] = [img.data[k * 4]!, img.data[k * 4 + 1]!, img.data[k * 4 + 2]!];
    if (r > 235 && g > 235 && b > 235) halo++;
    else if (r < 60 && g < 60 && b < 60) ink++;
  }
  return { ink, halo };
}

describe.skipIf(!!missing)('labels on the map', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;
  let id = '';
  const stored = async (): Promise<MapLabel[]> => ((await app.server.services.invoke('maps.load', { id })).map.labels ?? []) as MapLabel[];
  const shown = () => app.page.getByTestId('map-label');

  it('places a place name with the label tool: click, type, Enter — over forest, readable', async () => {
    const { page, server } = app;
    await fillNewMapForm(page, { name: 'Ardennes', kind: 'hex-rectangle', width: 24, height: 16, alform: false, fill: 'clear' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 24, height: 16 } });
    map = new MapDriver(page, grid);
    await map.drawn(1);
    id = (await server.services.invoke('maps.list', {}))[0]!.id;
    // Forest round the town: a name must read over dark green as well as over clear ground.
    const forest = [...grid.range(tileAt(grid, 8, 6), 3)];
    await server.services.invoke('maps.paint', { id, tiles: forest, terrain: 'forest' });
    await page.getByTestId('home').click();
    await page.getByTestId('project-map').first().click();
    map = new MapDriver(page, grid);
    await map.drawn(1);

    await page.keyboard.press('n');
    expect(await map.view.getAttribute('data-tool')).toBe('label');
    await map.click(tileAt(grid, 8, 6));
    const text = page.getByTestId('label-text');
    await text.waitFor();
    await page.getByTestId('label-style').selectOption('place');
    await text.fill('Bastogne');
    await text.press('Enter');
    await eventually(async () => (await shown().count()) === 1, 'the label on the map');
    expect(await shown().first().textContent()).toContain('Bastogne');
    const [label] = await stored();
    expect(label).toMatchObject({ text: 'Bastogne', style: 'place' });
    // Dark letters in a white halo, over forest.
    const pixels = inkAndHalo(await grab(shown().first()));
    expect(pixels.ink).toBeGreaterThan(30);
    expect(pixels.halo).toBeGreaterThan(30);
  });

  it('places a river name, drags a label to move it, retypes it — one undo step each', async () => {
    const { page } = app;
    await map.click(tileAt(grid, 16, 10));
    await page.getByTestId('label-style').selectOption('river');
    await page.getByTestId('label-text').fill('Ourthe');
    await page.getByTestId('label-text').press('Enter');
    await eventually(async () => (await shown().count()) === 2, 'the river name');
    await shot(page, 'labels-1-ardennes');

    // Drag Bastogne two hexes east.
    const town = page.locator('[data-label="l1"]');
    const from = (await town.boundingBox())!;
    const to = await map.at(tileAt(grid, 10, 6));
    const start = await map.at(tileAt(grid, 8, 6));
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + (to.x - start.x), from.y + from.height / 2 + (to.y - start.y), { steps: 6 });
    // A loaded machine may still be handling the last move: let the page catch up before the release.
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    await page.mouse.up();
    const c = grid.center(tileAt(grid, 10, 6));
    const distance = async () => {
      const anchor = (await stored())[0]?.anchor ?? {};
      return 'point' in anchor ? Math.hypot(anchor.point[0]! - c[0]!, anchor.point[1]! - c[1]!) : Infinity;
    };
    await eventually(async () => (await distance()) < 0.2 * grid.spacing(), 'the label moved two hexes east');

    await town.dblclick();
    const retype = page.getByTestId('label-retype');
    await retype.waitFor();
    await retype.fill('Bastogne (HQ)');
    await retype.press('Enter');
    await eventually(async () => (await stored())[0]?.text === 'Bastogne (HQ)', 'the retyped label');
    const history = app.server.services.session.current().journal.history(id).map((e) => e.label);
    expect(history.slice(-4)).toEqual(['Add label "Bastogne"', 'Add label "Ourthe"', 'Move label "Bastogne"', 'Edit label "Bastogne"']);
  });

  it('deletes the chosen label with Delete, and Ctrl+Z brings it back', async () => {
    const { page } = app;
    const river = page.locator('[data-label="l2"]');
    await river.click();
    await river.press('Delete');
    await eventually(async () => (await shown().count()) === 1, 'the river name deleted');
    expect((await stored()).map((l) => l.id)).toEqual(['l1']);
    await page.locator('canvas').first().focus();
    await page.keyboard.press('Control+z');
    await eventually(async () => (await shown().count()) === 2, 'the river name back');
    expect((await stored()).map((l) => l.text)).toEqual(['Bastogne (HQ)', 'Ourthe']);
  });

  it('sets a river name along the river clicked, and edits text, size and turn in one step', async () => {
    const { page, server } = app;
    await page.getByTestId('home').click();
    await fillNewMapForm(page, { name: 'Meuse', kind: 'hex-rectangle', width: 10, height: 8, alform: true, fill: 'clear' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 19, height: 15 }, alform: true });
    map = new MapDriver(page, grid);
    await map.drawn(1);
    id = (await server.services.invoke('maps.list', {})).find((m) => m.name === 'Meuse')!.id;
    // A river drawn freehand across the middle, as a designer would.
    await page.getByTestId('terrain-river').click();
    const box = (await map.view.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.45);
    await page.mouse.down();
    for (let k = 1; k <= 20; k++) await page.mouse.move(box.x + box.width * (0.2 + 0.03 * k), box.y + box.height * (0.45 + 0.004 * k), { steps: 3 });
    await page.mouse.up();
    const riverTiles = async () => {
      const m = mapFromJson((await server.services.invoke('maps.load', { id })).map);
      const v = m.palette.indexOf('river') + 1;
      return Array.from(m.layers.terrain.keys()).filter((t) => m.layers.terrain[t] === v);
    };
    await eventually(async () => (await riverTiles()).length > 6, 'the river drawn');
    const river = await riverTiles();
    // A river tile in the middle of the run, clicked with the label tool in the river style.
    const middle = river.slice().sort((a, b) => grid.center(a)[0]! - grid.center(b)[0]!)[Math.floor(river.length / 2)]!;
    await page.keyboard.press('n');
    await map.click(middle);
    await page.getByTestId('label-style').selectOption('river');
    await page.getByTestId('label-text').fill('Meuse');
    await page.getByTestId('label-text').press('Enter');
    await eventually(async () => (await stored()).length === 1, 'the river name');
    const [name] = await stored();
    expect('along' in name!.anchor).toBe(true);
    const along = (name!.anchor as { along: number[] }).along;
    expect(along.length).toBeGreaterThan(2);
    for (const t of along) expect(river).toContain(t);
    await shot(page, 'labels-2-river-along');

    // Double-click: text, larger, turned — one edit, one undo step.
    const before = app.server.services.session.current().journal.history(id).length;
    await page.locator('[data-label="l1"]').dblclick();
    await page.getByTestId('label-editor').waitFor();
    await page.getByTestId('label-retype').fill('Meuse (Maas)');
    await page.getByTestId('label-larger').click();
    await page.getByTestId('label-turn-left').click();
    await page.getByTestId('label-keep').click();
    await eventually(async () => (await stored())[0]?.text === 'Meuse (Maas)', 'the edited label');
    expect((await stored())[0]).toMatchObject({ size: 0.4, rotation: 15, style: 'river' });
    expect(app.server.services.session.current().journal.history(id).length).toBe(before + 1);
  });
});

