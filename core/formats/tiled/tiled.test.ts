import { describe, expect, it } from 'vitest';
import { deflateSync, gzipSync } from 'node:zlib';
import { InputError } from '../../util/input-error.js';
import { MAX_TILES } from '../../grid/size.js';
import { DEFAULT_LIMITS } from '../../util/limits.js';
import { errorOf, testDeflate, testInflate } from '../../../test/support/formats.js';
import { parseTmx, writeTmx } from './tmx.js';
import { parseTmj, writeTmj } from './tmj.js';
import { parseTiled } from './read.js';
import { writeTsx } from './tsx.js';
import { writeTsj } from './tsj.js';
import {
  FLIPPED_HORIZONTALLY,
  FLIPPED_VERTICALLY,
  ROTATED_HEXAGONAL_120,
  gidFlags,
  gidId,
  makeGid,
  resolveGid,
} from './gid.js';
import type { TiledMap, TiledReadOptions } from './types.js';
import type { Inflate } from '../compression.js';

const H = FLIPPED_HORIZONTALLY;
const V = FLIPPED_VERTICALLY;
const R120 = ROTATED_HEXAGONAL_120;
/** Every combination of the four flag bits on tile 1 and 2. */
const ALL_FLAGS = Array.from({ length: 16 }, (_, k) => ((k << 28) | (1 + (k % 2))) >>> 0);

function bytesOf(gids: readonly number[]): Buffer {
  const b = Buffer.alloc(gids.length * 4);
  gids.forEach((g, i) => b.writeUInt32LE(g, i * 4));
  return b;
}

const TSX = `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="Terrain" tilewidth="32" tileheight="32" tilecount="4" columns="2">
 <image source="terrain.png" width="64" height="64"/>
 <tile id="1" type="Forest"><properties><property name="terrain" value="forest"/><property name="cost" type="int" value="2"/></properties></tile>
 <wangsets>
  <wangset name="Ground" type="corner" tile="-1">
   <wangcolor name="Grass" color="#00ff00" tile="0" probability="1"/>
   <wangcolor name="Sand" color="#ffff00" tile="3" probability="1"/>
   <wangtile tileid="0" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="3" wangid="0,2,0,2,0,1,0,2"/>
  </wangset>
 </wangsets>
</tileset>
`;

function tmx(data: string, opts: { encoding?: string; compression?: string; width?: number; height?: number; extra?: string; orientation?: string } = {}): string {
  const w = opts.width ?? 4;
  const h = opts.height ?? 4;
  return `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="${opts.orientation ?? 'orthogonal'}" renderorder="right-down" width="${w}" height="${h}" tilewidth="32" tileheight="32" infinite="0">
 <tileset firstgid="1" source="terrain.tsx"/>
 <layer id="1" name="Ground" width="${w}" height="${h}">
  <data${opts.encoding ? ` encoding="${opts.encoding}"` : ''}${opts.compression ? ` compression="${opts.compression}"` : ''}>${data}</data>
 </layer>${opts.extra ?? ''}
</map>
`;
}

const options: TiledReadOptions = { source: 'test.tmx', inflate: testInflate, resolveTileset: (ref) => (ref === 'terrain.tsx' ? TSX : (() => { throw new Error(`no such file: ${ref}`); })()) };
const sixteen = Array.from({ length: 16 }, (_, k) => ALL_FLAGS[k]!);

function sameLayers(a: TiledMap, b: TiledMap): void {
  expect(b.layers.length).toBe(a.layers.length);
  a.layers.forEach((l, i) => {
    const m = b.layers[i]!;
    expect([m.name, m.width, m.height, m.startx, m.starty, m.groups]).toEqual([l.name, l.width, l.height, l.startx, l.starty, l.groups]);
    expect(Array.from(m.data)).toEqual(Array.from(l.data));
  });
}

