/**
 * AppServices end to end on temporary project files: every operation goes through `call`,
 * exactly as IPC and browser mode send it, and answers are checked against the store and
 * the core engine directly.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppEvent, EditResult, MapPayload, ProjectInfo, RecoveryEntry } from '../../electron/shared/contract.js';
import { AppServices } from './app-services.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { classifyTile, TileClass } from '../../core/alform/classify.js';
import { buildMovementGraph } from '../../core/movement/graph.js';
import { PathFinder } from '../../core/movement/path-finder.js';
import { movementTablesFor } from '../../core/movement/tables.js';
import { fieldOfVision, lineOfSight } from '../../core/sight/line-of-sight.js';
import { sightTablesFor } from '../../core/sight/tables.js';
import { openProject } from '../store/index.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';

const TILED = '/work/shared/external-data/tiled';
const HEX_MINI = join(TILED, 'hexagonal-mini.tmx');

let dir: string;
let services: AppServices;
let events: AppEvent[];

function make(options: Partial<ConstructorParameters<typeof AppServices>[0]> = {}): AppServices {
  const s = new AppServices({ mode: 'browser', version: '0.0.0-test', userDataDir: join(dir, 'user'), defaultProjectDir: join(dir, 'projects'), ...options });
  s.onEvent((e) => events.push(e));
  return s;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandtable-services-'));
  events = [];
  services = make();
});

afterEach(async () => {
  await services.shutdown();
  rmSync(dir, { recursive: true, force: true });
});

const call = <T = any>(name: string, args: unknown = {}) => services.call(name, args) as Promise<T>;

/** The first tile of the map whose class is (or is not) AREA, from a starting index. */
function tileOfClass(map: TerrainMap, area: boolean, from = 0): number {
  for (let i = from; i < map.tileCount; i++) if ((classifyTile(map.grid, i) === TileClass.AREA) === area) return i;
  throw new Error('no such tile');
}

