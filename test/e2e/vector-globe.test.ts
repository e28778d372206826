/**
 * End-to-end, in Chromium against browser mode (issue 13): a classic globe assembled from the
 * starter hexagon tiles, the twelve pentagons taking hexagon tiles through the warp
 * (core/vector/warp.ts), is drawn as a map on the globe — the tiles' areas, rivers and roads
 * lifted onto the sphere — not as flat colour; zoomed in, a hill's contours carry their
 * heights there too. Screenshots: test-results/e2e/vector-globe*.png.
 * Then the place tool on a fresh globe: the ghost under the pointer is the tile warped onto
 * the hovered cell (a pentagon too) and drawn as placing will draw it
 * (vector-globe-ghost-*.png).
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import type { IcosahedronGrid } from '../../core/grid/icosahedron/icosahedron-grid.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { appForSuite, grab, shot, skipReason, terrainColour } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm } from './map-view.js';
import { countColour, countDifferent, pixel, rgb, type Image } from './png.js';

const missing = skipReason();

describe.skipIf(!!missing)('a vector-tile globe drawn as a map', () => {
  const app = appForSuite();
  let grid: IcosahedronGrid;
  let globe: MapDriver;

  it('assembles a globe, warped pentagon tiles included, and draws the tiles on the sphere', async () => {
    const { page, server } = app;
    await fillNewMapForm(page, { name: 'Tiled planet', kind: 'icosahedron', side: 3, alform: false, fill: 'plains' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'icosahedron', side: 3 } }) as IcosahedronGrid;
    globe = new MapDriver(page, grid);
    await globe.drawn(1);
    const plain = await grab(globe.view);
    const id = (await server.services.invoke('maps.list', {})).find((m) => m.name === 'Tiled planet')!.id;
    const r = await server.services.invoke('maps.assemble', { id, seed: 3 });
    if (!r.ok) throw new Error(r.message);
    expect(r.tiles).toBe(grid.tileCount);
    // Every pentagon holds a (hexagon) tile, placed through the warp.
    const stored = mapFromJson((await server.services.invoke('maps.load', { id })).map);
    const pentagons = Array.from({ length: grid.tileCount }, (_, t) => t).filter((t) => grid.isPentagon(t));
    expect(pentagons).toHaveLength(12);
    for (const t of pentagons) expect(stored.instances!.get(t), `pentagon ${t}`).not.toBeNull();

    await page.getByTestId('home').click();
    await page.locator('[data-testid="project-map"][data-map-name="Tiled planet"]').click();
    await page.getByTestId('workspace').waitFor();
    globe = new MapDriver(page, grid);
    await globe.drawn(1);
    await page.getByTestId('layers-toggle').waitFor();
    await page.mouse.move(5, 5);
    const drawn = await shot(page, 'vector-globe', globe.view);
    expect(await globe.view.getAttribute('data-kind')).toBe('globe');
    // The tiles' features now cover much of the sphere that was one plain fill.
    expect(countDifferent(plain, drawn)).toBeGreaterThan(drawn.width * drawn.height * 0.05);
  });

  it('prints contour heights on the sphere, along their warped contours, once zoomed in', async () => {
    const { page, server } = app;
    const box = (await globe.view.boundingBox())!;
    const project = await globe.projector();
    // The hexagon cell nearest the middle of the view gets a high hill (contours 100, 200, 300).
    let hill = -1;
    let best = Infinity;
    for (let t = 0; t < grid.tileCount; t++) {
      const s = project(t);
      if (!s || grid.isPentagon(t)) continue;
      const d = Math.hypot(s.x - box.x - box.width / 2, s.y - box.y - box.height / 2);
      if (d < best) [best, hill] = [d, t];
    }
    const id = (await server.services.invoke('maps.list', {})).find((m) => m.name === 'Tiled planet')!.id;
    await server.services.invoke('maps.placeInstances', { id, placements: [{ tile: hill, vectorTile: 'hex-hill-high-1', placement: 0 }] });
    await page.getByTestId('home').click();
    await page.locator('[data-testid="project-map"][data-map-name="Tiled planet"]').click();
    await page.getByTestId('workspace').waitFor();
    globe = new MapDriver(page, grid);
    await globe.drawn(1);
    // A globe of 92 cells shows them large: zoom in a few steps towards the hill, and at least until the heights are readable.
    let after = 0;
    for (let i = 0; i < 60 && after < 4; i++) {
      const at = await globe.at(hill);
      const frame = await globe.frame();
      await page.mouse.move(at.x, at.y);
      await page.mouse.wheel(0, -200);
      await globe.nextFrame(frame);
      if (Number(await globe.view.getAttribute('data-contour-labels')) > 0) after++;
    }
    expect(Number(await globe.view.getAttribute('data-contour-labels'))).toBeGreaterThan(0);
    await page.mouse.move(5, 5);
    const near = await shot(page, 'vector-globe-contour-heights', globe.view);
    expect(countColour(near, rgb('#5b3b1c'), 10)).toBeGreaterThan(60);
  });

  it('the place tool\'s ghost on the globe is the tile warped onto the hovered cell, hexagon or pentagon, and placing draws the same', async () => {
    const { page } = app;
    await page.getByTestId('home').click();
    await page.getByTestId('start-screen').waitFor();
    await fillNewMapForm(page, { name: 'Ghost planet', kind: 'icosahedron', side: 3, alform: false, fill: 'plains' });
    await createMap(page);
    const grid = createGrid({ size: { kind: 'icosahedron', side: 3 } }) as IcosahedronGrid;
    const globe = new MapDriver(page, grid);
    await globe.drawn(1);
    const mapId = (await app.server.services.invoke('maps.list', {})).find((m) => m.name === 'Ghost planet')!.id;
    const box = (await globe.view.boundingBox())!;
    const project = await globe.projector();
    const nearest = (tiles: number[]) =>
      tiles
        .map((t) => ({ t, s: project(t) }))
        .filter((x) => x.s !== null)
        .sort((a, b) => Math.hypot(a.s!.x - box.x - box.width / 2, a.s!.y - box.y - box.height / 2) - Math.hypot(b.s!.x - box.x - box.width / 2, b.s!.y - box.y - box.height / 2))[0]!.t;
    const all = Array.from({ length: grid.tileCount }, (_, t) => t);
    const hexagon = nearest(all.filter((t) => !grid.isPentagon(t)));
    const pentagon = nearest(all.filter((t) => grid.isPentagon(t)));
    await page.keyboard.press('i');
    await page.getByTestId('placing-panel').waitFor();
    await globe.click(hexagon);
    await page.getByTestId('fits-here').waitFor();
    await page.locator('[data-testid="fit-choice"][data-tile="hex-road-straight-1"]').click();
    await page.getByTestId('placing-chosen').waitFor();
    for (const [tile, name] of [[hexagon, 'hexagon'], [pentagon, 'pentagon']] as const) {
      await page.mouse.move(5, 5);
      let frame = await globe.frame();
      await globe.nextFrame(frame - 1);
      const before = await grab(globe.view);
      await globe.hover(tile);
      frame = await globe.frame();
      await globe.nextFrame(frame - 1);
      const ghost = await shot(page, `vector-globe-ghost-${name}`, globe.view);
      const c = await globe.at(tile);
      const n = await globe.at(grid.neighbor(tile, 0));
      const w = { x: c.x - box.x, y: c.y - box.y, r: 0.35 * Math.hypot(n.x - c.x, n.y - c.y) };
      // The ghost draws the road on the cell: many pixels changed there, road-coloured ones among them on the cell facing us.
      expect(changed(before, ghost, w)).toBeGreaterThan(0.1 * Math.PI * w.r * w.r);
      if (name === 'hexagon') expect(roadLike(ghost, w)).toBeGreaterThan(w.r);
      await globe.click(tile);
      await eventually(async () => mapFromJson((await app.server.services.invoke('maps.load', { id: mapId })).map).instances?.has(tile) === true, `the ${name} to be placed`);
      await page.mouse.move(5, 5);
      frame = await globe.frame();
      await globe.nextFrame(frame - 1);
      const placed = await shot(page, `vector-globe-placed-${name}`, globe.view);
      expect(mean(ghost, placed, w)).toBeLessThan(0.5 * mean(before, placed, w));
    }
  });
});

type Win = { x: number; y: number; r: number };
function* inside(w: Win): Generator<[number, number]> {
  for (let y = Math.ceil(w.y - w.r); y <= w.y + w.r; y++) for (let x = Math.ceil(w.x - w.r); x <= w.x + w.r; x++) if (Math.hypot(x - w.x, y - w.y) <= w.r) yield [x, y];
}
const dist = (p: readonly number[], q: readonly number[]) => Math.abs(p[0]! - q[0]!) + Math.abs(p[1]! - q[1]!) + Math.abs(p[2]! - q[2]!);
function changed(a: Image, b: Image, w: Win): number {
  let n = 0;
  for (const [x, y] of inside(w)) if (dist(pixel(a, x, y), pixel(b, x, y)) > 24) n++;
  return n;
}
function mean(a: Image, b: Image, w: Win): number {
  let sum = 0;
  let n = 0;
  for (const [x, y] of inside(w)) {
    sum += dist(pixel(a, x, y), pixel(b, x, y));
    n++;
  }
  return sum / n;
}
/** Pixels near the road's colour (the globe's shading darkens it a little, the ghost blends it over the plains). */
function roadLike(img: Image, w: Win): number {
  const road = terrainColour('road');
  let n = 0;
  for (const [x, y] of inside(w)) if (dist(pixel(img, x, y), road) < 110) n++;
  return n;
}
