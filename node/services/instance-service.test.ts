/**
 * The instance operations through AppServices.call: placing and clearing vector tile
 * instances (one undo step each, terrain derived from the instances), assembling a map from
 * the app library's tiles and storing the result, unsatisfiable requests, bad arguments.
 */
import { describe, expect, it } from 'vitest';
import type { EditResult, MapPayload, Results } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { checkAssembly } from '../../core/assemble/check.js';
import { matchOptionsFrom } from '../../core/vector/terrain-rules.js';
import { encodePlacement } from '../../core/map/orientation-code.js';
import { parseCatalogue } from '../../core/terrain/catalogue.js';
import catalogueJson from '../../resources/terrain/default.json' with { type: 'json' };
import { mapToJsonText } from '../../core/map/map-json.js';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { LinearLayer, featureTiles, networkRolesOf, networkShape, placeLinearFeature } from '../../core/assemble/index.js';
import { riverWalk } from '../../core/assemble/alform.testkit.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-instances-');
const { call } = kit;
const r90 = encodePlacement({ orientation: { rotation: 90, mirror: 'none' } });

async function squareMap(size = '4x4'): Promise<string> {
  const { summary } = await call<MapPayload>('maps.create', { name: 'Tiles', kind: 'square', size, alform: false, fill: 'clear' });
  return summary.id;
}

describe('maps.placeInstances', () => {
  it('places and clears instances as undo steps; the map carries them and the terrain they give', { timeout: 60_000 }, async () => {
    const id = await squareMap();
    const placed = await call<EditResult>('maps.placeInstances', { id, placements: [{ tile: 5, vectorTile: 'sq-river-straight-1', placement: r90 }, { tile: 6, vectorTile: 'sq-river-straight-1', placement: r90 }] });
    expect(placed.instances).toEqual([
      { tile: 5, vectorTile: 'sq-river-straight-1', placement: r90 },
      { tile: 6, vectorTile: 'sq-river-straight-1', placement: r90 },
    ]);
    expect(placed.palette).toContain('river');
    expect(placed.changes.some((c) => c.layer === 'edges' && c.value === placed.palette.indexOf('river') + 1)).toBe(true);
    expect(placed.canUndo).toBe(true);
    const loaded = await call<MapPayload>('maps.load', { id });
    expect(loaded.map.version).toBe(2);
    const map = mapFromJson(loaded.map);
    expect(map.instances!.get(6)).toEqual({ tile: 'sq-river-straight-1', code: r90 });
    expect(map.instances!.tileTable()[0]).toMatchObject({ id: 'sq-river-straight-1', library: 'library', name: expect.any(String) });
    expect(map.edgeTerrainAt(5, 2)).toBe('river');

    const cleared = await call<EditResult>('maps.placeInstances', { id, placements: [{ tile: 6, vectorTile: null }] });
    expect(cleared.instances).toEqual([{ tile: 6, vectorTile: null, placement: 0 }]);
    const undone = await call<EditResult>('maps.undo', { id });
    expect(undone.instances).toEqual([{ tile: 6, vectorTile: 'sq-river-straight-1', placement: r90 }]);
    const undone2 = await call<EditResult>('maps.undo', { id });
    expect(undone2.instances!.map((p) => p.vectorTile)).toEqual([null, null]);
    expect(mapFromJson((await call<MapPayload>('maps.load', { id })).map).instances!.placedCount()).toBe(0);
    const redone = await call<EditResult>('maps.redo', { id });
    expect(redone.instances!.map((p) => p.vectorTile)).toEqual(['sq-river-straight-1', 'sq-river-straight-1']);
  });

  it('refuses unknown tiles, tiles off the map and linear tiles of AL-FORM maps with one line', { timeout: 60_000 }, async () => {
    const id = await squareMap('3x3');
    await expect(call('maps.placeInstances', { id, placements: [{ tile: 0, vectorTile: 'no-such-tile' }] })).rejects.toThrow('maps.placeInstances: the app library has no vector tile "no-such-tile"');
    await expect(call('maps.placeInstances', { id, placements: [{ tile: 9, vectorTile: 'sq-clear-1' }] })).rejects.toThrow('maps.placeInstances: $.placements: placement 0: cell 9 is outside the map (0…8)');
    await expect(call('maps.placeInstances', { id, placements: [] })).rejects.toThrow(/maps\.placeInstances: \$\.placements: expected .*not empty/);
    const { summary } = await call<MapPayload>('maps.create', { name: 'Al', kind: 'square', size: '5x5', alform: true });
    // AL-FORM maps hold area instances on area tiles; a linear tile is refused.
    await expect(call('maps.placeInstances', { id: summary.id, placements: [{ tile: 6, vectorTile: 'sq-clear-1' }] })).rejects.toThrow(/placement 0: cell 6 is a linear tile of this AL-FORM map; area instances go on area tiles/);
    // … and an area tile takes one, stored and read back.
    const placed = await call<EditResult>('maps.placeInstances', { id: summary.id, placements: [{ tile: 0, vectorTile: 'sq-clear-1' }] });
    expect(placed.instances).toEqual([{ tile: 0, vectorTile: 'sq-clear-1', placement: 0 }]);
    expect(mapFromJson((await call<MapPayload>('maps.load', { id: summary.id })).map).instances!.get(0)).toEqual({ tile: 'sq-clear-1', code: 0 });
  });
});

