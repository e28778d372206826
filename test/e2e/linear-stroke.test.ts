/**
 * End-to-end, in Chromium against browser mode (issue 14, Drawing): a freehand stroke with
 * the linear tool — a wavy hand, not traced along hexsides — gives ONE connected river,
 * previewed over the map before the button is released; a fill on it changes the whole
 * river (roads now run through tiles, centre to centre: network-draw.test.ts draws them and
 * their bridges). The same on a square map, whose river turns corners through vertex tiles,
 * on the globe, and on a classic hex map, whose rivers lie on tile edges. A brush of size 3
 * paints 19 hexes with one click.
 * Assertions read the stored map (the server's services) and the canvas pixels.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createGrid } from '../../core/grid/create.js';
import type { Grid } from '../../core/grid/types.js';
import { TileClass } from '../../core/alform/classify.js';
import { tileClasses } from '../../core/alform/tile-classes.js';
import { classicImage } from '../../core/alform/classic-stroke.js';
import { linearAdjacent } from '../../core/alform/linear-stroke.js';
import { floodFill } from '../../core/map/flood-fill.js';
import { mapFromJson } from '../../core/map/map-json.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import type { MapPayload } from '../../contract/contract.js';
import { appForSuite, grab, shot, skipReason, terrainColour as colourOf, type App } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm } from './map-view.js';
import { countColour, countDifferent } from './png.js';

const missing = skipReason();

/** Page position of a model-space point on the flat view (its `data-view` transform). */
async function screenOfPoint(map: MapDriver, p: readonly number[]): Promise<{ x: number; y: number }> {
  const box = (await map.view.boundingBox())!;
  const [scale, tx, ty] = ((await map.view.getAttribute('data-view')) ?? '').split(',').map(Number) as [number, number, number];
  return { x: box.x + tx + scale * p[0]!, y: box.y + ty - scale * p[1]! };
}

/** The map's extent in model space (tile centres). */
function extent(grid: Grid): { lo: number[]; hi: number[] } {
  const lo = [Infinity, Infinity];
  const hi = [-Infinity, -Infinity];
  for (let t = 0; t < grid.tileCount; t++) {
    const c = grid.center(t);
    for (const k of [0, 1]) {
      lo[k] = Math.min(lo[k]!, c[k]!);
      hi[k] = Math.max(hi[k]!, c[k]!);
    }
  }
  return { lo, hi };
}

/** A freehand stroke through model points (fractions of the map's extent), the button held; `before` runs before release. */
async function freehand(map: MapDriver, grid: Grid, points: readonly (readonly [number, number])[], before?: () => Promise<void>): Promise<void> {
  const { lo, hi } = extent(grid);
  const model = (f: readonly [number, number]) => [lo[0]! + f[0] * (hi[0]! - lo[0]!), lo[1]! + f[1] * (hi[1]! - lo[1]!)];
  const page = map.page;
  const first = await screenOfPoint(map, model(points[0]!));
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const f of points.slice(1)) {
    const s = await screenOfPoint(map, model(f));
    await page.mouse.move(s.x, s.y, { steps: 6 });
  }
  if (before) await before();
  await page.mouse.up();
}

/** A wavy line across the map: the hand of a designer drawing a river, not a traced hexside. */
function wave(from: readonly [number, number], to: readonly [number, number], n = 24, amplitude = 0.06): [number, number][] {
  const out: [number, number][] = [];
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const len = Math.hypot(dx, dy);
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    const w = amplitude * Math.sin(t * Math.PI * 3);
    out.push([from[0] + dx * t - (dy / len) * w, from[1] + dy * t + (dx / len) * w]);
  }
  return out;
}

async function stored(app: App): Promise<TerrainMap> {
  const id = (await app.server.services.invoke('maps.list', {}))[0]!.id;
  return mapFromJson((await app.server.services.invoke('maps.load', { id })).map as MapPayload['map']);
}

function tilesOf(map: TerrainMap, ...terrains: string[]): number[] {
  const out: number[] = [];
  for (let t = 0; t < map.tileCount; t++) if (terrains.includes(map.terrainAt(t))) out.push(t);
  return out;
}

/** Whether `tiles` (linear tiles) form one connected piece over linear neighbours. */
function connected(map: TerrainMap, tiles: readonly number[]): boolean {
  if (tiles.length === 0) return false;
  const set = new Set(tiles);
  const cls = tileClasses(map.grid);
  const seen = new Set([tiles[0]!]);
  const queue = [tiles[0]!];
  const nb = new Int32Array(map.grid.directions);
  while (queue.length) {
    const deg = map.grid.neighbors(queue.pop()!, nb);
    for (let d = 0; d < deg; d++) {
      const u = nb[d]!;
      if (u >= 0 && set.has(u) && cls[u] !== TileClass.AREA && !seen.has(u)) {
        seen.add(u);
        queue.push(u);
      }
    }
  }
  return seen.size === set.size;
}