describe('global tile ids', () => {
  it('split into id and flags and recombine', () => {
    const gid = (7 | H | R120) >>> 0;
    expect(gidId(gid)).toBe(7);
    expect(gidFlags(gid)).toBe((H | R120) >>> 0);
    expect(makeGid(7, (H | R120) >>> 0)).toBe(gid);
    expect(() => makeGid(7, 1)).toThrow(/top four bits/);
  });

  it('resolve to the tileset with the largest firstgid not above the id', () => {
    const base = { tilewidth: 1, tileheight: 1, columns: 0, spacing: 0, margin: 0, tiles: [], wangsets: [], properties: [] };
    const sets = [
      { ...base, firstgid: 1, name: 'a', tilecount: 10, image: { source: 'a.png' } },
      { ...base, firstgid: 11, name: 'b', tilecount: 5, image: { source: 'b.png' } },
    ];
    expect(resolveGid(sets, 0)).toBeNull();
    expect(resolveGid(sets, (10 | V) >>> 0)).toMatchObject({ tilesetIndex: 0, localId: 9, flags: V >>> 0 });
    expect(resolveGid(sets, 12)).toMatchObject({ tilesetIndex: 1, localId: 1 });
    expect(resolveGid(sets, 16)).toBeNull();
  });
});

describe('TMX layer data', () => {
  const csv = sixteen.join(',');
  const expected = Array.from(sixteen);

  it('reads CSV with every flag combination', () => {
    const m = parseTmx(tmx(csv, { encoding: 'csv' }), options);
    expect(Array.from(m.layers[0]!.data)).toEqual(expected);
    expect(m.layers[0]!.encoding).toBe('csv');
  });

  it('reads base64 uncompressed, zlib and gzip', () => {
    const raw = bytesOf(sixteen);
    for (const [compression, bytes] of [
      ['', raw],
      ['zlib', deflateSync(raw)],
      ['gzip', gzipSync(raw)],
    ] as const) {
      const m = parseTmx(tmx(`\n   ${bytes.toString('base64')}\n  `, { encoding: 'base64', compression }), options);
      expect(Array.from(m.layers[0]!.data)).toEqual(expected);
      expect(m.layers[0]!.compression).toBe(compression);
    }
  });

  it('reads the old one-element-per-tile form', () => {
    const m = parseTmx(tmx(sixteen.map((g) => `<tile gid="${g}"/>`).join('')), options);
    expect(Array.from(m.layers[0]!.data)).toEqual(expected);
    expect(m.layers[0]!.encoding).toBe('xml');
  });

  it('loads the external tileset through the resolver, with properties and Wang sets', () => {
    const m = parseTmx(tmx(csv, { encoding: 'csv' }), options);
    const ts = m.tilesets[0]!;
    expect(ts).toMatchObject({ firstgid: 1, source: 'terrain.tsx', name: 'Terrain', tilecount: 4, columns: 2 });
    expect(ts.tiles[0]).toEqual({ id: 1, type: 'Forest', properties: [{ name: 'terrain', type: 'string', value: 'forest' }, { name: 'cost', type: 'int', value: 2 }] });
    expect(ts.wangsets[0]!.colors.map((c) => c.name)).toEqual(['Grass', 'Sand']);
    expect(ts.wangsets[0]!.wangtiles[1]).toEqual({ tileid: 3, wangid: [0, 2, 0, 2, 0, 1, 0, 2] });
  });

  it('reads embedded tilesets, group layers and lists what it skips', () => {
    const text = `<map orientation="hexagonal" width="2" height="1" tilewidth="14" tileheight="12" hexsidelength="6" staggeraxis="x" staggerindex="even">
 <properties><property name="author" value="me"/><property name="n" type="float" value="1.5"/><property name="ok" type="bool" value="true"/></properties>
 <tileset firstgid="1" name="hex" tilewidth="14" tileheight="12" tilecount="2" columns="2"><image source="h.png" width="28" height="12"/></tileset>
 <group name="outer"><group name="inner"><layer name="deep" width="2" height="1"><data encoding="csv">1,2</data></layer></group>
  <objectgroup name="Trees"/></group>
 <layer name="top" width="2" height="1"><data encoding="csv">2,${2 | R120}</data></layer>
 <imagelayer name="Sky"/>
</map>`;
    const m = parseTmx(text, { source: 'g.tmx' });
    expect(m).toMatchObject({ orientation: 'hexagonal', staggeraxis: 'x', staggerindex: 'even', hexsidelength: 6 });
    expect(m.properties).toEqual([
      { name: 'author', type: 'string', value: 'me' },
      { name: 'n', type: 'float', value: 1.5 },
      { name: 'ok', type: 'bool', value: true },
    ]);
    expect(m.layers.map((l) => [l.name, l.groups])).toEqual([
      ['deep', ['outer', 'inner']],
      ['top', []],
    ]);
    expect(m.skipped).toEqual(['<objectgroup name="Trees"> at /map/group/objectgroup', '<imagelayer name="Sky"> at /map/imagelayer']);
    const back = parseTmx(writeTmx(m), { source: 'back.tmx' });
    sameLayers(m, back);
    expect(back.properties).toEqual(m.properties);
    const json = parseTmj(writeTmj(m), { source: 'back.tmj' });
    sameLayers(m, json);
  });

  it('reads infinite maps made of chunks, including negative chunk positions', () => {
    const chunk = (x: number, y: number, fill: number) => `<chunk x="${x}" y="${y}" width="2" height="2">${[fill, fill, fill, fill].join(',')}</chunk>`;
    const text = `<map orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8" infinite="1">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="9" columns="3"><image source="t.png" width="24" height="24"/></tileset>
 <layer name="L" width="2" height="2"><data encoding="csv">${chunk(-2, 0, 1)}${chunk(2, 2, (3 | H) >>> 0)}</data></layer>
</map>`;
    const m = parseTmx(text, { source: 'inf.tmx' });
    const l = m.layers[0]!;
    expect([l.startx, l.starty, l.width, l.height, l.chunk]).toEqual([-2, 0, 6, 4, { width: 2, height: 2 }]);
    expect(l.data[0]).toBe(1);
    expect(l.data[3 * 6 + 5]).toBe((3 | H) >>> 0);
    expect(l.data[2]).toBe(0);
    sameLayers(m, parseTmx(writeTmx(m), { source: 'b.tmx' }));
    sameLayers(m, parseTmj(writeTmj(m), { source: 'b.tmj' }));
  });
});

