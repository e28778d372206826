/**
 * End-to-end, in Chromium against browser mode (issue 27): New map → Generate a world shows
 * a preview of the seed's continents that changes with the seed, then generates the map as a
 * job and opens it; the map canvas shows sea and land colours. Pixels, not just the DOM.
 */
import { describe, expect, it } from 'vitest';
import { appForSuite, skipReason, shot, terrainColour } from './harness.js';
import { createMap, eventually } from './map-view.js';
import { countColour, countDifferent, type Image } from './png.js';

const missing = skipReason();

describe.skipIf(!!missing)('generate a world in the browser', () => {
  const app = appForSuite();

  it('previews the seed, generates the world as a job and opens it', async () => {
    const { page } = app;
    await page.getByTestId('new-map-name').fill('Generated continent');
    await page.getByTestId('new-map-kind-hex-rectangle').click();
    await page.getByTestId('new-map-width').fill('40');
    await page.getByTestId('new-map-height').fill('30');
    await page.getByTestId('new-map-alform').setChecked(true);
    await page.getByTestId('new-map-generate').setChecked(true);
    await page.getByTestId('world-seed').fill('7');
    const preview = page.getByTestId('world-preview');
    const ocean = terrainColour('ocean');
    let first: Image | null = null;
    await eventually(async () => {
      const img = await shot(page, 'world-1-preview-seed-7', preview);
      first = img;
      return countColour(img, ocean, 4) > img.width * img.height * 0.1;
    }, 'the preview shows sea');
    await page.getByTestId('world-seed').fill('8');
    await eventually(async () => {
      const img = await shot(page, 'world-2-preview-seed-8', preview);
      return countDifferent(first!, img) > img.width * img.height * 0.05;
    }, 'another seed, another world');
    await shot(page, 'world-3-new-map-form');
    await page.getByTestId('world-seed').fill('7');
    await createMap(page);
    expect(await page.getByTestId('map-name').textContent()).toBe('Generated continent');
    const view = page.getByTestId('map-view');
    await eventually(async () => {
      const img = await shot(page, 'world-4-generated-map', view);
      return countColour(img, ocean, 6) + countColour(img, terrainColour('coastal-ocean'), 6) > img.width * img.height * 0.05;
    }, 'the generated map shows its seas', 60_000);
  });
});
