/**
 * AppServices, the services' one public entry: every operation of the contract has a
 * handler, `call` validates before anything runs, and `api` is the same operations grouped
 * and typed by service. Each service's behaviour is tested beside it (*-service.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { MapPayload, ProjectInfo } from '../../contract/contract.js';
import { OPERATION_NAMES } from '../../contract/contract.js';
import { createHandlers } from './app-services.js';
import { createContext } from './context.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-app-');
const { call } = kit;

describe('AppServices', () => {
  it('has exactly one handler per operation of the contract', () => {
    const ctx = createContext({ mode: 'browser', version: '0', userDataDir: kit.dir });
    expect(Object.keys(createHandlers(ctx)).sort()).toEqual([...OPERATION_NAMES].sort());
  });

  it('validates a call before anything runs: a bad call changes nothing', async () => {
    await expect(call('maps.create', { name: 'X', kind: 'square', size: '3x3' })).rejects.toThrow(/maps\.create: \$\.alform/);
    await expect(call('maps.paint', { id: 'x', tiles: [-1], terrain: 'forest' })).rejects.toThrow(/maps\.paint: \$\.tiles\[0\]/);
    await expect(call('maps.nope', {})).rejects.toThrow(/unknown operation "maps\.nope"/);
    // No project was started by the refused calls.
    expect(await call<ProjectInfo>('project.info')).toEqual({ path: null, dirty: false, maps: [] });
    expect(kit.events).toEqual([]);
  });

  it('gives trusted callers the operations grouped by service, validated like any call', async () => {
    const { api } = kit.services;
    const created: MapPayload = await api.maps.create({ name: 'Grouped', kind: 'square', size: '3x3', alform: false });
    expect((await api.project.info()).maps.map((m) => m.name)).toEqual(['Grouped']);
    expect((await api.maps.paint({ id: created.summary.id, tiles: [0], terrain: 'forest' })).canUndo).toBe(true);
    await expect(api.maps.load({ id: '' })).rejects.toThrow(/maps\.load: \$\.id/);
    expect(await kit.services.invoke('maps.list', {})).toHaveLength(1);
  });

  it('shuts down: the project closes and the next call needs a project again', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'Gone', kind: 'square', size: '3x3', alform: false });
    await kit.services.shutdown();
    expect(kit.services.projectInfo()).toEqual({ path: null, dirty: false, maps: [] });
    await expect(call('maps.load', { id: created.summary.id })).rejects.toThrow('maps.load: no project is open');
  });
});
