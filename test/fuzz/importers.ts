/**
 * Every importer of the app with a small valid seed input, and the seeded mutations the
 * fuzz suite feeds them (importers.fuzz.test.ts). Mutations are chosen to hit what broke
 * before: flipped and dropped bytes, cut files, huge declared sizes (width, height, side,
 * diameter, counts), huge runs, long strings, deep nesting, duplicated spans.
 *
 * Test-only.
 */
import { deflateSync } from 'node:zlib';
import { seededRandom, randomInt, type Random } from '../../core/util/random.js';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { mapFromJsonText, mapToJsonText } from '../../core/map/map-json.js';
import { InstanceLayer } from '../../core/map/instance-layer.js';
import { parseTiled } from '../../core/formats/tiled/read.js';
import { parseTsx } from '../../core/formats/tiled/tsx.js';
import { parseTsj } from '../../core/formats/tiled/tsj.js';
import { parseWesnothMap } from '../../core/formats/wesnoth/wesnoth-map.js';
import { parseRailsTiles } from '../../core/formats/rails/tiles-xml.js';
import { parseRailsTileSet } from '../../core/formats/rails/tileset-xml.js';
import { parseRailsMap } from '../../core/formats/rails/map-xml.js';
import { RAILS_TILES_XML } from '../../core/formats/rails/rails.testkit.js';
import { parseTileDslFile, tilesFromDslFile } from '../../core/formats/tile-dsl-file.js';
import { generateMapping, tiledToTerrainMap } from '../../core/formats/tiled/terrain.js';
import { parseTileDsl } from '../../core/formats/tile-dsl.js';
import { nodeInflate } from '../../node/formats/inflate.js';
import { loadTiledFile } from '../../node/formats/files.js';
import { runJobTask } from '../../node/services/job-tasks.js';
import type { Library } from '../../node/store/library.js';

export interface Importer {
  /** Valid inputs the mutations start from. */
  seeds: readonly string[];
  /** Parses (or imports into memory); `write` puts a file beside for path-based importers. */
  parse(input: string, dir: string, write: (name: string, text: string) => void): unknown;
  /** Store-backed: imports into the library (one transaction); on failure nothing may change. */
  store?: (lib: Library, input: string, dir: string) => unknown;
}

const smallMap = (): string => {
  const m = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 5, height: 4 }, palette: ['clear', 'forest', 'river'], meta: { name: 'Fuzz' } });
  m.layers.terrain.fill(1, 3, 9);
  return mapToJsonText(m);
};
const globe = (): string => mapToJsonText(TerrainMap.create({ size: { kind: 'icosahedron', side: 1 }, palette: ['clear'] }));
/** A version-2 map with tile instances (the tile table and sparse placements). */
const instanceMap = (): string => {
  const m = TerrainMap.create({ size: { kind: 'square', width: 4, height: 3 }, palette: ['clear', 'road'] });
  const layer = new InstanceLayer(m.grid);
  layer.ref('sq-road-bend-1', { name: 'Road, bend', library: 'starter' });
  layer.set(0, 'sq-road-bend-1', 6);
  layer.set(5, 'sq-clear-1', 0);
  m.setInstances(layer);
  return mapToJsonText(m);
};

const zlibLayer = (count: number): string => {
  const bytes = new Uint8Array(count * 4);
  for (let i = 0; i < count; i++) bytes[i * 4] = (i % 3) + 1;
  return Buffer.from(deflateSync(bytes)).toString('base64');
};

const TSX = `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="t" tilewidth="32" tileheight="32" tilecount="4" columns="2">
 <image source="t.png" width="64" height="64"/>
 <tile id="0"><properties><property name="terrain" value="forest"/></properties></tile>
</tileset>`;

const TMX_CSV = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="4" height="3" tilewidth="32" tileheight="32" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="4" columns="2"><image source="t.png" width="64" height="64"/></tileset>
 <layer id="1" name="ground" width="4" height="3"><data encoding="csv">1,2,3,4,1,2,3,4,1,2,3,4</data></layer>
