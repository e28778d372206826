import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runJson } from './testing.js';
import { mapFromJsonText } from '../core/map/map-json.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'sandtable-edit-'));
const load = (file: string) => mapFromJsonText(readFileSync(file, 'utf8'), file);

describe('sandtable new', () => {
  it('creates an AL-FORM map with area tiles filled and linear tiles empty', () => {
    const file = join(tmp(), 'm.json');
    const r = runJson(['new', '--kind', 'hex-rectangle', '--size', '9x7', '--alform', '--fill', 'clear', '-o', file]);
    expect(r).toMatchObject({ kind: 'hex-rectangle', size: '9x7', alform: true, tileCount: 63 });
    const map = load(file);
    expect(map.terrainAt(map.grid.index([0, 0]))).toBe('clear');
    expect(map.terrainAt(map.grid.index([0, 1]))).toBe('');
  });

  it('refuses unknown or linear fill terrain and impossible AL-FORM sizes', () => {
    const file = join(tmp(), 'm.json');
    expect(runCli(['new', '--kind', 'square', '--size', '3x3', '--fill', 'lava', '-o', file]).err).toMatch(/"lava" is not a terrain of catalogue/);
    expect(runCli(['new', '--kind', 'square', '--size', '3x3', '--fill', 'river', '-o', file]).err).toMatch(/--fill needs area terrain; "river" is linear/);
    expect(runCli(['new', '--kind', 'square', '--size', '4x3', '--alform', '-o', file]).err).toMatch(/width must be odd/);
    expect(runCli(['new', '--kind', 'square', '--size', '3x3']).err).toMatch(/missing -o/);
  });
});

describe('sandtable paint', () => {
  it('paints area terrain on area tiles and linear terrain on linear tiles', () => {
    const file = join(tmp(), 'm.json');
    runJson(['new', '--kind', 'square', '--size', '5x5', '--alform', '--fill', 'clear', '-o', file]);
    expect(runJson(['paint', file, '--terrain', 'forest', '--at', '2,2', '--at', '4,4']).tiles).toEqual([
      [2, 2],
      [4, 4],
    ]);
    runJson(['paint', file, '--terrain', 'river', '--at', '1,0,1,2;1,4']);
    const map = load(file);
    expect(map.terrainAt(map.grid.index([2, 2]))).toBe('forest');
    expect([0, 2, 4].map((y) => map.terrainAt(map.grid.index([1, y])))).toEqual(['river', 'river', 'river']);
  });

  it('keeps the AL-FORM rules, naming the tile and its class', () => {
    const file = join(tmp(), 'm.json');
    runJson(['new', '--kind', 'square', '--size', '5x5', '--alform', '-o', file]);
    const before = readFileSync(file, 'utf8');
    expect(runCli(['paint', file, '--terrain', 'river', '--at', '2,2']).err).toMatch(/tile 2,2 is an area tile; "river" is linear terrain/);
    expect(runCli(['paint', file, '--terrain', 'forest', '--at', '1,1']).err).toMatch(/tile 1,1 is a linear tile \(VERTEX\); "forest" is area terrain/);
    expect(runCli(['paint', file, '--terrain', 'forest', '--at', '9,9']).err).toMatch(/is not on this map/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('puts linear terrain on tile edges of classic maps', () => {
    const file = join(tmp(), 'm.json');
    runJson(['new', '--kind', 'hex-hexagon', '--size', '5', '--fill', 'clear', '-o', file]);
    runJson(['paint', file, '--terrain', 'river', '--at', '0,0,0', '--edge', '1']);
    const map = load(file);
    expect(map.edgeTerrainAt(map.grid.fromSystem([0, 0, 0], 'cube'), 1)).toBe('river');
    expect(map.edgeTerrainAt(map.grid.fromSystem([1, 0, -1], 'cube'), 4)).toBe('river');
    expect(runCli(['paint', file, '--terrain', 'river', '--at', '0,0,0']).err).toMatch(/give --edge DIR/);
    expect(runCli(['paint', file, '--terrain', 'river', '--at', '2,0,-2', '--edge', '1']).err).toMatch(/has no edge in direction 1/);
  });
});