describe('projects, paint, undo, save, open', () => {
  it('round-trips a painted AL-FORM hex map through save and open, undo history included', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'Ardennes', kind: 'hex-rectangle', size: '9x7', alform: true, fill: 'clear' });
    expect(created.summary).toMatchObject({ name: 'Ardennes', kind: 'hex-rectangle', size: '9x7', alform: true, tileCount: 63 });
    const id = created.summary.id;
    const map = mapFromJson(created.map);
    const area = map.grid.index([2, 2]);
    const linear = map.grid.index([1, 0]);
    expect(map.terrainAt(area)).toBe('clear');

    const forest = await call<EditResult>('maps.paint', { id, tiles: [area], terrain: 'forest' });
    expect(forest.changes).toEqual([{ layer: 'terrain', index: area, value: forest.palette.indexOf('forest') + 1 }]);
    expect(forest).toMatchObject({ canUndo: true, canRedo: false });
    const river = await call<EditResult>('maps.paint', { id, tiles: [linear], terrain: 'river' });
    expect(river.palette).toEqual(['clear', 'forest', 'river']);

    const undone = await call<EditResult>('maps.undo', { id });
    expect(undone.changes).toEqual([{ layer: 'terrain', index: linear, value: 0 }]);
    expect(undone).toMatchObject({ canUndo: true, canRedo: true });
    const redone = await call<EditResult>('maps.redo', { id });
    expect(redone.changes).toEqual([{ layer: 'terrain', index: linear, value: 3 }]);

    // A no-op paint is not an edit: nothing to undo beyond the two real ones.
    expect((await call<EditResult>('maps.paint', { id, tiles: [area], terrain: 'forest' })).changes).toEqual([]);

    const before = await call<ProjectInfo>('project.info');
    expect(before).toMatchObject({ path: null, dirty: true });
    const file = join(dir, 'saved', 'ardennes');
    await expect(call('project.save', { path: file })).rejects.toThrow(/no such folder/);
    const saved = await call<ProjectInfo>('project.save', { path: 'ardennes' });
    expect(saved.path).toBe(join(dir, 'projects', 'ardennes.sandtable'));
    expect(saved.dirty).toBe(false);
    // The untitled recovery file is gone once the project has a name.
    expect(readdirSync(join(dir, 'user', 'recovery')).filter((f) => f.endsWith('.sandtable'))).toEqual([]);
    expect(await call('project.recent')).toEqual([saved.path]);

    await services.shutdown();
    services = make();
    const opened = await call<ProjectInfo>('project.open', { path: saved.path! });
    expect(opened.maps.map((m) => m.name)).toEqual(['Ardennes']);
    const loaded = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(loaded.terrainAt(area)).toBe('forest');
    expect(loaded.terrainAt(linear)).toBe('river');
    // The undo journal lives in the file: undo after reopening takes the river away again.
    expect((await call<EditResult>('maps.undo', { id })).changes).toEqual([{ layer: 'terrain', index: linear, value: 0 }]);
    expect(mapFromJson((await call<MapPayload>('maps.load', { id })).map).terrainAt(linear)).toBe('');
    // And it is written: a fresh connection sees the undo.
    const check = openProject(saved.path!);
    expect(check.maps.load(id).terrainAt(linear)).toBe('');
    check.close();
  });

  it('refuses to overwrite a file that is not a Sandtable project, and refuses missing files', async () => {
    await call('maps.create', { name: 'm', kind: 'square', size: '3x3', alform: false });
    const notes = join(dir, 'projects', 'notes.txt');
    await call('project.save', { path: 'first' });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(notes, 'my notes');
    await expect(call('project.save', { path: notes })).rejects.toThrow(/notes\.txt exists and is not a Sandtable project/);
    expect(readFileSync(notes, 'utf8')).toBe('my notes');
    await expect(call('project.open', { path: join(dir, 'nope.sandtable') })).rejects.toThrow(/project\.open: .*nope\.sandtable: no such project file/);
    await expect(call('project.open', { path: notes })).rejects.toThrow(/project\.open: .*notes\.txt/);
    // The failed open left the project that was open alone.
    expect((await call<ProjectInfo>('project.info')).path).toBe(join(dir, 'projects', 'first.sandtable'));
  });

  it('keeps an unsaved project for crash recovery and offers it to the next session', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'Lost', kind: 'square', size: '5x5', alform: true });
    await call('maps.paint', { id: created.summary.id, tiles: [0], terrain: 'forest' });
    // The session dies without closing anything: its connection just goes away, as in a crash.
    (services.session as unknown as { project: { db: { close(): void } } }).project.db.close();
    services = make();
    const offered = await call<RecoveryEntry[]>('project.recovery');
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({ mapCount: 1, mapNames: ['Lost'] });
    const info = await call<ProjectInfo>('project.open', { path: offered[0]!.path });
    expect(info).toMatchObject({ path: null, dirty: true });
    expect(mapFromJson((await call<MapPayload>('maps.load', { id: created.summary.id })).map).terrainAt(0)).toBe('forest');
    // Reopened, it is this session's untitled project again, no longer on offer.
    expect(await call('project.recovery')).toEqual([]);
  });

  it('deletes the recovery file when the designer discards an untitled project', async () => {
    await call('maps.create', { name: 'Scratch', kind: 'square', size: '3x3', alform: false });
    const recovery = join(dir, 'user', 'recovery');
    expect(readdirSync(recovery).some((f) => f.endsWith('.sandtable'))).toBe(true);
    await services.shutdown({ discardUntitled: true });
    expect(readdirSync(recovery).filter((f) => f.endsWith('.sandtable'))).toEqual([]);
    services = make();
    expect(await call('project.recovery')).toEqual([]);
  });

  it('emits project.changed when maps come and go', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'A', kind: 'square', size: '3x3', alform: false });
    await call('maps.delete', { id: created.summary.id });
    const changes = events.filter((e): e is Extract<AppEvent, { type: 'project.changed' }> => e.type === 'project.changed');
    expect(changes.map((e) => e.project.maps.length)).toEqual([1, 0]);
    await expect(call('maps.load', { id: created.summary.id })).rejects.toThrow(`maps.load: no map with id "${created.summary.id}" in this project`);
  });
});

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

    const finder = new PathFinder(buildMovementGraph(map, movementTablesFor(services.catalogue, map, 'foot')));
    const expected = finder.findPath(from, to)!;
    const path = await call('analysis.path', { id, mode: 'foot', from, to });
    expect(path).toEqual({ cost: expected.cost, tiles: Array.from(expected.tiles) });
    expect(path.tiles.some((t: number) => river.includes(t))).toBe(false);

    const reach = await call('analysis.reach', { id, mode: 'foot', from, budget: 6 });
    const tiles = finder.reach(from, 6);
    expect(reach.tiles).toEqual(Array.from(tiles));
    expect(reach.costs).toEqual(Array.from(tiles, (t) => finder.costOf(t)));

    const tables = sightTablesFor(services.catalogue, map);
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
});

