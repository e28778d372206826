import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserApi } from './api.js';
import { OPERATION_NAMES } from '../../../contract/contract.js';

describe('browser-mode API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has one function per contract operation, POSTing {name, args} with the bearer token', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true, value: { version: '1', mode: 'browser', defaultProjectDir: '/p' } })));
    vi.stubGlobal('fetch', fetch);
    const api = createBrowserApi('tok3n');
    for (const name of OPERATION_NAMES) expect(typeof api[name]).toBe('function');
    await expect(api['app.info']({})).resolves.toMatchObject({ mode: 'browser' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/call');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok3n');
    expect(JSON.parse(init.body as string)).toEqual({ name: 'app.info', args: {} });
  });

  it('turns {ok: false} and non-JSON answers into errors naming the operation', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ ok: false, error: 'maps.load: no map with id "x"' }))));
    await expect(createBrowserApi('t')['maps.load']({ id: 'x' })).rejects.toThrow('maps.load: no map with id "x"');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('nope', { status: 401, statusText: 'Unauthorized' })));
    await expect(createBrowserApi('t')['project.info']({})).rejects.toThrow('project.info: the server answered HTTP 401 Unauthorized without a JSON reply');
  });
});
