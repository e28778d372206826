import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runJson } from './testing.js';
import { mapFromJsonText } from '../core/map/map-json.js';
import { deriveTactical } from '../core/derive/derive.js';
import { loadCatalogue } from './catalogue.js';
import { openLibrary } from '../node/store/index.js';
import { repaintForestSubstituteAsMarsh } from '../node/store/store.testkit.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'sandtable-derive-'));

/** A 9×9 AL-FORM square map of clear ground with forest on the area tiles (4,4) and (6,4). */
function strategic(dir: string): string {
  const file = join(dir, 'ardennes.json');
  runJson(['new', '--kind', 'square', '--size', '9x9', '--alform', '--fill', 'clear', '--name', 'Ardennes', '-o', file]);
  runJson(['paint', file, '--terrain', 'forest', '--at', '4,4;6,4']);
  return file;
}

const terrains = (file: string) => {
  const m = mapFromJsonText(readFileSync(file, 'utf8'), file);
  return Array.from(m.layers.terrain, (v) => m.palette[v - 1] ?? '');
};

describe('sandtable derive', () => {
  it('derives a tactical map with the default generators, the same way every time', () => {
    const dir = tmp();
    const file = strategic(dir);
    const out = join(dir, 'tactical.json');
    const r = runJson(['derive', file, '--at', '4,4', '--select', '6,4', '-o', out]);
    expect(r).toMatchObject({ output: out, kind: 'square', ratio: 10, seed: 0, lattice: 'square', selection: [[4, 4], [6, 4]], library: null });
    const derived = mapFromJsonText(readFileSync(out, 'utf8'), out);
    expect(r.tileCount).toBe(derived.tileCount);
    expect(derived.meta.name).toBe('Ardennes · tactical 1:10 at 4,4');
    // Exactly what the core derives.
    const parent = mapFromJsonText(readFileSync(file, 'utf8'), file);
    const core = deriveTactical(parent, { catalogue: loadCatalogue(undefined), tiles: [parent.grid.index([4, 4]), parent.grid.index([6, 4])] });
    expect(terrains(out)).toEqual(Array.from(core.layers.terrain, (v) => core.palette[v - 1] ?? ''));
    const again = join(dir, 'again.json');
    runJson(['derive', file, '--at', '4,4', '--select', '6,4', '-o', again]);
    expect(terrains(again)).toEqual(terrains(out));
    const seeded = join(dir, 'seeded.json');
    const s = runCli(['derive', file, '--at', '4,4', '--select', '6,4', '--seed', '7', '--ratio', '12', '-o', seeded]);
    expect(s.code).toBe(0);
    expect(s.out).toMatch(/^derived .*seeded\.json: square \d+x\d+, \d+ tiles, ratio 1:12, seed 7, 2 tiles from 4,4\n$/);
  });

  it('uses the substitutes of a library, and sees a repainted one', () => {
    const dir = tmp();
    const file = strategic(dir);
    const lib = join(dir, 'subs.sandtable-library');
    const init = runJson(['library', 'init', lib]);
    expect(init.catalogue).toBe('default');
    expect(init.substitutes).toBeGreaterThan(100);
    const plain = join(dir, 'plain.json');
    const fromLib = join(dir, 'lib.json');
    runJson(['derive', file, '--at', '4,4', '-o', plain]);
    expect(runJson(['derive', file, '--at', '4,4', '--library', lib, '-o', fromLib]).library).toBe(lib);
    // The seeded library holds the default substitutes: the same map.
    expect(terrains(fromLib)).toEqual(terrains(plain));
    const l = openLibrary(lib);
    repaintForestSubstituteAsMarsh(l);
    l.close();
    runJson(['derive', file, '--at', '4,4', '--library', lib, '-o', fromLib]);
    const count = (list: string[], t: string) => list.filter((x) => x === t).length;
    expect(count(terrains(fromLib), 'marsh')).toBeGreaterThan(count(terrains(plain), 'marsh'));
  });

  // One rule with the app (core/alform/selection.ts): ground touching at a square corner adjoins
  // across the VERTEX tile (patent rule A), so a diagonal-only selection derives.
  it('derives a diagonal-only selection on a square AL-FORM map, as the app selects it', () => {
    const dir = tmp();
    const file = strategic(dir);
    const out = join(dir, 'diagonal.json');
    const r = runJson(['derive', file, '--at', '4,4', '--select', '6,6', '--ratio', '4', '-o', out]);
    expect(r).toMatchObject({ selection: [[4, 4], [6, 6]], ratio: 4 });
  });

  it('refuses bad arguments with one line and exit code 2', () => {
    const dir = tmp();
    const file = strategic(dir);
    const out = join(dir, 'x.json');
    const cases: [string[], RegExp][] = [
      [['derive', file, '-o', out], /^sandtable derive: missing --at \(the reference tile coordinate\)\n$/],
      [['derive', file, '--at', '4,4'], /^sandtable derive: missing -o <tactical\.json>\n$/],
      [['derive', file, '--at', '40,4', '-o', out], /^sandtable derive --at: cartesian 40,4 is not on this map\n$/],
      [['derive', file, '--at', '4,4', '--select', '6,4;oops', '-o', out], /^sandtable derive --select must be integers separated by commas/],
      [['derive', file, '--at', '4,4', '--select', '4,4', '-o', out], /^sandtable derive --select: 4,4 is selected twice/],
      [['derive', file, '--at', '4,4', '--ratio', '7', '-o', out], /^sandtable derive: --ratio: square substitute ratio must be a positive multiple of 2/],
      [['derive', file, '--at', '4,4', '--ratio', 'big', '-o', out], /^sandtable derive: --ratio must be an integer ≥ 2, got "big"\n$/],
      [['derive', file, '--at', '4,4', '--seed', '-1', '-o', out], /^sandtable derive: --seed must be an integer ≥ 0, got "-1"\n$/],
      [['derive', file, '--at', '5,4', '-o', out], /^sandtable derive: .*linear tile/],
      [['derive', file, '--at', '0,0', '--select', '8,8', '-o', out], /^sandtable derive: the selection must be connected: tile 8,8 does not adjoin the others\n$/],
      [['derive', file, '--at', '4,4', '--seed', '2147483648', '-o', out], /^sandtable derive: --seed must be at most 2147483647, got 2147483648\n$/],
      [['derive', file, '--at', '4,4', '--library', join(dir, 'none.sandtable-library'), '-o', out], /^sandtable derive: --library .* does not exist; create one with/],
      [['derive', file, '--at', '4,4', '--frob', '-o', out], /^sandtable derive: Unknown option '--frob'/],
    ];
    for (const [argv, message] of cases) {
      const r = runCli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
    expect(existsSync(out)).toBe(false);
    expect(runCli(['derive', join(dir, 'missing.json'), '--at', '4,4', '-o', out]).code).toBe(1);
    expect(runCli(['--help']).out).toContain('derive <map.json> --at C [--select C;C…] [--ratio R] [--seed S] [--library L] -o tactical.json');
  });
});
