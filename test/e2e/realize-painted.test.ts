/**
 * End-to-end, in Chromium against browser mode (issue 25): a designer opens a painted AL-FORM
 * hex map (clear ground, forests, a hill, a river painted on the linear tiles; nothing placed)
 * and auto-assembles it. The river is laid on its painted linear tiles with the library's
 * river tiles, every area tile holds a tile that honours its painting (the same checker the
 * CLI's `check --painting` runs), the drawing shows the river where it was painted, and one
 * undo takes it all back. Screenshots: test-results/e2e/realize-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { MapPayload } from '../../contract/contract.js';
import { mapFromJson, mapToJsonText } from '../../core/map/map-json.js';
import { AssemblyLibrary, buildAlFormTopology, checkPainting, featureTiles } from '../../core/assemble/index.js';
import { paintedAlFormMap } from '../../core/assemble/painted-alform.testkit.js';
import { matchOptionsFrom } from '../../core/vector/terrain-rules.js';
import { parseCatalogue } from '../../core/terrain/catalogue.js';
import catalogueJson from '../../resources/terrain/default.json' with { type: 'json' };
import { appForSuite, grab, shot, skipReason, terrainColour } from './harness.js';
import { MapDriver, eventually } from './map-view.js';
import { countColour, countDifferent } from './png.js';

const missing = skipReason();

describe.skipIf(!!missing)('realizing a painted AL-FORM map', () => {
  const app = appForSuite();

  it('auto-assembly lays the painted river and honours every painted tile; the picture keeps the painting; one undo', async () => {
    const { page, server } = app;
    const services = server.services;
    const { map: painted, river } = paintedAlFormMap({ kind: 'hex-rectangle', width: 12, height: 9 }, 1);
    const { map: imported } = (await services.invoke('maps.import', { fileName: 'painted-valley.json', text: mapToJsonText(painted) })) as { map: MapPayload };
    const id = imported.summary.id;
    const stored = async () => mapFromJson(((await services.invoke('maps.load', { id })) as MapPayload).map);
    await page.reload();
    await page.getByTestId('start-screen').waitFor();
    await page.locator(`[data-testid="project-map"][data-map-name="${imported.summary.name}"]`).click();
    await page.getByTestId('workspace').waitFor();
    const map = new MapDriver(page, painted.grid);
    await map.drawn(1);
    // Tile numbers off (an imported map may carry none already): the pixel checks read the drawing.
    if ((await page.getByTestId('numbering-select').inputValue()) !== '') {
      const frame0 = await map.frame();
      await page.getByTestId('numbering-select').selectOption('');
      await map.nextFrame(frame0);
    }
    await page.mouse.move(5, 5);
    const before = await shot(page, 'realize-1-painted', map.view);

    await page.keyboard.press('u');
    await page.getByTestId('assemble-dialog').waitFor();
    await page.getByTestId('assemble-seed').fill('1');
    // Only what is painted: no village or road the painting does not show.
    await page.getByTestId('assemble-strict').check();
    await page.getByTestId('assemble-confirm').click();
    const topology = buildAlFormTopology(painted.grid);
    await eventually(async () => ((await stored()).instances?.placedCount() ?? 0) === topology.areaCells.length, 'the realized map to be stored', 90_000);
    const after = await stored();
    // The river lies where it was painted, on blocking tiles of the library's river tiles.
    const tiles = services.library().library.vector.tiles(['hex']);
    const riverTiles = new Set(featureTiles(tiles, 'river').map((t) => t.id));
    for (const c of river) {
      expect(after.linear!.isBlocking(c)).toBe(true);
      expect(riverTiles.has(after.linear!.get(c)!.tile)).toBe(true);
      expect(after.terrainAt(c)).toBe('river');
    }
    // Every painted area tile honours its painting, by the checker the CLI runs.
    const catalogue = parseCatalogue(structuredClone(catalogueJson), 'default.json');
    const library = new AssemblyLibrary(tiles, { match: matchOptionsFrom(catalogue) });
    const vector = services.library().library.vector;
    const check = checkPainting(after, topology, after.instances!, library, catalogue, { tags: (tile) => vector.get(tile)?.tags ?? [] });
    expect(check.violations).toEqual([]);
    expect(check.honoured).toBe(topology.areaCells.length);

    // Drawn: the tiles' features replace the flat fills, and the river is drawn in its colour.
    await page.getByTestId('home').click();
    await page.locator(`[data-testid="project-map"][data-map-name="${imported.summary.name}"]`).click();
    await page.getByTestId('workspace').waitFor();
    await map.drawn(1);
    await page.mouse.move(5, 5);
    const realized = await shot(page, 'realize-2-realized', map.view);
    expect(countDifferent(before, realized)).toBeGreaterThan(realized.width * realized.height * 0.05);
    expect(countColour(realized, terrainColour('river'), 24)).toBeGreaterThan(400);

    // One undo takes the area tiles and the laid river back together.
    await page.keyboard.press('Control+z');
    await eventually(async () => ((await stored()).instances?.placedCount() ?? 0) === 0, 'one undo to take the realization back');
    const back = await stored();
    for (const c of river) expect(back.linear?.get(c) ?? null).toBeNull();
    // Undoing linear tiles reloads the map: wait for the new view's first frames before reading it.
    await page.waitForTimeout(300);
    await map.drawn(1);
    await eventually(async () => countDifferent(realized, await grab(map.view).catch(() => realized)) > 100, 'the undone map to be drawn');
  });
});
