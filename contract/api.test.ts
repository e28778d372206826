/** The API object both doors build, over a fake transport: shape, unwrapping, events, grouping. */
import { describe, expect, it } from 'vitest';
import type { AppEvent, CallReply } from './contract.js';
import { OPERATION_NAMES } from './contract.js';
import { ApiError, createApi, services } from './api.js';

function fake(reply: (name: string, args: unknown) => CallReply) {
  const calls: [string, unknown][] = [];
  const listeners = new Set<(e: AppEvent) => void>();
  const api = createApi({
    invoke: async (name, args) => {
      calls.push([name, args]);
      return reply(name, args);
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  });
  return { api, calls, listeners };
}

describe('createApi', () => {
  it('has exactly one function per contract operation, plus onEvent, and is frozen', () => {
    const { api } = fake(() => ({ ok: true, value: null }));
    expect(Object.keys(api).sort()).toEqual([...OPERATION_NAMES, 'onEvent'].sort());
    for (const key of Object.keys(api)) expect(typeof (api as Record<string, unknown>)[key]).toBe('function');
    expect(Object.isFrozen(api)).toBe(true);
    expect('invoke' in api || 'ipcRenderer' in api || 'send' in api).toBe(false);
  });

  it('sends the operation name and arguments and unwraps the reply', async () => {
    const { api, calls } = fake((name) => (name === 'maps.load' ? { ok: false, error: 'maps.load: no project is open' } : { ok: true, value: { version: '1', mode: 'electron', defaultProjectDir: '/d' } }));
    expect(await api['app.info']({})).toEqual({ version: '1', mode: 'electron', defaultProjectDir: '/d' });
    await expect(api['maps.load']({ id: 'x' })).rejects.toThrow('maps.load: no project is open');
    expect(calls).toEqual([
      ['app.info', {}],
      ['maps.load', { id: 'x' }],
    ]);
    await (api['project.info'] as unknown as () => Promise<unknown>)();
    expect(calls.at(-1)).toEqual(['project.info', {}]);
  });

  it('refuses a reply that is not a CallReply', async () => {
    const { api } = fake(() => 'weird' as unknown as CallReply);
    await expect(api['app.info']({})).rejects.toThrow('app.info: the main process sent an unreadable reply');
  });

  it('subscribes and unsubscribes event listeners', () => {
    const { api, listeners } = fake(() => ({ ok: true, value: null }));
    const seen: AppEvent[] = [];
    const off = api.onEvent((e) => seen.push(e));
    for (const l of listeners) l({ type: 'job.done', jobId: 'j' });
    off();
    expect(listeners.size).toBe(0);
    expect(seen).toEqual([{ type: 'job.done', jobId: 'j' }]);
    expect(() => api.onEvent('nope' as never)).toThrow('onEvent needs a function');
  });
});

describe('services', () => {
  it('groups every operation under its service, typed, calling the same functions', async () => {
    const { api, calls } = fake((name) => ({ ok: true, value: name }));
    const s = services(api);
    const flat = OPERATION_NAMES.map((n) => n.split('.') as [string, string]);
    for (const [g, m] of flat) expect((s as unknown as Record<string, Record<string, unknown>>)[g]![m]).toBe((api as unknown as Record<string, unknown>)[`${g}.${m}`]);
    expect(await s.maps.load({ id: 'm1' })).toBe('maps.load');
    expect(await s.project.info()).toBe('project.info');
    expect(calls).toEqual([
      ['maps.load', { id: 'm1' }],
      ['project.info', {}],
    ]);
    expect(Object.isFrozen(s) && Object.isFrozen(s.maps)).toBe(true);
  });

  it('fails with an ApiError naming the operation', async () => {
    const { api } = fake(() => ({ ok: false, error: 'maps.paint: no such map' }));
    const e = await services(api).maps.paint({ id: 'x', tiles: [0], terrain: 'forest' }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).operation).toBe('maps.paint');
  });
});