describe('TMX ↔ TMJ round trips', () => {
  it('keeps layer data, flags, encodings and tilesets both ways', () => {
    const raw = bytesOf(sixteen);
    const m = parseTmx(tmx(deflateSync(raw).toString('base64'), { encoding: 'base64', compression: 'zlib' }), options);
    const viaTmx = parseTmx(writeTmx(m, { deflate: testDeflate }), options);
    expect(viaTmx.layers[0]!.compression).toBe('zlib');
    sameLayers(m, viaTmx);
    const viaTmj = parseTmj(writeTmj(m, { deflate: testDeflate }), { ...options, source: 'x.tmj' });
    expect(viaTmj.layers[0]!.compression).toBe('zlib');
    sameLayers(m, viaTmj);
    expect(viaTmj.tilesets).toEqual(m.tilesets);
    // Without a compressor compressed layers are written as plain base64, and read the same.
    const plain = parseTmx(writeTmx(m), options);
    expect([plain.layers[0]!.encoding, plain.layers[0]!.compression]).toEqual(['base64', '']);
    sameLayers(m, plain);
    const csv = parseTmj(writeTmj(m, { encoding: 'csv' }), options);
    expect(csv.layers[0]!.encoding).toBe('csv');
    sameLayers(m, csv);
  });

  it('writes external tilesets back as .tsx and .tsj files that read the same', () => {
    const m = parseTmx(tmx(sixteen.join(','), { encoding: 'csv' }), options);
    const { firstgid: _f, source: _s, ...body } = m.tilesets[0]!;
    const viaTsx = parseTiled(tmx(sixteen.join(','), { encoding: 'csv' }), { ...options, resolveTileset: () => writeTsx(body) });
    expect(viaTsx.tilesets[0]).toEqual(m.tilesets[0]);
    const viaTsj = parseTiled(tmx(sixteen.join(','), { encoding: 'csv' }), { ...options, resolveTileset: () => writeTsj(body) });
    expect(viaTsj.tilesets[0]).toEqual(m.tilesets[0]);
  });

  it('parseTiled tells TMX from TMJ by content', () => {
    const m = parseTmx(tmx(sixteen.join(','), { encoding: 'csv' }), options);
    expect(parseTiled(writeTmj(m), options).layers[0]!.data).toEqual(m.layers[0]!.data);
    expect(parseTiled(writeTmx(m), options).layers[0]!.data).toEqual(m.layers[0]!.data);
  });
});

