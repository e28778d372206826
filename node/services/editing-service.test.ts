/**
 * The editing service through AppServices.call: paint and paint-edge under the AL-FORM
 * rules, undo and redo as journal steps, and what EditResult tells the renderer.
 */
import { describe, expect, it } from 'vitest';
import type { EditResult, MapPayload } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { edgeChainBreak } from '../../core/alform/classic-stroke.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-editing-');
const { call } = kit;

describe('AL-FORM paint rules', () => {
  it('rejects area terrain on linear tiles and linear terrain on area tiles, naming the tile', async () => {
    const { summary, map: json } = await call<MapPayload>('maps.create', { name: 'Rules', kind: 'square', size: '5x5', alform: true });
    const map = mapFromJson(json);
    const id = summary.id;
    await expect(call('maps.paint', { id, tiles: [map.grid.index([2, 2])], terrain: 'river' })).rejects.toThrow('maps.paint: tile 2,2 is an area tile; "river" is linear terrain');
    await expect(call('maps.paint', { id, tiles: [map.grid.index([1, 1])], terrain: 'forest' })).rejects.toThrow('maps.paint: tile 1,1 is a linear tile (VERTEX); "forest" is area terrain');
    await expect(call('maps.paint', { id, tiles: [0], terrain: 'lava' })).rejects.toThrow(/maps\.paint: "lava" is not a terrain of catalogue/);
    await expect(call('maps.paint', { id, tiles: [25], terrain: 'forest' })).rejects.toThrow('maps.paint: tile index 25 is outside the map (0…24)');
    await expect(call('maps.paintEdge', { id, tile: 0, dir: 1, terrain: 'river' })).rejects.toThrow(/AL-FORM maps keep linear terrain on linear tiles/);
    // A refused edit among good ones refuses the whole edit: nothing changed, nothing to undo.
    await expect(call('maps.paint', { id, tiles: [map.grid.index([0, 0]), map.grid.index([1, 0])], terrain: 'forest' })).rejects.toThrow(/tile 1,0 is a linear tile \(X-EDGE\)/);
    const after = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(after.terrainAt(map.grid.index([0, 0]))).toBe('');
    expect((await call<EditResult>('maps.undo', { id })).changes).toEqual([]);
  });

  it('puts linear terrain on tile edges of classic maps, one undo step each', async () => {
    const { summary, map: json } = await call<MapPayload>('maps.create', { name: 'Classic', kind: 'hex-rectangle', size: '4x4', alform: false, fill: 'clear' });
    const map = mapFromJson(json);
    const id = summary.id;
    await expect(call('maps.paint', { id, tiles: [0], terrain: 'river' })).rejects.toThrow(/"river" is linear terrain; on a classic map it goes on a tile edge/);
    const tile = map.grid.index([1, 1]);
    const r = await call<EditResult>('maps.paintEdge', { id, tile, dir: 1, terrain: 'river' });
    expect(r.changes).toEqual([{ layer: 'edges', index: map.grid.edgeSlot(tile, 1), value: r.palette.indexOf('river') + 1 }]);
    await expect(call('maps.paintEdge', { id, tile, dir: 1, terrain: 'forest' })).rejects.toThrow(/tile edges take linear terrain; "forest" is area terrain/);
    const corner = map.grid.index([0, 0]);
    const offMap = [0, 1, 2, 3, 4, 5].find((d) => map.grid.edgeSlot(corner, d) < 0)!;
    await expect(call('maps.paintEdge', { id, tile: corner, dir: offMap, terrain: 'river' })).rejects.toThrow(`has no edge in direction ${offMap}`);
    const undone = await call<EditResult>('maps.undo', { id });
    expect(undone.changes).toEqual([{ layer: 'edges', index: map.grid.edgeSlot(tile, 1), value: 0 }]);
  });
});