</map>`;
const TMX_ZLIB = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="hexagonal" width="4" height="4" tilewidth="32" tileheight="32" hexsidelength="16" staggeraxis="y" staggerindex="odd" infinite="0">
 <tileset firstgid="1" source="t.tsx"/>
 <layer id="1" name="ground" width="4" height="4"><data encoding="base64" compression="zlib">${zlibLayer(16)}</data></layer>
</map>`;
const TMX_INFINITE = `<map orientation="orthogonal" width="4" height="4" tilewidth="32" tileheight="32" infinite="1">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="4" columns="2"><image source="t.png" width="64" height="64"/></tileset>
 <layer id="1" name="g" width="4" height="4"><data encoding="csv"><chunk x="0" y="0" width="2" height="2">1,2,3,4</chunk><chunk x="2" y="0" width="2" height="2">1,1,1,1</chunk></data></layer>
</map>`;
const TMJ = JSON.stringify({
  type: 'map',
  orientation: 'orthogonal',
  width: 3,
  height: 2,
  tilewidth: 32,
  tileheight: 32,
  infinite: false,
  tilesets: [{ firstgid: 1, name: 't', tilewidth: 32, tileheight: 32, tilecount: 4, columns: 2, image: 't.png', imagewidth: 64, imageheight: 64 }],
  layers: [
    { type: 'tilelayer', name: 'a', width: 3, height: 2, data: [1, 2, 3, 4, 1, 2] },
    { type: 'tilelayer', name: 'b', width: 3, height: 2, encoding: 'base64', compression: 'zlib', data: zlibLayer(6) },
  ],
});
const TSJ = JSON.stringify({ name: 't', tilewidth: 32, tileheight: 32, tilecount: 4, columns: 2, image: 't.png', imagewidth: 64, imageheight: 64, tiles: [{ id: 0, properties: [{ name: 'terrain', type: 'string', value: 'forest' }] }] });
const WESNOTH = `Xu, Xu, Xu, Xu, Xu\nXu, Gg, 1 Kh, Gg^Fds, Xu\nXu, Ww, Hh, Mm, Xu\nXu, Xu, Xu, Xu, Xu\n`;
const WESNOTH_OLD = `usage=map\nborder_size=1\n\nGg, Gg, Gg\nGg, Wo, Gg\nGg, Gg, Gg\n`;
const TILESET_XML = `<TileManager tiles="Tiles.xml">
  <Tile id="0"><Upgrade id="7,8"/></Tile>
  <Tile id="7" quantity="4"><Upgrade id="8" hex="A1,-B2"/></Tile>
  <IfOption name="Variant" value="Big"><Tile id="9" quantity="-1" extId="9x"/></IfOption>
</TileManager>`;
const MAP_XML = `<Map tileOrientation="NS" letterOrientation="horizontal" even="A">
  <Hex name="A2" tile="0" impassable="B3"/>
  <Hex name="B3" tile="-7" orientation="2" cost="40" label="OO" city="Town" value="20,30"/>
</Map>`;
/** A 3×2 orthogonal map with one wall and one road in Sandtable's linear terrain layer. */
const LINEAR_TMX = `<map version="1.10" orientation="orthogonal" width="3" height="2" tilewidth="8" tileheight="8" infinite="0">
 <properties><property name="sandtable-alform" type="bool" value="false"/></properties>
 <tileset firstgid="1" name="T" tilewidth="8" tileheight="8" tilecount="1" columns="1"><image source="t.png" width="8" height="8"/><tile id="0"><properties><property name="terrain" value="clear"/></properties></tile></tileset>
 <layer id="1" name="Terrain" width="3" height="2"><data encoding="csv">1,1,1,1,1,1</data></layer>
 <objectgroup id="2" name="Sandtable linear terrain">
  <properties><property name="sandtable" value="linear-terrain"/></properties>
  <object id="1" type="edge" x="8" y="0"><properties><property name="terrain" value="wall"/><property name="from" value="0,0"/><property name="to" value="1,0"/></properties><polyline points="0,0 0,8"/></object>
  <object id="2" type="vertex" x="8" y="8"><properties><property name="terrain" value="road"/><property name="from" value="0,0"/><property name="to" value="1,1"/></properties><point/></object>
 </objectgroup>
</map>`;

const DSL = ['city=revenue:60,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=H;upgrade=cost:80', 'town=revenue:10;path=a:1,b:_0;path=a:_0,b:3'];

/** Pack JSON (uncompressed) with one catalogue-free map. */
const pack = (): string =>
  JSON.stringify({ format: 'sandtable-library-pack', version: 2, library: { name: 'Fuzz' }, maps: [{ id: 'm1', name: 'M1', map: JSON.parse(smallMap()) as unknown }] });

