import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runJson } from './testing.js';
import { openLibrary } from '../node/store/index.js';
import { writeVectorTile } from '../core/vector/json.js';
import { HEX_TILE } from '../core/vector/vector.testkit.js';
import { seededRandom, randomInt } from '../core/util/random.js';

const STARTER = join(import.meta.dirname, '../resources/tiles/starter');
const tmp = () => mkdtempSync(join(tmpdir(), 'sandtable-tile-'));
const starter = (rel: string) => join(STARTER, rel);

/** Every row of every table: a failed import must leave this exactly as it was. */
function rows(lib: string): string {
  const l = openLibrary(lib);
  try {
    return l.contentHash();
  } finally {
    l.close();
  }
}

describe('sandtable tile', () => {
  it('library init imports the starter tiles; show, match, export and warp work on them', () => {
    const dir = tmp();
    const lib = join(dir, 'l.sandtable-library');
    const init = runJson(['library', 'init', lib]);
    expect(init.vectorTiles).toBeGreaterThanOrEqual(90);
    const list = runJson(['library', 'list', lib, '--what', 'vector']);
    expect(list).toContainEqual({ id: 'hex-river-straight-1', name: 'River, straight (1)', shape: 'hex', tags: 'hex,river,starter' });

    const shown = runJson(['tile', 'show', `${lib}:hex-bridge-1`]);
    expect(shown.shape).toBe('hex');
    expect(shown.elements).toContainEqual({ id: 'bridge', kind: 'line', terrain: 'river-bridge', crossing: 'interior' });
    expect(shown.elements).toContainEqual({ id: 'river', kind: 'line', terrain: 'river', crossing: 'edge' });
    expect(shown.edges[0]).toEqual({ edge: 0, segment: 0, positions: [{ terrain: 'river', t: 0.5 }], presence: [] });
    expect(shown.edges.map((e: { edge: number }) => e.edge)).toEqual([0, 1, 2, 3, 4, 5]);
    // The same from the file.
    expect(runJson(['tile', 'show', starter('hex/bridge/hex-bridge-1.svg')])).toEqual(shown);

    // A straight river continues a straight river; it does not continue a road.
    const river = `${lib}:hex-river-straight-1`;
    expect(runCli(['tile', 'match', river, `${lib}:hex-river-straight-2`, '--edge', '0', '--json'])).toMatchObject({ code: 0, out: '{"fits":true,"reason":null}\n' });
    const no = runCli(['tile', 'match', river, `${lib}:hex-road-straight-1`, '--edge', '0', '--json']);
    expect(no.code).toBe(1);
    expect(JSON.parse(no.out)).toMatchObject({ fits: false, reason: expect.stringMatching(/edge 0 of A ↔ edge 3 of B: A's line "river" \(river/) });
    // Turned 60°, the river no longer reaches edge 0 … and B turned too, they meet again across edge 1.
    expect(runCli(['tile', 'match', river, river, '--edge', '0', '--transform-a', 'r60']).code).toBe(1);
    expect(runCli(['tile', 'match', river, river, '--edge', '1', '--transform-a', 'r60', '--transform-b', 'm r60']).code).toBe(0);
    // Bad arguments exit 2 with one line.
    for (const args of [
      ['tile', 'match', river, river, '--edge', '7'],
      ['tile', 'match', river, river],
      ['tile', 'match', river, river, '--edge', '0', '--transform-a', 'r90'],
      ['tile', 'match', river, `${lib}:sq-clear-1`, '--edge', '0'],
      ['tile', 'match', river],
      ['tile', 'frob'],
    ]) {
      const r = runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }

    // Export one tile and the whole library; the exported SVG is the starter file itself.
    const one = join(dir, 'bridge.svg');
    runJson(['tile', 'export', `${lib}:hex-bridge-1`, '-o', one]);
    expect(readFileSync(one, 'utf8')).toBe(readFileSync(starter('hex/bridge/hex-bridge-1.svg'), 'utf8'));
    const all = join(dir, 'all');
    expect(runJson(['tile', 'export', lib, '-o', all]).written).toHaveLength(init.vectorTiles);
    expect(readdirSync(all)).toContain('sq-geomorph-cross-room-1.svg');

    // Warp onto a pentagon: a pentagon SVG, every element kept, nothing to report.
    const pent = join(dir, 'p.svg');
    const warped = runJson(['tile', 'warp', `${lib}:hex-road-straight-1`, '--rotation', '60', '-o', pent]);
    expect(warped).toEqual({ output: pent, reported: [] });
    expect(runJson(['tile', 'show', pent]).shape).toBe('pentagon');
    expect(runCli(['tile', 'warp', `${lib}:sq-clear-1`, '--rotation', '0', '-o', pent]).code).toBe(2);
    expect(runCli(['tile', 'warp', `${lib}:hex-clear-1`, '--rotation', '45', '-o', pent]).code).toBe(2);
  });

  it('imports files and folders, all or nothing, with one error naming the file and element', () => {
    const dir = tmp();
    const lib = join(dir, 'l.sandtable-library');
    runJson(['library', 'init', lib, '--empty']);
    const folder = join(dir, 'tiles');
    mkdirSync(join(folder, 'sub'), { recursive: true });
    copyFileSync(starter('hex/river/hex-river-straight-1.svg'), join(folder, 'a.svg'));
    writeFileSync(join(folder, 'sub', 'ford.json'), writeVectorTile(HEX_TILE));
    const r = runJson(['tile', 'import', folder, '--into', lib]);
    expect(r).toMatchObject({ added: 2, tiles: ['hex-river-straight-1', 'hex'] });
    expect(runJson(['tile', 'import', join(folder, 'a.svg'), '--into', lib, '--on-conflict', 'skip'])).toMatchObject({ skipped: [{ id: 'hex-river-straight-1', reason: expect.stringMatching(/already in the library/) }] });
    expect(runCli(['tile', 'import', join(folder, 'a.svg'), '--into', lib]).err).toMatch(/a vector tile "hex-river-straight-1" already exists/);

    const before = rows(lib);
    // A malformed file among good ones: nothing of the folder is imported.
    writeFileSync(join(folder, 'sub', 'z-bad.svg'), readFileSync(starter('hex/road/hex-road-fork-1.svg'), 'utf8').replace('data-terrain="road"', 'data-terrain="road" data-side="up"'));
    copyFileSync(starter('hex/road/hex-road-straight-1.svg'), join(folder, 'b.svg'));
    const bad = runCli(['tile', 'import', folder, '--into', lib, '--on-conflict', 'replace']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^sandtable tile: .*z-bad\.svg: .*data-side.*expected data-side="left\|right", got "up"\n$/);
    expect(rows(lib)).toBe(before);
    // Unknown terrain of the library's catalogue: refused by name, nothing written.
    const lib2 = join(dir, 'l2.sandtable-library');
    runJson(['library', 'init', lib2]);
    const before2 = rows(lib2);
    const ford = runCli(['tile', 'import', join(folder, 'sub', 'ford.json'), '--into', lib2]);
    expect(ford.code).toBe(1);
    expect(ford.err).toMatch(/ford\.json: tile "hex", element "c100": area "c100": unknown terrain "hill"/);
    expect(rows(lib2)).toBe(before2);
  });

  it('fuzzed SVG and JSON files give one clear error and leave the library exactly as it was', () => {
    const dir = tmp();
    const lib = join(dir, 'l.sandtable-library');
    runJson(['library', 'init', lib, '--empty']);
    runJson(['tile', 'import', starter('hex/hills'), '--into', lib]);
    let before = rows(lib);
    const texts = [readFileSync(starter('hex/bridge/hex-bridge-1.svg'), 'utf8'), readFileSync(starter('square/geomorph/sq-geomorph-tee-room-1.svg'), 'utf8'), writeVectorTile(HEX_TILE)];
    const random = seededRandom(77);
    let errors = 0;
    for (let i = 0; i < 60; i++) {
      const k = i % texts.length;
      let text = texts[k]!;
      for (let m = 0; m < 1 + randomInt(random, 3); m++) {
        const a = randomInt(random, text.length);
        const b = Math.min(text.length, a + 1 + randomInt(random, 30));
        text = [text.slice(0, a), text.slice(0, a) + text.slice(b), text.slice(0, a) + ['<', '"', '}', 'NaN', '1e999', '<g>', 'data-side="x"'][randomInt(random, 7)] + text.slice(b)][randomInt(random, 3)]!;
      }
      const file = join(dir, `fuzz-${i}.${k === 2 ? 'json' : 'svg'}`);
      writeFileSync(file, text);
      const r = runCli(['tile', 'import', file, '--into', lib, '--on-conflict', 'replace']);
      if (r.code !== 0) {
        errors++;
        expect(r.code, r.err).toBe(1);
        expect(r.err).toMatch(new RegExp(`^sandtable tile: .*fuzz-${i}\\.(svg|json)`));
        expect(r.err.trim().split('\n')).toHaveLength(1);
        expect(rows(lib)).toBe(before);
      } else {
        // A mutation that still reads as a valid tile is imported: the baseline moves with it.
        before = rows(lib);
      }
    }
    expect(errors).toBeGreaterThan(30);
  });
});
