/**
 * Roads in real Wesnoth maps (issue 26: old maps with roads open and convert): the road hexes
 * (`R*` base codes) of a real map import as a through-tile `road` network — through the road
 * hexes inside the border ring and nowhere else — and the map still exports back code for code. The maps: scenario add-ons (`wesnoth-umc/`, test/real-files/README.md)
 * and Wesnoth's own multiplayer maps (`wesnoth/`) where present. Skipped without real files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realFilesPath, REAL_FILES } from '../support/formats.js';
import { parseWesnothMap, writeWesnothMap } from '../../core/formats/wesnoth/wesnoth-map.js';
import { wesnothToTerrainMap } from '../../core/formats/wesnoth/terrain.js';
import { DEFAULT_WESNOTH_MAPPING } from '../../core/formats/wesnoth/default-mapping.js';
import { exportWesnoth } from '../../core/formats/wesnoth/export.js';
import { InputError } from '../../core/util/input-error.js';

const umc = realFilesPath('wesnoth-umc');
const mainline = existsSync(join(REAL_FILES, 'wesnoth')) ? join(REAL_FILES, 'wesnoth') : null;

function mapsUnder(d: string): string[] {
  return readdirSync(d).flatMap((name) => {
    const p = join(d, name);
    return statSync(p).isDirectory() ? mapsUnder(p) : name.endsWith('.map') ? [p] : [];
  });
}

describe.skipIf(!umc)('roads of real Wesnoth maps as through-tile networks', () => {
  it('every road hex is on the imported road network, and the map exports back code for code', () => {
    const files = [umc!, ...(mainline ? [mainline] : [])].flatMap(mapsUnder);
    let withRoads = 0;
    let roadHexes = 0;
    const refused: string[] = [];
    for (const file of files) {
      let data;
      try {
        data = parseWesnothMap(readFileSync(file, 'utf8'), file);
      } catch (e) {
        // A map kept inside WML (comment lines first) is refused in one line; that is the reader's rule, not the roads'.
        if (e instanceof InputError) {
          refused.push(e.message.slice(0, 200));
          continue;
        }
        throw e;
      }
      const map = wesnothToTerrainMap(data, DEFAULT_WESNOTH_MAPPING, { source: file });
      const roads = new Set<number>();
      data.codes.forEach((code, k) => {
        if (/^R/.test(code)) roads.add(k);
      });
      if (roads.size === 0) continue;
      withRoads++;
      roadHexes += roads.size;
      const net = map.networks;
      expect(net, file).not.toBeNull();
      // The data's codes include the map's border ring, which has no tiles: the network runs
      // through the road hexes inside it — at most every road code, and all but the border's few.
      const onNetwork = new Set(net!.tiles());
      expect(onNetwork.size, file).toBeLessThanOrEqual(roads.size);
      expect(onNetwork.size, file).toBeGreaterThanOrEqual(Math.floor(roads.size * 0.9));
      for (const t of onNetwork) expect(map.terrainAt(t), file).not.toBe('');
      const out = exportWesnoth(map, { mapping: DEFAULT_WESNOTH_MAPPING });
      expect(out.recoded, file).toBe(0);
      expect(writeWesnothMap(out.data), file).toBe(writeWesnothMap(data));
    }
    expect(withRoads).toBeGreaterThan(0);
    console.log(`[real files] Wesnoth roads: ${withRoads} maps with ${roadHexes} road hexes imported as road networks and exported code for code; ${refused.length} maps refused by the reader (${refused[0] ?? 'none'})`);
  });
});
