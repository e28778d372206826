/**
 * End-to-end, in Chromium against browser mode (issue 26, Drawing): the linear tool with a
 * terrain the catalogue runs THROUGH tiles (the road) draws centre to centre — every stored
 * connection a spoke from a side to its tile's centre, one connected road, previewed while
 * dragging — and where it crosses a hexside river there is exactly ONE crossing, drawn as a
 * bridge (deck colour on screen); one undo takes the road away and leaves the river as it
 * was. The same on square and classic hex maps, and on the globe. Assertions read the stored map (the server's services) and
 * the canvas pixels.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createGrid } from '../../core/grid/create.js';
import type { Grid } from '../../core/grid/types.js';
import { TileClass } from '../../core/alform/classify.js';
import { tileClasses } from '../../core/alform/tile-classes.js';
import { mapFromJson } from '../../core/map/map-json.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { CENTRE, portA, portB } from '../../core/map/network-code.js';
import { NetworkSides } from '../../core/map/network-sides.js';
import { linearTerrainAcross, networkComponents, networkCrossings } from '../../core/map/network-query.js';
import { DECK_COLOUR } from '../../core/render/network-symbols.js';
import type { MapPayload } from '../../contract/contract.js';
import { appForSuite, grab, shot, skipReason, type App } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm } from './map-view.js';
import { countColour, countDifferent } from './png.js';

const missing = skipReason();

async function stored(app: App): Promise<TerrainMap> {
  const id = (await app.server.services.invoke('maps.list', {}))[0]!.id;
  return mapFromJson((await app.server.services.invoke('maps.load', { id })).map as MapPayload['map']);
}

/** A drag through fractions of the map's extent (tile centres), with `before` run before release. */
async function drag(map: MapDriver, points: readonly (readonly [number, number])[], before?: () => Promise<void>): Promise<void> {
  const grid = map.grid;
  const lo = [Infinity, Infinity];
  const hi = [-Infinity, -Infinity];
  for (let t = 0; t < grid.tileCount; t++) {
    const c = grid.center(t);
    for (const k of [0, 1]) [lo[k], hi[k]] = [Math.min(lo[k]!, c[k]!), Math.max(hi[k]!, c[k]!)];
  }
  const project = await map.pointProjector();
  const page = map.page;
  const screen = (f: readonly [number, number]) => project([lo[0]! + f[0] * (hi[0]! - lo[0]!), lo[1]! + f[1] * (hi[1]! - lo[1]!)])!;
  await page.mouse.move(screen(points[0]!).x, screen(points[0]!).y);
  await page.mouse.down();
  for (const f of points.slice(1)) await page.mouse.move(screen(f).x, screen(f).y, { steps: 8 });
  if (before) await before();
  await page.mouse.up();
}

async function selectLinear(page: Page, terrain: string): Promise<void> {
  await page.getByTestId(`terrain-${terrain}`).click();
  expect(await page.getByTestId('tool-linear').getAttribute('aria-pressed')).toBe('true');
}

function tilesOf(map: TerrainMap, terrain: string): number[] {
  const out: number[] = [];
  for (let t = 0; t < map.tileCount; t++) if (map.terrainAt(t) === terrain) out.push(t);
  return out;
}

/** The road's promises on the stored map: centre to centre, one piece, on area tiles. */
function checkRoad(m: TerrainMap, grid: Grid, min = 6): { kind: number; tiles: number[] } {
  const layer = m.networks;
  expect(layer).not.toBeNull();
  const kind = m.palette.indexOf('road') + 1;
  expect(kind).toBeGreaterThan(0);
  const tiles = layer!.tiles();
  expect(tiles.length).toBeGreaterThanOrEqual(min);
  const cls = tileClasses(grid);
  for (const t of tiles) {
    expect(cls[t]).toBe(TileClass.AREA);
    // Centre to centre: every connection is a spoke from a side to the centre.
    for (const code of layer!.at(t)) expect(portB(code) === CENTRE && portA(code) < 8).toBe(true);
  }
  expect(networkComponents(layer!, NetworkSides.of(m), kind)).toHaveLength(1);
  return { kind, tiles };
}

describe.skipIf(!!missing)('a road drawn across a hex AL-FORM map', () => {
  const app = appForSuite();
  let river: number[] = [];

  it('goes centre to centre, crosses the river on one bridge, and one undo restores both', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Roads', kind: 'hex-rectangle', width: 10, height: 7, alform: true, fill: 'clear' });
    await createMap(page);
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 19, height: 13 }, alform: true });
    const map = new MapDriver(page, grid);
    await map.drawn(1);
    await selectLinear(page, 'river');
    await drag(map, [
      [0.52, 0.02],
      [0.48, 0.5],
      [0.52, 0.98],
    ]);
    await eventually(async () => tilesOf(await stored(app), 'river').length > 5, 'the river to be stored');
    river = tilesOf(await stored(app), 'river');

    await selectLinear(page, 'road');
    await page.mouse.move(5, 5);
    const plain = await grab(map.view);
    let preview = 0;
    await drag(
      map,
      [
        [0.04, 0.3],
        [0.35, 0.35],
        [0.65, 0.6],
        [0.96, 0.65],
      ],
      async () => {
        await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
        preview = countDifferent(plain, await shot(page, 'network-1-hex-preview', map.view));
      },
    );
    // The road is shown before the button is released.
    expect(preview).toBeGreaterThan(2000);
    await eventually(async () => (await stored(app)).networks?.size !== undefined && (await stored(app)).networks!.size > 5, 'the road to be stored');
    const m = await stored(app);
    const { kind } = checkRoad(m, grid);
    // One crossing of the river, and the river untouched (no linear tile turned into a bridge).
    const crossings = networkCrossings(m.networks!, NetworkSides.of(m), kind, linearTerrainAcross(m)).filter((c) => c.type === 'feature');
    expect(crossings).toHaveLength(1);
    expect(m.palette[crossings[0]!.other! - 1]).toBe('river');
    expect(tilesOf(m, 'river')).toEqual(river);
    await page.mouse.move(5, 5);
    const after = await shot(page, 'network-2-hex-road-bridge', map.view);
    // The bridge deck is drawn over the river.
    const deck = [1, 3, 5].map((i) => parseInt(DECK_COLOUR.slice(i, i + 2), 16)) as [number, number, number];
    expect(countColour(after, deck, 8)).toBeGreaterThan(20);

    await page.getByTestId('undo').click();
    await eventually(async () => ((await stored(app)).networks?.size ?? 0) === 0, 'undo to take the road away');
    expect(tilesOf(await stored(app), 'river')).toEqual(river);
    await page.mouse.move(5, 5);
    // …and off the screen: no deck left.
    await eventually(async () => countColour(await grab(map.view), deck, 8) === 0, 'the bridge to leave the screen');
    await shot(page, 'network-3-hex-undone', map.view);
  });
});

