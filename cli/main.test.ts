import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runJson } from './testing.js';
import { TerrainMap } from '../core/map/terrain-map.js';
import { mapToJsonText } from '../core/map/map-json.js';
import { CUBE_DIRECTIONS } from '../core/grid/hex/axial.js';

describe('sandtable grid', () => {
  it('lists a square grid with neighbours in direction order', () => {
    const g = runJson(['grid', '--kind', 'square', '--size', '3x2']);
    expect(g.kind).toBe('square');
    expect(g.size).toBe('3x2');
    expect(g.tileCount).toBe(6);
    expect(g.tiles[0]).toEqual({ coord: [0, 0], neighbors: [3, 4, 1, null, null, null, null, null], center: [0, 0] });
  });

  it('adds AL-FORM classes and sub-classes', () => {
    const g = runJson(['grid', '--kind', 'square', '--size', '3x3', '--alform']);
    const byCoord = (c: number[]) => g.tiles.find((t: any) => t.coord.join() === c.join());
    expect(byCoord([0, 0])).toMatchObject({ class: 'area', subclass: null });
    expect(byCoord([1, 0])).toMatchObject({ class: 'linear', subclass: 'X-EDGE' });
    expect(byCoord([1, 1])).toMatchObject({ class: 'linear', subclass: 'VERTEX' });
  });

  it('lists a globe with 3D centres and 12 pentagons', () => {
    const g = runJson(['grid', '--kind', 'icosahedron', '--size', '2']);
    expect(g.tileCount).toBe(92);
    expect(g.tiles.filter((t: any) => t.neighbors.length === 5)).toHaveLength(12);
    for (const t of g.tiles) expect(Math.hypot(...t.center)).toBeCloseTo(1, 5);
  });

  it('wraps when asked', () => {
    const g = runJson(['grid', '--kind', 'hex-rectangle', '--size', '4x3', '--wrap', 'x,y']);
    expect(g.tiles.every((t: any) => t.neighbors.every((n: unknown) => n !== null))).toBe(true);
  });

  const wrong: [string[], RegExp][] = [
    [['grid', '--size', '3x3'], /missing --kind/],
    [['grid', '--kind', 'triangle', '--size', '3'], /--kind must be one of square, offset-square/],
    [['grid', '--kind', 'square', '--size', '3'], /square size must be WIDTHxHEIGHT/],
    [['grid', '--kind', 'icosahedron', '--size', '4', '--alform'], /side L must be odd/],
    [['grid', '--kind', 'square', '--size', '3x3', '--wrap', 'z'], /wrap must be a comma-separated list of axes/],
    [['grid', '--kind', 'square', '--size', '3x3', '--bogus'], /Unknown option '--bogus'/],
    [['frobnicate'], /unknown command "frobnicate"/],
  ];
  for (const [argv, message] of wrong) {
    it(`exits 2 with one line for: ${argv.join(' ')}`, () => {
      const r = runCli(argv);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    });
  }
});

describe('sandtable query', () => {
  const hex = ['query', '--kind', 'hex-hexagon', '--size', '7'];
  it('answers neighbours, distance, range, ring, line, rotate', () => {
    expect(runJson([...hex, 'neighbors', '0,0,0']).result).toEqual(CUBE_DIRECTIONS);
    expect(runJson([...hex, 'distance', '0,0,0', '3,-1,-2']).result).toBe(3);
    expect(runJson([...hex, 'range', '0,0,0', '2']).result).toHaveLength(19);
    expect(runJson([...hex, 'ring', '0,0,0', '3']).result).toHaveLength(18);
    expect(runJson([...hex, 'line', '0,0,0', '3,-3,0']).result).toEqual([
      [0, 0, 0],
      [1, -1, 0],
      [2, -2, 0],
      [3, -3, 0],
    ]);
    expect(runJson([...hex, 'rotate', '0,1,-1', '0,0,0', '1']).result).toEqual([1, 0, -1]);
  });

  it('converts to and from model space, with a layout', () => {
    const sq = ['query', '--kind', 'square', '--size', '10x10'];
    expect(runJson([...sq, 'to-model', '3,4']).result).toEqual([3, 4]);
    expect(runJson([...sq, '--layout', '10,5,5,0', 'to-model', '3,4']).result).toEqual([35, 45]);
    expect(runJson([...sq, '--layout', '10,5,5,0', 'from-model', '36', '44']).result).toEqual([3, 4]);
    expect(runJson([...sq, 'from-model', '-5', '0']).result).toBeNull();
  });

  it('reads coordinates in another system', () => {
    const r = runJson(['query', '--kind', 'hex-hexagon', '--size', '5', '--coords', 'axial60', 'neighbors', '0,0']);
    expect(r.coords).toBe('axial60');
    expect(r.result[0]).toEqual([0, 1]);
  });

  it('says what is wrong with bad coordinates', () => {
    expect(runCli([...hex, 'distance', '0,0,0', '9,-9,0']).err).toMatch(/is not on this map/);
    expect(runCli([...hex, 'distance', '0,0,0', 'a,b']).err).toMatch(/must be integers separated by commas/);
    expect(runCli([...hex, 'range', '0,0,0', '-1']).err).toMatch(/radius must be an integer ≥ 0/);
    expect(runCli([...hex, 'teleport', '0,0,0']).err).toMatch(/expected an operation, one of neighbors/);
    expect(runCli([...hex, '--coords', 'latlon', 'neighbors', '0,0']).err).toMatch(/--coords must be one of/);
  });
});

describe('sandtable convert', () => {
  it('converts a classic map to AL-FORM and back, losslessly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandtable-cli-'));
    const classic = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 5, height: 4 }, palette: ['clear', 'forest', 'river'] });
    const inner = classic.grid.index([2, 2]);
    classic.setTerrain(inner, 'forest');
    classic.setEdgeTerrain(inner, 1, 'river');
    writeFileSync(join(dir, 'classic.json'), mapToJsonText(classic));
    const r = runJson(['convert', join(dir, 'classic.json'), '-o', join(dir, 'al.json')]);
    expect(r).toMatchObject({ from: '5x4', to: '9x7', alform: true });
    runJson(['convert', join(dir, 'al.json'), '-o', join(dir, 'back.json'), '--reverse']);
    expect(readFileSync(join(dir, 'back.json'), 'utf8')).toBe(readFileSync(join(dir, 'classic.json'), 'utf8'));
  });

  it('fails with the file and place of a bad input, writing nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandtable-cli-'));
    writeFileSync(join(dir, 'bad.json'), '{"format":"sandtable-map","version":1,"kind":"square"}');
    const r = runCli(['convert', join(dir, 'bad.json'), '-o', join(dir, 'out.json')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/bad\.json: \$\.size: expected an object, got nothing/);
    expect(() => readFileSync(join(dir, 'out.json'))).toThrow();
    expect(runCli(['convert', join(dir, 'missing.json'), '-o', join(dir, 'o.json')]).err).toMatch(/no such file/);
  });
});

describe('the sandtable binary', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-cli.mjs']);
  });

  it('runs as a real process with exit codes', () => {
    const ok = spawnSync(process.execPath, ['bin/sandtable.js', 'query', '--kind', 'square', '--size', '5x5', 'distance', '0,0', '4,2'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout.trim()).toBe('4');
    const bad = spawnSync(process.execPath, ['bin/sandtable.js', 'grid', '--kind', 'square'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe('sandtable grid: missing --size (WxH)');
  });
});
