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
  it('draws a stroke through waypoints as one connected chain; a road runs centre to centre and crosses the river on a bridge', () => {
    const file = join(tmp(), 'm.json');
    runJson(['new', '--kind', 'square', '--size', '9x9', '--alform', '--fill', 'clear', '-o', file]);
    const river = runJson(['draw', file, '--terrain', 'river', '--through', '3,0;3,8']);
    expect(river.chain.map((c: { at: number[] }) => c.at.join(','))).toEqual(['3,0', '3,1', '3,2', '3,3', '3,4', '3,5', '3,6', '3,7', '3,8']);
    // A wall along tiles may cross it too: waypoints may be area tiles, the crossing a composite where the catalogue has one.
    runJson(['draw', file, '--terrain', 'wall', '--through', '0,7', '--through', '2,7']);
    // The road is a network: area tiles from centre to centre; the river between (2,4) and (4,4) stays a river.
    const road = runJson(['draw', file, '--terrain', 'road', '--through', '0,4', '--through', '8,4']);
    expect(road).toMatchObject({ terrain: 'road', network: true, chain: [[0, 4], [2, 4], [4, 4], [6, 4], [8, 4]] });
    const map = load(file);
    expect(map.terrainAt(map.grid.index([3, 4]))).toBe('river');
    expect(map.networks!.size).toBe(5);
    const report = runJson(['network', file, '--kind', 'road']);
    expect(report.kinds).toHaveLength(1);
    expect(report.kinds[0].components).toEqual([{ tiles: [[0, 4], [2, 4], [4, 4], [6, 4], [8, 4]] }]);
    expect(report.kinds[0].crossings).toEqual([{ tile: [2, 4], type: 'feature', other: 'river', side: 2, crossing: { terrain: 'river-bridge', kind: 'bridge' } }]);
  });

  it('draws a road on a classic hex map, with a level; a linear waypoint snaps to an area tile beside it', () => {
    const file = join(tmp(), 'm.json');
    runJson(['new', '--kind', 'hex-rectangle', '--size', '9x7', '--fill', 'clear', '-o', file]);
    const r = runJson(['draw', file, '--terrain', 'railroad', '--level', '2', '--through', '0,0;8,4']);
    expect(r.chain.length).toBe(9);
    const map = load(file);
    expect(map.networks!.size).toBe(9);
    expect(runCli(['draw', file, '--terrain', 'road', '--level', '5', '--through', '0,0;1,1']).err).toMatch(/--level must be 0…3/);
    expect(runCli(['draw', file, '--terrain', 'river', '--level', '1', '--through', '0,0;1,1']).err).toMatch(/--level is for networks/);
    const al = join(tmp(), 'a.json');
    runJson(['new', '--kind', 'square', '--size', '9x9', '--alform', '--fill', 'clear', '-o', al]);
    const snapped = runJson(['draw', al, '--terrain', 'trail', '--through', '0,1;4,4']);
    expect(snapped.chain[0]).toEqual([0, 0]);
  });

  it('on a hex map the chain through far waypoints has no gap', () => {
    const file = join(tmp(), 'm.json');
    runJson(['new', '--kind', 'hex-rectangle', '--size', '13x11', '--alform', '--fill', 'clear', '-o', file]);
    const map0 = load(file);
    const first = map0.grid.coord(0).join(',');
    const last = map0.grid.coord(map0.tileCount - 1).join(',');
    const r = runJson(['draw', file, '--terrain', 'wall', '--through', `${first};${last}`]);
    const map = load(file);
    const chain = r.chain.map((c: { at: number[] }) => map.grid.index(c.at));
    expect(chain.length).toBeGreaterThan(10);
    expect(chainBreak(map.grid, tileClasses(map.grid), chain)).toBe(-1);
    expect(chain.every((t: number) => map.terrainAt(t) === 'wall')).toBe(true);
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
