/**
 * End-to-end, in Chromium against browser mode: import a Tiled hexagonal map from the file
 * picker (`maps.import`, a job with progress), and see its terrain on the map.
 */
import { describe, expect, it } from 'vitest';
import { appForSuite, skipReason, grab, shot } from './harness.js';
import { distinctColours } from './png.js';
import { readStatus } from './map-view.js';
import { externalLocation, externalPath } from '../support/formats.js';

const TMX = externalPath('tiled/hexagonal-mini.tmx');
const DESERT = externalPath('tiled/desert.tmx');
const DESERT_TSX = externalPath('tiled/desert.tsx');
const missing = skipReason('the Tiled import end-to-end test', TMX ? null : `${externalLocation('tiled/hexagonal-mini.tmx')} is absent`);

describe.skipIf(!!missing)('importing a Tiled map in the browser', () => {
  const app = appForSuite();

  it('imports hexagonal-mini.tmx and draws its terrain', async () => {
    const { page } = app;
    await page.getByTestId('import-input').setInputFiles(TMX!);
    await page.getByTestId('workspace').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('map-name').textContent()).toContain('hexagonal-mini');
    // Tiles with no catalogue terrain open the mapping dialog (issue 14); this test reads the map, so close it.
    await page
      .getByTestId('placeholder-dialog')
      .waitFor({ timeout: 5_000 })
      .then(() => page.getByTestId('placeholder-close').click())
      .catch(() => undefined);
    const view = page.getByTestId('map-view');
    await page.waitForFunction(() => Number((globalThis as unknown as { document: { querySelector(s: string): { dataset: { frame?: string } } | null } }).document.querySelector('[data-testid="map-view"]')?.dataset.frame ?? 0) > 0);
    const img = await shot(page, 'import-1-hexagonal-mini');
    // A real map, not a blank canvas: several terrains in several colours.
    expect(distinctColours(await grab(view))).toBeGreaterThan(6);
    expect(img.width).toBe(1400);
    // Point at the middle of the map and read a tile with terrain from the status bar.
    const box = (await view.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByTestId('status-coord').waitFor();
    const s = await readStatus(page);
    expect(s.coord.length).toBeGreaterThanOrEqual(2);
    expect(s.terrain).not.toBe('');
    expect(await page.getByTestId('toast-info').first().textContent()).toContain('Imported hexagonal-mini.tmx');
  });

  it.skipIf(!DESERT || !DESERT_TSX)('imports a map with an external tileset chosen together with it (issue 14)', async () => {
    const { page } = app;
    await page.getByTestId('import-input').setInputFiles([DESERT!, DESERT_TSX!]);
    await page.getByTestId('toast-info').filter({ hasText: 'Imported desert.tmx' }).first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('map-name').textContent()).toContain('desert');
    // The import summary is said, not silent: desert's Wang colours with no catalogue terrain got placeholders.
    expect(await page.getByTestId('toast-info').filter({ hasText: 'Imported desert.tmx' }).first().textContent()).toMatch(/placeholder terrain/);
  });
});
