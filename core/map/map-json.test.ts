import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { encodeRle, mapFromJson, mapFromJsonText, mapToJson, mapToJsonText } from './map-json.js';
import { InputError } from '../util/input-error.js';
import { InstanceLayer } from './instance-layer.js';
import { LinearClass, LinearLayer } from './linear-layer.js';

function sample(): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'square', width: 4, height: 3 }, palette: ['clear', 'forest'], elevation: true, meta: { name: 'Test' } });
  map.setTerrain(5, 'forest');
  map.setEdgeTerrain(5, 0, 'river');
  map.layers.elevation![2] = -40;
  return map;
}

describe('map JSON interchange', () => {
  it('round-trips losslessly', () => {
    const map = sample();
    const back = mapFromJsonText(mapToJsonText(map), 'test.json');
    expect(back.spec).toEqual(map.spec);
    expect(back.palette).toEqual(['clear', 'forest', 'river']);
    expect(back.layers).toEqual(map.layers);
    expect(back.meta).toEqual({ name: 'Test' });
    expect(mapToJsonText(back)).toBe(mapToJsonText(map));
  });

  it('run-length encodes layers', () => {
    expect(encodeRle([0, 0, 0, 2, 2, 1])).toEqual({ encoding: 'rle', data: [3, 0, 2, 2, 1, 1] });
  });

  it('accepts plain arrays', () => {
    const json = mapToJson(sample()) as unknown as { layers: { terrain: unknown } };
    json.layers.terrain = { encoding: 'array', data: [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0] };
    expect(mapFromJson(json).terrainAt(5)).toBe('forest');
  });

  const bad: [string, (j: Record<string, any>) => void, string][] = [
    ['wrong format', (j) => (j.format = 'tiled'), 'x.json: $.format: expected "sandtable-map", got "tiled"'],
    ['newer version', (j) => (j.version = 99), 'x.json: $.version: this file is format version 99'],
    ['unknown kind', (j) => (j.kind = 'triangle'), 'x.json: $.kind: expected one of'],
    ['bad size', (j) => (j.size = { width: 0, height: 3 }), 'x.json: $.size.width: expected an integer 1…'],
    ['absurd size', (j) => (j.size = { width: 1e6, height: 1e6 }), 'x.json: $.size: declares 1000000×1000000 = 1000000000000 tiles; the limit is 16777216 tiles'],
    ['palette index out of range', (j) => (j.layers.terrain = { encoding: 'array', data: [0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0] }), 'x.json: $.layers.terrain.data[5]: expected a palette index 0…3, got 9'],
    ['runs too short', (j) => (j.layers.terrain = { encoding: 'rle', data: [3, 0] }), 'x.json: $.layers.terrain.data: expected runs adding up to 12 values'],
    ['run overflows', (j) => (j.layers.terrain = { encoding: 'rle', data: [13, 0] }), 'x.json: $.layers.terrain.data[0]: expected runs adding up to 12 values; this run ends at 13'],
    ['missing edges on a classic map', (j) => delete j.layers.edges, 'x.json: $.layers.edges: expected an object, got nothing'],
    ['typo in a field', (j) => (j.layres = {}), 'x.json: $.layres: unknown field'],
    ['duplicate palette entry', (j) => (j.palette = ['clear', 'clear', 'river']), 'x.json: $.palette[1]: terrain id "clear" is listed twice'],
    ['elevation out of Int16', (j) => (j.layers.elevation = { encoding: 'rle', data: [12, 40000] }), 'x.json: $.layers.elevation.data[1]: expected an integer -32768…32767, got 40000'],
    ['bad wrap', (j) => (j.wrap = ['z']), 'x.json: $.wrap[0]: expected one of "x", "y"'],
    ['AL-FORM size that cannot be', (j) => ((j.alform = true), delete j.layers.edges, delete j.layers.vertices), 'x.json: $.size: AL-FORM square 4x3: width must be odd'],
  ];
  for (const [name, mutate, message] of bad) {
    it(`rejects ${name} with a precise message`, () => {
      const json = JSON.parse(mapToJsonText(sample()));
      mutate(json);
      expect(() => mapFromJson(json, 'x.json')).toThrow(InputError);
      expect(() => mapFromJson(json, 'x.json')).toThrow(message);
    });
  }

  it('reports the line and column of broken JSON', () => {
    expect(() => mapFromJsonText('{\n  "format": "sandtable-map",\n  oops\n}', 'broken.json')).toThrow(/broken\.json: line 3, column 3: malformed JSON/);
  });

  it('reports a truncated file', () => {
    const text = mapToJsonText(sample());
    expect(() => mapFromJsonText(text.slice(0, text.length / 2), 't.json')).toThrow(/t\.json: line 1, column \d+: malformed JSON: expected .*truncated/);
  });
});

