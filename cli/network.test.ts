/**
 * `sandtable network`: a map's roads and railroads listed for people and as JSON; an old map
 * file's edge roads read as through-tile roads; a kind that is no network refused in one line.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runJson } from './testing.js';
import { TerrainMap } from '../core/map/terrain-map.js';
import { mapToJsonText } from '../core/map/map-json.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'sandtable-network-'));

describe('sandtable network', () => {
  it('lists components, dead ends and crossings, for people and as JSON', () => {
    const file = join(tmp(), 'm.json');
    runJson(['new', '--kind', 'hex-rectangle', '--size', '12x9', '--fill', 'clear', '-o', file]);
    runJson(['draw', file, '--terrain', 'road', '--through', '1,3;10,8']);
    runJson(['draw', file, '--terrain', 'railroad', '--through', '5,3;5,10']);
    const out = runCli(['network', file]);
    expect(out.code).toBe(0);
    expect(out.out).toMatch(/^road: \d+ tiles in 1 component\n/);
    expect(out.out).toMatch(/railroad: \d+ tiles in 1 component/);
    expect(out.out).toMatch(/crossings: 1 level crossing with railroad/);
    expect(out.out).toMatch(/dead ends: 1,3, 10,8/);
    const json = runJson(['network', file, '--kind', 'railroad']);
    expect(json.kinds.map((k: { terrain: string }) => k.terrain)).toEqual(['railroad']);
    expect(json.kinds[0].deadEnds.map((d: { tile: number[] }) => d.tile)).toEqual([[5, 3], [5, 10]]);
  });

  it('reads an old map file with roads on hexsides as a through-tile road', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 8, height: 8 }, palette: ['clear'] });
    map.layers.terrain.fill(1);
    for (let y = 3; y <= 6; y++) {
      const t = map.grid.index([3, y]);
      // Both hexsides toward column 4: the zigzag an old road drawn north–south made.
      for (const d of [...Array(6).keys()].filter((k) => map.grid.neighbor(t, k) >= 0 && map.grid.coord(map.grid.neighbor(t, k))[0] === 4)) map.setEdgeTerrain(t, d, 'road');
    }
    const file = join(tmp(), 'old.json');
    writeFileSync(file, mapToJsonText(map));
    const json = runJson(['network', file, '--kind', 'road']);
    expect(json.kinds).toHaveLength(1);
    expect(json.kinds[0].components).toHaveLength(1);
    expect(json.kinds[0].tiles).toBeGreaterThanOrEqual(4);
  });

  it('refuses a kind that is no network and a missing file argument', () => {
    const file = join(tmp(), 'm.json');
    runJson(['new', '--kind', 'square', '--size', '4x4', '-o', file]);
    expect(runCli(['network', file, '--kind', 'river']).err).toMatch(/network: --kind "river" is not a terrain the catalogue runs through tiles \(a network: road, railroad, trail\)/);
    expect(runCli(['network']).err).toMatch(/network: expected exactly one map file/);
    expect(runCli(['network', file]).out).toBe('no networks\n');
  });
});