export const IMPORTERS: Readonly<Record<string, Importer>> = {
  'native map JSON': { seeds: [smallMap(), globe(), instanceMap()], parse: (t) => mapFromJsonText(t, 'fuzz.json') },
  'Tiled TMX': {
    seeds: [TMX_CSV, TMX_ZLIB, TMX_INFINITE],
    parse: (t) => parseTiled(t, { source: 'fuzz.tmx', inflate: nodeInflate, resolveTileset: () => TSX }),
  },
  'Tiled TMJ': { seeds: [TMJ], parse: (t) => parseTiled(t, { source: 'fuzz.tmj', inflate: nodeInflate, resolveTileset: () => TSJ }) },
  'Tiled TSX and TSJ': { seeds: [TSX, TSJ], parse: (t) => (t.trimStart().startsWith('<') ? parseTsx(t, 'fuzz.tsx') : parseTsj(t, 'fuzz.tsj')) },
  'Tiled map file with its tileset (import job)': {
    seeds: [TMX_ZLIB],
    parse: (t, dir, write) => {
      write('t.tsx', TSX);
      write('m.tmx', t);
      return loadTiledFile(`${dir}/m.tmx`, { allowed: [] }); // the app's door: a hostile map's references stay fenced
    },
  },
  'Wesnoth map': { seeds: [WESNOTH, WESNOTH_OLD], parse: (t) => parseWesnothMap(t, 'fuzz.map') },
  'Rails Tiles.xml': { seeds: [RAILS_TILES_XML], parse: (t) => parseRailsTiles(t, 'Tiles.xml') },
  'Rails TileSet.xml': { seeds: [TILESET_XML], parse: (t) => parseRailsTileSet(t, 'TileSet.xml', { game: 'fuzz' }) },
  'Rails Map.xml': { seeds: [MAP_XML], parse: (t) => parseRailsMap(t, 'Map.xml') },
  '18xx tile DSL': { seeds: DSL, parse: (t) => parseTileDsl(t, { id: 'f', colour: 'yellow' }) },
  '18xx.games tile files (list and Ruby)': {
    seeds: [`yellow:\n57: ${DSL[0]}\ngreen:\nX (brown): ${DSL[1]}\n`, `YELLOW = {\n  '57' => '${DSL[0]}',\n}.freeze\nTILES = { '57' => 2, 'X' => { 'count' => 1, 'color' => 'green', 'code' => '${DSL[1]}' } }\n`],
    parse: (t) => tilesFromDslFile(parseTileDslFile(t, 'fuzz.rb'), 'fuzz.rb'),
  },
  'Tiled map with the linear terrain layer (import)': {
    seeds: [LINEAR_TMX],
    parse: (t) => {
      const tiled = parseTiled(t, { source: 'fuzz.tmx' });
      return tiledToTerrainMap(tiled, generateMapping(tiled), { source: 'fuzz.tmx' });
    },
  },
  'library pack (store, one transaction)': { seeds: [pack()], parse: () => null, store: (lib, t) => lib.importPack(t, { source: 'fuzz.stpack', onConflict: 'replace' }) },
  'map into a library (store)': { seeds: [smallMap(), instanceMap()], parse: () => null, store: (lib, t) => lib.maps.put(mapFromJsonText(t, 'fuzz.json'), { id: 'fuzzed' }) },
};

/** The import job over a file by path as the app's doors run it (extension and header checks, references fenced, then the parser). */
export async function importByPath(path: string): Promise<unknown> {
  return runJobTask({ kind: 'import-file', path, mapping: undefined, areaTerrains: ['clear', 'forest', 'hills'], allowedFolders: [] }, async () => {});
}

const HUGE = ['4294967295', '2147483648', '1000000000', '16777217', '99999', '-1', '1e309', '0', '65536', '4097'];
const LONG = (r: Random) => 'x'.repeat(1000 + randomInt(r, 100_000));

/** One mutation of `text`, chosen by `r`. */
export function mutate(text: string, r: Random): string {
  const at = randomInt(r, text.length + 1);
  const span = 1 + randomInt(r, Math.max(1, Math.min(64, text.length - at)));
  switch (randomInt(r, 10)) {
    case 0: // flip a character
      return text.slice(0, at) + String.fromCharCode(randomInt(r, 0x80)) + text.slice(at + 1);
    case 1: // drop a span
      return text.slice(0, at) + text.slice(at + span);
    case 2: // cut the file
      return text.slice(0, at);
    case 3: // duplicate a span
      return text.slice(0, at + span) + text.slice(at, at + span) + text.slice(at + span);
    case 4: {
      // a number becomes huge (declared sizes, counts, runs, ids)
      const numbers = [...text.matchAll(/\d+/g)];
      if (!numbers.length) return text + HUGE[randomInt(r, HUGE.length)];
      const m = numbers[randomInt(r, numbers.length)]!;
      return text.slice(0, m.index) + HUGE[randomInt(r, HUGE.length)] + text.slice(m.index! + m[0].length);
    }
    case 5: // a long string where a short one was
      return text.slice(0, at) + LONG(r) + text.slice(at);
    case 6: // deep nesting
      return text.slice(0, at) + (text.trimStart().startsWith('<') ? '<a>'.repeat(500) : '['.repeat(500)) + text.slice(at);
    case 7: // structural characters
      return text.slice(0, at) + '<>{}[],;:="\'&^\n\0'[randomInt(r, 17)]! + text.slice(at);
    case 8: // a run that covers far more than the map
      return text.replace(/\[(\d+),/, `[${HUGE[randomInt(r, 4)]},`);
    default: // two mutations
      return mutate(mutate(text, r), r);
  }
}

/** `count` mutated inputs of the importer's seeds, the same for the same seed. */
export function* mutatedInputs(spec: Importer, seed: number, count: number): Generator<string> {
  const r = seededRandom(seed);
  for (let k = 0; k < count; k++) yield mutate(spec.seeds[k % spec.seeds.length]!, r);
}
