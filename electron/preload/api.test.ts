/** The preload's API object, built over a fake transport: shape, unwrapping, events. */
import { describe, expect, it } from 'vitest';
import type { AppEvent, CallReply } from '../shared/contract.js';
import { OPERATION_NAMES } from '../shared/contract.js';
import { createApi } from './api.js';

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

describe('preload api', () => {
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