describe('import, export and jobs', () => {
  it.skipIf(!existsSync(HEX_MINI))('imports hexagonal-mini.tmx as a job with progress, onto catalogue terrains', async () => {
    const r = await call<{ jobId: string; map: MapPayload }>('maps.import', { fileName: 'hexagonal-mini.tmx', text: readFileSync(HEX_MINI, 'utf8') });
    expect(r.map.summary).toMatchObject({ name: 'hexagonal-mini', kind: 'hex-rectangle', size: '20x20', alform: false, tileCount: 400 });
    const map = mapFromJson(r.map.map);
    expect(map.palette.length).toBeGreaterThan(1);
    for (const id of map.palette) expect(services.catalogue.terrains.some((t) => t.id === id && t.class === 'area')).toBe(true);
    expect(Array.from(map.layers.terrain).every((v) => v > 0)).toBe(true);
    const mine = events.filter((e) => 'jobId' in e && e.jobId === r.jobId);
    expect(mine.some((e) => e.type === 'job.progress')).toBe(true);
    expect(mine.at(-1)).toEqual({ type: 'job.done', jobId: r.jobId });
    // Analysis works on the imported map (every palette entry is a catalogue terrain).
    const path = await call('analysis.path', { id: r.map.summary.id, mode: 'foot', from: 0, to: 399 });
    expect(path.tiles.length > 0 || typeof path.reason === 'string').toBe(true);
  });

  it.skipIf(!existsSync(join(TILED, 'desert.tmx')))('imports by path, reading external tilesets from beside the map', async () => {
    const r = await call<{ jobId: string; map: MapPayload }>('maps.importFile', { path: join(TILED, 'desert.tmx') });
    expect(r.map.summary).toMatchObject({ kind: 'square', size: '40x40', tileCount: 1600 });
    const asText = call('maps.import', { fileName: 'desert.tmx', text: readFileSync(join(TILED, 'desert.tmx'), 'utf8') });
    await expect(asText).rejects.toThrow(/"desert\.tsx" is an external tileset, which a map given as text cannot reach/);
    await expect(call('maps.import', { fileName: 'bad.tmx', text: '<map orientation="hexagonal"' })).rejects.toThrow(/maps\.import: bad\.tmx/);
  });

  it('imports a Wesnoth map onto catalogue terrains, or through the designer\'s mapping', async () => {
    // 2×2 playable tiles inside the one-tile border ring every current Wesnoth file has.
    const text = ['Xu, Xu, Xu, Xu', 'Xu, Gg^Fds, 1 Kh, Xu', 'Xu, Ww, Hh, Xu', 'Xu, Xu, Xu, Xu', ''].join('\n');
    const r = await call<{ map: MapPayload }>('maps.import', { fileName: 'skirmish.map', text });
    expect(r.map.summary).toMatchObject({ name: 'skirmish', kind: 'hex-rectangle', size: '2x2' });
    const map = mapFromJson(r.map.map);
    expect(Array.from({ length: 4 }, (_, i) => map.terrainAt(i)).sort()).toEqual(['coastal-ocean', 'forest', 'hills', 'urban']);
    const mapped = await call<{ map: MapPayload }>('maps.import', { fileName: 'skirmish.map', text, mapping: { codes: { 'W*': 'lake' }, default: 'rough' } });
    expect(mapFromJson(mapped.map.map).palette.sort()).toEqual(['lake', 'rough']);
    await expect(call('maps.import', { fileName: 'skirmish.map', text, mapping: { codes: {} } })).rejects.toThrow(/maps\.import: mapping: \$\.default: expected a string, got nothing/);
  });

  it('exports Tiled and JSON files that import back to the same terrain', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Round/trip', kind: 'hex-rectangle', size: '5x5', alform: false, fill: 'clear' });
    await call('maps.paint', { id: summary.id, tiles: [3, 7, 8], terrain: 'forest' });
    await call('maps.paint', { id: summary.id, tiles: [12], terrain: 'marsh' });
    const original = mapFromJson((await call<MapPayload>('maps.load', { id: summary.id })).map);
    for (const format of ['tmx', 'tmj', 'json'] as const) {
      const file = await call<{ fileName: string; mime: string; text: string }>('maps.export', { id: summary.id, format });
      expect(file.fileName).toBe(`Round-trip.${format}`);
      const back = await call<{ map: MapPayload }>('maps.import', { fileName: file.fileName, text: file.text });
      const map = mapFromJson(back.map.map);
      for (let i = 0; i < original.tileCount; i++) expect(map.terrainAt(i)).toBe(original.terrainAt(i));
    }
  });

  it('converts a classic map to AL-FORM as a new map', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Old', kind: 'square', size: '4x3', alform: false, fill: 'clear' });
    const al = await call<MapPayload>('maps.convert', { id: summary.id });
    expect(al.summary).toMatchObject({ name: 'Old (AL-FORM)', size: '7x5', alform: true });
    await expect(call('maps.convert', { id: al.summary.id })).rejects.toThrow('maps.convert: map "Old (AL-FORM)" is already AL-FORM');
  });

  it('creates and converts large maps in a worker, with progress', async () => {
    await services.shutdown();
    services = make({ jobThresholdTiles: 1000 });
    const big = await call<MapPayload>('maps.create', { name: 'Big', kind: 'square', size: '60x50', alform: false, fill: 'forest' });
    expect(mapFromJson(big.map).terrainAt(2999)).toBe('forest');
    const al = await call<MapPayload>('maps.convert', { id: big.summary.id });
    expect(al.summary).toMatchObject({ size: '119x99', alform: true });
    const labels = events.filter((e) => e.type === 'job.progress').map((e) => (e as { label: string }).label);
    expect(labels).toContain('Creating map');
    expect(labels).toContain('Converting to AL-FORM');
    expect(events.filter((e) => e.type === 'job.done')).toHaveLength(2);
  });

  it('cancels a job: the worker stops, the call fails, the project is unchanged', async () => {
    await services.shutdown();
    services = make({ jobStepDelayMs: 400 });
    await call('maps.create', { name: 'Keep', kind: 'square', size: '3x3', alform: false });
    const project = (services.session as unknown as { project: { contentHash(): string } }).project;
    const hash = project.contentHash();
    const text = readFileSync(existsSync(HEX_MINI) ? HEX_MINI : join(TILED, 'desert.tmx'), 'utf8');
    const running = call('maps.import', { fileName: 'hexagonal-mini.tmx', text });
    running.catch(() => undefined);
    const first = await new Promise<AppEvent & { type: 'job.progress' }>((resolve) => {
      const off = services.onEvent((e) => {
        if (e.type === 'job.progress') {
          off();
          resolve(e);
        }
      });
    });
    expect(await call('jobs.cancel', { jobId: first.jobId })).toEqual({ cancelled: true });
    await expect(running).rejects.toThrow(`maps.import: job ${first.jobId} was cancelled; nothing was written`);
    expect(events.at(-1)).toMatchObject({ type: 'job.failed', jobId: first.jobId });
    expect((await call<ProjectInfo>('project.info')).maps.map((m) => m.name)).toEqual(['Keep']);
    expect(project.contentHash()).toBe(hash);
    expect(await call('jobs.cancel', { jobId: first.jobId })).toEqual({ cancelled: false });
  });
});

