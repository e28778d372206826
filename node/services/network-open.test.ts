/**
 * A project map from before through-tile networks, opened (network-open.ts): its roads along
 * hexsides become through-tile roads as ONE undoable edit with the notice the renderer shows;
 * undo brings the hexside roads back for good (not converted again, nor in the next
 * session); maps stored since networks are left alone; a read-only project is not written
 * and says why in one line.
 */
import { describe, expect, it } from 'vitest';
import type { EditResult, MapPayload } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { useServicesKit } from './services.testkit.js';
import { CONVERT_NETWORKS_LABEL } from './network-open.js';
import { openDatabase } from '../store/sqlite.js';
import { PROJECT_MIGRATIONS } from '../store/project-schema.js';

const kit = useServicesKit('sandtable-network-open-');
const { call } = kit;

/** Road values on the map's tile edges. */
const edgeRoads = (map: TerrainMap) => Array.from(map.layers.edges!).filter((v) => v > 0 && map.terrainOf(v) === 'road').length;

/**
 * A classic hex map with a road painted along four hexsides of a hex, as maps were before
 * networks, in a saved project whose file lists it as stored before networks (what project
 * migration 8 writes for every map an older file held).
 */
async function oldRoadMap(): Promise<{ id: string; path: string }> {
  const created = await call<MapPayload>('maps.create', { name: 'Old roads', kind: 'hex-rectangle', size: '10x8', alform: false, fill: 'clear' });
  const id = created.summary.id;
  const map = mapFromJson(created.map);
  const hex = map.grid.index([4, 4]);
  // Hexsides of one hex, one after another round it: a run of linear road.
  for (const dir of [0, 1, 2, 3]) await call('maps.paintEdge', { id, tile: hex, dir, terrain: 'road' });
  const { path } = await call<{ path: string }>('project.save', { path: 'old' });
  const db = openDatabase(path, 'project', PROJECT_MIGRATIONS);
  db.prepare('INSERT INTO maps_before_networks (map_id) VALUES (?)').run(id);
  db.close();
  return { id, path };
}

describe('opening a map with roads along tile edges', () => {
  it('converts them to through-tile roads in one undo step, says so, and does not convert again after undo', async () => {
    const { id, path } = await oldRoadMap();
    const opened = await call<MapPayload>('maps.load', { id });
    expect(opened.notice).toMatch(/^Converted road to through-tile networks \(centre to centre\): 4 tile edges became \d+ links?\. Undo takes it back\.$/);
    expect(opened.history.canUndo).toBe(true);
    const map = mapFromJson(opened.map);
    expect(edgeRoads(map)).toBe(0);
    expect(map.networks!.size).toBeGreaterThan(1);
    const undone = await call<EditResult>('maps.undo', { id });
    expect(undone.label).toBe(CONVERT_NETWORKS_LABEL);
    expect(undone.networks!.every((n) => n.codes.length === 0)).toBe(true);
    // Converted once: the roads undo brought back stay, this session and the next.
    const again = await call<MapPayload>('maps.load', { id });
    expect(again.notice).toBeUndefined();
    const first = kit.services;
    kit.make();
    await first.shutdown();
    await call('project.open', { path });
    expect((await call<MapPayload>('maps.load', { id })).notice).toBeUndefined();
    const back = mapFromJson(again.map);
    expect(edgeRoads(back)).toBe(4);
    expect(back.networks).toBeNull();
  });

  it('leaves a map stored since networks as it is, hexside roads and all: no notice, no step', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'New', kind: 'hex-rectangle', size: '10x8', alform: false, fill: 'clear' });
    await call('maps.paintEdge', { id: created.summary.id, tile: 12, dir: 1, terrain: 'road' });
    const opened = await call<MapPayload>('maps.load', { id: created.summary.id });
    expect(opened.notice).toBeUndefined();
    expect(edgeRoads(mapFromJson(opened.map))).toBe(1);
    await call('maps.undo', { id: created.summary.id }); // the road: the only step
    expect((await call<MapPayload>('maps.load', { id: created.summary.id })).history.canUndo).toBe(false);
  });

  it('an old map without roads along edges opens as it is', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Plain', kind: 'hex-rectangle', size: '6x6', alform: false, fill: 'clear' });
    const { path } = await call<{ path: string }>('project.save', { path: 'plain' });
    const db = openDatabase(path, 'project', PROJECT_MIGRATIONS);
    db.prepare('INSERT INTO maps_before_networks (map_id) VALUES (?)').run(summary.id);
    db.close();
    const opened = await call<MapPayload>('maps.load', { id: summary.id });
    expect(opened.notice).toBeUndefined();
    expect(opened.history.canUndo).toBe(false);
  });

  it('in a read-only project leaves the map as it is and says why', async () => {
    const first = kit.services;
    const { id, path } = await oldRoadMap();
    const second = kit.make();
    await second.invoke('project.open', { path, access: 'read-only' });
    const opened = await second.invoke('maps.load', { id });
    expect(opened.notice).toBe('This map has road drawn along tile edges, as before through-tile networks; the project is read-only, so it was not converted (open it writable to convert).');
    expect(edgeRoads(mapFromJson(opened.map))).toBe(4);
    expect(opened.history.canUndo).toBe(true); // the four hexsides painted, nothing added
    await first.shutdown();
  });
});
