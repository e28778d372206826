/**
 * End-to-end, in Chromium against browser mode (issue 30 item 1 on icosahedron maps): on a
 * small globe the label tool (N) places a place name by clicking a cell and typing; the name
 * is drawn there (pixels change round the cell and barely elsewhere), stored as a unit-sphere
 * point, hidden when the globe turns it to the far side and shown again when it turns back;
 * Ctrl+Z takes it away. Screenshot: test-results/e2e/globe-labels-1-placed.png.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import type { Grid } from '../../core/grid/types.js';
import type { MapLabel } from '../../core/map/labels.js';
import { appForSuite, grab, shot, skipReason } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm, type Screen } from './map-view.js';
import type { Image } from './png.js';

const missing = skipReason();

/** Pixels that differ between two views, inside and outside a box round `at` (view-relative). */
function changes(a: Image, b: Image, at: { x: number; y: number }, half: { w: number; h: number }): { near: number; far: number } {
  let near = 0;
  let far = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const o = (y * a.width + x) * 4;
      if (Math.abs(a.data[o]! - b.data[o]!) + Math.abs(a.data[o + 1]! - b.data[o + 1]!) + Math.abs(a.data[o + 2]! - b.data[o + 2]!) <= 24) continue;
      if (Math.abs(x - at.x) <= half.w && Math.abs(y - at.y) <= half.h) near++;
      else far++;
    }
  }
  return { near, far };
}

function pointOf(label: MapLabel): readonly number[] {
  if (!('point' in label.anchor)) throw new Error(`label ${label.id} is not anchored at a point`);
  return label.anchor.point;
}

