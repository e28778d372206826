/**
 * The network service through AppServices.call: a road drawn centre to centre is one undo
 * step (the map reloads with it; undo and redo patch it), crossing a river edge reports one
 * bridge, erasing splits it, terrain that runs along tiles is refused in one line.
 */
import { describe, expect, it } from 'vitest';
import type { EditResult, MapPayload, NetworkReport } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { NetworkSides } from '../../core/map/network-sides.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { useServicesKit } from './services.testkit.js';
import { TerrainMap as MapClass } from '../../core/map/terrain-map.js';
import { mapToJsonText } from '../../core/map/map-json.js';

const kit = useServicesKit('sandtable-network-');
const { call } = kit;

/** A chain of tiles along one column of a classic hex map. */
function column(map: TerrainMap, x: number, from: number, to: number): number[] {
  const out: number[] = [];
  for (let y = from; y <= to; y++) out.push(map.grid.index([x, y + Math.floor(x / 2)]));
  return out;
}

describe('maps.drawNetwork', () => {
  it('draws a road centre to centre as one undo step; undo and redo patch it; a river crossed makes one bridge', async () => {
    const { summary, map: json } = await call<MapPayload>('maps.create', { name: 'Roads', kind: 'hex-rectangle', size: '10x8', alform: false, fill: 'clear' });
    const id = summary.id;
    const map = mapFromJson(json);
    const road = column(map, 4, 1, 6);
    // A river on the edge between the road's 3rd and 4th tiles.
    const side = NetworkSides.of(map).sideToward(road[2]!, road[3]!);
    await call('maps.paintEdge', { id, tile: road[2], dir: side, terrain: 'river' });
    const drawn = await call<EditResult>('maps.drawNetwork', { id, tiles: road, terrain: 'road' });
    expect(drawn.networks!.map((p) => p.tile)).toEqual([...road].sort((a, b) => a - b));
    expect(drawn.networks!.every((p) => p.codes.length >= 1)).toBe(true);
    expect(drawn.palette).toContain('road');
    expect(drawn.canUndo).toBe(true);
    // The stored map carries it (map JSON version 3).
    const loaded = await call<MapPayload>('maps.load', { id });
    expect(loaded.map.version).toBe(3);
    expect(mapFromJson(loaded.map).networks!.size).toBe(road.length);
    const report = await call<NetworkReport>('maps.network', { id, terrain: 'road' });
    expect(report.kinds).toHaveLength(1);
    expect(report.kinds[0]!.components).toEqual([{ tiles: [...road].sort((a, b) => a - b) }]);
    expect(report.kinds[0]!.deadEnds.map((d) => d.tile).sort()).toEqual([road[0], road[road.length - 1]].sort());
    expect(report.kinds[0]!.crossings.filter((c) => c.type === 'feature')).toEqual([
      { tile: Math.min(road[2]!, road[3]!), type: 'feature', other: 'river', side: Math.min(road[2]!, road[3]!) === road[2] ? side : NetworkSides.of(map).sideToward(road[3]!, road[2]!), crossing: { terrain: 'river-bridge', kind: 'bridge' } },
    ]);
    // Undo restores the map without the road (and keeps the river); redo brings it back.
    const undone = await call<EditResult>('maps.undo', { id });
    expect(undone.label).toBe('Draw road (6 tiles)');
    expect(undone.networks!.every((p) => p.codes.length === 0)).toBe(true);
    const after = mapFromJson((await call<MapPayload>('maps.load', { id })).map);
    expect(after.networks).toBeNull();
    expect(after.edgeTerrainAt(road[2]!, side)).toBe('river');
    const redone = await call<EditResult>('maps.redo', { id });
    expect(redone.networks).toEqual(drawn.networks);
    expect((await call<NetworkReport>('maps.network', { id })).kinds[0]!.tiles).toBe(road.length);
  });

  it('erases a link (the road splits in two) and whole tiles, one undo step each', async () => {
    const { summary, map: json } = await call<MapPayload>('maps.create', { name: 'Erase', kind: 'square', size: '9x9', alform: true, fill: 'clear' });
    const id = summary.id;
    const map = mapFromJson(json);
    const sides = NetworkSides.of(map);
    const chain = [map.grid.index([0, 4])];
    for (let k = 0; k < 3; k++) chain.push(sides.across(chain[chain.length - 1]!, 2));
    await call('maps.drawNetwork', { id, tiles: chain, terrain: 'railroad' });
    await call('maps.eraseNetwork', { id, tiles: [chain[1], chain[2]], terrain: 'railroad' });
    expect((await call<NetworkReport>('maps.network', { id })).kinds[0]!.components).toHaveLength(2);
    await call('maps.eraseNetwork', { id, tiles: chain, whole: true });
    expect((await call<NetworkReport>('maps.network', { id })).kinds).toEqual([]);
    await call('maps.undo', { id });
    expect((await call<NetworkReport>('maps.network', { id })).kinds[0]!.components).toHaveLength(2);
  });

  it('refuses terrain that runs along tiles, and chains that do not adjoin, in one line', async () => {
    const { summary, map: json } = await call<MapPayload>('maps.create', { name: 'Refuse', kind: 'hex-rectangle', size: '6x6', alform: false, fill: 'clear' });
    const id = summary.id;
    const map = mapFromJson(json);
    await expect(call('maps.drawNetwork', { id, tiles: [0, 1], terrain: 'river' })).rejects.toThrow(/"river" runs along the tiles .* not through them/);
    await expect(call('maps.drawNetwork', { id, tiles: [0, 1], terrain: 'forest' })).rejects.toThrow(/"forest" is area terrain/);
    await expect(call('maps.drawNetwork', { id, tiles: [0, map.tileCount - 1], terrain: 'road' })).rejects.toThrow(/network chain position 1: tiles 0 and \d+ do not adjoin/);
    expect((await call<EditResult>('maps.undo', { id })).changes).toEqual([]);
  });

  it('imports an old map file with roads on hexsides as a through-tile road (map JSON version 3)', async () => {
    const old = MapClass.create({ size: { kind: 'hex-rectangle', width: 8, height: 8 }, palette: ['clear'], meta: { name: 'Old roads' } });
    old.layers.terrain.fill(1);
    for (let y = 3; y <= 6; y++) {
      const t = old.grid.index([3, y]);
      for (const d of [...Array(6).keys()].filter((k) => old.grid.neighbor(t, k) >= 0 && old.grid.coord(old.grid.neighbor(t, k))[0] === 4)) old.setEdgeTerrain(t, d, 'road');
    }
    const text = mapToJsonText(old);
    expect(JSON.parse(text).version).toBe(1);
    const imported = await call<{ map: MapPayload }>('maps.import', { fileName: 'old.json', text });
    const map = mapFromJson(imported.map.map);
    expect(map.layers.edges!.filter((v) => v === map.palette.indexOf('road') + 1)).toHaveLength(0);
    const report = await call<NetworkReport>('maps.network', { id: imported.map.summary.id, terrain: 'road' });
    expect(report.kinds[0]!.components).toHaveLength(1);
    expect(report.kinds[0]!.tiles).toBeGreaterThanOrEqual(4);
  });
});
