import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runJson } from './testing.js';

/** A 5×4 classic hex map as AL-FORM (9×7), clear, with a river along the whole linear column x = 3. */
function riverMap(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sandtable-an-')), 'm.json');
  runJson(['new', '--kind', 'hex-rectangle', '--size', '9x7', '--alform', '--fill', 'clear', '-o', file]);
  const column = Array.from({ length: 7 }, (_, k) => `3,${1 + k}`).join(';');
  runJson(['paint', file, '--terrain', 'river', '--at', column]);
  return file;
}

describe('sandtable path / reach / los / fov', () => {
  it('finds a path across the river on foot and none for wheeled', () => {
    const file = riverMap();
    const foot = runJson(['path', file, '--mode', 'foot', '--from', '0,0', '--to', '8,4']);
    expect(foot.tiles[0]).toEqual([0, 0]);
    expect(foot.tiles.at(-1)).toEqual([8, 4]);
    // A river crossing costs extra: more than the same trip on open ground.
    const open = runJson(['path', file, '--mode', 'foot', '--from', '0,0', '--to', '2,0']);
    expect(foot.cost).toBeGreaterThan(open.cost * 4);
    const wheeled = runCli(['path', file, '--mode', 'wheeled', '--from', '0,0', '--to', '8,4', '--json']);
    expect(wheeled.code).toBe(1);
    expect(JSON.parse(wheeled.out)).toEqual({ cost: null, tiles: [], reason: 'no path from [0,0] to [8,4] for mode wheeled' });
  });

  it('gives the reachable tiles with their costs, all within the budget', () => {
    const file = riverMap();
    const r = runJson(['reach', file, '--mode', 'wheeled', '--from', '0,0', '--budget', '100']);
    expect(r.count).toBeGreaterThan(1);
    // Wheeled cannot cross the river: nothing east of column 3 is reachable.
    expect(r.tiles.every((t: { coord: number[]; cost: number }) => t.coord[0]! < 3 && t.cost <= 100)).toBe(true);
  });

  it('answers line of sight and field of vision', () => {
    const file = riverMap();
    expect(runJson(['los', file, '--from', '0,0', '--to', '2,0'])).toEqual({ visible: true, blockedAt: null });
    const fov = runJson(['fov', file, '--from', '4,2', '--radius', '2']);
    expect(fov.count).toBeGreaterThan(1);
    expect(fov.tiles).toContainEqual([4, 2]);
  });

  it('rejects unknown modes and missing arguments clearly', () => {
    const file = riverMap();
    expect(runCli(['path', file, '--mode', 'hover', '--from', '0,0', '--to', '2,0']).err).toMatch(/--mode must be one of foot, wheeled, tracked, boat, rail, air, got "hover"/);
    expect(runCli(['path', file, '--mode', 'foot', '--from', '0,0']).err).toMatch(/missing --to/);
    expect(runCli(['reach', file, '--mode', 'foot', '--from', '0,0', '--budget', 'lots']).err).toMatch(/--budget must be a number/);
    expect(runCli(['fov', file, '--from', '40,40', '--radius', '2']).err).toMatch(/is not on this map/);
  });
});
