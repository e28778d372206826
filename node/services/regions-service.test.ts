/**
 * Everyday editing through AppServices.call (as IPC and browser mode send it): paste and cut
 * as one undo step each, within and across maps; rename, duplicate (no lineage) and resize
 * with an anchor; a refused or failed resize changes nothing — map, history, open copy.
 */
import { describe, expect, it, vi } from 'vitest';
import type { EditResult, MapPayload, ProjectInfo, Results } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { copyRegion, regionAnchor } from '../../core/map/region.js';
import { regionToJson } from '../../core/map/region-json.js';
import { classifyTile, TileClass } from '../../core/alform/classify.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-regions-');
const { call } = kit;

const load = async (id: string) => mapFromJson((await call<MapPayload>('maps.load', { id })).map);

describe('maps.paste and maps.cut', () => {
  it('moves a patch of hexes with the river between them: cut + paste, each one undo step', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Valley', kind: 'hex-rectangle', size: '21x17', alform: true, fill: 'clear' });
    const id = summary.id;
    let map = await load(id);
    const centre = map.grid.index([8, 8]);
    const tiles = Array.from(map.grid.range(centre, 2));
    const linear = tiles.filter((t) => classifyTile(map.grid, t) !== TileClass.AREA);
    await call('maps.paint', { id, tiles: tiles.filter((t) => classifyTile(map.grid, t) === TileClass.AREA), terrain: 'forest' });
    await call('maps.paint', { id, tiles: linear.slice(0, 3), terrain: 'river' });
    map = await load(id);
    const region = regionToJson(copyRegion(map, tiles, regionAnchor(map, tiles)));
    const cut = await call<EditResult>('maps.cut', { id, tiles });
    expect(cut.changes.length).toBeGreaterThan(0);
    // Three hexes on (six steps through area and linear tiles alike).
    let target = centre;
    for (let k = 0; k < 6; k++) target = map.grid.neighbor(target, 1);
    expect(classifyTile(map.grid, target)).toBe(TileClass.AREA);
    const pasted = await call<Results['maps.paste']>('maps.paste', { id, region, anchor: target });
    expect(pasted).toMatchObject({ placed: tiles.length, outside: 0, misfits: 0, canUndo: true });
    const after = await load(id);
    expect(Array.from(after.grid.range(target, 2)).filter((t) => after.terrainAt(t) === 'river')).toHaveLength(3);
    // One undo takes the paste away, a second puts the cut patch back.
    await call('maps.undo', { id });
    expect((await load(id)).terrainAt(target)).toBe('clear');
    await call('maps.undo', { id });
    expect((await load(id)).terrainAt(centre)).toBe('forest');
  });

  it('pastes across maps of one lattice, and refuses another kind in one line, changing nothing', async () => {
    const a = await call<MapPayload>('maps.create', { name: 'A', kind: 'square', size: '6x6', alform: false });
    const b = await call<MapPayload>('maps.create', { name: 'B', kind: 'square', size: '4x4', alform: false });
    const c = await call<MapPayload>('maps.create', { name: 'C', kind: 'offset-square', size: '4x4', alform: false });
    await call('maps.paint', { id: a.summary.id, tiles: [7, 8], terrain: 'marsh' });
    const source = await load(a.summary.id);
    const region = regionToJson(copyRegion(source, [7, 8], 7));
    const r = await call<Results['maps.paste']>('maps.paste', { id: b.summary.id, region, anchor: 3 });
    expect(r.outside).toBe(1); // (3,0) + (1,0) is off a 4-wide map
    expect(r.palette).toEqual(['marsh']);
    await expect(call('maps.paste', { id: c.summary.id, region, anchor: 0 })).rejects.toThrow('maps.paste: a region copied from a square map pastes only into square maps; this map is offset-square');
    await expect(call('maps.paste', { id: b.summary.id, region: { ...region, palette: ['lava'] }, anchor: 0 })).rejects.toThrow(/maps\.paste: the copied region holds "lava", which is not a terrain/);
    expect((await load(c.summary.id)).palette).toEqual([]);
  });
});

