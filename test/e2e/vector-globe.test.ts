/**
 * End-to-end, in Chromium against browser mode (issue 13): a classic globe assembled from the
 * starter hexagon tiles, the twelve pentagons taking hexagon tiles through the warp
 * (core/vector/warp.ts), is drawn as a map on the globe — the tiles' areas, rivers and roads
 * lifted onto the sphere — not as flat colour; zoomed in, a hill's contours carry their
 * heights there too. Screenshots: test-results/e2e/vector-globe*.png.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import type { IcosahedronGrid } from '../../core/grid/icosahedron/icosahedron-grid.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { appForSuite, grab, shot, skipReason } from './harness.js';
import { MapDriver, createMap, fillNewMapForm } from './map-view.js';
import { countColour, countDifferent, rgb } from './png.js';

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
    await page.getByTestId('show-elements').waitFor();
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
});
