import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runJson } from './testing.js';
import { loadTiledFile } from '../node/formats/files.js';
import { generateMapping, tiledToTerrainMap } from '../core/formats/tiled/terrain.js';
import { mapFromJsonText, mapToJsonText } from '../core/map/map-json.js';
import { writeFileSync } from 'node:fs';
import { parseWesnothMap } from '../core/formats/wesnoth/wesnoth-map.js';
import { wesnothToTerrainMap } from '../core/formats/wesnoth/terrain.js';
import { DEFAULT_WESNOTH_MAPPING } from '../core/formats/wesnoth/default-mapping.js';

describe('sandtable export', () => {
  for (const [kind, size, format] of [
    ['hex-rectangle', '6x5', 'tmx'],
    ['square', '4x3', 'tmj'],
  ] as const) {
    it(`writes a ${kind} map as ${format} with a terrain tileset that imports back to the same terrain`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'sandtable-x-'));
      const file = join(dir, 'm.json');
      runJson(['new', '--kind', kind, '--size', size, '--fill', 'clear', '-o', file]);
      runJson(['paint', file, '--terrain', 'forest', '--at', '1,1', '--at', '2,1']);
      runJson(['paint', file, '--terrain', 'hills', '--at', '3,2']);
      const out = join(dir, `m.${format}`);
      const r = runJson(['export', file, '--format', format, '-o', out]);
      expect(r.written).toEqual([out, join(dir, 'm-terrain.png')]);
      expect(readFileSync(join(dir, 'm-terrain.png')).subarray(1, 4).toString()).toBe('PNG');
      const tiled = loadTiledFile(out);
      const back = tiledToTerrainMap(tiled, generateMapping(tiled));
      const original = mapFromJsonText(readFileSync(file, 'utf8'));
      expect(back.spec.size).toEqual(original.spec.size);
      for (let i = 0; i < original.tileCount; i++) expect(back.terrainAt(i), `tile ${i}`).toBe(original.terrainAt(i));
    });
  }

  it('exports JSON as is and refuses what Tiled cannot hold', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandtable-x-'));
    const file = join(dir, 'g.json');
    runJson(['new', '--kind', 'icosahedron', '--size', '2', '--fill', 'clear', '-o', file]);
    runJson(['export', file, '--format', 'json', '-o', join(dir, 'copy.json')]);
    expect(readFileSync(join(dir, 'copy.json'), 'utf8')).toBe(readFileSync(file, 'utf8'));
    const r = runCli(['export', file, '--format', 'tmx', '-o', join(dir, 'g.tmx')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/Tiled export supports square and hex-rectangle maps, not icosahedron/);
    expect(existsSync(join(dir, 'g.tmx'))).toBe(false);
    expect(runCli(['export', file, '--format', 'svgz', '-o', 'x']).err).toMatch(/--format must be one of json, tmx, tmj, wesnoth/);
  });
});

describe('sandtable export --format wesnoth (issue 14)', () => {
  const MAP = 'Xu, Xu, Xu, Xu, Xu\nXu, Gs^Fp, 1 Kh, Gd^Vh, Xu\nXu, Mm^Xm, Qxu, Re, Xu\nXu, Xu, Xu, Xu, Xu\n';

  it("uses the import's mapping without --mapping and gives the file back code for code", () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandtable-w-'));
    const map = wesnothToTerrainMap(parseWesnothMap(MAP, 'w.map'), DEFAULT_WESNOTH_MAPPING);
    map.meta.import = { format: 'wesnoth', file: 'w.map', mapping: DEFAULT_WESNOTH_MAPPING };
    const file = join(dir, 'w.json');
    writeFileSync(file, mapToJsonText(map));
    const out = join(dir, 'back.map');
    const r = runJson(['export', file, '--format', 'wesnoth', '-o', out]);
    expect(readFileSync(out, 'utf8')).toBe(MAP);
    expect(r.notes).toEqual(['6 tiles kept their original code, 0 were coded from their terrain']);
  });
});
