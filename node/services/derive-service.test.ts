/**
 * The derivation service (maps.derive, maps.lineage) end to end through AppServices.call
 * (as IPC and browser mode send them), on temporary projects and a temporary app library: a derivation runs as a job
 * with progress, is answered from the cache while nothing changed, turns stale when the
 * parent's ground or a substitute changes, derives again into the same map as one undo step,
 * and chains down the scales for the breadcrumb.
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AppEvent, EditResult, Lineage, MapPayload, ProjectInfo, Results } from '../../contract/contract.js';
import { USER_LIBRARY_FILE } from './user-library.js';
import { useServicesKit } from './services.testkit.js';
import { mapFromJson, mapToJsonText } from '../../core/map/map-json.js';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { openProject } from '../store/index.js';
import { repaintForestSubstituteAsMarsh } from '../store/store.testkit.js';
import { deriveTactical } from '../../core/derive/derive.js';
import { loadDefaultCatalogue } from '../../core/terrain/catalogue.testkit.js';

const kit = useServicesKit('sandtable-derive-');
const { call } = kit;
type Derived = Results['maps.derive'];

/** A 9×9 AL-FORM square map of clear ground with a forest area tile at (4,4) and (6,4). */
async function strategic(): Promise<{ id: string; map: TerrainMap; at: (x: number, y: number) => number }> {
  const created = await call<MapPayload>('maps.create', { name: 'Ardennes', kind: 'square', size: '9x9', alform: true, fill: 'clear' });
  const map = mapFromJson(created.map);
  const at = (x: number, y: number) => map.grid.index([x, y]);
  await call<EditResult>('maps.paint', { id: created.summary.id, tiles: [at(4, 4), at(6, 4)], terrain: 'forest' });
  return { id: created.summary.id, map, at };
}

const terrainOf = (payload: MapPayload) => {
  const m = mapFromJson(payload.map);
  return Array.from(m.layers.terrain, (v) => m.palette[v - 1] ?? '');
};