describe('TerrainMap', () => {
  it('keeps terrain layers within 4 bytes per tile', () => {
    for (const size of [
      { kind: 'square', width: 20, height: 20 },
      { kind: 'hex-rectangle', width: 20, height: 20 },
      { kind: 'hex-hexagon', diameter: 21 },
      { kind: 'icosahedron', side: 9 },
    ] as const) {
      const classic = TerrainMap.create({ size });
      expect(classic.terrainBytes() / classic.tileCount, size.kind).toBeLessThanOrEqual(4);
    }
    const al = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 41, height: 41 }, alform: true });
    expect(al.terrainBytes() / al.tileCount).toBe(1);
  });

  it('rejects bad tiles, directions and palettes clearly', () => {
    const map = sample();
    expect(() => map.setTerrain(12, 'clear')).toThrow('tile index 12 is outside the map (0…11)');
    expect(() => map.setEdgeTerrain(0, 4, 'river')).toThrow('tile 0 has no edge in direction 4');
    expect(() => map.setEdgeTerrain(0, 1, 'river')).toThrow('or a diagonal');
    expect(() => TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 }, palette: ['a', 'a'] })).toThrow('palette lists "a" twice');
    const big = TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 } });
    for (let k = 1; k <= 255; k++) big.terrainIndex(`t${k}`);
    expect(() => big.terrainIndex('one-too-many')).toThrow('at most 255 distinct terrains');
  });
});

describe('border edges', () => {
  it('rejects terrain on an edge slot that lies on the map border', () => {
    const json = JSON.parse(mapToJsonText(sample()));
    // Tile 11 is the top-right corner of the 4x3 square map: its N edge (slot 22) is off the map.
    const edges = new Array(24).fill(0);
    edges[22] = 1;
    json.layers.edges = { encoding: 'array', data: edges };
    expect(() => mapFromJson(json, 'b.json')).toThrow('b.json: $.layers: layer edges[22] holds terrain on a tile edge that lies on the map border');
  });
});

describe('map JSON version 2: tile instances', () => {
  // A version-1 file as Sandtable wrote it before instances existed.
  const V1 =
    '{"format":"sandtable-map","version":1,"kind":"square","size":{"width":3,"height":2},"wrap":[],"alform":false,"palette":["clear","river"],' +
    '"layers":{"terrain":{"encoding":"rle","data":[6,1]},"edges":{"encoding":"rle","data":[1,0,1,2,10,0]},"vertices":{"encoding":"rle","data":[6,0]}},"meta":{"name":"Old"}}';

  function withInstances(): TerrainMap {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 2 }, palette: ['clear'] });
    const layer = new InstanceLayer(map.grid);
    layer.ref('sq-road-bend-1', { name: 'Road, bend', library: 'starter/square' });
    layer.set(0, 'sq-road-bend-1', { orientation: { rotation: 90, mirror: 'x' } });
    layer.set(4, 'sq-clear-1', 0);
    map.setInstances(layer);
    return map;
  }

  it('reads a version-1 file unchanged (no instances) and writes it back as version 1', () => {
    const map = mapFromJsonText(V1, 'old.json');
    expect(map.instances).toBeNull();
    expect(map.terrainAt(3)).toBe('clear');
    expect(map.terrainOf(map.layers.edges![1]!)).toBe('river');
    expect(mapToJsonText(map)).toBe(V1);
  });

  it('round-trips the instances with their tile table as version 2', () => {
    const map = withInstances();
    const json = mapToJson(map);
    expect(json.version).toBe(2);
    expect(json.instances!.tiles).toEqual([{ id: 'sq-road-bend-1', name: 'Road, bend', library: 'starter/square' }, { id: 'sq-clear-1' }]);
    const back = mapFromJsonText(JSON.stringify(json), 'new.json');
    expect(back.instances!.get(0)).toEqual(map.instances!.get(0));
    expect(back.instances!.get(4)).toEqual({ tile: 'sq-clear-1', code: 0 });
    expect(back.instances!.placedCount()).toBe(2);
    expect(back.instances!.tileTable()[0]).toEqual({ id: 'sq-road-bend-1', name: 'Road, bend', library: 'starter/square' });
    expect(mapToJsonText(back)).toBe(mapToJsonText(map));
    expect(back.clone().instances!.get(0)).toEqual(map.instances!.get(0));
  });

  const bad: [string, (j: Record<string, any>) => void, string][] = [
    ['instances in a version-1 file', (j) => (j.version = 1), 'x.json: $.instances: instance layers need format version 2; this file says version 1'],
    ['a cell outside the map', (j) => (j.instances.cells[1][0] = 6), 'x.json: $.instances.cells[1]: cell 6 is out of order or outside the map'],
    ['a tile index outside the table', (j) => (j.instances.cells[0][1] = 7), 'x.json: $.instances.cells[0]: tile 7 is not an index into $.tiles'],
    ['a bad placement code', (j) => (j.instances.cells[0][2] = 255), 'x.json: $.instances.cells[0]:'],
    ['a tile listed twice', (j) => (j.instances.tiles[1] = 'sq-road-bend-1'), 'x.json: $.instances.tiles[1]: tile "sq-road-bend-1" is listed twice'],
    ['a typo in a tile entry', (j) => (j.instances.tiles[0].libary = 'x'), 'x.json: $.instances.tiles[0].libary: unknown field'],
    ['a newer version', (j) => (j.version = 4), 'x.json: $.version: this file is format version 4; this Sandtable reads up to version 3'],
  ];
  for (const [name, mutate, message] of bad) {
    it(`rejects ${name} with one line saying where`, () => {
      const json = JSON.parse(mapToJsonText(withInstances()));
      mutate(json);
      expect(() => mapFromJson(json, 'x.json')).toThrow(InputError);
      expect(() => mapFromJson(json, 'x.json')).toThrow(message);
    });
  }
});