describe.skipIf(!!missing)('labels on the globe', () => {
  const app = appForSuite();
  let grid: Grid;
  let globe: MapDriver;
  let id = '';
  /** The cell the name was placed on. */
  let placedOn = -1;
  const stored = async (): Promise<MapLabel[]> => ((await app.server.services.invoke('maps.load', { id })).map.labels ?? []) as MapLabel[];
  const shown = () => app.page.getByTestId('map-label');

  /** Turns the globe with the right button (the label tool keeps the primary one), by `dy` pixels per drag, `times` times. */
  async function turn(dy: number, times: number): Promise<void> {
    const box = (await globe.view.boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    for (let k = 0; k < times; k++) {
      const frame = await globe.frame();
      await app.page.mouse.move(cx, cy - dy / 2);
      await app.page.mouse.down({ button: 'right' });
      await app.page.mouse.move(cx, cy + dy / 2, { steps: 6 });
      await app.page.mouse.up({ button: 'right' });
      await globe.nextFrame(frame);
    }
  }

  it('places a name on a cell of the globe with the label tool, drawn there facing the viewer', async () => {
    const { page, server } = app;
    await fillNewMapForm(page, { name: 'Planet', kind: 'icosahedron', side: 4, alform: false, fill: 'ocean' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'icosahedron', side: 4 } });
    globe = new MapDriver(page, grid);
    await globe.drawn(1);
    id = (await server.services.invoke('maps.list', {}))[0]!.id;

    await page.keyboard.press('n');
    expect(await globe.view.getAttribute('data-tool')).toBe('label');
    // The visible cell nearest the middle of the view.
    const box = (await globe.view.boundingBox())!;
    const project = await globe.projector();
    let cell = -1;
    let at: Screen = { x: 0, y: 0 };
    for (let t = 0, best = Infinity; t < grid.tileCount; t++) {
      const s = project(t);
      const d = s ? Math.hypot(s.x - box.x - box.width / 2, s.y - box.y - box.height / 2) : Infinity;
      if (d < best) [best, cell, at] = [d, t, s!];
    }
    await page.mouse.move(5, 5);
    const before = await grab(globe.view);
    await globe.click(cell);
    const text = page.getByTestId('label-text');
    await text.waitFor();
    await page.getByTestId('label-style').selectOption('place');
    await text.fill('Avalon');
    await text.press('Enter');
    await eventually(async () => (await shown().count()) === 1, 'the label on the globe');
    expect(await shown().first().textContent()).toContain('Avalon');
    const [label] = await stored();
    expect(label).toMatchObject({ text: 'Avalon', style: 'place' });
    // Anchored where the click met the sphere: a unit-sphere point on the clicked cell.
    const point = pointOf(label!);
    expect(point).toHaveLength(3);
    expect(Math.hypot(point[0]!, point[1]!, point[2]!)).toBeCloseTo(1, 6);
    expect(grid.pick(point)).toBe(cell);
    placedOn = cell;

    await page.mouse.move(5, 5);
    const after = await shot(page, 'globe-labels-1-placed', globe.view);
    const local = { x: at.x - box.x, y: at.y - box.y };
    const label0 = (await shown().first().boundingBox())!;
    const { near, far } = changes(before, after, local, { w: label0.width / 2 + 6, h: label0.height / 2 + 6 });
    expect(near).toBeGreaterThan(200);
    expect(far).toBeLessThan(near / 10);
  });

  it('hides the name when the globe turns it to the far side, shows it again when it turns back', async () => {
    const box = (await globe.view.boundingBox())!;
    const dy = box.height * 0.8;
    await turn(dy, 3);
    const point = pointOf((await stored())[0]!);
    expect((await globe.pointProjector())(point)).toBeNull();
    await eventually(async () => (await shown().count()) === 0, 'the name hidden on the far side');
    await turn(-dy, 3);
    expect((await globe.pointProjector())(point)).not.toBeNull();
    await eventually(async () => (await shown().count()) === 1, 'the name back in view');
  });

  it('drags the name to another cell on the sphere (one undo step)', async () => {
    const { page } = app;
    const placed = pointOf((await stored())[0]!);
    const from = grid.pick(placed);
    // A visible cell two steps away.
    const project = await globe.projector();
    const target = [...grid.range(from, 2)].find((t) => grid.distance(from, t) === 2 && project(t) !== null)!;
    const name = (await shown().first().boundingBox())!;
    const [a, b] = [await globe.at(from), await globe.at(target)];
    const [x, y] = [name.x + name.width / 2, name.y + name.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + (b.x - a.x), y + (b.y - a.y), { steps: 8 });
    await page.mouse.up();
    await eventually(async () => grid.pick(pointOf((await stored())[0]!)) !== from, 'the moved label');
    const moved = pointOf((await stored())[0]!);
    expect(Math.hypot(...moved)).toBeCloseTo(1, 6);
    expect(grid.distance(grid.pick(moved), target)).toBeLessThanOrEqual(1);
    const history = app.server.services.session.current().journal.history(id).map((e) => e.label);
    expect(history.slice(-2)).toEqual(['Add label "Avalon"', 'Move label "Avalon"']);
  });

  it('Ctrl+Z puts the name back, and again takes it away', async () => {
    const { page } = app;
    const before = await stored();
    await page.locator('canvas').first().focus();
    await page.keyboard.press('Control+z');
    await eventually(async () => JSON.stringify(await stored()) !== JSON.stringify(before), 'the move undone');
    expect(grid.pick(pointOf((await stored())[0]!))).toBe(placedOn);
    expect(await shown().count()).toBe(1);
    await page.keyboard.press('Control+z');
    await eventually(async () => (await shown().count()) === 0, 'the label undone');
    expect(await stored()).toEqual([]);
  });

  it('shows a river name along a chain of cells and a hex label on its cell, turned with the globe', async () => {
    const { page, server } = app;
    const project = await globe.projector();
    const box = (await globe.view.boundingBox())!;
    const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const seen = [...Array(grid.tileCount).keys()].filter((t) => {
      const s = project(t);
      return s && Math.hypot(s.x - mid.x, s.y - mid.y) < box.height / 4;
    });
    // A chain of five cells through the middle of the view, and a cell away from it.
    const chain = Array.from(grid.line(seen[0]!, seen[seen.length - 1]!)).slice(0, 5);
    const lone = seen.find((t) => chain.every((c) => grid.distance(c, t) >= 3)) ?? seen[0]!;
    await server.services.invoke('maps.addLabel', { id, text: 'Styx', anchor: { along: chain }, style: 'river' });
    await server.services.invoke('maps.addLabel', { id, text: '0412', anchor: { tile: lone }, style: 'hex' });
    await page.getByTestId('home').click();
    await page.getByTestId('project-map').first().click();
    globe = new MapDriver(page, grid);
    await globe.drawn(1);
    await eventually(async () => (await shown().count()) === 2, 'the river name and the hex label');
    await page.mouse.move(5, 5);
    await shot(page, 'globe-labels-2-river', globe.view);
    // The river name is turned along its chain as seen: from its first cell to its last on screen.
    const again = await globe.projector();
    const [a, b] = [again(chain[0]!)!, again(chain[chain.length - 1]!)!];
    let along = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
    if (along > 90) along -= 180;
    else if (along < -90) along += 180;
    const styx = page.locator('[data-label="l1"]');
    const turn = Number(/rotate\((-?[\d.e-]+)deg\)/.exec((await styx.getAttribute('style')) ?? '')?.[1]);
    const off = Math.abs(turn - along) % 180;
    expect(Math.min(off, 180 - off)).toBeLessThan(12);
  });
});
