/**
 * End-to-end, in Chromium against browser mode: "Derive tactical map" (SPEC §7). A designer
 * paints forest and a river on a hex AL-FORM map, selects a tile and its six neighbours with
 * the Select ground tool, derives a 1:12 tactical map, sees it open under a breadcrumb, goes
 * back up through the breadcrumb and finds the derived area outlined on the parent; opens
 * the child again with Ctrl+click, derives again from the derived map (three levels), and
 * sees the outline turn stale when the parent's ground is repainted.
 * Assertions read pixels of the map canvas as well as the DOM and the main process.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGrid } from '../../core/grid/create.js';
import { parseSize } from '../../core/grid/size.js';
import { isGridKind, type Grid } from '../../core/grid/types.js';
import { classifyTile, TileClass } from '../../core/alform/classify.js';
import type { MapSummary } from '../../contract/contract.js';
import { appForSuite, skipReason, REPO, shot, grab, terrainColour as colourOf } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm, tileAt } from './map-view.js';
import { countColour, countDifferent, rgb } from './png.js';

const missing = skipReason();

const css = readFileSync(join(REPO, 'renderer/src/app.css'), 'utf8');
/** A light-theme colour variable of renderer/src/app.css (the first definition is the light theme's). */
const themeColour = (name: string) => rgb(new RegExp(`${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)![1]!);
const SELECTION = themeColour('--overlay-selection');
const REFERENCE = themeColour('--overlay-reference');
const DERIVED = themeColour('--overlay-derived');
const STALE = themeColour('--warning');

function gridOf(summary: MapSummary): Grid {
  if (!isGridKind(summary.kind)) throw new Error(`unexpected grid kind ${summary.kind}`);
  return createGrid({ size: parseSize(summary.kind, summary.size), alform: summary.alform });
}

describe.skipIf(!!missing)('deriving a tactical map in the browser', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;
  let parentId = '';
  let childId = '';
  /** Tile at axial120 (x, y) of the strategic map. */
  const at = (x: number, y: number) => tileAt(grid, x, y);
  const selectionInfo = async () => {
    const info = app.page.getByTestId('selection-info');
    return { tiles: Number(await info.getAttribute('data-tiles')), reference: Number((await info.getAttribute('data-reference')) || -1) };
  };
  const maps = () => app.server.services.invoke('maps.list', {});
  /** The map derived from `parent` with `ratio`, once the derivation is stored. */
  const derivedFrom = async (parent: string, ratio: number): Promise<MapSummary> => {
    let found: MapSummary | undefined;
    await eventually(async () => !!(found = (await maps()).find((m) => m.derived?.parent === parent && m.derived.ratio === ratio)), `the map derived from ${parent}`, 180_000);
    return found!;
  };
  /** Waits for map `name` to be the one open and drawn, and drives it from now on. */
  const opened = async (name: string): Promise<MapSummary> => {
    await eventually(async () => (await app.page.getByTestId('map-name').textContent()) === name, `map "${name}" to open`, 120_000);
    const summary = (await maps()).find((m) => m.name === name)!;
    map = new MapDriver(app.page, gridOf(summary));
    await map.drawn(1);
    return summary;
  };

  it('paints forest and a river on a 6×5-hex AL-FORM map', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Strategic', kind: 'hex-rectangle', width: 6, height: 5, alform: true, fill: 'clear' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true });
    map = new MapDriver(page, grid);
    await map.drawn(1);
    parentId = (await maps())[0]!.id;
    // No breadcrumb on a map that was not derived, and nothing to derive from yet.
    expect(await page.getByTestId('breadcrumb').count()).toBe(0);
    expect(await page.getByTestId('derive-open').isDisabled()).toBe(true);

    await page.getByTestId('terrain-forest').click();
    await map.drag([at(2, 2), at(4, 2), at(4, 4), at(2, 4)]);
    await eventually(async () => (await map.hover(at(2, 4))).terrain === 'forest', 'the forest to come back');
    await page.getByTestId('terrain-river').click();
    const column: number[] = [];
    for (let y = 0; y < 30; y++) {
      const i = grid.index([5, y]);
      if (i >= 0) column.push(i);
    }
    await map.drag(column, 3);
    await eventually(async () => (await map.hover(column[column.length - 1]!)).terrain === 'river', 'the river to come back');
  }, 240_000);

  it('selects a tile and its six neighbours with the Select ground tool (into the one selection)', async () => {
    const { page } = app;
    await page.keyboard.press('s');
    expect(await page.getByTestId('tool-select').getAttribute('aria-pressed')).toBe('true');
    await page.mouse.move(5, 5);
    const before = await grab(map.view);
    expect(countColour(before, SELECTION, 3)).toBe(0);

    // A click selects the reference tile; shift-click adds an adjoining one.
    await map.click(at(4, 4));
    expect(await selectionInfo()).toEqual({ tiles: 1, reference: at(4, 4) });
    await page.keyboard.down('Shift');
    await map.click(at(6, 4));
    await page.keyboard.up('Shift');
    expect((await selectionInfo()).tiles).toBe(2);
    // A click on the river (a linear tile with a feature) selects nothing and keeps the selection.
    expect(classifyTile(grid, at(5, 3))).not.toBe(TileClass.AREA);
    await map.click(at(5, 3));
    expect(await selectionInfo()).toEqual({ tiles: 2, reference: at(4, 4) });
    // A tile apart from the others joins the one selection; derive says why it cannot take it, alt-click takes it out.
    await page.keyboard.down('Shift');
    await map.click(at(10, 8));
    await page.keyboard.up('Shift');
    expect((await selectionInfo()).tiles).toBe(3);
    expect(await page.getByTestId('selection-problem').textContent()).toBe('Cannot derive: derive needs one connected area: the selection has 2 parts.');
    await page.keyboard.down('Alt');
    await map.click(at(10, 8));
    await page.keyboard.up('Alt');
    expect((await selectionInfo()).tiles).toBe(2);
    expect(await page.getByTestId('selection-problem').count()).toBe(0);
    // Esc clears.
    await page.keyboard.press('Escape');
    expect((await selectionInfo()).tiles).toBe(0);

    // Press on the centre tile and drag round its six neighbours.
    await map.drag([at(4, 4), at(6, 4), at(6, 6), at(4, 6), at(2, 4), at(2, 2), at(4, 2)]);
    const info = await selectionInfo();
    expect(info).toEqual({ tiles: 7, reference: at(4, 4) });
    expect(await page.getByTestId('derive-open').isEnabled()).toBe(true);
    await page.mouse.move(5, 5);
    const img = await shot(page, 'derive-1-selection', map.view);
    // The outline round the seven doubled hexagons and the reference marker are drawn.
    expect(countColour(img, SELECTION, 3)).toBeGreaterThan(400);
    expect(countColour(img, REFERENCE, 3)).toBeGreaterThan(60);
    expect(countDifferent(before, img)).toBeGreaterThan(5000);
  }, 240_000);

  it('derives a 1:12 tactical map and opens it under a breadcrumb', async () => {
    const { page } = app;
    await page.keyboard.press('d');
    const dialog = page.getByTestId('derive-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('derive-summary').getAttribute('data-tiles')).toBe('7');
    // Hex maps offer multiples of 6; 12 is the admissible ratio nearest 1:10.
    expect(await page.getByTestId('derive-ratio').inputValue()).toBe('12');
    const offered = await page.getByTestId('derive-ratio').locator('option').allTextContents();
    expect(offered.slice(0, 3).map((t) => t.replace(/\s/g, ''))).toEqual(['1:6', '1:12', '1:18']);
    await page.getByTestId('derive-seed').fill('x');
    await page.getByTestId('derive-error').waitFor();
    expect(await page.getByTestId('derive-confirm').isDisabled()).toBe(true);
    await page.getByTestId('derive-seed').fill('7');
    await shot(page, 'derive-2-dialog');
    // Record whether the jobs panel showed the job's progress (however briefly).
    await page.evaluate(`window.__seen = { bar: false, job: false };
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="progress-bar"]')) window.__seen.bar = true;
        if (document.querySelector('[data-testid="job"]')) window.__seen.job = true;
      }).observe(document.body, { childList: true, subtree: true });`);
    await page.getByTestId('derive-confirm').click();
    // The dialog closes at once; the jobs panel shows the work while it runs.
    await dialog.waitFor({ state: 'detached' });
    const child = await derivedFrom(parentId, 12);
    expect(child.derived).toMatchObject({ parent: parentId, ratio: 12, seed: 7, stale: false });
    expect(child.kind).toBe('hex-rectangle');
    expect(child.tileCount).toBeGreaterThan(7 * 12 * 12);
    childId = child.id;
    await opened(child.name);
    expect(await page.evaluate('window.__seen')).toEqual({ bar: true, job: true });
    expect(await page.getByTestId('jobs').count()).toBe(0);
    const crumb = page.getByTestId('breadcrumb');
    expect(await crumb.getAttribute('data-depth')).toBe('2');
    expect(await crumb.getByTestId('breadcrumb-link').textContent()).toBe('Strategic');
    expect(await crumb.getByTestId('breadcrumb-current').textContent()).toBe(child.name);
    expect(await crumb.textContent()).toContain('1:12');
    await page.mouse.move(5, 5);
    const img = await shot(page, 'derive-3-child', map.view);
    await shot(page, 'derive-3-child-page');
    // The tactical map carries the strategic ground: forest, clear land and the river.
    expect(countColour(img, colourOf('forest'), 6)).toBeGreaterThan(500);
    expect(countColour(img, colourOf('clear'), 6)).toBeGreaterThan(500);
    expect(countColour(img, colourOf('river'), 6)).toBeGreaterThan(50);
    // A fresh map: no selection carried over.
    expect(countColour(img, SELECTION, 3)).toBe(0);
  }, 240_000);

  it('goes back up through the breadcrumb and finds the derived area outlined', async () => {
    const { page } = app;
    await page.getByTestId('breadcrumb-link').click();
    await opened('Strategic');
    expect(await page.getByTestId('breadcrumb').count()).toBe(0);
    const listed = page.getByTestId('derived-map');
    await listed.waitFor();
    expect(await listed.getAttribute('data-map-id')).toBe(childId);
    expect(await listed.getAttribute('data-stale')).toBe('false');
    await page.mouse.move(5, 5);
    // The outline is drawn once the lineage has come back.
    await eventually(async () => countColour(await grab(map.view), DERIVED, 3) > 300, 'the derived area outline');
    const img = await shot(page, 'derive-4-parent-outline', map.view);
    expect(countColour(img, STALE, 3)).toBe(0);
    // The outline runs round the seven tiles: on the line between the centre tile and the
    // next ring out, not across the centre tile.
    const project = await map.projector();
    const centre = project(at(4, 4))!;
    const box = (await map.view.boundingBox())!;
    const px = (x: number, y: number) => {
      const i = 4 * (Math.round(y - box.y) * img.width + Math.round(x - box.x));
      return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
    };
    expect(px(centre.x, centre.y)).not.toEqual(DERIVED);
  }, 240_000);

  it('opens the child again with Ctrl+click on its outlined area', async () => {
    const { page } = app;
    await page.keyboard.down('Control');
    await map.click(at(6, 6));
    await page.keyboard.up('Control');
    const child = (await maps()).find((m) => m.id === childId)!;
    await opened(child.name);
    expect(await page.getByTestId('breadcrumb').getAttribute('data-depth')).toBe('2');
  }, 240_000);

  it('derives again from the derived map: three levels deep', async () => {
    const { page } = app;
    const g = map.grid;
    await page.getByTestId('tool-select').click();
    for (let k = 0; k < 3; k++) await page.getByTestId('zoom-in').click();
    await map.nextFrame((await map.frame()) - 1);
    // The area tile nearest the middle of the canvas.
    const box = (await map.view.boundingBox())!;
    const project = await map.projector();
    let best = -1;
    let bestD = Infinity;
    for (let t = 0; t < g.tileCount; t++) {
      if (classifyTile(g, t) !== TileClass.AREA) continue;
      const s = project(t)!;
      const d = Math.hypot(s.x - (box.x + box.width / 2), s.y - (box.y + box.height / 2));
      if (d < bestD) {
        bestD = d;
        best = t;
      }
    }
    await map.click(best);
    expect(await selectionInfo()).toEqual({ tiles: 1, reference: best });
    await page.getByTestId('derive-open').click();
    await page.getByTestId('derive-dialog').waitFor();
    await page.getByTestId('derive-ratio').selectOption('6');
    await page.getByTestId('derive-confirm').click();
    const grandchild = await derivedFrom(childId, 6);
    expect(grandchild.derived).toMatchObject({ ratio: 6, seed: 7, stale: false });
    await opened(grandchild.name);
    const crumb = page.getByTestId('breadcrumb');
    expect(await crumb.getAttribute('data-depth')).toBe('3');
    expect(await crumb.getByTestId('breadcrumb-link').allTextContents()).toEqual(['Strategic', (await maps()).find((m) => m.id === childId)!.name]);
    await page.mouse.move(5, 5);
    await shot(page, 'derive-5-grandchild-page');
    // Straight back to the root.
    await crumb.getByTestId('breadcrumb-link').first().click();
    await opened('Strategic');
  }, 240_000);

  it('marks the derived area stale when the parent ground changes', async () => {
    const { page } = app;
    await page.getByTestId('terrain-forest').click();
    // Paint forest on a clear tile inside the derived area.
    await map.click(at(6, 6));
    await eventually(async () => (await page.getByTestId('derived-map').getAttribute('data-stale')) === 'true', 'the child to turn stale');
    expect((await maps()).find((m) => m.id === childId)!.derived!.stale).toBe(true);
    await page.getByTestId('derived-map-rederive').waitFor();
    await page.mouse.move(5, 5);
    await eventually(async () => countColour(await grab(map.view), STALE, 3) > 150, 'the stale outline');
    const img = await shot(page, 'derive-6-stale', map.view);
    // Dashed in the warning colour instead of the solid outline.
    expect(countColour(img, STALE, 3)).toBeGreaterThan(150);
    expect(countColour(img, DERIVED, 3)).toBe(0);
  }, 240_000);

  it('derives the stale child again into the same map', async () => {
    const { page } = app;
    const before = (await maps()).length;
    await page.getByTestId('derived-map-rederive').click();
    const child = (await maps()).find((m) => m.id === childId)!;
    await opened(child.name);
    await eventually(async () => (await maps()).find((m) => m.id === childId)!.derived!.stale === false, 'the child to be fresh again');
    expect((await maps()).length).toBe(before);
    expect(await page.getByTestId('breadcrumb-stale').count()).toBe(0);
    await page.getByTestId('breadcrumb-link').click();
    await opened('Strategic');
    await eventually(async () => countColour(await grab(map.view), DERIVED, 3) > 300, 'the fresh outline');
    expect(await page.getByTestId('derived-map').getAttribute('data-stale')).toBe('false');
  }, 240_000);
});