describe('maps.derive', () => {
  it('derives in a job, then answers from the cache while nothing changed', async () => {
    const { id, at } = await strategic();
    const first = await call<Derived>('maps.derive', { id, tiles: [at(4, 4), at(6, 4)] });
    expect(first.cached).toBe(false);
    expect(first.jobId).not.toBe('');
    expect(first.map.summary).toMatchObject({ name: 'Ardennes · tactical 1:10 at 4,4', kind: 'square', alform: true, derived: { parent: id, ratio: 10, seed: 0, stale: false } });
    const progress = kit.events.filter((e): e is AppEvent & { type: 'job.progress' } => e.type === 'job.progress' && e.jobId === first.jobId);
    expect(progress.map((e) => e.label)).toContain('Deriving tactical map');
    // Progress per stage, in order, each counted within itself.
    const stages = progress.map((e) => e.stage).filter((st, k, all) => st !== all[k - 1]);
    expect(stages).toEqual(['placing substitutes', 'routing linear features', 'blending', 'storing']);
    for (const e of progress) expect(e.done).toBeLessThanOrEqual(e.total);
    expect(kit.events).toContainEqual({ type: 'job.done', jobId: first.jobId });
    // The map is what the core derives from the same ground (the library holds the default substitutes at seed 0).
    const parent = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    const expected = deriveTactical(parent, { catalogue: loadDefaultCatalogue(), tiles: [at(4, 4), at(6, 4)] });
    const got = mapFromJson(first.map.map);
    expect(got.spec.size).toEqual(expected.spec.size);
    expect(Array.from(got.layers.terrain, (v) => got.palette[v - 1] ?? '')).toEqual(Array.from(expected.layers.terrain, (v) => expected.palette[v - 1] ?? ''));
    expect(got.meta.derived).toMatchObject({ parent: id, selection: [at(4, 4), at(6, 4)], ratio: 10, seed: 0, lattice: 'square' });
    expect(existsSync(join(kit.dir, 'user', USER_LIBRARY_FILE))).toBe(true);

    const jobsBefore = kit.events.filter((e) => e.type === 'job.done').length;
    // The other tiles are a set: the same selection in another order is the same derivation.
    const again = await call<Derived>('maps.derive', { id, tiles: [at(4, 4), at(6, 4)], ratio: 10, seed: 0 });
    expect(again).toMatchObject({ jobId: '', cached: true });
    expect(again.map.summary.id).toBe(first.map.summary.id);
    expect(kit.events.filter((e) => e.type === 'job.done').length).toBe(jobsBefore);
    // Another seed is another map.
    const seeded = await call<Derived>('maps.derive', { id, tiles: [at(4, 4), at(6, 4)], seed: 7 });
    expect(seeded.cached).toBe(false);
    expect(seeded.map.summary.id).not.toBe(first.map.summary.id);
    expect((await call<ProjectInfo>('project.info')).maps.map((m) => m.name)).toEqual(['Ardennes', 'Ardennes · tactical 1:10 at 4,4', 'Ardennes · tactical 1:10 at 4,4']);
  });

  it('is stale after a parent edit; deriving again rewrites the same map as one undo step', async () => {
    const { id, at } = await strategic();
    const first = await call<Derived>('maps.derive', { id, tiles: [at(4, 4)] });
    const child = first.map.summary.id;
    const before = terrainOf(first.map);
    // The forest tile's ground, or the forest edge its transition band lays over a small window.
    expect(before.some((t) => t === 'forest' || t === 'forest-edge')).toBe(true);

    await call<EditResult>('maps.paint', { id, tiles: [at(4, 4)], terrain: 'marsh' });
    expect((await call<Lineage>('maps.lineage', { id })).children).toEqual([{ id: child, name: first.map.summary.name, tiles: [at(4, 4)], stale: true }]);
    expect((await call<ProjectInfo>('project.info')).maps.find((m) => m.id === child)!.derived).toEqual({ parent: id, ratio: 10, seed: 0, stale: true });

    const second = await call<Derived>('maps.derive', { id, tiles: [at(4, 4)] });
    expect(second).toMatchObject({ cached: false, map: { summary: { id: child, derived: { stale: false } } } });
    const after = terrainOf(second.map);
    expect(after.some((t) => t === 'marsh' || t === 'marsh-edge')).toBe(true);
    expect(after).not.toEqual(before);
    expect((await call<ProjectInfo>('project.info')).maps).toHaveLength(2);

    // Undo on the derived map brings the old content back — and with it, staleness.
    const undone = await call<EditResult>('maps.undo', { id: child });
    expect(undone.canRedo).toBe(true);
    expect(terrainOf(await call<MapPayload>('maps.load', { id: child }))).toEqual(before);
    expect((await call<Lineage>('maps.lineage', { id })).children[0]!.stale).toBe(true);
    await call<EditResult>('maps.redo', { id: child });
    expect(terrainOf(await call<MapPayload>('maps.load', { id: child }))).toEqual(after);
    expect((await call<Lineage>('maps.lineage', { id })).children[0]!.stale).toBe(false);

    // Undoing the parent's edit makes the child stale again; deriving again restores the first content.
    await call<EditResult>('maps.undo', { id });
    expect((await call<Lineage>('maps.lineage', { id })).children[0]!.stale).toBe(true);
    const third = await call<Derived>('maps.derive', { id, tiles: [at(4, 4)] });
    expect(terrainOf(third.map)).toEqual(before);
  });

  it('carries the parent\'s road, goes stale when it changes, and derives the new road again as one undo step', async () => {
    const { id, at } = await strategic();
    const road = [at(0, 4), at(2, 4), at(4, 4), at(6, 4), at(8, 4)];
    await call<EditResult>('maps.drawNetwork', { id, tiles: road, terrain: 'road' });
    const roadTiles = (payload: MapPayload) => {
      const m = mapFromJson(payload.map);
      const kind = m.palette.indexOf('road') + 1;
      return (m.networks?.tiles() ?? []).filter((t) => m.networks!.at(t).some((c) => c >> 10 === kind));
    };
    const first = await call<Derived>('maps.derive', { id, tiles: [at(4, 4), at(6, 4)] });
    const child = first.map.summary.id;
    const before = roadTiles(first.map);
    expect(before.length).toBeGreaterThan(10);
    expect(roadTiles(await call<MapPayload>('maps.load', { id: child }))).toEqual(before);

    // The road now turns off north at (4,4): the child is stale, and deriving again lays the new road.
    await call<EditResult>('maps.eraseNetwork', { id, tiles: [at(4, 4), at(6, 4), at(8, 4)], terrain: 'road' });
    await call<EditResult>('maps.drawNetwork', { id, tiles: [at(4, 4), at(4, 6), at(4, 8)], terrain: 'road' });
    expect((await call<Lineage>('maps.lineage', { id })).children[0]!.stale).toBe(true);
    const second = await call<Derived>('maps.derive', { id, tiles: [at(4, 4), at(6, 4)] });
    expect(second.map.summary.id).toBe(child);
    const after = roadTiles(second.map);
    expect(after).not.toEqual(before);
    expect(roadTiles(await call<MapPayload>('maps.load', { id: child }))).toEqual(after);
    await call<EditResult>('maps.undo', { id: child });
    expect(roadTiles(await call<MapPayload>('maps.load', { id: child }))).toEqual(before);
  });

  it('is stale after a substitute changes in the library', async () => {
    const { id, at } = await strategic();
    const first = await call<Derived>('maps.derive', { id, tiles: [at(4, 4)] });
    const { library } = kit.services.library();
    repaintForestSubstituteAsMarsh(library);
    expect((await call<Lineage>('maps.lineage', { id })).children[0]!.stale).toBe(true);
    const second = await call<Derived>('maps.derive', { id, tiles: [at(4, 4)] });
    expect(second.cached).toBe(false);
    expect(second.map.summary.id).toBe(first.map.summary.id);
    expect(terrainOf(second.map).filter((t) => t === 'marsh').length).toBeGreaterThan(terrainOf(first.map).filter((t) => t === 'marsh').length);
    expect((await call<Derived>('maps.derive', { id, tiles: [at(4, 4)] })).cached).toBe(true);
  });

  it('goes stale only for the ground under its selection and margin, and the substitutes it used', async () => {
    // A 41×41 AL-FORM map: the child of (20,20) at 1:10 reads 9 large steps around it (core/derive/dependency.ts).
    const created = await call<MapPayload>('maps.create', { name: 'Wide', kind: 'square', size: '41x41', alform: true, fill: 'clear' });
    const id = created.summary.id;
    const map = mapFromJson(created.map);
    const at = (x: number, y: number) => map.grid.index([x, y]);
    await call<EditResult>('maps.paint', { id, tiles: [at(20, 20)], terrain: 'forest' });
    const first = await call<Derived>('maps.derive', { id, tiles: [at(20, 20)] });
    const stale = async () => (await call<Lineage>('maps.lineage', { id })).children[0]!.stale;
    expect(await stale()).toBe(false);

    // Far away — and a terrain new to the parent's palette: still fresh, still answered from the cache.
    await call<EditResult>('maps.paint', { id, tiles: [at(0, 0), at(40, 40), at(2, 38)], terrain: 'village' });
    expect(await stale()).toBe(false);
    expect((await call<ProjectInfo>('project.info')).maps.find((m) => m.id === first.map.summary.id)!.derived!.stale).toBe(false);
    expect((await call<Derived>('maps.derive', { id, tiles: [at(20, 20)] })).cached).toBe(true);

    // A substitute of a terrain the child's ground does not hold (marsh) changes: still fresh.
    const { library } = kit.services.library();
    const repaint = (terrain: string) => {
      const slot = library.substitutes.get('default', terrain, 'square', 10)!;
      const sub = library.maps.load(slot);
      const own = sub.terrainIndex(terrain);
      const other = sub.terrainIndex(terrain === 'forest' ? 'marsh' : 'forest');
      sub.layers.terrain.forEach((v, i) => {
        if (v === own) sub.layers.terrain[i] = other;
      });
      library.maps.put(sub, { id: slot });
    };
    repaint('marsh');
    expect(await stale()).toBe(false);
    // One it used (forest, under the selection): stale.
    repaint('forest');
    expect(await stale()).toBe(true);
    expect((await call<Derived>('maps.derive', { id, tiles: [at(20, 20)] })).cached).toBe(false);
    expect(await stale()).toBe(false);

    // Within the blend margin (a linear tile 7 large steps off, an area tile 8 off): stale.
    await call<EditResult>('maps.paint', { id, tiles: [at(27, 20)], terrain: 'road' });
    expect(await stale()).toBe(true);
    await call<EditResult>('maps.undo', { id });
    expect(await stale()).toBe(false);
    await call<EditResult>('maps.paint', { id, tiles: [at(20, 28)], terrain: 'lake' });
    expect(await stale()).toBe(true);
    await call<EditResult>('maps.undo', { id });
    // Under the selection: stale.
    await call<EditResult>('maps.paint', { id, tiles: [at(20, 20)], terrain: 'hills' });
    expect(await stale()).toBe(true);
  });

  it('chains down the scales: the breadcrumb runs from the root to the map', async () => {
    const { id, at } = await strategic();
    const child = (await call<Derived>('maps.derive', { id, tiles: [at(4, 4)] })).map;
    const childMap = mapFromJson(child.map);
    const centre = childMap.grid.index([4, 4]);
    const grandchild = (await call<Derived>('maps.derive', { id: child.summary.id, tiles: [centre] })).map;
    expect(grandchild.summary.derived).toMatchObject({ parent: child.summary.id, stale: false });
    const lineage = await call<Lineage>('maps.lineage', { id: grandchild.summary.id });
    expect(lineage).toEqual({
      chain: [
        { id, name: 'Ardennes' },
        { id: child.summary.id, name: child.summary.name },
        { id: grandchild.summary.id, name: grandchild.summary.name },
      ],
      children: [],
    });
    expect((await call<Lineage>('maps.lineage', { id })).chain).toEqual([{ id, name: 'Ardennes' }]);
    expect((await call<Lineage>('maps.lineage', { id: child.summary.id })).children.map((c) => c.id)).toEqual([grandchild.summary.id]);

    // Deleting the root keeps its child and drops the link.
    await call('maps.delete', { id });
    expect((await call<Lineage>('maps.lineage', { id: grandchild.summary.id })).chain.map((c) => c.id)).toEqual([child.summary.id, grandchild.summary.id]);
    expect((await call<ProjectInfo>('project.info')).maps.find((m) => m.id === child.summary.id)!.derived).toEqual({ parent: null, ratio: 10, seed: 0, stale: false });
  });

  it('refuses selections that are not on the map, twice-selected or linear tiles, and inadmissible ratios', async () => {
    const { id, at } = await strategic();
    await expect(call('maps.derive', { id, tiles: [100_000] })).rejects.toThrow('maps.derive: tiles[0]: tile 100000 is not on the map (it has tiles 0…80)');
    await expect(call('maps.derive', { id, tiles: [at(4, 4), at(4, 4)] })).rejects.toThrow('maps.derive: tiles[1]: tile 4,4 is selected twice');
    await expect(call('maps.derive', { id, tiles: [at(4, 4), at(5, 4)] })).rejects.toThrow('maps.derive: tiles[1]: tile 5,4 is a linear tile; select area tiles (the reference first)');
    await expect(call('maps.derive', { id, tiles: [at(4, 4)], ratio: 7 })).rejects.toThrow('maps.derive: square substitute ratio must be a positive multiple of 2 (2, 4, 6 …), got 7');
    await expect(call('maps.derive', { id: 'nope', tiles: [0] })).rejects.toThrow('maps.derive: no map with id "nope" in this project');
    await expect(call('maps.derive', { id, tiles: [] })).rejects.toThrow('maps.derive: $.tiles: expected an array of at most 10000');
    await expect(call('maps.lineage', { id: 'nope' })).rejects.toThrow('maps.lineage: argument: mapId: no map with id "nope" in this project');
    // Disconnected: the core's selection rule refuses it before any job starts, naming the tile.
    await expect(call('maps.derive', { id, tiles: [at(0, 0), at(8, 8)] })).rejects.toThrow('maps.derive: tiles[1]: the selection must be connected: tile 8,8 does not adjoin the others');
    expect((await call<ProjectInfo>('project.info')).maps).toHaveLength(1);
  });

  it('tells the renderer to load the map again when undo changes its elevation', async () => {
    const parent = TerrainMap.create({ size: { kind: 'square', width: 9, height: 9 }, alform: true, elevation: true, palette: ['clear'], meta: { name: 'Hills' } });
    parent.layers.terrain.fill(1);
    parent.layers.elevation!.fill(100);
    const imported = await call<{ map: MapPayload }>('maps.import', { fileName: 'hills.json', text: mapToJsonText(parent) });
    const id = imported.map.summary.id;
    const at = parent.grid.index([4, 4]);
    const first = await call<Derived>('maps.derive', { id, tiles: [at] });
    expect(mapFromJson(first.map.map).layers.elevation!.every((v) => v === 100)).toBe(true);
    const path = join(kit.dir, 'hills.sandtable');
    kit.services.grantPath(path); // as a Save dialog would
    await call('project.save', { path });
    await kit.services.shutdown();
    // Another program raises the hill (the app has no elevation tool yet).
    const p = openProject(path);
    p.edit(id, [{ layer: 'elevation', index: at, before: 100, after: 250 }]);
    p.close();
    kit.make();
    await call('project.open', { path });
    expect((await call<Lineage>('maps.lineage', { id })).children[0]!.stale).toBe(true);
    const second = await call<Derived>('maps.derive', { id, tiles: [at] });
    expect(mapFromJson(second.map.map).layers.elevation!.some((v) => v === 250)).toBe(true);
    const undone = await call<EditResult>('maps.undo', { id: first.map.summary.id });
    expect(undone.reload).toBe(true);
    expect(mapFromJson((await call<MapPayload>('maps.load', { id: first.map.summary.id })).map).layers.elevation!.every((v) => v === 100)).toBe(true);
  });

  it('cancels a derivation: nothing is stored', async () => {
    await kit.services.shutdown();
    kit.make({ jobStepDelayMs: 400 });
    const { id, at } = await strategic();
    const running = call('maps.derive', { id, tiles: [at(4, 4)] });
    running.catch(() => undefined);
    const first = await new Promise<AppEvent & { type: 'job.progress' }>((resolve) => {
      const off = kit.services.onEvent((e) => {
        if (e.type === 'job.progress' && e.label === 'Deriving tactical map') {
          off();
          resolve(e);
        }
      });
    });
    expect(await call('jobs.cancel', { jobId: first.jobId })).toEqual({ cancelled: true });
    await expect(running).rejects.toThrow(`maps.derive: job ${first.jobId} was cancelled; nothing was written`);
    expect((await call<ProjectInfo>('project.info')).maps.map((m) => m.name)).toEqual(['Ardennes']);
    expect((await call<Lineage>('maps.lineage', { id })).children).toEqual([]);
  });
});
