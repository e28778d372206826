/**
 * The maps service through AppServices.call: import (as jobs), export round trips,
 * conversion, large maps in a worker, cancelling, and jobs across project changes.
 */
import { findTerrain } from '../../core/terrain/lookup.js';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { AppEvent, MapPayload, MapSummary, ProjectInfo } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { openProject } from '../store/index.js';
import { useServicesKit } from './services.testkit.js';
import { externalPath } from '../../test/support/formats.js';
import { join } from 'node:path';
import { writeSiblingTilesets } from '../formats/sibling-tilesets.testkit.js';

const HEX_MINI = externalPath('tiled/hexagonal-mini.tmx');
const DESERT = externalPath('tiled/desert.tmx');
const DESERT_TSX = externalPath('tiled/desert.tsx');

/** A small Tiled map of its own, so the cancel test needs no external data: 6×4 tiles of a five-tile tileset. */
const SMALL_TMX = `<map version="1.10" orientation="orthogonal" width="6" height="4" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" name="Ground" tilewidth="8" tileheight="8" tilecount="5" columns="5"><image source="ground.png" width="40" height="8"/></tileset>
 <layer id="1" name="L" width="6" height="4"><data encoding="csv">${Array.from({ length: 24 }, (_, k) => (k % 5) + 1).join(',')}</data></layer>
</map>`;

const kit = useServicesKit('sandtable-maps-');
const { call } = kit;