describe.skipIf(!!missing)('a road drawn across a square AL-FORM map', () => {
  const app = appForSuite();

  it('goes centre to centre in one piece', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Square roads', kind: 'square', width: 9, height: 6, alform: true, fill: 'clear' });
    await createMap(page);
    const grid = createGrid({ size: { kind: 'square', width: 17, height: 11 }, alform: true });
    const map = new MapDriver(page, grid);
    await map.drawn(1);
    await selectLinear(page, 'river');
    await drag(map, [
      [0.5, 0.02],
      [0.5, 0.98],
    ]);
    await eventually(async () => tilesOf(await stored(app), 'river').length > 5, 'the river to be stored');
    await selectLinear(page, 'road');
    await drag(map, [
      [0.05, 0.2],
      [0.5, 0.5],
      [0.95, 0.7],
    ]);
    await eventually(async () => ((await stored(app)).networks?.size ?? 0) > 5, 'the road to be stored');
    const m = await stored(app);
    const { kind } = checkRoad(m, grid);
    expect(networkCrossings(m.networks!, NetworkSides.of(m), kind, linearTerrainAcross(m)).filter((c) => c.type === 'feature')).toHaveLength(1);
    await page.mouse.move(5, 5);
    await shot(page, 'network-4-square-road', map.view);
  });
});

describe.skipIf(!!missing)('a road drawn across a classic hex map (river on the hexsides)', () => {
  const app = appForSuite();

  it('goes centre to centre and crosses the hexside river once', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Classic roads', kind: 'hex-rectangle', width: 10, height: 7, alform: false, fill: 'clear' });
    await createMap(page);
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 10, height: 7 } });
    const map = new MapDriver(page, grid);
    await map.drawn(1);
    await selectLinear(page, 'river');
    await drag(map, [
      [0.5, 0.0],
      [0.47, 0.5],
      [0.5, 1.0],
    ]);
    await eventually(async () => (await stored(app)).layers.edges!.some((v) => v !== 0), 'the river edges to be stored');
    await selectLinear(page, 'road');
    await drag(map, [
      [0.02, 0.4],
      [0.98, 0.6],
    ]);
    await eventually(async () => ((await stored(app)).networks?.size ?? 0) > 5, 'the road to be stored');
    const m = await stored(app);
    const layer = m.networks!;
    const kind = m.palette.indexOf('road') + 1;
    for (const t of layer.tiles()) for (const code of layer.at(t)) expect(portB(code) === CENTRE && portA(code) < 8).toBe(true);
    expect(networkComponents(layer, NetworkSides.of(m), kind)).toHaveLength(1);
    expect(networkCrossings(layer, NetworkSides.of(m), kind, linearTerrainAcross(m)).filter((c) => c.type === 'feature')).toHaveLength(1);
    await page.mouse.move(5, 5);
    await shot(page, 'network-5-classic-hex-road', map.view);
  });
});

describe.skipIf(!!missing)('a road drawn across the globe', () => {
  const app = appForSuite();

  it('is stored centre to centre in one piece and drawn on the sphere', async () => {
    const { page } = app;
    await fillNewMapForm(page, { name: 'Planet roads', kind: 'icosahedron', side: 3, alform: true, fill: 'clear' });
    await createMap(page);
    const grid = createGrid({ size: { kind: 'icosahedron', side: 7 }, alform: true });
    const globe = new MapDriver(page, grid);
    await globe.drawn(1);
    await selectLinear(page, 'road');
    await page.mouse.move(5, 5);
    const plain = await grab(globe.view);
    const box = (await globe.view.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const r = Math.min(box.width, box.height) * 0.25;
    await page.mouse.move(cx - r, cy + r * 0.2);
    await page.mouse.down();
    for (let k = 1; k <= 20; k++) await page.mouse.move(cx - r + 2 * r * (k / 20), cy + r * 0.2 - r * 0.4 * (k / 20), { steps: 3 });
    await page.mouse.up();
    await eventually(async () => ((await stored(app)).networks?.size ?? 0) > 3, 'the road to be stored');
    checkRoad(await stored(app), grid, 4);
    await page.mouse.move(5, 5);
    const drawn = await shot(page, 'network-6-globe-road', globe.view);
    const road = [1, 3, 5].map((i) => parseInt('7a4a2a'.slice(i - 1, i + 1), 16)) as [number, number, number];
    expect(countColour(drawn, road, 10)).toBeGreaterThan(100);
    expect(countDifferent(plain, drawn)).toBeGreaterThan(300);
  });
});
