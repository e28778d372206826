import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runJson } from './testing.js';
import { mapFromJsonText, mapToJsonText } from '../core/map/map-json.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'sandtable-generate-'));

describe('sandtable generate and check-world', () => {
  it('generates a world whose check-world counts are 0, the same bytes for the same seed', () => {
    const dir = tmp();
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    const args = ['generate', '--kind', 'hex-rectangle', '--size', '41x31', '--alform', '--seed', '8', '--land', '0.4', '--settlements', '12'];
    const r = runJson([...args, '-o', a]);
    expect(r).toMatchObject({ kind: 'hex-rectangle', size: '41x31', alform: true, seed: 8 });
    expect(r.settlements.village + r.settlements.town + r.settlements.city).toBe(12);
    runJson([...args, '-o', b]);
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    expect(runJson(['check-world', a])).toEqual({ straightBorderRuns: 0, parallelFeatures: 0, crossingAngles: 0, roadSetback: 0, tripleFeatures: 0, uphillRivers: 0, riversEndingInland: 0, elevation: true });
  });

  it('reports what a painted map breaks', () => {
    const file = join(tmp(), 'w.json');
    runJson(['generate', '--kind', 'square', '--size', '20x16', '--seed', '2', '-o', file]);
    const map = mapFromJsonText(readFileSync(file, 'utf8'), file);
    // A straight strip of ocean down the middle: straight borders on both sides.
    for (let y = 0; y < 16; y++) map.layers.terrain[map.grid.index([10, y])] = map.terrainIndex('ocean');
    writeFileSync(file, mapToJsonText(map));
    expect(runJson(['check-world', file]).straightBorderRuns).toBeGreaterThan(0);
    expect(runCli(['check-world', file]).out).toMatch(/straightBorderRuns: [1-9]/);
  });

  it('regenerates around the rivers and settlements of a locked map', () => {
    const dir = tmp();
    const first = join(dir, 'first.json');
    const second = join(dir, 'second.json');
    runJson(['generate', '--kind', 'hex-rectangle', '--size', '41x31', '--alform', '--seed', '8', '-o', first]);
    const r = runJson(['generate', '--kind', 'hex-rectangle', '--size', '41x31', '--alform', '--seed', '8', '--rivers', '3', '--lock', first, '--keep', 'rivers,settlements', '-o', second]);
    expect(r.kept).toEqual(['rivers', 'settlements']);
    const rivers = (f: string) => {
      const m = mapFromJsonText(readFileSync(f, 'utf8'), f);
      return Array.from(m.layers.terrain, (v, t) => (['river', 'stream'].includes(m.terrainOf(v)) ? t : -1)).filter((t) => t >= 0);
    };
    // Three times the river amount, yet the locked rivers are the ones drawn.
    expect(rivers(second)).toEqual(rivers(first));
    expect(runCli(['generate', '--kind', 'hex-rectangle', '--size', '41x31', '--alform', '--keep', 'rivers', '-o', second]).err).toMatch(/--lock and --keep go together/);
    expect(runCli(['generate', '--kind', 'hex-rectangle', '--size', '41x31', '--alform', '--lock', first, '--keep', 'roads', '-o', second]).err).toMatch(/--keep takes rivers, settlements/);
  });

  it('says which flag is wrong', () => {
    const file = join(tmp(), 'w.json');
    expect(runCli(['generate', '--kind', 'square', '--size', '20x16', '--land', '2', '-o', file]).err).toMatch(/land fraction.*between 0.05 and 0.95/);
    expect(runCli(['generate', '--kind', 'square', '--size', '20x16', '--climate', 'hot', '-o', file]).err).toMatch(/--climate must be one of/);
    expect(runCli(['generate', '--kind', 'square', '--size', '20x16', '--wrap', 'x', '-o', file]).code).toBe(2);
    expect(runCli(['generate', '--kind', 'square', '--size', '20x16']).err).toMatch(/missing -o/);
  });
});