describe('EditResult', () => {
  it('patches terrain and edge undo/redo in place: no reload, and undo/redo availability follows the journal', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Patch', kind: 'square', size: '3x3', alform: false, fill: 'clear' });
    const id = summary.id;
    const painted = await call<EditResult>('maps.paint', { id, tiles: [4], terrain: 'forest' });
    expect(painted).toEqual({ changes: [{ layer: 'terrain', index: 4, value: 2 }], palette: ['clear', 'forest'], canUndo: true, canRedo: false });
    const undone = await call<EditResult>('maps.undo', { id });
    // Undo and redo name the step (issue 30: "Undid: paint 1 square forest").
    expect(undone).toEqual({ changes: [{ layer: 'terrain', index: 4, value: 1 }], palette: ['clear', 'forest'], canUndo: false, canRedo: true, label: 'Paint 1 square forest' });
    expect('reload' in undone).toBe(false);
    const redone = await call<EditResult>('maps.redo', { id });
    expect(redone).toMatchObject({ changes: [{ layer: 'terrain', index: 4, value: 2 }], canUndo: true, canRedo: false, label: 'Paint 1 square forest' });
    expect('reload' in redone).toBe(false);
    // Nothing left to redo: an empty answer, still no reload.
    expect(await call<EditResult>('maps.redo', { id })).toEqual({ changes: [], palette: ['clear', 'forest'], canUndo: true, canRedo: false });
    const erased = await call<EditResult>('maps.paint', { id, tiles: [4], terrain: '' });
    expect(erased.changes).toEqual([{ layer: 'terrain', index: 4, value: 0 }]);
    expect((await call<EditResult>('maps.undo', { id })).label).toBe('Erase 1 square');
  });

  it('undo of a paint on an AL-FORM hex map names the hexes it painted', async () => {
    const { summary, map: json } = await call<MapPayload>('maps.create', { name: 'Hexes', kind: 'hex-rectangle', size: '5x5', alform: true, fill: 'clear' });
    const map = mapFromJson(json);
    const hexes = [[0, 0], [0, 2], [0, 4]].map((c) => map.grid.index(c));
    await call<EditResult>('maps.paint', { id: summary.id, tiles: hexes, terrain: 'forest' });
    expect((await call<EditResult>('maps.undo', { id: summary.id })).label).toBe('Paint 3 hexes forest');
  });
});

describe('maps.drawLinear (issue 14)', () => {
  it('draws a chain as one undo step; a road across a river makes a bridge, and one undo restores both', async () => {
    const { summary, map: json } = await call<MapPayload>('maps.create', { name: 'Crossing', kind: 'square', size: '9x9', alform: true, fill: 'clear' });
    const map = mapFromJson(json);
    const id = summary.id;
    const i = (x: number, y: number) => map.grid.index([x, y]);
    // A river down the side x = 3 (X-EDGE and VERTEX tiles), then a road along y = 5 across it.
    const river = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((y) => i(3, y));
    const road = [0, 1, 2, 3, 4, 5, 6].map((x) => i(x, 5));
    await call<EditResult>('maps.drawLinear', { id, tiles: river, terrain: 'river' });
    const drawn = await call<EditResult>('maps.drawLinear', { id, tiles: road, terrain: 'road' });
    const value = (terrain: string) => drawn.palette.indexOf(terrain) + 1;
    expect(drawn.changes).toHaveLength(road.length);
    expect(drawn.changes.find((c) => c.index === i(3, 5))).toEqual({ layer: 'terrain', index: i(3, 5), value: value('river-bridge') });
    const loaded = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(loaded.terrainAt(i(3, 5))).toBe('river-bridge');
    expect(loaded.terrainAt(i(3, 4))).toBe('river');
    expect(loaded.terrainAt(i(4, 5))).toBe('road');
    // One undo takes the whole road away and gives the river its tile back.
    const undone = await call<EditResult>('maps.undo', { id });
    expect(undone.changes).toHaveLength(road.length);
    const after = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    for (const t of river) expect(after.terrainAt(t)).toBe('river');
    for (const t of road) if (!river.includes(t)) expect(after.terrainAt(t)).toBe('');
    expect(undone.canUndo).toBe(true);
    await call<EditResult>('maps.redo', { id });
    expect(mapFromJson((await call<MapPayload>('maps.load', { id })).map).terrainAt(i(3, 5))).toBe('river-bridge');
    // A fill on the river reaches through the bridge, which becomes a canal bridge; one undo step.
    const filled = await call<EditResult>('maps.fillFeature', { id, tile: i(3, 0), terrain: 'canal' });
    expect(filled.changes).toHaveLength(river.length);
    const canal = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(river.map((t) => canal.terrainAt(t))).toEqual(river.map((t) => (t === i(3, 5) ? 'canal-bridge' : 'canal')));
    expect(canal.terrainAt(i(4, 5))).toBe('road');
    await call<EditResult>('maps.undo', { id });
    expect(mapFromJson((await call<MapPayload>('maps.load', { id })).map).terrainAt(i(3, 5))).toBe('river-bridge');
    await expect(call('maps.fillFeature', { id, tile: i(0, 0), terrain: 'canal' })).rejects.toThrow('maps.fillFeature: there is no linear feature on tile 0,0 to fill');
  });

  it('refuses a chain with a gap, naming the tiles, and changes nothing', async () => {
    const { summary, map: json } = await call<MapPayload>('maps.create', { name: 'Gap', kind: 'hex-rectangle', size: '7x7', alform: true, fill: 'clear' });
    const map = mapFromJson(json);
    const id = summary.id;
    const a = map.grid.index([1, 0]);
    const far = map.grid.index([5, 4]);
    await expect(call('maps.drawLinear', { id, tiles: [a, far], terrain: 'river' })).rejects.toThrow(/^maps\.drawLinear: the stroke is not one connected chain: tile 5,4 does not adjoin tile 1,0$/);
    expect((await call<EditResult>('maps.undo', { id })).changes).toEqual([]);
  });
});

