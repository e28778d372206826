/**
 * Tiled's own example and test maps (mapeditor/tiled examples/ and tests/; see
 * test/real-files/README.md): every map imports the way the CLI imports it or is refused in
 * one bounded line naming the file; unknown tiles become placeholders (never water), and the
 * imported map exported to TMX and TMJ (with its linear terrain layer) imports back to the
 * same terrain tile for tile. Skipped when the real files are absent.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realFilesPath } from '../support/formats.js';
import { loadTiledFile } from '../../node/formats/files.js';
import { catalogueTiledMapping } from '../../node/services/job-tasks.js';
import { exportMap } from '../../node/services/export-map.js';
import { generateMapping, tiledToTerrainMap } from '../../core/formats/tiled/terrain.js';
import { parseTiled } from '../../core/formats/tiled/read.js';
import { nodeInflate } from '../../node/formats/inflate.js';
import { areaTerrains, findTerrain } from '../../core/terrain/lookup.js';
import { loadDefaultCatalogue } from '../../core/terrain/catalogue.testkit.js';
import { InputError } from '../../core/util/input-error.js';

const dir = realFilesPath('tiled');
const catalogue = loadDefaultCatalogue();
const areas = areaTerrains(catalogue).map((t) => t.id);

function mapsUnder(d: string): string[] {
  return readdirSync(d).flatMap((name) => {
    const p = join(d, name);
    return statSync(p).isDirectory() ? mapsUnder(p) : /\.(tmx|tmj)$/.test(name) ? [p] : [];
  });
}

describe.skipIf(!dir)("Tiled's example and test maps (real files)", () => {
  it('import, map unknown tiles to placeholders, and round-trip through export', () => {
    const files = mapsUnder(dir!);
    expect(files.length).toBeGreaterThanOrEqual(50);
    let imported = 0;
    let roundTripped = 0;
    let placeholders = 0;
    let pointy = 0;
    const refused: string[] = [];
    for (const file of files) {
      let tiled;
      try {
        // As the CLI imports it: the test maps share tilesets one folder up, read where the map says (issue 24).
        tiled = loadTiledFile(file);
        const mapping = catalogueTiledMapping(generateMapping(tiled), areas);
        const map = tiledToTerrainMap(tiled, mapping, { source: file });
        imported++;
        placeholders += mapping.unmapped.length;
        for (const id of map.palette) expect(findTerrain(catalogue, id)?.class, `${file}: ${id}`).toBe('area');
        // No unknown tile lands on water.
        for (const u of mapping.unmapped) expect(u.terrain.startsWith('unmapped-')).toBe(true);
        if (map.palette.length === 0) continue; // an empty map (automapping rules): nothing to export
        for (const format of ['tmx', 'tmj'] as const) {
          const out = exportMap(map, 'm', format, catalogue);
          const again = parseTiled(out.text, { source: `m.${format}`, inflate: nodeInflate });
          // Imported again as the app imports it: placeholders keep their names (issue 24).
          const back = tiledToTerrainMap(again, catalogueTiledMapping(generateMapping(again), areas));
          expect(back.spec.size, file).toEqual(map.spec.size);
          // Hex maps leave in their own orientation: stagger axis y stays pointy-topped, x flat (issue 30).
          expect(back.spec.orientation, file).toBe(map.spec.orientation);
          if (tiled.staggeraxis !== undefined && !tiled.infinite) expect([again.staggeraxis, again.staggerindex, again.width, again.height], file).toEqual([tiled.staggeraxis, tiled.staggerindex, tiled.width, tiled.height]);
          if (tiled.staggeraxis === 'y') pointy++;
          for (let i = 0; i < map.tileCount; i++) if (back.terrainAt(i) !== map.terrainAt(i)) throw new Error(`${file} (${format}): tile ${i} came back ${back.terrainAt(i)}, was ${map.terrainAt(i)}`);
        }
        roundTripped++;
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        expect(e.message).toContain(file);
        expect(e.message).not.toContain('\n');
        expect(e.message.length).toBeLessThan(500);
        refused.push(e.message);
      }
    }
    console.log(`[real files] Tiled: ${files.length} maps, ${imported} imported, ${roundTripped} round-tripped TMX and TMJ tile for tile, ${placeholders} placeholder terrains for unmapped tiles; refused in one line: ${refused.length}`);
    for (const r of refused) console.log(`  ${r}`);
    expect(imported + refused.length).toBe(files.length);
    expect(imported).toBeGreaterThanOrEqual(60);
    expect(pointy).toBeGreaterThan(0);
  });
});