describe('jobs and the project life cycle', () => {
  it('stores a job\'s map in the project even when it was saved under a name meanwhile', async () => {
    await services.shutdown();
    services = make({ jobStepDelayMs: 150 });
    await call('maps.create', { name: 'Base', kind: 'square', size: '3x3', alform: false });
    const importing = call<{ map: MapPayload }>('maps.import', { fileName: 'mini.json', text: JSON.stringify(mapJson()) });
    const saved = await call<ProjectInfo>('project.save', { path: 'during-job' });
    const done = await importing;
    expect(done.map.summary.name).toBe('mini');
    const check = openProject(saved.path!);
    expect(check.maps.list().map((m) => m.name).sort()).toEqual(['Base', 'mini']);
    check.close();
  });

  it('does not store a job\'s map into a different project opened meanwhile', async () => {
    await services.shutdown();
    services = make({ jobStepDelayMs: 150 });
    await call('maps.create', { name: 'Base', kind: 'square', size: '3x3', alform: false });
    await call('project.save', { path: 'first' });
    const importing = call('maps.import', { fileName: 'mini.json', text: JSON.stringify(mapJson()) });
    importing.catch(() => undefined);
    await call('project.new');
    await expect(importing).rejects.toThrow('maps.import: the project was closed while the job ran; its result was not stored');
    expect(await call('maps.list')).toEqual([]);
  });
});

