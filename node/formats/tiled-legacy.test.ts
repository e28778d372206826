/**
 * Tiled files other tools refused but Tiled loads (issue 14): a tileset with no tilecount
 * whose <image> has no width and height (Tiled reads the PNG; so do we, its header only),
 * and Tiled 1.4 Wang sets with hexadecimal wangids and separate corner/edge colours.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTiledFile } from './files.js';
import { encodePngRgba, pngSize } from '../../core/util/png.js';
import { parseTsx } from '../../core/formats/tiled/tsx.js';
import { errorOf } from '../../test/support/formats.js';

const tmp = mkdtempSync(join(tmpdir(), 'sandtable-legacy-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const map = (tileset: string) => `<map version="1.0" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16">
 ${tileset}
 <layer name="L" width="2" height="1"><data encoding="csv">1,6</data></layer>
</map>`;

describe('a tileset without tilecount and an image without its size', () => {
  it("reads the size from the PNG's header, as Tiled does (embedded and external tilesets)", () => {
    mkdirSync(join(tmp, 'ts'), { recursive: true });
    writeFileSync(join(tmp, 'ts', 'six.png'), encodePngRgba(48, 32, new Uint8Array(48 * 32 * 4)));
    writeFileSync(join(tmp, 'embedded.tmx'), map('<tileset firstgid="1" name="Six" tilewidth="16" tileheight="16"><image source="ts/six.png"/></tileset>'));
    const a = loadTiledFile(join(tmp, 'embedded.tmx'));
    expect([a.tilesets[0]!.tilecount, a.tilesets[0]!.columns, a.tilesets[0]!.image]).toEqual([6, 3, { source: 'ts/six.png', width: 48, height: 32 }]);
    expect(Array.from(a.layers[0]!.data)).toEqual([1, 6]);
    // External: the image path is relative to the .tsx file.
    writeFileSync(join(tmp, 'ts', 'six.tsx'), '<tileset name="Six" tilewidth="16" tileheight="16"><image source="six.png"/></tileset>');
    writeFileSync(join(tmp, 'external.tmx'), map('<tileset firstgid="1" source="ts/six.tsx"/>'));
    expect(loadTiledFile(join(tmp, 'external.tmx')).tilesets[0]!.tilecount).toBe(6);
  });

  it('says clearly when the image is missing or not a PNG', () => {
    writeFileSync(join(tmp, 'missing.tmx'), map('<tileset firstgid="1" name="X" tilewidth="16" tileheight="16"><image source="nope.png"/></tileset>'));
    expect(errorOf(() => loadTiledFile(join(tmp, 'missing.tmx'))).message).toMatch(/missing\.tmx: line 2, column \d+ \(\/map\/tileset\/image\/@source\): expected tilecount on the tileset, or width and height on its image, or a readable PNG image \(cannot read nope\.png: ENOENT\)/);
    writeFileSync(join(tmp, 'fake.png'), 'not a png at all, just text padding');
    writeFileSync(join(tmp, 'fake.tmx'), map('<tileset firstgid="1" name="X" tilewidth="16" tileheight="16"><image source="fake.png"/></tileset>'));
    expect(errorOf(() => loadTiledFile(join(tmp, 'fake.tmx'))).message).toMatch(/"fake\.png" is not a PNG/);
    expect(pngSize(new Uint8Array(10))).toBeNull();
  });
});

describe('Tiled 1.4 Wang sets', () => {
  it('read hexadecimal wangids and map corner/edge colours onto one list, as Tiled does', () => {
    const ts = parseTsx(
      `<tileset name="W" tilewidth="16" tileheight="16" tilecount="4" columns="2">
  <wangsets>
   <wangset name="Ground" tile="-1">
    <wangcornercolor name="Grass" color="#00ff00" tile="-1" probability="1"/>
    <wangcornercolor name="Sand" color="#ffff00" tile="-1" probability="1"/>
    <wangtile tileid="0" wangid="0x10101010"/>
    <wangtile tileid="1" wangid="0x20102010"/>
   </wangset>
   <wangset name="Paths" tile="-1">
    <wangedgecolor name="Road" color="#888888" tile="-1" probability="1"/>
    <wangtile tileid="2" wangid="0x00010001"/>
   </wangset>
   <wangset name="Hex" tile="-1">
    <wangcornercolor name="A" color="#ff0000" tile="-1" probability="1"/>
    <wangedgecolor name="B" color="#0000ff" tile="-1" probability="1"/>
    <wangtile tileid="3" wangid="0x11111111"/>
   </wangset>
  </wangsets>
</tileset>`,
      't.tsx',
    );
    const [ground, paths, hex] = ts.wangsets;
    expect(ground!.type).toBe('corner');
    // Lowest nibble first: 0x20102010 → [0,1,0,2,0,1,0,2] (corners at odd positions).
    expect(ground!.wangtiles).toEqual([
      { tileid: 0, wangid: [0, 1, 0, 1, 0, 1, 0, 1] },
      { tileid: 1, wangid: [0, 1, 0, 2, 0, 1, 0, 2] },
    ]);
    expect(paths!.type).toBe('edge');
    expect(paths!.wangtiles[0]!.wangid).toEqual([1, 0, 0, 0, 1, 0, 0, 0]);
    // Mixed: corner colour 1 is A (1), edge colour 1 is B (2): edges sit at even positions.
    expect(hex!.type).toBe('mixed');
    expect(hex!.wangtiles[0]!.wangid).toEqual([2, 1, 2, 1, 2, 1, 2, 1]);
  });

  it("reads the issue's hex wangid 0x30301030 and refuses colours the set does not have", () => {
    const tsx = (colours: number) => `<tileset name="W" tilewidth="16" tileheight="16" tilecount="1" columns="1"><wangsets><wangset name="S" type="corner" tile="-1">${'<wangcolor name="c" color="#000000" tile="-1" probability="1"/>'.repeat(colours)}<wangtile tileid="0" wangid="0x30301030"/></wangset></wangsets></tileset>`;
    expect(parseTsx(tsx(3), 't.tsx').wangsets[0]!.wangtiles[0]!.wangid).toEqual([0, 3, 0, 1, 0, 3, 0, 3]);
    expect(errorOf(() => parseTsx(tsx(2), 't.tsx')).message).toMatch(/@wangid\): expected colour indices up to the set's 2 colours, got 3/);
    expect(errorOf(() => parseTsx(tsx(3).replace('0x30301030', '0xZZ'), 't.tsx')).message).toMatch(/expected 8 comma-separated colour indices, or a Tiled 1\.4 hexadecimal wangid such as "0x30301030", got "0xZZ"/);
  });
});
