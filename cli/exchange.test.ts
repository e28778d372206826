import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runJson } from './testing.js';
import { loadTiledFile } from '../node/formats/files.js';
import { generateMapping, tiledToTerrainMap } from '../core/formats/tiled/terrain.js';
import { mapFromJsonText } from '../core/map/map-json.js';

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
