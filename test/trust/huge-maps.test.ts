/**
 * Tiny files that declare huge maps are refused before any work (measured: well under a
 * second each, bench/formats.bench.ts; here the tests assert the work done, not the time,
 * so a busy machine cannot fail them),
 * with a message naming the declared size and the limit (core/util/limits.ts): a 253-byte
 * native map of 16384×16384, a globe of side 5000, a TMX of 100000×100000, a TMJ whose zlib
 * layers inflate exactly to their declared sizes until they pass the all-layers budget, a
 * file for `convert --reverse`, and a text for `maps.import`. (A Wesnoth
 * map declares nothing: its size is its content, bounded by the file-size limit and
 * checked row by row.)
 */
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mapFromJsonText } from '../../core/map/map-json.js';
import { parseTiled } from '../../core/formats/tiled/read.js';
import { nodeInflate } from '../../node/formats/inflate.js';
import { DEFAULT_LIMITS } from '../../core/util/limits.js';
import { runCli } from '../../cli/testing.js';
import { AppServices } from '../../node/services/app-services.js';

const LIMIT = DEFAULT_LIMITS.maxMapTiles;

/** Runs `fn`, which must throw; returns the message. */
function refused(fn: () => unknown): { message: string } {
  try {
    fn();
  } catch (e) {
    return { message: (e as Error).message };
  }
  throw new Error('expected a refusal');
}

const native = (size: object, kind = 'square', alform = false) =>
  JSON.stringify({ format: 'sandtable-map', version: 1, kind, size, wrap: [], alform, palette: ['clear'], layers: { terrain: { encoding: 'rle', data: [268435456, 1] } } });

describe('tiny files, huge declared maps', () => {
  it('a ~250-byte native map of 16384×16384', () => {
    const text = native({ width: 16384, height: 16384 });
    expect(text.length).toBeLessThan(260);
    const r = refused(() => mapFromJsonText(text, 'tiny.json'));
    expect(r.message).toBe(`tiny.json: $.size: declares 16384×16384 = 268435456 tiles; the limit is ${LIMIT} tiles (docs/limits.md)`);
  });

  it("a globe whose side is far past the limit, refused before its grid is built", () => {
    const r = refused(() => mapFromJsonText(native({ side: 5000 }, 'icosahedron'), 'globe.json'));
    expect(r.message).toMatch(new RegExp(`declares side 5000 \\(icosahedron\\) = 250100012 tiles; the limit is ${LIMIT} tiles`));
  });

  it('a TMX of 100000×100000', () => {
    const tmx = `<map orientation="orthogonal" width="100000" height="100000" tilewidth="1" tileheight="1"><layer name="a" width="100000" height="100000"><data encoding="csv">1</data></layer></map>`;
    const r = refused(() => parseTiled(tmx, { source: 'big.tmx', inflate: nodeInflate }));
    expect(r.message).toMatch(new RegExp(`the map declares 100000×100000 = 10000000000 tiles; the limit is ${LIMIT} tiles`));
  });

  it('a TMJ whose zlib layers inflate exactly to their declared size: refused at the layer that passes the budget', () => {
    const side = 4096; // 16.7 M tiles a layer: each layer alone is allowed
    const data = Buffer.from(deflateSync(new Uint8Array(side * side * 4))).toString('base64');
    const layers = Array.from({ length: 3 }, (_, k) => ({ type: 'tilelayer', name: `l${k}`, width: side, height: side, encoding: 'base64', compression: 'zlib', data }));
    const tmj = JSON.stringify({ type: 'map', orientation: 'orthogonal', width: side, height: side, tilewidth: 1, tileheight: 1, infinite: false, tilesets: [], layers });
    const inflated: number[] = [];
    const counting: typeof nodeInflate = (bytes, format, max) => {
      const out = nodeInflate(bytes, format, max);
      inflated.push(out.length);
      return out;
    };
    const r = refused(() => parseTiled(tmj, { source: 'bomb.tmj', inflate: counting }));
    expect(r.message).toMatch(new RegExp(`bomb\\.tmj: \\$\\.layers\\[2\\]: the layers declare ${3 * side * side} tiles in all by here; the limit is ${DEFAULT_LIMITS.maxTotalLayerTiles} tiles over all layers`));
    // The work done: the first two layers really inflated, the third refused before inflating.
    expect(inflated).toEqual([side * side * 4, side * side * 4]);
  });

  it('convert --reverse on a classic 234-byte file is refused by the flag before any work', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandtable-huge-'));
    try {
      const file = join(dir, 'tiny.json');
      writeFileSync(file, native({ width: 16383, height: 16383 }));
      const r = runCli(['convert', file, '-o', join(dir, 'out.json'), '--reverse']);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/is a classic map; --reverse needs an AL-FORM map/);
      writeFileSync(file, native({ width: 32767, height: 32767 }, 'square', true));
      const big = runCli(['convert', file, '-o', join(dir, 'out.json'), '--reverse']);
      expect(big.code).toBe(1);
      expect(big.err).toMatch(new RegExp(`declares 32767×32767 = 1073676289 tiles; the limit is ${LIMIT} tiles`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('maps.import of a ~300-byte text is refused with the declared size, nothing stored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandtable-huge-'));
    const services = new AppServices({ mode: 'browser', version: '0', userDataDir: dir });
    try {
      const text = native({ width: 8192, height: 8192 }, 'hex-rectangle');
      await expect(services.call('maps.import', { fileName: 'tiny.json', text })).rejects.toThrow(new RegExp(`declares 8192×8192 = 67108864 tiles; the limit is ${LIMIT} tiles`));
      expect((await services.call('maps.list', {})) as unknown[]).toEqual([]);
    } finally {
      await services.shutdown();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