describe('maps.drawEdges (issue 14, classic maps)', () => {
  it('draws a run of edges as one undo step, with a bridge where a road crosses a river edge', async () => {
    const { summary, map: json } = await call<MapPayload>('maps.create', { name: 'Classic run', kind: 'hex-rectangle', size: '6x6', alform: false, fill: 'clear' });
    const map = mapFromJson(json);
    const id = summary.id;
    const t = map.grid.index([2, 2]);
    const [a, b, c] = [0, 1, 2].map((d) => map.grid.edgeSlot(t, d));
    expect(edgeChainBreak(map.grid, [a!, b!, c!])).toBe(-1);
    const river = await call<EditResult>('maps.drawEdges', { id, slots: [a!, b!, c!], terrain: 'river' });
    expect(river.changes.map((ch) => ch.layer)).toEqual(['edges', 'edges', 'edges']);
    const road = await call<EditResult>('maps.drawEdges', { id, slots: [b!], terrain: 'road' });
    expect(road.changes).toEqual([{ layer: 'edges', index: b, value: road.palette.indexOf('river-bridge') + 1 }]);
    const undone = await call<EditResult>('maps.undo', { id });
    expect(undone.changes).toEqual([{ layer: 'edges', index: b, value: road.palette.indexOf('river') + 1 }]);
    await expect(call('maps.drawEdges', { id, slots: [a!, 10 ** 6], terrain: 'river' })).rejects.toThrow(/maps\.drawEdges: edge slot 1000000 is not an edge of this map/);
  });
});
describe('remapping placeholder terrain (issue 14: the mapping dialog)', () => {
  /** A 5×2 Tiled map: tile 1 says "grass", tiles 2–5 say nothing and get placeholders. */
  const TMX = `<map version="1.10" orientation="orthogonal" width="5" height="2" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" name="Ground" tilewidth="8" tileheight="8" tilecount="5" columns="5">
  <image source="ground.png" width="40" height="8"/>
  <tile id="0"><properties><property name="terrain" value="grass"/></properties></tile>
 </tileset>
 <layer id="1" name="L" width="5" height="2"><data encoding="csv">1,2,3,4,5,2,2,3,1,1</data></layer>
</map>`;

  it('assigns catalogue terrain to every tile of a placeholder in one undo step, and undo restores them', async () => {
    const { map: payload } = await call<{ map: MapPayload }>('maps.import', { fileName: 'ground.tmx', text: TMX });
    const id = payload.summary.id;
    const before = mapFromJson(payload.map);
    const ones = (m: typeof before, terrain: string) => Array.from(m.layers.terrain.keys()).filter((t) => m.terrainAt(t) === terrain);
    const dunes = ones(before, 'unmapped-ground-1');
    const two = ones(before, 'unmapped-ground-2');
    expect([dunes.length, two.length]).toEqual([3, 2]);
    const r = await call<EditResult>('maps.remapTerrain', { id, pairs: [{ from: 'unmapped-ground-1', to: 'sand' }, { from: 'unmapped-ground-2', to: 'forest' }] });
    expect(r.changes.map((c) => c.index).sort((a, b) => a - b)).toEqual([...dunes, ...two].sort((a, b) => a - b));
    expect(r.canUndo).toBe(true);
    const after = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(ones(after, 'sand')).toEqual(dunes);
    expect(ones(after, 'forest')).toEqual(two);
    expect(ones(after, 'unmapped-ground-3')).toEqual(ones(before, 'unmapped-ground-3'));
    // One step: a single undo brings back both placeholders.
    const undone = await call<EditResult>('maps.undo', { id });
    expect(undone.changes).toHaveLength(5);
    expect(undone.canUndo).toBe(false);
    const back = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(Array.from(back.layers.terrain, (v) => back.terrainOf(v))).toEqual(Array.from(before.layers.terrain, (v) => before.terrainOf(v)));
  });

  it('refuses a target of the wrong class or outside the catalogue, changing nothing', async () => {
    const { map: payload } = await call<{ map: MapPayload }>('maps.import', { fileName: 'ground.tmx', text: TMX });
    const id = payload.summary.id;
    await expect(call('maps.remapTerrain', { id, pairs: [{ from: 'unmapped-ground-1', to: 'river' }] })).rejects.toThrow('maps.remapTerrain: "unmapped-ground-1" is area terrain and "river" is linear; remap to area terrain');
    await expect(call('maps.remapTerrain', { id, pairs: [{ from: 'unmapped-ground-1', to: 'lava' }] })).rejects.toThrow(/"lava" is not a terrain of catalogue/);
    await expect(call('maps.remapTerrain', { id, pairs: [] })).rejects.toThrow(/maps\.remapTerrain: \$\.pairs/);
    expect((await call<EditResult>('maps.undo', { id })).changes).toEqual([]);
  });
});
