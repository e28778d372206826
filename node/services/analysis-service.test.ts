/**
 * The analysis service through AppServices.call: answers exactly as core/movement and
 * core/sight do on the same map, and sees every edit.
 */
import { describe, expect, it } from 'vitest';
import type { MapPayload } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { classifyTile, TileClass } from '../../core/alform/classify.js';
import { buildMovementGraph } from '../../core/movement/graph.js';
import { PathFinder } from '../../core/movement/path-finder.js';
import { movementTablesFor } from '../../core/movement/tables.js';
import { fieldOfVision, lineOfSight } from '../../core/sight/line-of-sight.js';
import { sightTablesFor } from '../../core/sight/tables.js';
import { rasterizeTerrainMap } from '../../core/raster/terrain-raster.js';
import { rayCastFieldOfVision } from '../../core/raster/map-sight.js';
import { tileOfClass, useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-analysis-');
const { call } = kit;

describe('analysis', () => {
  it('answers path, reach, line of sight and field of vision exactly as the core does', async () => {
    const { summary, map: json } = await call<MapPayload>('maps.create', { name: 'Field', kind: 'hex-rectangle', size: '15x11', alform: true, fill: 'clear' });
    const id = summary.id;
    let map = mapFromJson(json);
    // A river across the middle, one ford, a wood on the far bank.
    const river: number[] = [];
    for (let i = 0; i < map.tileCount; i++) {
      const [x] = map.grid.coord(i) as [number, number];
      if (x === 7 && classifyTile(map.grid, i) !== TileClass.AREA) river.push(i);
    }
    await call('maps.paint', { id, tiles: river, terrain: 'river' });
    await call('maps.paint', { id, tiles: [tileOfClass(map, true, Math.floor(map.tileCount / 2) + 3)], terrain: 'forest' });
    map = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    const from = map.grid.index([0, 0]);
    const to = tileOfClass(map, true, map.tileCount - 20);

    const finder = new PathFinder(buildMovementGraph(map, movementTablesFor(kit.services.catalogue, map, 'foot')));
    const expected = finder.findPath(from, to)!;
    const path = await call('analysis.path', { id, mode: 'foot', from, to });
    expect(path).toEqual({ cost: expected.cost, tiles: Array.from(expected.tiles) });
    expect(path.tiles.some((t: number) => river.includes(t))).toBe(false);

    const reach = await call('analysis.reach', { id, mode: 'foot', from, budget: 6 });
    const tiles = finder.reach(from, 6);
    expect(reach.tiles).toEqual(Array.from(tiles));
    expect(reach.costs).toEqual(Array.from(tiles, (t) => finder.costOf(t)));

    const tables = sightTablesFor(kit.services.catalogue, map);
    const los = await call('analysis.los', { id, from, to, observerHeight: 3 });
    const core = lineOfSight(map, tables, from, to, { observerHeight: 3 });
    expect(los).toEqual({ visible: core.visible, blockedAt: core.blockedAt });
    const fov = await call('analysis.fov', { id, from, radius: 6 });
    expect(fov.tiles).toEqual(Array.from(fieldOfVision(map, tables, from, 6)));

    // A boat cannot stand on clear ground: a reason instead of a path.
    expect(await call('analysis.path', { id, mode: 'boat', from, to })).toMatchObject({ cost: null, tiles: [], reason: expect.stringMatching(/boat unit cannot stand on the start/) });
    await expect(call('analysis.path', { id, mode: 'hover', from, to })).rejects.toThrow(/unknown movement mode "hover"; expected one of foot/);
    await expect(call('analysis.reach', { id, mode: 'foot', from: map.tileCount, budget: 1 })).rejects.toThrow(`from: tile index ${map.tileCount} is outside the map`);
  });

  it('sees an edit in the next analysis (cached graphs are dropped on edit)', async () => {
    const { summary, map: json } = await call<MapPayload>('maps.create', { name: 'Wall', kind: 'square', size: '5x5', alform: true, fill: 'clear' });
    const map = mapFromJson(json);
    const id = summary.id;
    const from = map.grid.index([0, 2]);
    const to = map.grid.index([4, 2]);
    const open = await call('analysis.path', { id, mode: 'wheeled', from, to });
    expect(open.cost).not.toBeNull();
    // Cliffs on every linear tile of column 3 cut the map in two for wheels.
    const column = [0, 1, 2, 3, 4].map((y) => map.grid.index([3, y]));
    await call('maps.paint', { id, tiles: column, terrain: 'cliff' });
    const cut = await call('analysis.path', { id, mode: 'wheeled', from, to });
    expect(cut).toMatchObject({ cost: null, reason: expect.stringMatching(/cut off/) });
  });

  it('a road drawn through the services carries the path (at its rate, over a bridged river for wheels), and undo takes it back', async () => {
    // Square AL-FORM 17x9: area tiles at even (x, y); a river down the linear column x = 7.
    const { summary, map: json } = await call<MapPayload>('maps.create', { name: 'Road', kind: 'square', size: '17x9', alform: true, fill: 'forest' });
    const map = mapFromJson(json);
    const id = summary.id;
    await call('maps.paint', { id, tiles: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((y) => map.grid.index([7, y])), terrain: 'river' });
    const row = [0, 2, 4, 6, 8, 10, 12, 14, 16].map((x) => map.grid.index([x, 4]));
    const [from, to] = [row[0]!, row[row.length - 1]!];
    expect(await call('analysis.path', { id, mode: 'wheeled', from, to })).toMatchObject({ cost: null });
    await call('maps.drawNetwork', { id, tiles: row, terrain: 'road' });
    // Eight hops of two spacings at the road's 0.5, one of them half on the river-bridge (0.5 for wheels).
    const path = await call('analysis.path', { id, mode: 'wheeled', from, to });
    expect(path).toEqual({ cost: 8, tiles: row });
    await call('maps.undo', { id });
    expect(await call('analysis.path', { id, mode: 'wheeled', from, to })).toMatchObject({ cost: null });
  });

  it('ray-cast line of sight and field of vision on the map raster, as core/raster answers them, and fresh after an edit', async () => {
    const { summary, map: json } = await call<MapPayload>('maps.create', { name: 'Hedge', kind: 'square', size: '9x9', alform: true, fill: 'clear' });
    const id = summary.id;
    let map = mapFromJson(json);
    const from = map.grid.index([0, 4]);
    const to = map.grid.index([8, 4]);
    expect(await call('analysis.los', { id, from, to, rayCast: true })).toEqual({ visible: true, blockedAt: -1 });
    // A wall down column 5 (its edge and vertex tiles), eyes below its top.
    await call('maps.paint', { id, tiles: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((y) => map.grid.index([5, y])), terrain: 'wall' });
    map = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    const eyes = { observerHeight: 1.5, targetHeight: 1.5 };
    const blocked = await call('analysis.los', { id, from, to, ...eyes, rayCast: true });
    expect(blocked.visible).toBe(false);
    expect(map.grid.coord(blocked.blockedAt)[0]).toBe(5);
    expect(lineOfSight(map, sightTablesFor(kit.services.catalogue, map), from, to, eyes).visible).toBe(false);
    const raster = rasterizeTerrainMap(map, sightTablesFor(kit.services.catalogue, map), { width: 9 * 8 });
    const fov = await call('analysis.fov', { id, from, radius: 8, observerHeight: 1.5, rayCast: true });
    expect(fov.tiles).toEqual(Array.from(rayCastFieldOfVision(raster, map.grid, from, 8, { observerHeight: 1.5 })));
    expect(fov.tiles).toContain(map.grid.index([4, 4]));
    expect(fov.tiles).not.toContain(map.grid.index([8, 4]));
    const globe = await call<MapPayload>('maps.create', { name: 'Globe', kind: 'icosahedron', size: '3', alform: true, fill: 'clear' });
    await expect(call('analysis.los', { id: globe.summary.id, from: 0, to: 5, rayCast: true })).rejects.toThrow(/ray-cast sight needs a flat map/);
  });
});
