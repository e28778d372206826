/**
 * Linear terrain through Tiled (issue 14): rivers, roads and bridges on tile edges (and square
 * vertices) leave as the "Sandtable linear terrain" object layer and come back exactly, in TMX
 * and TMJ; AL-FORM maps come back AL-FORM, tile for tile.
 */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../../map/terrain-map.js';
import { classicToAlform } from '../../map/alform-transfer.js';
import { loadDefaultCatalogue } from '../../terrain/catalogue.testkit.js';
import { compileColours } from '../../terrain/compiled.js';
import { errorOf } from '../../../test/support/formats.js';
import { terrainSwatches } from './swatches.js';
import { generateMapping, terrainMapToTiled, tiledToTerrainMap } from './terrain.js';
import { parseTmx, writeTmx } from './tmx.js';
import { parseTmj, writeTmj } from './tmj.js';
import { LINEAR_LAYER_NAME } from './linear.js';
import type { TiledMap } from './types.js';
import { importSummary } from '../import-summary.js';

const catalogue = loadDefaultCatalogue();

function exported(map: TerrainMap): TiledMap {
  const sw = terrainSwatches(map.palette, compileColours(catalogue, map.palette), map.spec.kind === 'square' ? 'square' : 'hex', 't.png');
  return terrainMapToTiled(map, sw.reverse);
}

function roundTrips(map: TerrainMap): TerrainMap[] {
  const tiled = exported(map);
  return [parseTmx(writeTmx(tiled), { source: 'm.tmx' }), parseTmj(writeTmj(tiled), { source: 'm.tmj' })].map((t) => {
    expect(t.skipped).toEqual([]);
    return tiledToTerrainMap(t, generateMapping(t), { source: 'm' });
  });
}

function expectSameTerrain(a: TerrainMap, b: TerrainMap): void {
  expect(b.spec).toEqual(a.spec);
  const ids = (m: TerrainMap, layer: Uint8Array | null) => Array.from(layer ?? [], (v) => m.terrainOf(v));
  expect(ids(b, b.layers.terrain)).toEqual(ids(a, a.layers.terrain));
  expect(ids(b, b.layers.edges)).toEqual(ids(a, a.layers.edges));
  expect(ids(b, b.layers.vertices)).toEqual(ids(a, a.layers.vertices));
}

/** A 7×6 hex map: clear with a forest, a river along hexsides, a road crossing it on a bridge. */
function hexMap(): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 7, height: 6 } });
  for (let i = 0; i < map.tileCount; i++) map.setTerrain(i, i % 5 === 0 ? 'forest' : 'clear');
  for (const [tile, dir] of [
    [8, 0],
    [8, 1],
    [15, 0],
    [22, 1],
  ] as const) {
    map.setEdgeTerrain(tile, dir, 'river');
  }
  map.setEdgeTerrain(9, 2, 'road');
  map.setEdgeTerrain(16, 3, 'river-bridge');
  return map;
}

describe('linear terrain in Tiled', () => {
  it('exports edge terrain as polylines with terrain, from and to, in a layer marked as ours', () => {
    const map = hexMap();
    const painted = map.layers.edges!.filter((v) => v !== 0).length;
    expect(painted).toBeGreaterThanOrEqual(4);
    const tiled = exported(map);
    const [group] = tiled.objectgroups!;
    expect(group!.name).toBe(LINEAR_LAYER_NAME);
    expect(group!.properties).toEqual([{ name: 'sandtable', type: 'string', value: 'linear-terrain' }]);
    expect(group!.objects).toHaveLength(painted);
    for (const o of group!.objects) {
      expect(o.polyline).toHaveLength(2);
      expect(o.properties.map((p) => p.name)).toEqual(['terrain', 'from', 'to']);
    }
    expect(new Set(group!.objects.map((o) => o.properties[0]!.value))).toEqual(new Set(['river', 'river-bridge', 'road']));
    // Tiled sees the layer: TMX has an <objectgroup> with <polyline>s.
    expect(writeTmx(tiled)).toMatch(/<objectgroup id="2" name="Sandtable linear terrain">[\s\S]*<polyline points="/);
  });

  it('hex map: rivers, roads and bridges come back exactly (TMX and TMJ)', () => {
    const map = hexMap();
    for (const back of roundTrips(map)) {
      expectSameTerrain(map, back);
      const restored = map.layers.edges!.filter((v) => v !== 0).length;
      expect(back.meta.tiledLinear).toEqual({ layer: LINEAR_LAYER_NAME, restored });
      expect(importSummary(back.meta)).toEqual([`${restored} edge and vertex terrain features (rivers, roads, bridges …) restored from the object layer "Sandtable linear terrain"`]);
    }
  });

  it('square map: edges and vertices come back exactly', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 5, height: 4 } });
    for (let i = 0; i < map.tileCount; i++) map.setTerrain(i, 'clear');
    map.setEdgeTerrain(6, 0, 'wall');
    map.setEdgeTerrain(6, 2, 'hedgerow');
    map.setEdgeTerrain(12, 4, 'road');
    map.layers.vertices![6] = map.terrainIndex('crossroads');
    map.layers.vertices![13] = map.terrainIndex('road');
    for (const back of roundTrips(map)) expectSameTerrain(map, back);
  });

  it('AL-FORM maps come back AL-FORM, tile for tile', () => {
    const al = classicToAlform(hexMap());
    const tiled = exported(al);
    expect(tiled.properties).toEqual([{ name: 'sandtable-alform', type: 'bool', value: true }]);
    for (const back of roundTrips(al)) {
      expect(back.spec.alform).toBe(true);
      expect(Array.from(back.layers.terrain, (v) => back.terrainOf(v))).toEqual(Array.from(al.layers.terrain, (v) => al.terrainOf(v)));
    }
  });

  it('a map without linear terrain writes no object layer', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 } });
    map.setTerrain(0, 'clear');
    expect(exported(map).objectgroups).toBeUndefined();
  });

  it('a broken object in our layer is one clear line naming it; other object layers stay skipped', () => {
    const text = writeTmx(exported(hexMap())).replace(/name="from" value="[^"]*"/, 'name="from" value="99,99"');
    const t = parseTmx(text, { source: 'bad.tmx' });
    expect(errorOf(() => tiledToTerrainMap(t, generateMapping(t), { source: 'bad.tmx' })).message).toMatch(
      /^bad\.tmx: object layer "Sandtable linear terrain", object 1, property "from": expected a cell "column,row" on the map, got "99,99"$/,
    );
    const foreign = writeTmx(exported(hexMap())).replace('value="linear-terrain"', 'value="something-else"');
    const f = parseTmx(foreign, { source: 'f.tmx' });
    expect(f.objectgroups).toBeUndefined();
    expect(f.skipped).toEqual(['<objectgroup name="Sandtable linear terrain"> at /map/objectgroup']);
  });
});
