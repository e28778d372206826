/**
 * Real Wesnoth maps (test/real-files/README.md): each imports with the default mapping and
 * exports back through the import's mapping code for code — overlays, starts, border and
 * header included (issue 14: export used to turn 45 865 of 96 133 playable tiles into grass
 * and drop every overlay). Walls, chasms, void and impassable overlays import as impassable.
 * Skipped when the real files are absent.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realFilesPath } from '../support/formats.js';
import { parseWesnothMap, writeWesnothMap } from '../../core/formats/wesnoth/wesnoth-map.js';
import { wesnothTerrainResolver, wesnothToTerrainMap } from '../../core/formats/wesnoth/terrain.js';
import { DEFAULT_WESNOTH_MAPPING } from '../../core/formats/wesnoth/default-mapping.js';
import { exportWesnoth } from '../../core/formats/wesnoth/export.js';

const dir = realFilesPath('wesnoth');

function mapsUnder(d: string): string[] {
  return readdirSync(d).flatMap((name) => {
    const p = join(d, name);
    return statSync(p).isDirectory() ? mapsUnder(p) : name.endsWith('.map') ? [p] : [];
  });
}

describe.skipIf(!dir)('Wesnoth maps (real files)', () => {
  const files = dir ? mapsUnder(dir) : [];
  it('round-trips every map code for code through import and export', () => {
    expect(files.length).toBeGreaterThanOrEqual(100);
    const resolve = wesnothTerrainResolver(DEFAULT_WESNOTH_MAPPING);
    let tiles = 0;
    let impassable = 0;
    let overlays = 0;
    const failures: string[] = [];
    for (const file of files) {
      const data = parseWesnothMap(readFileSync(file, 'utf8'), file);
      const map = wesnothToTerrainMap(data, DEFAULT_WESNOTH_MAPPING, { source: file });
      const out = exportWesnoth(map, { mapping: DEFAULT_WESNOTH_MAPPING });
      tiles += map.tileCount;
      expect(out.recoded, file).toBe(0);
      expect(out.warnings, file).toEqual([]);
      expect(out.kept, file).toBe(map.tileCount);
      if (writeWesnothMap(out.data) !== writeWesnothMap(data)) failures.push(file);
      for (const code of data.codes) {
        if (code.includes('^')) overlays++;
        if (/^(X|Q)|\^X/.test(code)) {
          impassable++;
          expect(resolve(code), code).toBe('impassable');
        }
      }
    }
    expect(failures).toEqual([]);
    console.log(`[real files] Wesnoth: ${files.length} maps, ${tiles} playable tiles exported code for code; ${overlays} overlay codes kept; ${impassable} wall/chasm/void/impassable-overlay codes import as impassable`);
  });
});
