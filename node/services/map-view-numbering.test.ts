/**
 * `maps.setNumbering` through AppServices.call: stored with the map (it comes back with
 * `maps.load` and after the project is saved and opened again), reaches the exports, and
 * refuses a system the map cannot take with one line.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { MapPayload, ProjectInfo } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-numbering-');
const { call } = kit;

describe('maps.setNumbering', () => {
  it('stores the numbering with the map, through save and open', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'Board', kind: 'hex-rectangle', size: '8x6', alform: false, fill: 'clear' });
    const id = created.summary.id;
    expect(created.map.meta?.numbering).toBe('ccrr'); // a new map carries its grid's usual numbers (issue 30)
    expect(await call('maps.setNumbering', { id, numbering: '18xx' })).toEqual({ numbering: '18xx' });
    expect(mapFromJson((await call<MapPayload>('maps.load', { id })).map).meta.numbering).toBe('18xx');
    const saved = await call<ProjectInfo>('project.save', { path: 'board' });
    // The export's tile numbers follow the choice (GeoJSON carries them as a property).
    const geo = await call<{ path: string }>('maps.exportFile', { id, format: 'geojson', path: 'board.geojson', options: {} });
    const numbers = (JSON.parse(readFileSync(geo.path, 'utf8')) as { features: { properties: { number: string | null } }[] }).features.map((f) => f.properties.number).filter((n) => n);
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every((n) => /^[A-H]\d+$/.test(n!))).toBe(true);

    await kit.services.shutdown();
    kit.make();
    await call('project.open', { path: saved.path! });
    expect(mapFromJson((await call<MapPayload>('maps.load', { id })).map).meta.numbering).toBe('18xx');
    expect(await call('maps.setNumbering', { id, numbering: null })).toEqual({ numbering: null });
    expect(mapFromJson((await call<MapPayload>('maps.load', { id })).map).meta.numbering).toBeUndefined();
  });

  it('refuses a numbering the map cannot take, saying which it can', async () => {
    const square = await call<MapPayload>('maps.create', { name: 'Sq', kind: 'square', size: '4x4', alform: false });
    await expect(call('maps.setNumbering', { id: square.summary.id, numbering: 'wesnoth' })).rejects.toThrow(/"wesnoth" does not number a square map; this one takes ccrr \(0520 column-row\), tiled \(4,11 Tiled\)/);
    const globe = await call<MapPayload>('maps.create', { name: 'Globe', kind: 'icosahedron', size: '3', alform: false });
    await expect(call('maps.setNumbering', { id: globe.summary.id, numbering: 'ccrr' })).rejects.toThrow(/a globe has no printed numbering/);
  });
});
