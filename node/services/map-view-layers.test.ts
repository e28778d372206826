/**
 * `maps.setLayers` through AppServices.call: the layer settings are stored with the map
 * (they come back with `maps.load` and after the project is saved and opened again), and a
 * bad setting is refused with one line naming the field.
 */
import { describe, expect, it } from 'vitest';
import type { MapPayload, ProjectInfo } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-layers-');
const { call } = kit;

describe('maps.setLayers', () => {
  it('stores the layer settings with the map, through save and open', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'Board', kind: 'hex-rectangle', size: '9x7', alform: true, fill: 'clear' });
    const id = created.summary.id;
    expect(created.map.meta?.layers).toBeUndefined();
    const layers = { linear: { visible: false, opacity: 1 }, terrain: { visible: true, opacity: 0.4 } };
    expect(await call('maps.setLayers', { id, layers })).toEqual({ layers });
    expect(mapFromJson((await call<MapPayload>('maps.load', { id })).map).meta.layers).toEqual(layers);
    const saved = await call<ProjectInfo>('project.save', { path: 'board' });

    await kit.services.shutdown();
    kit.make();
    await call('project.open', { path: saved.path! });
    expect(mapFromJson((await call<MapPayload>('maps.load', { id })).map).meta.layers).toEqual(layers);
  });

  it('refuses an opacity outside 0…1, naming the field', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'Sq', kind: 'square', size: '4x4', alform: false });
    await expect(call('maps.setLayers', { id: created.summary.id, layers: { grid: { visible: true, opacity: 1.5 } } })).rejects.toThrow(/layers\.grid\.opacity/);
  });
});