describe('maps.paste and maps.cut with roads', () => {
  it('a cut takes the road with the terrain, a paste lays it joined, each one undo step', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Roads', kind: 'hex-rectangle', size: '16x12', alform: false, fill: 'clear' });
    const id = summary.id;
    let map = await load(id);
    const road = [map.grid.index([3, 4]), map.grid.index([3, 5]), map.grid.index([3, 6])];
    await call('maps.drawNetwork', { id, tiles: road, terrain: 'road' });
    map = await load(id);
    const tiles = Array.from(map.grid.range(road[1]!, 2));
    const region = regionToJson(copyRegion(map, tiles, road[1]!));
    expect(region.networks).toHaveLength(4 * 4); // two spokes in the middle hex, one at each end
    const cut = await call<EditResult>('maps.cut', { id, tiles });
    expect(cut.networks?.map((n) => n.codes.length)).toEqual([0, 0, 0]);
    expect((await load(id)).networks).toBeNull();
    const target = map.grid.index([10, 8]);
    const pasted = await call<Results['maps.paste']>('maps.paste', { id, region, anchor: target });
    expect(pasted.networks).toHaveLength(3);
    const after = await load(id);
    const shifted = road.map((t) => after.grid.fromSystem(after.grid.toSystem(t, 'axial120').map((v, k) => v + after.grid.toSystem(target, 'axial120')[k]! - after.grid.toSystem(road[1]!, 'axial120')[k]!), 'axial120'));
    for (const [k, t] of shifted.entries()) expect(after.networks!.at(t)).toEqual(map.networks!.at(road[k]!));
    // One undo takes the paste (terrain and road) away, a second brings the cut road back.
    const undone = await call<EditResult>('maps.undo', { id });
    expect(undone.networks).toHaveLength(3);
    expect((await load(id)).networks).toBeNull();
    await call('maps.undo', { id });
    expect((await load(id)).networks!.tiles()).toEqual([...road].sort((a, b) => a - b));
  });
});

describe('maps.paste across forms', () => {
  it('pastes a region copied from a classic map into its AL-FORM conversion where the conversion put that ground', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Classic', kind: 'hex-rectangle', size: '6x6', alform: false, fill: 'clear' });
    const id = summary.id;
    const tiles = [14, 15, 20, 21];
    await call('maps.paint', { id, tiles, terrain: 'forest' });
    const blank = await load(id);
    // A river on the hexside between two selected hexes (14 and 15), and a road to one outside the selection (not copied).
    const inside = [0, 1, 2, 3, 4, 5].find((d) => blank.grid.neighbor(14, d) === 15)!;
    const outside = [0, 1, 2, 3, 4, 5].find((d) => blank.grid.neighbor(14, d) >= 0 && !tiles.includes(blank.grid.neighbor(14, d)))!;
    await call('maps.paintEdge', { id, tile: 14, dir: inside, terrain: 'river' });
    await call('maps.paintEdge', { id, tile: 14, dir: outside, terrain: 'road' });
    const classic = await load(id);
    const region = regionToJson(copyRegion(classic, tiles, regionAnchor(classic, tiles)));
    const converted = await call<MapPayload>('maps.convert', { id });
    const alId = converted.summary.id;
    // Clear the converted copy's ground, then paste the classic region back onto it.
    const al = await load(alId);
    const ground = Array.from({ length: al.tileCount }, (_, t) => t).filter((t) => al.terrainAt(t) !== '');
    await call('maps.cut', { id: alId, tiles: ground });
    // The AL-FORM anchor is the doubled classic anchor (SPEC §3: tile (x, y) → (2x, 2y)).
    const anchor = al.grid.index(classic.grid.coord(regionAnchor(classic, tiles)).map((v) => 2 * v));
    const r = await call<Results['maps.paste']>('maps.paste', { id: alId, region, anchor });
    expect(r).toMatchObject({ outside: 0, misfits: 0 });
    const after = await load(alId);
    const painted = (m: TerrainMap, id: string) => Array.from({ length: m.tileCount }, (_, t) => t).filter((t) => m.terrainAt(t) === id);
    // The forest hexes and the river come back on exactly the tiles the conversion gave them; the road (outside the copy) does not.
    expect(painted(after, 'forest')).toEqual(painted(al, 'forest'));
    expect(painted(after, 'river')).toEqual(painted(al, 'river'));
    expect(painted(al, 'road')).toHaveLength(1);
    expect(painted(after, 'road')).toHaveLength(0);
  });
});