describe('malformed Tiled input', () => {
  const fails = (text: string, message: RegExp, opts: TiledReadOptions = options) => {
    const e = errorOf(() => parseTiled(text, opts));
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).toMatch(/^test\.tm[xj]: /);
    expect(e.message).toMatch(message);
  };

  it('truncated files', () => {
    const text = tmx(sixteen.join(','), { encoding: 'csv' });
    fails(text.slice(0, text.length / 2), /line \d+, column \d+: malformed XML: expected .*truncated/);
    const json = writeTmj(parseTmx(text, options));
    fails(json.slice(0, json.length - 10), /test\.tmx: line \d+, column \d+: malformed JSON: expected .*truncated/);
  });

  it('a wrong number of tiles, naming the layer data element', () => {
    fails(tmx('1,2,3', { encoding: 'csv' }), /line 5, column 3 \(\/map\/layer\/data\): expected 16 comma-separated tile ids \(4×4 tiles\), got 3/);
    fails(tmx(bytesOf([1, 2]).toString('base64'), { encoding: 'base64' }), /\(\/map\/layer\/data\): expected base64 data of 64 bytes \(4×4 tiles × 4 bytes\), got 8 bytes/);
  });

  it('bad CSV values, naming the row and column', () => {
    const cells = sixteen.map(String);
    cells[6] = 'x7';
    fails(tmx(cells.join(','), { encoding: 'csv' }), /value 7 \(row 1, column 2\): expected a tile id \(digits\), got "x"/);
    cells[6] = '4294967296';
    fails(tmx(cells.join(','), { encoding: 'csv' }), /value 7 \(row 1, column 2\): expected a tile id 0…4294967295/);
  });

  it('invalid base64', () => {
    fails(tmx(`${bytesOf(sixteen).toString('base64').slice(0, 20)}!${bytesOf(sixteen).toString('base64').slice(21)}`, { encoding: 'base64' }), /character 21: invalid base64: expected a base64 character .* got "!"/);
  });

  it('corrupt zlib data and zstd', () => {
    fails(tmx(Buffer.from('not zlib at all').toString('base64'), { encoding: 'base64', compression: 'zlib' }), /\/map\/layer\/data\): expected zlib data that inflates to 64 bytes/);
    fails(tmx('AAAA', { encoding: 'base64', compression: 'zstd' }), /\/map\/layer\/data\/@compression\): zstd-compressed layer data is not supported/);
    fails(tmx('AAAA', { encoding: 'base64', compression: 'lzma' }), /expected compression "zlib", "gzip" or none, got "lzma"/);
    fails(tmx(deflateSync(bytesOf(sixteen)).toString('base64'), { encoding: 'base64', compression: 'zlib' }), /needs a decompressor/, { ...options, inflate: undefined });
  });

  it('absurd dimensions, before allocating anything', () => {
    fails(tmx('1', { encoding: 'csv', width: 1e9, height: 1 }), new RegExp(`@width\\): expected an integer 0…${MAX_TILES}, got "1000000000"`));
    fails(tmx('1', { encoding: 'csv', width: 100000, height: 100000 }), new RegExp(`the map declares 100000×100000 = 10000000000 tiles; the limit is ${DEFAULT_LIMITS.maxMapTiles} tiles`));
    const huge = JSON.stringify({ orientation: 'orthogonal', width: 1e9, height: 1e9, tilewidth: 1, tileheight: 1, layers: [] });
    fails(huge, /test\.tmx: \$\.width: expected an integer 0…/);
  });

  it('a decompression bomb stops at the expected size', () => {
    // 64 MB of zeros compresses to ~64 KB; the 4×4 layer expects 64 bytes.
    const bomb = deflateSync(Buffer.alloc(64 << 20)).toString('base64');
    // The parser asks the inflater for the layer's 64 bytes and no more, once (timings: `npm run bench -- formats`).
    const asked: number[] = [];
    const inflate: Inflate = (bytes, format, max) => {
      asked.push(max);
      return testInflate(bytes, format, max);
    };
    fails(tmx(bomb, { encoding: 'base64', compression: 'zlib' }), /expected zlib data that inflates to 64 bytes \(4×4 tiles × 4\): .*64/, { ...options, inflate });
    expect(asked).toEqual([64]);
  });

  it('missing or unreadable external tilesets', () => {
    fails(tmx('1', { encoding: 'csv', width: 1, height: 1 }).replace('terrain.tsx', 'gone.tsx'), /line 3, column 2 \(\/map\/tileset\/@source\): expected a readable external tileset "gone.tsx": no such file: gone.tsx/);
    fails(tmx('1', { encoding: 'csv', width: 1, height: 1 }), /no tileset resolver was given/, { source: 'test.tmx' });
    const e = errorOf(() => parseTiled(tmx('1', { encoding: 'csv', width: 1, height: 1 }), { ...options, source: 'maps/test.tmx', resolveTileset: () => '<tileset name="x" tilecount="oops"/>' }));
    expect(e.message).toMatch(/^maps\/terrain\.tsx: line 1, column 1 \(\/tileset\/@tilecount\): expected an integer/);
  });

  it('overlapping tilesets and unknown orientations', () => {
    const two = `<map orientation="orthogonal" width="1" height="1" tilewidth="1" tileheight="1">
 <tileset firstgid="1" name="a" tilewidth="1" tileheight="1" tilecount="10" columns="10"><image source="a.png"/></tileset>
 <tileset firstgid="5" name="b" tilewidth="1" tileheight="1" tilecount="10" columns="10"><image source="b.png"/></tileset>
 <layer name="l" width="1" height="1"><data encoding="csv">1</data></layer></map>`;
    fails(two, /line 3, column 2 \(\/map\/tileset\[2\]\/@firstgid\): expected a firstgid ≥ 11: tileset "a"/);
    fails(tmx('1', { encoding: 'csv', width: 1, height: 1, orientation: 'spherical' }), /@orientation\): expected one of "orthogonal", "isometric", "staggered", "hexagonal", got "spherical"/);
  });

  it('not a map at all', () => {
    fails('<tileset name="x"/>', /expected a Tiled map \(root element <map>\), got <tileset>/);
    fails('{"type":"tileset"}', /\$\.type: expected "map"/);
    fails('{"type":"map","orientation":"orthogonal","width":1,"height":1,"tilewidth":1,"tileheight":1,"layers":[{"type":"tilelayer","width":1,"height":1,"data":["1"]}]}', /\$\.layers\[0\]\.data\[0\]: expected a tile id 0…4294967295, got "1"/);
  });
});