describe('maps.assemble', () => {
  it('fills a map with fitting tiles of the app library and stores it as one undo step', { timeout: 60_000 }, async () => {
    const id = await squareMap('5x4');
    const r = await call<Results['maps.assemble']>('maps.assemble', { id, seed: 3, connected: ['road'] });
    if (!r.ok) throw new Error(r.message);
    expect(r.tiles).toBe(20);
    expect(r.edit.instances).toHaveLength(20);
    const payload = await call<MapPayload>('maps.load', { id });
    const map = mapFromJson(payload.map);
    expect(map.instances!.placedCount()).toBe(20);
    // The view draws the tiles themselves (issue 13): the payload carries every tile the instances name.
    expect(new Set((payload.vectorTiles ?? []).map((t) => (t as { id: string }).id))).toEqual(new Set(map.instances!.tileIds));
    expect((await call<MapPayload>('maps.load', { id: await squareMap('2x2') })).vectorTiles).toBeUndefined();
    // The ground (the map was filled with clear) shows where tiles draw no area: movement works on the result.
    expect(map.layers.terrain.every((v) => v !== 0)).toBe(true);
    const path = await call('analysis.path', { id, mode: 'foot', from: 0, to: 19 });
    expect(path.cost).not.toBeNull();
    const tiles = map.instances!.tileIds.map((t) => kit.services.library().library.vector.tile(t)!);
    const catalogue = parseCatalogue(structuredClone(catalogueJson), 'default.json');
    expect(checkAssembly(map, map.instances!, tiles, { match: matchOptionsFrom(catalogue), connectivity: { terrains: ['road'] } })).toEqual([]);
    // The same request on a copy gives the same tiles; undo takes the whole assembly back.
    const again = await squareMap('5x4');
    await call('maps.assemble', { id: again, seed: 3, connected: ['road'] });
    expect(mapFromJson((await call<MapPayload>('maps.load', { id: again })).map).instances!.toJSON().cells).toEqual(map.instances!.toJSON().cells);
    await call('maps.undo', { id });
    expect(mapFromJson((await call<MapPayload>('maps.load', { id })).map).instances!.placedCount()).toBe(0);
  });

  it('assembles networks that read as a map (issue 25): no dead ends, no loops', { timeout: 60_000 }, async () => {
    const id = await squareMap('14x14');
    const r = await call<Results['maps.assemble']>('maps.assemble', { id, seed: 1 });
    if (!r.ok) throw new Error(r.message);
    const map = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    const tiles = map.instances!.tileIds.map((t) => kit.services.library().library.vector.tile(t)!);
    const shape = networkShape(map.grid, map.instances!, tiles, networkRolesOf(parseCatalogue(structuredClone(catalogueJson), 'default.json')));
    expect(shape.lines.length).toBeGreaterThan(0);
    expect(shape.totals).toMatchObject({ deadEnds: 0, loops: 0 });
  });

  it('keeps placed tiles, fills only the tiles asked, and answers an unsatisfiable request without changing the map', { timeout: 60_000 }, async () => {
    const id = await squareMap('5x5');
    await call('maps.placeInstances', { id, placements: [{ tile: 0, vectorTile: 'sq-road-bend-1' }] });
    const region = await call<Results['maps.assemble']>('maps.assemble', { id, tiles: [1, 5, 6], seed: 1 });
    expect(region).toMatchObject({ ok: true, tiles: 3 });
    const map = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(map.instances!.get(0)!.tile).toBe('sq-road-bend-1');
    expect(map.instances!.placedCount()).toBe(4);

    // A straight river boxed in by plain tiles cannot be continued.
    const boxed = await squareMap('5x5');
    await call('maps.placeInstances', { id: boxed, placements: [{ tile: 12, vectorTile: 'sq-river-straight-1' }, ...[7, 11, 13, 17].map((tile) => ({ tile, vectorTile: 'sq-clear-1' }))] });
    const no = await call<Results['maps.assemble']>('maps.assemble', { id: boxed, seed: 1 });
    expect(no).toMatchObject({ ok: false, reason: 'unsatisfiable', region: expect.arrayContaining([12]) });
    expect(mapFromJson((await call<MapPayload>('maps.load', { id: boxed })).map).instances!.placedCount()).toBe(5);
    await expect(call('maps.assemble', { id: boxed, tiles: [25] })).rejects.toThrow('maps.assemble: $.tiles: tile index 25 is outside the map (0…24)');
  });

  it('assembles an AL-FORM map across its river as one undo step, keeping the river; undo and redo bring both back', { timeout: 120_000 }, async () => {
    // A classic 6×5 AL-FORM map (11×9) with a river of the starter tiles on its linear tiles, imported as map JSON.
    const start = TerrainMap.create({ size: { kind: 'square', width: 11, height: 9 }, alform: true, palette: ['clear'], meta: { name: 'River' } });
    start.layers.terrain.fill(1);
    const rivers = featureTiles(kit.services.library().library.vector.tiles(['square']), 'river');
    const linear = new LinearLayer(start.grid);
    placeLinearFeature(linear, riverWalk(start.grid, 6, 12), rivers, undefined, matchOptionsFrom(parseCatalogue(structuredClone(catalogueJson), 'default.json')));
    start.setLinear(linear);
    const { map: imported } = await call<{ map: MapPayload }>('maps.import', { fileName: 'river.json', text: mapToJsonText(start) });
    const id = imported.summary.id;
    const r = await call<Results['maps.assemble']>('maps.assemble', { id, seed: 6 });
    if (!r.ok) throw new Error(r.message);
    const after = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    const areaCount = after.instances!.placedCount();
    expect(r.tiles).toBe(areaCount);
    expect(areaCount).toBe(6 * 5);
    // The river is kept; rerouting may only add empty blocking tiles.
    for (let c = 0; c < after.tileCount; c++) if (linear.classOf(c) !== 0) expect(after.linear!.get(c)).toEqual(linear.get(c));
    const added = [...after.linear!.linearClass.keys()].filter((c) => after.linear!.isBlocking(c) && !linear.isBlocking(c));
    for (const c of added) expect(after.linear!.get(c)).toBeNull();
    // Undo takes back the area instances and the added blocking tiles together; redo brings both.
    const undone = await call<EditResult>('maps.undo', { id });
    expect(undone.canRedo).toBe(true);
    const back = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(back.instances?.placedCount() ?? 0).toBe(0);
    expect(back.linear!.toJSON()).toEqual(linear.toJSON());
    await call('maps.redo', { id });
    const again = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(again.linear!.toJSON()).toEqual(after.linear!.toJSON());
    expect(again.instances!.toJSON()).toEqual(after.instances!.toJSON());
    expect(again.layers.terrain).toEqual(after.layers.terrain);
  });

  it('realizes a painted AL-FORM map (issue 25): the painted river laid on its linear tiles, the area tiles honouring the painting, one undo step', { timeout: 120_000 }, async () => {
    // Painted only: clear everywhere, a river walk on the linear tiles; nothing laid or placed.
    const start = TerrainMap.create({ size: { kind: 'square', width: 11, height: 9 }, alform: true, palette: ['clear', 'river'], meta: { name: 'Painted' } });
    start.layers.terrain.fill(1);
    const walk = riverWalk(start.grid, 6, 12);
    for (const c of walk) start.setTerrain(c, 'river');
    const { map: imported } = await call<{ map: MapPayload }>('maps.import', { fileName: 'painted.json', text: mapToJsonText(start) });
    const id = imported.summary.id;
    const r = await call<Results['maps.assemble']>('maps.assemble', { id, seed: 6 });
    if (!r.ok) throw new Error(r.message);
    expect(r.edit.reload).toBe(true);
    const after = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(after.instances!.placedCount()).toBe(6 * 5);
    // Every painted river tile holds a blocking river tile of the library; the painting is unchanged.
    const rivers = new Set(featureTiles(kit.services.library().library.vector.tiles(['square']), 'river').map((t) => t.id));
    for (const c of walk) {
      expect(after.linear!.isBlocking(c)).toBe(true);
      expect(rivers.has(after.linear!.get(c)!.tile)).toBe(true);
      expect(after.terrainAt(c)).toBe('river');
    }
    // One undo takes back the area tiles and the laid river together.
    await call('maps.undo', { id });
    const back = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(back.instances?.placedCount() ?? 0).toBe(0);
    for (const c of walk) expect(back.linear?.get(c) ?? null).toBeNull();
    await call('maps.redo', { id });
    expect(mapFromJson((await call<MapPayload>('maps.load', { id })).map).linear!.toJSON()).toEqual(after.linear!.toJSON());
  });

  it('answers an unsatisfiable AL-FORM request without changing the map, and refuses linear tiles in $.tiles', { timeout: 60_000 }, async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Al', kind: 'square', size: '5x5', alform: true, fill: 'clear' });
    const id = summary.id;
    // A river area tile (centre, 12) boxed in by plain area tiles across the linear tiles cannot be continued.
    await call('maps.placeInstances', { id, placements: [{ tile: 12, vectorTile: 'sq-river-straight-1' }, ...[2, 10, 14, 22].map((tile) => ({ tile, vectorTile: 'sq-clear-1' }))] });
    const no = await call<Results['maps.assemble']>('maps.assemble', { id, seed: 1 });
    expect(no).toMatchObject({ ok: false, reason: 'unsatisfiable' });
    const map = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(map.instances!.placedCount()).toBe(5);
    expect(map.linear).toBeNull();
    await expect(call('maps.assemble', { id, tiles: [6] })).rejects.toThrow('maps.assemble: $.tiles: region cell 6 is a linear tile; AL-FORM assembly fills area tiles');
  });

  it('journals the empty blocking tiles rerouting adds in the same undo step as the instances', { timeout: 120_000 }, async () => {
    // A ring of river round the centre area tile of a classic 5×5 AL-FORM map (9×9), a river source outside it running into
    // the ring: the ring's outer bank is closed, so rerouting step 4 opens it to the map edge with empty blocking tiles.
    const start = TerrainMap.create({ size: { kind: 'square', width: 9, height: 9 }, alform: true, palette: ['clear'], meta: { name: 'Ring' } });
    start.layers.terrain.fill(1);
    const match = matchOptionsFrom(parseCatalogue(structuredClone(catalogueJson), 'default.json'));
    const rivers = featureTiles(kit.services.library().library.vector.tiles(['square']), 'river');
    const linear = new LinearLayer(start.grid);
    const ring = [[3, 3], [4, 3], [5, 3], [5, 4], [5, 5], [4, 5], [3, 5], [3, 4]].map((c) => start.grid.index(c));
    placeLinearFeature(linear, ring, rivers, undefined, match);
    start.setLinear(linear);
    const { map: imported } = await call<{ map: MapPayload }>('maps.import', { fileName: 'ring.json', text: mapToJsonText(start) });
    const id = imported.summary.id;
    await call('maps.placeInstances', { id, placements: [{ tile: start.grid.index([4, 2]), vectorTile: 'sq-river-source-1' }] });
    const r = await call<Results['maps.assemble']>('maps.assemble', { id, seed: 2 });
    if (!r.ok) throw new Error(r.message);
    expect(r.edit.reload).toBe(true);
    const after = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    const added = [...after.linear!.linearClass.keys()].filter((c) => after.linear!.isBlocking(c) && !linear.isBlocking(c));
    expect(added.length).toBeGreaterThan(0);
    for (const c of added) expect(after.linear!.get(c)).toBeNull();
    // One undo takes back the instances and the added blocking tiles; redo brings both.
    await call('maps.undo', { id });
    const back = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(back.linear!.toJSON()).toEqual(linear.toJSON());
    expect(back.instances!.placedCount()).toBe(1);
    const redone = await call<EditResult>('maps.redo', { id });
    expect(redone.reload).toBe(true);
    const again = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(again.linear!.toJSON()).toEqual(after.linear!.toJSON());
    expect(again.instances!.toJSON()).toEqual(after.instances!.toJSON());
  });
});
