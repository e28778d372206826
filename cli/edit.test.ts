import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runJson } from './testing.js';
import { mapFromJsonText } from '../core/map/map-json.js';
import { chainBreak } from '../core/alform/linear-stroke.js';
import { tileClasses } from '../core/alform/tile-classes.js';

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

  it('creates a pointy-topped hex map with --pointy and refuses it on squares (issue 30)', () => {
    const file = join(tmp(), 'p.json');
    expect(runJson(['new', '--kind', 'hex-rectangle', '--size', '4x6', '--pointy', '--fill', 'clear', '-o', file])).toMatchObject({ size: '4x6', orientation: 'pointy', tileCount: 24 });
    const map = load(file);
    expect(map.spec.orientation).toBe('pointy');
    expect(map.meta.orientation).toBe('pointy');
    expect(runCli(['new', '--kind', 'square', '--size', '3x3', '--pointy', '-o', file]).err).toMatch(/only hex maps can be pointy-topped/);
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

describe('sandtable draw', () => {
  it('draws a stroke through waypoints as one connected chain, and a road across a river makes a bridge', () => {
    const file = join(tmp(), 'm.json');
    runJson(['new', '--kind', 'square', '--size', '9x9', '--alform', '--fill', 'clear', '-o', file]);
    const river = runJson(['draw', file, '--terrain', 'river', '--through', '3,0;3,8']);
    expect(river.chain.map((c: { at: number[] }) => c.at.join(','))).toEqual(['3,0', '3,1', '3,2', '3,3', '3,4', '3,5', '3,6', '3,7', '3,8']);
    // Waypoints may be area tiles; the road crosses the river at the vertex tile (3,5).
    const road = runJson(['draw', file, '--terrain', 'road', '--through', '0,5', '--through', '8,5']);
    expect(road.chain.find((c: { at: number[] }) => c.at.join(',') === '3,5').terrain).toBe('river-bridge');
    const map = load(file);
    const cls = tileClasses(map.grid);
    const chain = road.chain.map((c: { at: number[] }) => map.grid.index(c.at));
    expect(chainBreak(map.grid, cls, chain)).toBe(-1);
    expect(map.terrainAt(map.grid.index([3, 4]))).toBe('river');
    expect(map.terrainAt(map.grid.index([5, 5]))).toBe('road');
  });

  it('on a hex map the chain through far waypoints has no gap', () => {
    const file = join(tmp(), 'm.json');
    runJson(['new', '--kind', 'hex-rectangle', '--size', '13x11', '--alform', '--fill', 'clear', '-o', file]);
    const map0 = load(file);
    const first = map0.grid.coord(0).join(',');
    const last = map0.grid.coord(map0.tileCount - 1).join(',');
    const r = runJson(['draw', file, '--terrain', 'road', '--through', `${first};${last}`]);
    const map = load(file);
    const chain = r.chain.map((c: { at: number[] }) => map.grid.index(c.at));
    expect(chain.length).toBeGreaterThan(10);
    expect(chainBreak(map.grid, tileClasses(map.grid), chain)).toBe(-1);
    expect(chain.every((t: number) => map.terrainAt(t) === 'road')).toBe(true);
  });

  it('refuses classic maps, area terrain and missing options, leaving the file alone', () => {
    const file = join(tmp(), 'm.json');
    runJson(['new', '--kind', 'square', '--size', '5x5', '--fill', 'clear', '-o', file]);
    expect(runCli(['draw', file, '--terrain', 'river', '--through', '0,0;4,4']).err).toMatch(/draw: needs an AL-FORM map/);
    const al = join(tmp(), 'a.json');
    runJson(['new', '--kind', 'square', '--size', '5x5', '--alform', '-o', al]);
    const before = readFileSync(al, 'utf8');
    expect(runCli(['draw', al, '--terrain', 'forest', '--through', '0,0;4,4']).err).toMatch(/draw: a drawn stroke takes linear terrain; "forest" is area terrain/);
    expect(runCli(['draw', al, '--terrain', 'river']).err).toMatch(/draw: missing --through/);
    expect(readFileSync(al, 'utf8')).toBe(before);
  });
});