/** A small native map file's JSON. */
function mapJson(): unknown {
  return { format: 'sandtable-map', version: 1, kind: 'square', size: { width: 2, height: 2 }, wrap: [], alform: false, palette: ['clear'], layers: { terrain: { encoding: 'array', data: [1, 1, 1, 1] }, edges: { encoding: 'rle', data: [8, 0] }, vertices: { encoding: 'rle', data: [4, 0] } } };
}

describe('app', () => {
  it('reports its mode and refuses native dialogs in browser mode', async () => {
    expect(await call('app.info')).toEqual({ version: '0.0.0-test', mode: 'browser', defaultProjectDir: join(dir, 'projects') });
    await expect(call('dialog.open', { purpose: 'project' })).rejects.toThrow(/dialog\.open: native file dialogs exist only in the desktop app/);
    const catalogue = await call('catalogue.get');
    expect(catalogue.terrains.length).toBe(services.catalogue.terrains.length);
  });

  it('uses the dialog host when there is one', async () => {
    await services.shutdown();
    services = make({ mode: 'electron', dialogs: { open: async (p) => `/picked/${p}`, save: async (p, name) => (name ? `/saved/${p}/${name}` : null) } });
    expect(await call('dialog.open', { purpose: 'import' })).toEqual({ path: '/picked/import' });
    expect(await call('dialog.save', { purpose: 'export', defaultName: 'a.tmx' })).toEqual({ path: '/saved/export/a.tmx' });
    expect(await call('dialog.save', { purpose: 'project' })).toEqual({ path: null });
  });

  it('needs an open project for map operations, but creating a map starts one', async () => {
    await expect(call('maps.load', { id: 'x' })).rejects.toThrow('maps.load: no project is open; create one (project.new) or open one (project.open)');
    expect(await call('maps.list')).toEqual([]);
    await call('maps.create', { name: 'First', kind: 'icosahedron', size: '2', alform: false });
    expect((await call<ProjectInfo>('project.info')).maps.map((m) => m.kind)).toEqual(['icosahedron']);
    await expect(call('maps.create', { name: 'Odd', kind: 'hex-hexagon', size: '4', alform: true })).rejects.toThrow(/maps\.create: .*hex-hexagon/);
    await expect(call('maps.create', { name: 'Huge', kind: 'square', size: '5000x5000', alform: false })).rejects.toThrow(/has 25000000 tiles; the app makes maps of at most 16777216/);
    await expect(call('maps.create', { name: 'Wet', kind: 'square', size: '3x3', alform: false, fill: 'river' })).rejects.toThrow('maps.create: fill: needs area terrain; "river" is linear');
  });
});