describe('maps.rename, maps.duplicate', () => {
  it('renames (announcing the project) and duplicates as a plain map with the same terrain', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Draft', kind: 'square', size: '5x5', alform: false, fill: 'forest' });
    const info = await call<ProjectInfo>('maps.rename', { id: summary.id, name: '  Ardennes 1944 ' });
    expect(info.maps.find((m) => m.id === summary.id)?.name).toBe('Ardennes 1944');
    expect(kit.events.at(-1)).toMatchObject({ type: 'project.changed' });
    await expect(call('maps.rename', { id: 'nope', name: 'x' })).rejects.toThrow('maps.rename: no map with id "nope" in this project');
    const copy = await call<MapPayload>('maps.duplicate', { id: summary.id });
    expect(copy.summary.name).toBe('Ardennes 1944 copy');
    expect(copy.summary.id).not.toBe(summary.id);
    expect(copy.summary.derived).toBeUndefined();
    expect(mapFromJson(copy.map).terrainAt(12)).toBe('forest');
    // The copy is its own map: painting it leaves the original alone.
    await call('maps.paint', { id: copy.summary.id, tiles: [12], terrain: 'marsh' });
    expect((await load(summary.id)).terrainAt(12)).toBe('forest');
  });
});

describe('maps.resize', () => {
  it('previews what a shrink loses, then resizes with the anchor and fills new tiles', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Field', kind: 'square', size: '6x6', alform: false, fill: 'clear' });
    const id = summary.id;
    await call('maps.paint', { id, tiles: [0], terrain: 'forest' });
    const preview = await call<Results['maps.resize']>('maps.resize', { id, size: '4x4', anchor: 'se', preview: true });
    expect(preview).toEqual({ lost: 20, lostPainted: 20, added: 0 });
    expect((await load(id)).tileCount).toBe(36);
    const grown = await call<Results['maps.resize']>('maps.resize', { id, size: '8x7', anchor: 'center', fill: 'marsh' });
    expect(grown.map!.summary).toMatchObject({ size: '8x7', tileCount: 56, name: 'Field' });
    const map = await load(id);
    expect(map.terrainAt(map.grid.index([1, 0]))).toBe('marsh');
    expect(map.terrainAt(map.grid.index([1, 1]))).toBe('forest');
  });

  it('a refused or failed resize changes nothing: size, terrain, undo history', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Kept', kind: 'hex-rectangle', size: '5x5', alform: true, fill: 'clear' });
    const id = summary.id;
    const before = await load(id);
    const area = Array.from({ length: before.tileCount }, (_, t) => t).find((t) => classifyTile(before.grid, t) === TileClass.AREA)!;
    await call('maps.paint', { id, tiles: [area], terrain: 'forest' });
    await expect(call('maps.resize', { id, size: '6x6', anchor: 'nw' })).rejects.toThrow(/^maps\.resize: .*AL-FORM/);
    await expect(call('maps.resize', { id, size: '7x7', anchor: 'nw', fill: 'river' })).rejects.toThrow('maps.resize: fill needs area terrain; "river" is linear');
    await expect(call('maps.resize', { id, size: '7x7', anchor: 'nw', fill: 'lava' })).rejects.toThrow(/"lava" is not a terrain/);
    const after = await load(id);
    expect(after.tileCount).toBe(before.tileCount);
    expect(after.terrainAt(area)).toBe('forest');
    expect((await call<EditResult>('maps.undo', { id })).changes).toHaveLength(1);
  });

  it('a resize that fails inside its store transaction rolls back: the stored map, its history and the open copy stay', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Fragile', kind: 'square', size: '5x5', alform: false, fill: 'clear' });
    const id = summary.id;
    await call('maps.paint', { id, tiles: [6], terrain: 'forest' });
    const project = kit.services.session.current();
    // The resize's journal entry is written first, then the map's rows are replaced in the same transaction: fail there.
    const put = vi.spyOn(project.maps, 'put').mockImplementation(() => {
      throw new Error('disk full');
    });
    await expect(call('maps.resize', { id, size: '7x7', anchor: 'center', fill: 'marsh' })).rejects.toThrow('maps.resize: disk full');
    put.mockRestore();
    expect(project.journal.history(id).map((e) => e.label)).toEqual(['Paint 1 square forest']);
    const after = await load(id);
    expect(after.spec.size).toEqual({ kind: 'square', width: 5, height: 5 });
    expect(after.terrainAt(6)).toBe('forest');
    expect(project.maps.load(id).terrainAt(6)).toBe('forest'); // the file itself, not only the open copy
    expect((await call<EditResult>('maps.undo', { id })).changes).toEqual([{ layer: 'terrain', index: 6, value: 1 }]);
  });

  it('is one undo step: undo brings back the old size, its labels and the steps before it; redo resizes again', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Grows', kind: 'square', size: '5x5', alform: false, fill: 'clear' });
    const id = summary.id;
    await call('maps.paint', { id, tiles: [6], terrain: 'forest' });
    await call('maps.addLabel', { id, text: 'Hill 402', anchor: { tile: 6 }, style: 'hex' });
    const grown = await call<Results['maps.resize']>('maps.resize', { id, size: '7x6', anchor: 'nw', fill: 'marsh' });
    expect(grown.map!.history).toEqual({ canUndo: true, canRedo: false });
    const undone = await call<EditResult>('maps.undo', { id });
    expect(undone).toMatchObject({ label: 'Resize to 7x6 squares', reload: true, canRedo: true });
    let map = await load(id);
    expect(map.spec.size).toEqual({ kind: 'square', width: 5, height: 5 });
    expect(map.labels.map((l) => l.text)).toEqual(['Hill 402']);
    expect((await call<EditResult>('maps.undo', { id })).labels).toEqual([]);
    expect((await call<EditResult>('maps.undo', { id })).changes).toEqual([{ layer: 'terrain', index: 6, value: 1 }]);
    await call('maps.redo', { id });
    await call('maps.redo', { id });
    await call('maps.redo', { id });
    map = await load(id);
    expect(map.spec.size).toEqual({ kind: 'square', width: 7, height: 6 });
    expect(map.labels).toHaveLength(1);
  });

  it('refuses to resize a map that others were derived from, or a derived one; their duplicates resize', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Strategic', kind: 'square', size: '9x9', alform: true, fill: 'clear' });
    const id = summary.id;
    const map = await load(id);
    const derived = await call<Results['maps.derive']>('maps.derive', { id, tiles: [map.grid.index([4, 4])] });
    await expect(call('maps.resize', { id, size: '11x11', anchor: 'center' })).rejects.toThrow('maps.resize: 1 map was derived from "Strategic" and name its tiles by number; resize a duplicate of it instead');
    await expect(call('maps.resize', { id: derived.map.summary.id, size: derived.map.summary.size.replace(/^\d+/, (w) => String(Number(w) + 2)), anchor: 'center' })).rejects.toThrow(/was derived from another map/);
    const copy = await call<MapPayload>('maps.duplicate', { id: derived.map.summary.id });
    expect(copy.summary.derived).toBeUndefined();
    const w = Number(copy.summary.size.split('x')[0]);
    const resized = await call<Results['maps.resize']>('maps.resize', { id: copy.summary.id, size: `${w + 2}x${copy.summary.size.split('x')[1]}`, anchor: 'w' });
    expect(resized.map!.summary.size).toBe(`${w + 2}x${copy.summary.size.split('x')[1]}`);
  });
});