async function selectLinear(page: Page, terrain: string): Promise<void> {
  await page.getByTestId(`terrain-${terrain}`).click();
  expect(await page.getByTestId('tool-linear').getAttribute('aria-pressed')).toBe('true');
}

describe.skipIf(!!missing)('linear strokes on a hex AL-FORM map', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;
  let river: number[] = [];

  it('a freehand stroke is previewed while dragging and becomes one connected river', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Freehand', kind: 'hex-rectangle', width: 8, height: 6, alform: true, fill: 'clear' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 15, height: 11 }, alform: true });
    map = new MapDriver(page, grid);
    await map.drawn(1);
    await selectLinear(page, 'river');
    const before = await grab(map.view);
    let preview = 0;
    await freehand(map, grid, wave([0.04, 0.1], [0.96, 0.85]), async () => {
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
      // The preview overlay is translucent: count the pixels it changed.
      preview = countDifferent(before, await shot(page, 'stroke-1-hex-preview', map.view));
    });
    expect(countColour(before, colourOf('river'), 6)).toBe(0);
    // The chain is drawn over the map before release.
    expect(preview).toBeGreaterThan(3000);
    await eventually(async () => tilesOf(await stored(app), 'river').length > 0, 'the river to be stored');
    const m = await stored(app);
    river = tilesOf(m, 'river');
    // Across a 15-wide map: at least a dozen hexsides, one connected chain, and a fill on any
    // of its tiles reaches all of them.
    expect(river.length).toBeGreaterThan(12);
    expect(connected(m, river)).toBe(true);
    expect(floodFill(m, river[Math.floor(river.length / 2)]!).length).toBe(river.length);
    await page.mouse.move(5, 5);
    const after = await shot(page, 'stroke-2-hex-river', map.view);
    expect(countColour(after, colourOf('river'), 6)).toBeGreaterThan(2000);
  });

  it('a fill on one tile of the river changes the whole river', async () => {
    const { page } = app;
    await selectLinear(page, 'stream');
    await page.getByTestId('tool-fill').click();
    await map.click(river[Math.floor(river.length / 3)]!);
    await eventually(async () => tilesOf(await stored(app), 'river').length === 0, 'the whole river to become a stream');
    expect(tilesOf(await stored(app), 'stream').sort((a, b) => a - b)).toEqual([...river].sort((a, b) => a - b));
    await page.getByTestId('undo').click();
    await eventually(async () => tilesOf(await stored(app), 'river').length === river.length, 'undo to give the river back');
  });
});

describe.skipIf(!!missing)('brush sizes on a hex AL-FORM map', () => {
  const app = appForSuite();

  it('] grows the brush, its footprint shows under the pointer, and one click paints every hex within the radius', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Brush', kind: 'hex-rectangle', width: 8, height: 6, alform: true, fill: 'clear' });
    await createMap(page);
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 15, height: 11 }, alform: true });
    const map = new MapDriver(page, grid);
    await map.drawn(1);
    await page.getByTestId('terrain-forest').click();
    expect(await page.getByTestId('brush-size').getAttribute('data-size')).toBe('1');
    await map.view.focus();
    await page.keyboard.press(']');
    await page.keyboard.press(']');
    await page.keyboard.press('[');
    await page.keyboard.press(']');
    expect(await page.getByTestId('brush-size').getAttribute('data-size')).toBe('3');
    // The area tile nearest the middle of the map: a size-3 brush (radius 2 hexes) fits inside.
    const { lo, hi } = extent(grid);
    const mid = [(lo[0]! + hi[0]!) / 2, (lo[1]! + hi[1]!) / 2];
    const cls = tileClasses(grid);
    let centre = -1;
    for (let t = 0, best = Infinity; t < grid.tileCount; t++) {
      const c = grid.center(t);
      const d = Math.hypot(c[0]! - mid[0]!, c[1]! - mid[1]!);
      if (cls[t] === TileClass.AREA && d < best) [best, centre] = [d, t];
    }
    await page.mouse.move(5, 5);
    const plain = await grab(map.view);
    await map.hover(centre);
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    const hovered = await shot(page, 'stroke-5-brush-footprint', map.view);
    // The footprint (19 hexes) is outlined and tinted: far more than one hovered hex changes.
    expect(countDifferent(plain, hovered)).toBeGreaterThan(8000);
    await map.click(centre);
    await eventually(async () => tilesOf(await stored(app), 'forest').length > 0, 'the forest to be stored');
    expect(tilesOf(await stored(app), 'forest')).toHaveLength(19);
    await page.mouse.move(5, 5);
    await shot(page, 'stroke-6-brush-painted', map.view);
  });
});

