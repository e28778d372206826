/**
 * End-to-end, in Chromium against browser mode: every area terrain of the default catalogue
 * painted on one classic hex map, drawn with its fill and its symbol (trees, hachures, marsh
 * tufts, houses, waves… from core's symbol atlas, in element (A)'s own draw call). The test
 * cuts the same patch round each terrain's tile centre out of a screenshot and asserts that
 * every pair of patches differs — in the light theme and in the dark one — so a designer can
 * tell every terrain from every other at a glance.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../core/grid/create.js';
import type { Grid } from '../../core/grid/types.js';
import { appForSuite, REPO, skipReason, shot } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm, type Screen } from './map-view.js';
import type { Image } from './png.js';

const missing = skipReason();

const catalogue = JSON.parse(readFileSync(join(REPO, 'resources/terrain/default.json'), 'utf8')) as { terrains: { id: string; class: string; pattern?: string }[] };
const AREA = catalogue.terrains.filter((t) => t.class === 'area').map((t) => t.id);

/** RGB of a square patch of half-size h round (x, y) of the image (page coordinates minus the view's box). */
function patch(img: Image, x: number, y: number, h: number): Float32Array {
  const out = new Float32Array((2 * h + 1) * (2 * h + 1) * 3);
  let o = 0;
  for (let dy = -h; dy <= h; dy++) {
    for (let dx = -h; dx <= h; dx++) {
      const p = (Math.round(y + dy) * img.width + Math.round(x + dx)) * 4;
      out[o++] = img.data[p]!;
      out[o++] = img.data[p + 1]!;
      out[o++] = img.data[p + 2]!;
    }
  }
  return out;
}

/** Share of the patch's pixels that differ by more than 12 in some channel (fills are exact colours; 12 is well above antialiasing noise on them). */
function differing(a: Float32Array, b: Float32Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 3) {
    if (Math.abs(a[i]! - b[i]!) > 12 || Math.abs(a[i + 1]! - b[i + 1]!) > 12 || Math.abs(a[i + 2]! - b[i + 2]!) > 12) n++;
  }
  return n / (a.length / 3);
}

describe.skipIf(!!missing)('every default terrain drawn apart', () => {
  const app = appForSuite();
  let grid: Grid;
  let map: MapDriver;
  const tiles = new Map<string, number>();

  it('paints each of the default area terrains on its own tile', async () => {
    const { page } = app;
    expect(AREA.length).toBe(26);
    await fillNewMapForm(page, { name: 'Terrain sampler', kind: 'hex-rectangle', width: 7, height: 4, alform: false, fill: 'clear' });
    await createMap(page);
    grid = createGrid({ size: { kind: 'hex-rectangle', width: 7, height: 4 } });
    map = new MapDriver(page, grid);
    await map.drawn(1);
    // Terrains in catalogue order on tiles 0, 1, 2…; clear keeps its fill.
    for (let k = 0; k < AREA.length; k++) {
      const id = AREA[k]!;
      tiles.set(id, k);
      if (id === 'clear') continue;
      await page.getByTestId(`terrain-${id}`).click();
      await map.click(k);
    }
    const last = AREA[AREA.length - 1]!;
    await eventually(async () => (await map.hover(tiles.get(last)!)).terrain === last, `the ${last} paint to come back`);
    for (const id of AREA) expect((await map.hover(tiles.get(id)!)).terrain, id).toBe(id);
    await page.mouse.move(5, 5);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`tells every pair of terrains apart in the ${theme} theme`, async () => {
      const { page } = app;
      const toggle = page.getByTestId('theme-toggle');
      if ((await toggle.getAttribute('data-theme-now')) !== theme) {
        const frame = await map.frame();
        await toggle.click();
        await map.nextFrame(frame);
      }
      expect(await toggle.getAttribute('data-theme-now')).toBe(theme);
      await page.mouse.move(5, 5);
      const img = await shot(page, `terrain-symbols-${theme}`, map.view);
      const box = (await map.view.boundingBox())!;
      const project = await map.projector();
      const at = (t: number): Screen => {
        const s = project(t)!;
        return { x: s.x - box.x, y: s.y - box.y };
      };
      // Half the distance between neighbouring centres is the inradius on screen.
      const a = at(tiles.get(AREA[0]!)!);
      const nb = new Int32Array(8);
      grid.neighbors(tiles.get(AREA[0]!)!, nb);
      const b = at([...nb].find((n) => n >= 0)!);
      const inradius = Math.hypot(a.x - b.x, a.y - b.y) / 2;
      expect(inradius).toBeGreaterThan(25);
      const h = Math.floor(inradius * 0.7);
      const patches = AREA.map((id) => {
        const c = at(tiles.get(id)!);
        return patch(img, c.x, c.y, h);
      });
      const alike: string[] = [];
      let least = 1;
      for (let i = 0; i < AREA.length; i++) {
        for (let j = i + 1; j < AREA.length; j++) {
          const d = differing(patches[i]!, patches[j]!);
          least = Math.min(least, d);
          // A different fill colour changes all of the patch; a near colour with another
          // symbol changes where either symbol is drawn — at least 5 % of the patch.
          if (d < 0.05) alike.push(`${AREA[i]}/${AREA[j]} ${(100 * d).toFixed(0)} %`);
        }
      }
      expect(alike).toEqual([]);
      expect(least).toBeGreaterThan(0.05);
      // Symbols are drawn: a forest tile holds its symbol colour as well as its fill.
      const forest = patches[AREA.indexOf('forest')]!;
      let dark = 0;
      for (let i = 0; i < forest.length; i += 3) if (Math.abs(forest[i]! - 0x2c) < 12 && Math.abs(forest[i + 1]! - 0x5a) < 12 && Math.abs(forest[i + 2]! - 0x29) < 12) dark++;
      expect(dark).toBeGreaterThan(forest.length / 3 / 20);
    });
  }
});
