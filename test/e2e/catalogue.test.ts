/**
 * End-to-end, in Chromium against browser mode: a designer finds a wheeled path across a
 * wood, opens the terrain catalogue editor, is told inline why "impassable" is no cost for
 * a playable terrain, raises the wheeled cost of forest, applies — and the path tool's answer
 * changes at once (the shown cost, and the route drawn round the wood), matching what the
 * main process answers directly. Then undoes the change from the editor.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import type { Grid } from '../../core/grid/types.js';
import { appForSuite, skipReason, shot, grab } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm, tileAt } from './map-view.js';
import { countColour, countDifferent } from './png.js';

const missing = skipReason();

describe.skipIf(!!missing)('terrain catalogue editor in the browser', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;
  const at = (x: number, y: number) => tileAt(grid, x, y);
  let from = 0;
  let to = 0;
  let shownBefore = 0;

  const shownCost = async () => Number(await app.page.getByTestId('path-cost').getAttribute('data-cost'));
  const direct = async () => {
    const id = (await app.server.services.invoke('maps.list', {}))[0]!.id;
    return app.server.services.invoke('analysis.path', { id, mode: 'wheeled', from, to });
  };

  it('finds a wheeled path straight through a belt of wood', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Wood', kind: 'square', width: 11, height: 15, alform: false, fill: 'clear' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'square', width: 11, height: 15 } });
    map = new MapDriver(page, grid);
    await map.drawn(1);
    // A belt of wood down column 5, rows 0…13; row 14 stays open as a long way round.
    await page.getByTestId('terrain-forest').click();
    const wood: number[] = [];
    for (let y = 0; y <= 13; y++) wood.push(at(5, y));
    await map.drag(wood, 2);
    await eventually(async () => (await map.hover(at(5, 13))).terrain === 'forest' && (await map.hover(at(5, 0))).terrain === 'forest', 'the wood to be painted');

    await page.getByTestId('mode-select').selectOption('wheeled');
    await page.getByTestId('tool-path').click();
    from = at(0, 1);
    to = at(10, 1);
    await map.click(from);
    await page.getByTestId('pending').waitFor();
    await map.click(to);
    await page.getByTestId('path-cost').waitFor();
    shownBefore = await shownCost();
    const answer = await direct();
    expect(shownBefore).toBeCloseTo(answer.cost!, 6);
    // At the default wheeled cost the belt is worth crossing rather than going round.
    expect(answer.tiles.some((t) => grid.coord(t)[0] === 5 && grid.coord(t)[1]! <= 13)).toBe(true);
  });

  it('raises the wheeled cost of forest in the catalogue editor and the path goes round', async () => {
    const { page } = app;
    await page.mouse.move(5, 5);
    const before = await shot(page, 'catalogue-1-path-through-wood', map.view);

    await page.getByTestId('catalogue-open').click();
    await page.getByTestId('catalogue-editor').waitFor();
    await page.getByTestId('catalogue-terrain-forest').click();
    const cost = page.getByTestId('catalogue-cost-wheeled');
    await expect.poll(() => cost.inputValue()).toBe('4');

    // Core's rule, shown beside the field: a playable terrain needs a number.
    await cost.fill('impassable');
    await cost.press('Tab');
    const error = page.getByTestId('catalogue-movement').getByTestId('catalogue-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('expected a number ≥ 0 for a playable terrain');
    expect(await page.getByTestId('catalogue-apply').isDisabled()).toBe(true);

    await cost.fill('40');
    await cost.press('Tab');
    await error.waitFor({ state: 'detached' });
    expect(await page.getByTestId('catalogue-pending').textContent()).toBe('1 change not applied');
    await shot(page, 'catalogue-2-editor');
    await page.getByTestId('catalogue-apply').click();
    await eventually(async () => (await page.getByTestId('catalogue-pending').textContent()) === 'No changes', 'the change to be applied');
    expect(await page.getByTestId('catalogue-undo').isEnabled()).toBe(true);
    await page.getByTestId('catalogue-close').click();
    await page.getByTestId('catalogue-editor').waitFor({ state: 'detached' });

    // The path shown is asked again under the new catalogue.
    await eventually(async () => (await shownCost()) !== shownBefore, 'the path cost to change');
    const answer = await direct();
    expect(await shownCost()).toBeCloseTo(answer.cost!, 6);
    expect(answer.cost!).toBeGreaterThan(shownBefore);
    // Round the wood: through the open row 14.
    expect(answer.tiles.some((t) => grid.coord(t)[0] === 5 && grid.coord(t)[1] === 14)).toBe(true);
    await page.mouse.move(5, 5);
    const frame = await map.frame();
    await map.nextFrame(frame - 1);
    const after = await shot(page, 'catalogue-3-path-round-wood', map.view);
    expect(countDifferent(before, after)).toBeGreaterThan(300);
  });

  it('recolours forest and the open map is drawn in the new colour', async () => {
    const { page } = app;
    await page.mouse.move(5, 5);
    expect(countColour(await grab(map.view), [255, 0, 255], 4)).toBe(0);
    await page.getByTestId('catalogue-open').click();
    await page.getByTestId('catalogue-terrain-forest').click();
    const frame = await map.frame();
    await page.getByTestId('catalogue-colour').fill('#ff00ff');
    await page.getByTestId('catalogue-apply').click();
    await eventually(async () => (await page.getByTestId('catalogue-pending').textContent()) === 'No changes', 'the colour to be applied');
    await page.getByTestId('catalogue-close').click();
    await page.getByTestId('catalogue-editor').waitFor({ state: 'detached' });
    await map.nextFrame(frame);
    const magenta = await shot(page, 'catalogue-4-forest-recoloured', map.view);
    // The belt of 14 forest tiles, now magenta.
    expect(countColour(magenta, [255, 0, 255], 4)).toBeGreaterThan(14 * 200);
    // Undo the colour: the next test undoes the cost.
    await page.getByTestId('catalogue-open').click();
    await page.getByTestId('catalogue-undo').click();
    await expect.poll(() => page.getByTestId('catalogue-colour').inputValue()).not.toBe('#ff00ff');
    await page.getByTestId('catalogue-close').click();
    await page.mouse.move(5, 5);
    await eventually(async () => countColour(await grab(map.view), [255, 0, 255], 4) === 0, 'forest to be drawn in its own colour again');
  });

  it('undoes the catalogue change from the editor and the path comes back', async () => {
    const { page } = app;
    await page.getByTestId('catalogue-open').click();
    await page.getByTestId('catalogue-terrain-forest').click();
    await page.getByTestId('catalogue-undo').click();
    await expect.poll(() => page.getByTestId('catalogue-cost-wheeled').inputValue()).toBe('4');
    await page.getByTestId('catalogue-close').click();
    await eventually(async () => (await shownCost()) === shownBefore, 'the path cost to come back');
    const still = await grab(map.view);
    expect(still.width).toBeGreaterThan(0);
  });

  it("opens forest's substitute as a map, repaints it and saves it back into its slot", async () => {
    const { page } = app;
    await page.getByTestId('catalogue-open').click();
    await page.getByTestId('catalogue-terrain-forest').click();
    const open = page.getByTestId('catalogue-open-substitute-square-10');
    await open.waitFor();
    await shot(page, 'catalogue-5-substitutes');
    // The editor in the dark theme, for a designer's look (theme variables only).
    await page.keyboard.press('Escape');
    await page.getByTestId('catalogue-editor').waitFor({ state: 'detached' });
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('catalogue-open').click();
    await page.getByTestId('catalogue-terrain-forest').click();
    await shot(page, 'catalogue-5-substitutes-dark');
    await open.click();
    await page.getByTestId('catalogue-editor').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('map-name').textContent()).toContain('(substitute)');
    const save = page.getByTestId('save-substitute');
    await save.waitFor();

    // The substitute is an 11×11 AL-FORM square map: paint a marsh clearing in its middle.
    const sub = createGrid({ size: { kind: 'square', width: 11, height: 11 }, alform: true });
    const subMap = new MapDriver(page, sub);
    await subMap.drawn(1);
    await page.getByTestId('terrain-marsh').click();
    await subMap.drag([tileAt(sub, 4, 4), tileAt(sub, 6, 4), tileAt(sub, 6, 6), tileAt(sub, 4, 6)], 3);
    await eventually(async () => (await subMap.hover(tileAt(sub, 6, 6))).terrain === 'marsh', 'the marsh to be painted');
    await page.mouse.move(5, 5);
    await shot(page, 'catalogue-6-substitute-edited');
    await save.click();
    await page.getByText('Saved the square 1:10 substitute of forest').waitFor();
    // The library slot now holds the repainted map.
    const slots = await app.server.services.invoke('catalogue.substitutes', { terrain: 'forest' });
    const slot = slots.find((s) => s.lattice === 'square' && s.ratio === 10)!;
    expect(slot.openAs).not.toBeNull();
  });
});