describe('import, export and jobs', () => {
  it.skipIf(!HEX_MINI)('imports hexagonal-mini.tmx as a job with progress, onto catalogue terrains', async () => {
    const r = await call<{ jobId: string; map: MapPayload }>('maps.import', { fileName: 'hexagonal-mini.tmx', text: readFileSync(HEX_MINI!, 'utf8') });
    expect(r.map.summary).toMatchObject({ name: 'hexagonal-mini', kind: 'hex-rectangle', size: '20x20', alform: false, tileCount: 400 });
    const map = mapFromJson(r.map.map);
    expect(map.palette.length).toBeGreaterThan(1);
    // Catalogue terrains, or the import's placeholders for tiles it could not map (issue 14).
    for (const id of map.palette) expect(findTerrain(kit.services.catalogue, id)?.class).toBe('area');
    expect(Array.from(map.layers.terrain).every((v) => v > 0)).toBe(true);
    const mine = kit.events.filter((e) => 'jobId' in e && e.jobId === r.jobId);
    expect(mine.some((e) => e.type === 'job.progress')).toBe(true);
    expect(mine.at(-1)).toEqual({ type: 'job.done', jobId: r.jobId });
    // Analysis works on the imported map (every palette entry is a catalogue terrain).
    const path = await call('analysis.path', { id: r.map.summary.id, mode: 'foot', from: 0, to: 399 });
    expect(path.tiles.length > 0 || typeof path.reason === 'string').toBe(true);
  });

  it.skipIf(!DESERT || !DESERT_TSX)('imports by path, reading external tilesets from beside the map', async () => {
    kit.services.grantPath(DESERT!); // as the Open dialog would
    const r = await call<{ jobId: string; map: MapPayload }>('maps.importFile', { path: DESERT! });
    expect(r.map.summary).toMatchObject({ kind: 'square', size: '40x40', tileCount: 1600 });
    const asText = call('maps.import', { fileName: 'desert.tmx', text: readFileSync(DESERT!, 'utf8') });
    await expect(asText).rejects.toThrow(/"desert\.tsx" is an external tileset: choose it together with the map \(select both files, or the map's folder\), or import the map by its path/);
    // Browser mode: the tileset chosen with the map (issue 14) gives the same map as the import by path.
    const withTileset = await call<{ map: MapPayload }>('maps.import', { fileName: 'desert.tmx', text: readFileSync(DESERT!, 'utf8'), tilesets: [{ name: 'desert.tsx', text: readFileSync(DESERT_TSX!, 'utf8') }] });
    expect(withTileset.map.summary).toMatchObject({ kind: 'square', size: '40x40', tileCount: 1600 });
    expect(Array.from(mapFromJson(withTileset.map.map).layers.terrain)).toEqual(Array.from(mapFromJson(r.map.map).layers.terrain));
    await expect(call('maps.import', { fileName: 'bad.tmx', text: '<map orientation="hexagonal"' })).rejects.toThrow(/maps\.import: bad\.tmx/);
  });

  it("asks once for tilesets outside the map's folder, imports after the grant, and the project remembers it (issue 24)", async () => {
    const { map, tilesets } = writeSiblingTilesets(join(kit.dir, 'projects', 'a'));
    await call('project.new');
    expect(await call('maps.importFile', { path: map })).toEqual({ needsGrant: { folders: [tilesets], question: `This map uses tilesets in ${tilesets} — allow reading that folder?` } });
    // Only a folder an import asked about can be granted: a renderer cannot open /etc this way.
    await expect(call('project.grantFolder', { folder: '/etc' })).rejects.toThrow(/project\.grantFolder: \/etc: Sandtable grants reading a folder only when an import asked for it/);
    expect(await call('project.grantFolder', { folder: tilesets })).toEqual({ folders: [tilesets] });
    const r = await call<{ map: MapPayload }>('maps.importFile', { path: map });
    expect(r.map.summary).toMatchObject({ name: 'valley', size: '3x2', tileCount: 6 });
    const saved = join(kit.dir, 'projects', 'a.sandtable');
    await call('project.save', { path: saved });
    await kit.services.shutdown();
    kit.make();
    await call('project.open', { path: saved });
    expect((await call<{ map: MapPayload }>('maps.importFile', { path: map })).map.summary.size).toBe('3x2');
    const stored = openProject(saved, { access: 'read-only' });
    expect(stored.folderGrants.list()).toEqual([tilesets]);
    stored.close();
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
    expect(original.meta.numbering).toBe('ccrr'); // a new hex map carries its usual numbers, stored (issue 30)
    for (const format of ['tmx', 'tmj', 'json'] as const) {
      const file = await call<{ fileName: string; mime: string; text: string }>('maps.export', { id: summary.id, format });
      expect(file.fileName).toBe(`Round-trip.${format}`);
      const back = await call<{ map: MapPayload }>('maps.import', { fileName: file.fileName, text: file.text });
      const map = mapFromJson(back.map.map);
      for (let i = 0; i < original.tileCount; i++) expect(map.terrainAt(i)).toBe(original.terrainAt(i));
    }
  });

  it('exports an AL-FORM map with a river and a bridge to Tiled and imports it back AL-FORM, tile for tile (issue 14)', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Linear', kind: 'hex-rectangle', size: '5x5', alform: false, fill: 'clear' });
    const classic = mapFromJson((await call<MapPayload>('maps.load', { id: summary.id })).map);
    const painted: [number, number, string][] = [];
    for (let d = 0; d < 6 && painted.length < 3; d++) if (classic.grid.edgeSlot(12, d) >= 0) painted.push([12, d, painted.length === 2 ? 'river-bridge' : 'river']);
    for (const [tile, dir, terrain] of painted) await call('maps.paintEdge', { id: summary.id, tile, dir, terrain });
    const al = await call<MapPayload>('maps.convert', { id: summary.id });
    const original = mapFromJson(al.map);
    for (const format of ['tmx', 'tmj'] as const) {
      const file = await call<{ fileName: string; text: string }>('maps.export', { id: al.summary.id, format });
      expect(file.text).toContain('Sandtable linear terrain');
      const back = mapFromJson((await call<{ map: MapPayload }>('maps.import', { fileName: file.fileName, text: file.text })).map.map);
      expect(back.spec).toEqual(original.spec);
      expect(Array.from(back.layers.terrain, (v) => back.terrainOf(v))).toEqual(Array.from(original.layers.terrain, (v) => original.terrainOf(v)));
      expect(back.palette).toEqual(expect.arrayContaining(['river', 'river-bridge']));
    }
    // A linear layer naming a terrain the catalogue lacks is refused before anything is stored.
    const file = await call<{ fileName: string; text: string }>('maps.export', { id: al.summary.id, format: 'tmx' });
    const before = (await call<MapSummary[]>('maps.list', {})).length;
    await expect(call('maps.import', { fileName: 'odd.tmx', text: file.text.replace(/(<objectgroup[\s\S]*?)value="river-bridge"/, '$1value="moat"') })).rejects.toThrow(/maps\.import: odd\.tmx: terrain: palette\[\d+\] \(terrain index \d+\): unknown terrain "moat"/);
    expect((await call<MapSummary[]>('maps.list', {})).length).toBe(before);
  });

  it('converts a classic map to AL-FORM as a new map', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Old', kind: 'square', size: '4x3', alform: false, fill: 'clear' });
    const al = await call<MapPayload>('maps.convert', { id: summary.id });
    expect(al.summary).toMatchObject({ name: 'Old (AL-FORM)', size: '7x5', alform: true });
    await expect(call('maps.convert', { id: al.summary.id })).rejects.toThrow('maps.convert: map "Old (AL-FORM)" is already AL-FORM');
  });

  it('creates pointy-top hex maps (in process and in a worker) that export to Tiled and import back pointy (issue 30)', async () => {
    const small = await call<MapPayload>('maps.create', { name: 'Rows', kind: 'hex-rectangle', size: '4x6', alform: false, orientation: 'pointy', fill: 'clear' });
    expect(small.summary).toMatchObject({ size: '4x6', orientation: 'pointy' });
    await call('maps.paint', { id: small.summary.id, tiles: [1, 9], terrain: 'forest' });
    const original = mapFromJson((await call<MapPayload>('maps.load', { id: small.summary.id })).map);
    expect(original.spec.orientation).toBe('pointy');
    const file = await call<{ fileName: string; text: string }>('maps.export', { id: small.summary.id, format: 'tmx' });
    expect(file.text).toMatch(/staggeraxis="y"/);
    const back = await call<{ map: MapPayload }>('maps.import', { fileName: file.fileName, text: file.text });
    expect(back.map.summary.orientation).toBe('pointy');
    const map = mapFromJson(back.map.map);
    for (let i = 0; i < original.tileCount; i++) expect(map.terrainAt(i)).toBe(original.terrainAt(i));
    await expect(call('maps.create', { name: 'No', kind: 'square', size: '4x6', alform: false, orientation: 'pointy' })).rejects.toThrow(/only hex maps can be pointy-topped/);
    await kit.services.shutdown();
    kit.make({ jobThresholdTiles: 10 });
    const big = await call<MapPayload>('maps.create', { name: 'Rows big', kind: 'hex-hexagon', size: '9', alform: false, orientation: 'pointy' });
    expect(big.summary.orientation).toBe('pointy');
    expect(mapFromJson(big.map).spec.orientation).toBe('pointy');
  });

  it('creates and converts large maps in a worker, with progress', async () => {
    await kit.services.shutdown();
    kit.make({ jobThresholdTiles: 1000 });
    const big = await call<MapPayload>('maps.create', { name: 'Big', kind: 'square', size: '60x50', alform: false, fill: 'forest' });
    expect(mapFromJson(big.map).terrainAt(2999)).toBe('forest');
    expect(mapFromJson(big.map).meta.numbering).toBe('ccrr'); // the worker's maps are numbered as the in-process ones (issue 30)
    const al = await call<MapPayload>('maps.convert', { id: big.summary.id });
    expect(al.summary).toMatchObject({ size: '119x99', alform: true });
    const labels = kit.events.filter((e) => e.type === 'job.progress').map((e) => (e as { label: string }).label);
    expect(labels).toContain('Creating map');
    expect(labels).toContain('Converting to AL-FORM');
    expect(kit.events.filter((e) => e.type === 'job.done')).toHaveLength(2);
  });

  it('cancels a job: the worker stops, the call fails, the project is unchanged', async () => {
    await kit.services.shutdown();
    kit.make({ jobStepDelayMs: 400 });
    await call('maps.create', { name: 'Keep', kind: 'square', size: '3x3', alform: false });
    const project = (kit.services.session as unknown as { project: { contentHash(): string } }).project;
    const hash = project.contentHash();
    const running = call('maps.import', { fileName: 'ground.tmx', text: SMALL_TMX });
    running.catch(() => undefined);
    const first = await new Promise<AppEvent & { type: 'job.progress' }>((resolve) => {
      const off = kit.services.onEvent((e) => {
        if (e.type === 'job.progress') {
          off();
          resolve(e);
        }
      });
    });
    expect(await call('jobs.cancel', { jobId: first.jobId })).toEqual({ cancelled: true });
    await expect(running).rejects.toThrow(`maps.import: job ${first.jobId} was cancelled; nothing was written`);
    expect(kit.events.at(-1)).toMatchObject({ type: 'job.failed', jobId: first.jobId });
    expect((await call<ProjectInfo>('project.info')).maps.map((m) => m.name)).toEqual(['Keep']);
    expect(project.contentHash()).toBe(hash);
    expect(await call('jobs.cancel', { jobId: first.jobId })).toEqual({ cancelled: false });
  });
});

describe('jobs and the project life cycle', () => {
  it('stores a job\'s map in the project even when it was saved under a name meanwhile', async () => {
    await kit.services.shutdown();
    kit.make({ jobStepDelayMs: 150 });
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
    await kit.services.shutdown();
    kit.make({ jobStepDelayMs: 150 });
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