describe.skipIf(!!missing)('linear strokes on a square AL-FORM map', () => {
  const app = appForSuite();

  it('a freehand stroke becomes one chain of edge and vertex tiles', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Squares', kind: 'square', width: 8, height: 6, alform: true, fill: 'clear' });
    await createMap(page);
    const grid = createGrid({ size: { kind: 'square', width: 15, height: 11 }, alform: true });
    const map = new MapDriver(page, grid);
    await map.drawn(1);
    await selectLinear(page, 'river');
    await freehand(map, grid, wave([0.05, 0.2], [0.95, 0.8]));
    await eventually(async () => tilesOf(await stored(app), 'river').length > 0, 'the river to be stored');
    const m = await stored(app);
    const river = tilesOf(m, 'river');
    const cls = tileClasses(grid);
    expect(river.length).toBeGreaterThan(12);
    expect(connected(m, river)).toBe(true);
    // It turns corners through vertex tiles: each of its edge tiles meets the next at a VERTEX.
    expect(river.some((t) => cls[t] === TileClass.VERTEX)).toBe(true);
    expect(floodFill(m, river[0]!).length).toBe(river.length);
    await page.mouse.move(5, 5);
    const img = await shot(page, 'stroke-4-square-river', map.view);
    expect(countColour(img, colourOf('river'), 6)).toBeGreaterThan(300);
  });
});

describe.skipIf(!!missing)('linear strokes on the globe', () => {
  const app = appForSuite();

  it('a drag across the globe becomes one connected river', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Planet', kind: 'icosahedron', side: 3, alform: true, fill: 'clear' });
    await createMap(page);
    const grid = createGrid({ size: { kind: 'icosahedron', side: 7 }, alform: true });
    const globe = new MapDriver(page, grid);
    await globe.drawn(1);
    await selectLinear(page, 'river');
    // From left of the middle to right of it, with a wobble, over the visible face of the globe.
    const box = (await globe.view.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const r = Math.min(box.width, box.height) * 0.25;
    await page.mouse.move(cx - r, cy + r * 0.2);
    await page.mouse.down();
    for (let k = 1; k <= 20; k++) {
      const t = k / 20;
      await page.mouse.move(cx - r + 2 * r * t, cy + r * 0.2 - r * 0.4 * t + Math.sin(t * 6) * r * 0.1, { steps: 3 });
    }
    await page.mouse.up();
    await eventually(async () => tilesOf(await stored(app), 'river').length > 0, 'the river to be stored');
    const m = await stored(app);
    const river = tilesOf(m, 'river');
    expect(river.length).toBeGreaterThan(5);
    expect(connected(m, river)).toBe(true);
    expect(floodFill(m, river[0]!).length).toBe(river.length);
    await page.mouse.move(5, 5);
    await shot(page, 'stroke-7-globe-river', globe.view);
  });
});

describe.skipIf(!!missing)('linear strokes on a classic hex map (edges)', () => {
  const app = appForSuite();

  it('a freehand stroke becomes one connected run of hexsides, one undo step', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Classic', kind: 'hex-rectangle', width: 8, height: 6, alform: false, fill: 'clear' });
    await createMap(page);
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 8, height: 6 } });
    const map = new MapDriver(page, grid);
    await map.drawn(1);
    await selectLinear(page, 'river');
    await freehand(map, grid, wave([0.02, 0.15], [0.98, 0.8]));
    await eventually(async () => (await stored(app)).layers.edges!.some((v) => v !== 0), 'the river edges to be stored');
    const m = await stored(app);
    const river = m.palette.indexOf('river') + 1;
    const slots: number[] = [];
    m.layers.edges!.forEach((v, slot) => {
      if (v === river) slots.push(slot);
    });
    expect(slots.length).toBeGreaterThan(8);
    // One connected run: on the map's AL-FORM image the edges are linear tiles joined in one piece.
    const image = classicImage(grid);
    const tiles = slots.map((e) => image.tileOfEdge[e]!);
    const set = new Set(tiles);
    const seen = new Set([tiles[0]!]);
    const queue = [tiles[0]!];
    while (queue.length) {
      const t = queue.pop()!;
      for (const u of set) {
        if (seen.has(u) || !linearAdjacent(image.grid, image.classes, t, u)) continue;
        seen.add(u);
        queue.push(u);
      }
    }
    expect(seen.size).toBe(slots.length);
    await page.mouse.move(5, 5);
    const img = await shot(page, 'stroke-8-classic-hex-river', map.view);
    expect(countColour(img, colourOf('river'), 6)).toBeGreaterThan(500);
    // One undo takes the whole river away.
    await page.getByTestId('undo').click();
    await eventually(async () => (await stored(app)).layers.edges!.every((v) => v === 0), 'undo to take the river away');
  });
});
