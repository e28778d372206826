/**
 * The import job's terrain choices (issue 14): tiles with a known terrain name land on the
 * catalogue; every other tile kind gets a placeholder of its own — passable, never water —
 * recorded in meta.import.unmapped and said in the import summary.
 */
import { describe, expect, it } from 'vitest';
import { runJobTask } from './job-tasks.js';
import { areaTerrains } from '../../core/terrain/lookup.js';
import { loadDefaultCatalogue } from '../../core/terrain/catalogue.testkit.js';
import { compileMovement } from '../../core/terrain/compiled.js';
import { importSummary } from '../../core/formats/import-summary.js';

const catalogue = loadDefaultCatalogue();
const areas = areaTerrains(catalogue).map((t) => t.id);

/** 4×1 map over a tileset of five tiles: tile 0 says terrain "grass", tiles 1–4 say nothing. */
function tmx(row: string): string {
  return `<map version="1.10" orientation="orthogonal" width="5" height="1" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" name="Ground" tilewidth="8" tileheight="8" tilecount="5" columns="5">
  <image source="ground.png" width="40" height="8"/>
  <tile id="0"><properties><property name="terrain" value="grass"/></properties></tile>
 </tileset>
 <layer id="1" name="L" width="5" height="1"><data encoding="csv">${row}</data></layer>
</map>`;
}

describe('Tiled import without a mapping', () => {
  it('gives each unknown tile kind its own passable placeholder, and says so', async () => {
    const map = await runJobTask({ kind: 'import-text', fileName: 'ground.tmx', text: tmx('1,2,3,4,5'), mapping: undefined, areaTerrains: areas }, async () => {});
    const ids = Array.from(map.layers.terrain, (v) => map.terrainOf(v));
    expect(ids).toEqual(['clear', 'unmapped-ground-1', 'unmapped-ground-2', 'unmapped-ground-3', 'unmapped-ground-4']);
    // None is water or otherwise impassable on foot.
    const foot = compileMovement(catalogue, map.palette, 'foot');
    expect(Array.from(foot.playable.slice(1)).every((p) => p === 1)).toBe(true);
    const imp = map.meta.import!;
    expect(imp.format === 'tiled' && imp.unmapped).toEqual([
      { terrain: 'unmapped-ground-1', tiles: ['Ground:1'] },
      { terrain: 'unmapped-ground-2', tiles: ['Ground:2'] },
      { terrain: 'unmapped-ground-3', tiles: ['Ground:3'] },
      { terrain: 'unmapped-ground-4', tiles: ['Ground:4'] },
    ]);
    expect(importSummary(map.meta)).toEqual([
      '4 tile kinds matched no catalogue terrain and got 4 placeholder terrains (neutral, passable, grey): unmapped-ground-1 (Ground:1), unmapped-ground-2 (Ground:2), unmapped-ground-3 (Ground:3), unmapped-ground-4 (Ground:4); assign real terrain in the app (the mapping dialog), by importing again with a mapping (--mapping) or by repainting',
    ]);
  });

  it('keeps 140 distinct tiles distinct (no collapse into one terrain) and the summary short', async () => {
    const n = 140;
    const text = `<map version="1.10" orientation="orthogonal" width="${n}" height="1" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" name="Big" tilewidth="8" tileheight="8" tilecount="${n}" columns="${n}"><image source="big.png" width="${8 * n}" height="8"/></tileset>
 <layer id="1" name="L" width="${n}" height="1"><data encoding="csv">${Array.from({ length: n }, (_, k) => k + 1).join(',')}</data></layer>
</map>`;
    const map = await runJobTask({ kind: 'import-text', fileName: 'big.tmx', text, mapping: undefined, areaTerrains: areas }, async () => {});
    expect(new Set(map.layers.terrain).size).toBe(n);
    const [line] = importSummary(map.meta);
    expect(line).toMatch(/^140 tile kinds matched no catalogue terrain and got 140 placeholder terrains .* and 134 more; assign/);
    expect(line!.length).toBeLessThan(500);
  });

  it('with the designer\'s mapping, lists nothing as unmapped', async () => {
    const map = await runJobTask({ kind: 'import-text', fileName: 'ground.tmx', text: tmx('1,2,1,2,1'), mapping: { tiles: { 'Ground:1': 'forest' }, default: 'clear' }, areaTerrains: areas }, async () => {});
    expect(Array.from(map.layers.terrain, (v) => map.terrainOf(v))).toEqual(['clear', 'forest', 'clear', 'forest', 'clear']);
    expect(importSummary(map.meta)).toEqual([]);
  });
});