describe('map JSON version 2: AL-FORM maps with area instances and a linear layer', () => {
  // 5×5 AL-FORM square: row 0 is area, edge, area, edge, area; cell 5 (0,1) an edge tile, 6 a vertex tile.
  function alformMap(): TerrainMap {
    const map = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true, palette: ['clear'] });
    const areas = new InstanceLayer(map.grid);
    areas.set(0, 'sq-clear-1', 0);
    areas.set(2, 'sq-road-bend-1', { orientation: { rotation: 90, mirror: 'none' } });
    map.setInstances(areas);
    const linear = new LinearLayer(map.grid);
    linear.set(1, LinearClass.BLOCKING, 'sq-river-straight-1', { orientation: { rotation: 90, mirror: 'none' } });
    linear.set(5, LinearClass.WITH_TERRAIN, 'wall-straight', 0);
    linear.setEmptyBlocking(3);
    map.setLinear(linear);
    map.setTerrain(1, 'river');
    return map;
  }

  it('round-trips the area instances and the linear layer (classes, tiles, placements)', () => {
    const map = alformMap();
    const json = mapToJson(map);
    expect(json.version).toBe(2);
    expect(json.alform).toBe(true);
    expect(json.linear!.classes).toEqual([
      [1, LinearClass.BLOCKING],
      [3, LinearClass.BLOCKING],
      [5, LinearClass.WITH_TERRAIN],
    ]);
    const back = mapFromJsonText(JSON.stringify(json), 'al.json');
    expect(back.instances!.get(2)).toEqual(map.instances!.get(2));
    expect(back.instances!.placedCount()).toBe(2);
    expect(back.linear!.isBlocking(1)).toBe(true);
    expect(back.linear!.get(1)).toEqual(map.linear!.get(1));
    expect(back.linear!.isBlocking(3)).toBe(true);
    expect(back.linear!.get(3)).toBeNull();
    expect(back.linear!.classOf(5)).toBe(LinearClass.WITH_TERRAIN);
    expect(back.linear!.classOf(6)).toBe(LinearClass.PASS_THRU);
    expect(back.terrainAt(1)).toBe('river');
    expect(mapToJsonText(back)).toBe(mapToJsonText(map));
    expect(back.clone().linear!.get(1)).toEqual(map.linear!.get(1));
    // A linear layer alone (no area instances yet) also makes a version-2 file.
    const riverOnly = alformMap();
    riverOnly.setInstances(null);
    expect(mapToJson(riverOnly).version).toBe(2);
    expect(mapFromJsonText(mapToJsonText(riverOnly)).linear!.isBlocking(1)).toBe(true);
  });

  it('refuses area instances on linear tiles and a linear layer on a classic map in memory', () => {
    const map = alformMap();
    const wrong = new InstanceLayer(map.grid);
    wrong.set(6, 'sq-clear-1', 0);
    expect(() => map.setInstances(wrong)).toThrow('cell 6 is a linear tile of this AL-FORM map');
    const classic = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 } });
    expect(() => classic.setLinear(new LinearLayer(map.grid))).toThrow('only AL-FORM maps have linear tiles');
  });

  const bad: [string, (j: Record<string, any>) => void, string][] = [
    ['a linear layer in a version-1 file', (j) => ((j.version = 1), delete j.instances), 'x.json: $.linear: linear layers need format version 2; this file says version 1'],
    ['a linear layer on a classic map', (j) => ((j.alform = false), delete j.instances, (j.layers.edges = { encoding: 'rle', data: [50, 0] }), (j.layers.vertices = { encoding: 'rle', data: [25, 0] })), 'x.json: $.linear: only AL-FORM maps have linear tiles'],
    ['an area instance on a linear tile', (j) => (j.instances.cells[1][0] = 6), 'x.json: $.instances: cell 6 is a linear tile of this AL-FORM map'],
    ['a linear class on an area tile', (j) => (j.linear.classes[0][0] = 0), 'x.json $.linear: $.classes[0]: cell 0 is an area tile, not a linear tile'],
    ['an unknown linear class', (j) => (j.linear.classes[1][1] = 7), 'x.json $.linear: $.classes[1]: class 7 is not 1 (pass-thru-with-terrain) or 2 (blocking)'],
    ['a typo in the linear layer', (j) => (j.linear.clases = []), 'x.json $.linear: $.clases: unknown field'],
  ];
  for (const [name, mutate, message] of bad) {
    it(`rejects ${name} with one line saying where`, () => {
      const json = JSON.parse(mapToJsonText(alformMap()));
      mutate(json);
      expect(() => mapFromJson(json, 'x.json')).toThrow(InputError);
      expect(() => mapFromJson(json, 'x.json')).toThrow(message);
    });
  }
});
