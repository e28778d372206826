/**
 * Browser mode over real HTTP on a real socket: the token check, the Host guard, loopback
 * binding, static files (and nothing outside them), a call round trip, and SSE delivering
 * job progress.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserServer } from './start.js';
import { startBrowserServer } from './start.js';
import { CONTENT_SECURITY_POLICY } from '../shared/csp.js';
import { writeSiblingTilesets } from '../../node/formats/sibling-tilesets.testkit.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let dir: string;
let server: BrowserServer;

function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: options.method ?? 'GET', headers: { host: `127.0.0.1:${server.port}`, ...options.headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const api = (name: string, args: unknown, headers: Record<string, string> = {}) =>
  send('/api/call', { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify({ name, args }) });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sandtable-browser-'));
  const renderer = join(dir, 'www', 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Sandtable</title><script type="module" src="/assets/app.js"></script>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log("renderer");');
  writeFileSync(join(dir, 'www', 'secret.txt'), 'not for the web');
  symlinkSync(join(dir, 'www', 'secret.txt'), join(renderer, 'assets', 'link.js'));
  server = await startBrowserServer({ userDataDir: join(dir, 'user'), rendererDir: renderer, services: { jobThresholdTiles: 100, jobStepDelayMs: 20 } });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('binding and URL', () => {
  it('listens on 127.0.0.1 only and prints a URL with a 32-byte token', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(Buffer.from(server.token, 'base64url')).toHaveLength(32);
    const other = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (other) {
      // The same port on a non-loopback address of this machine must refuse connections.
      const refused = await new Promise<boolean>((resolve) => {
        const s = connect({ host: other.address, port: server.port });
        s.once('connect', () => {
          s.destroy();
          resolve(false);
        });
        s.once('error', () => resolve(true));
      });
      expect(refused).toBe(true);
    }
  });

  it('gets a different token on every start', async () => {
    const second = await startBrowserServer({ userDataDir: join(dir, 'user2'), rendererDir: join(dir, 'www', 'renderer') });
    try {
      expect(second.token).not.toBe(server.token);
      expect(second.port).not.toBe(server.port);
    } finally {
      await second.close();
    }
  });
});

describe('token check', () => {
  it('serves the page only with the right token in the URL', async () => {
    expect((await send('/')).status).toBe(401);
    expect((await send('/?token=wrong')).status).toBe(401);
    expect((await send(`/?token=${server.token}x`)).status).toBe(401);
    const page = await send(`/?token=${server.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Sandtable</title>');
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(String(page.headers['set-cookie'])).toContain(`sandtable-token-${server.port}=${server.token}; Path=/; HttpOnly; SameSite=Strict`);
  });

  it('serves assets with the cookie the page set, or the token in the URL, and not without', async () => {
    expect((await send('/assets/app.js')).status).toBe(401);
    expect((await send('/assets/app.js', { headers: { cookie: `sandtable-token-${server.port}=nope` } })).status).toBe(401);
    const withCookie = await send('/assets/app.js', { headers: { cookie: `other=1; sandtable-token-${server.port}=${server.token}` } });
    expect(withCookie).toMatchObject({ status: 200, body: 'console.log("renderer");' });
    expect(withCookie.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await send(`/assets/app.js?token=${server.token}`)).status).toBe(200);
  });

  it('refuses API calls without the bearer token, with a wrong one, or with the token only in the URL', async () => {
    const body = JSON.stringify({ name: 'app.info', args: {} });
    const headers = { 'content-type': 'application/json' };
    expect((await send('/api/call', { method: 'POST', headers, body })).status).toBe(401);
    expect((await send('/api/call', { method: 'POST', headers: { ...headers, authorization: 'Bearer wrong' }, body })).status).toBe(401);
    expect((await send(`/api/call?token=${server.token}`, { method: 'POST', headers, body })).status).toBe(401);
    const ok = await api('app.info', {});
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ ok: true, value: { mode: 'browser' } });
  });

  it('refuses the event stream without the token', async () => {
    expect((await send('/api/events')).status).toBe(401);
    expect((await send('/api/events?token=nope')).status).toBe(401);
  });
});

describe('guards', () => {
  it('refuses any Host but 127.0.0.1:PORT and localhost:PORT (DNS rebinding)', async () => {
    const page = `/?token=${server.token}`;
    expect((await send(page, { headers: { host: 'evil.example' } })).status).toBe(403);
    expect((await send(page, { headers: { host: `evil.example:${server.port}` } })).status).toBe(403);
    expect((await send(page, { headers: { host: `127.0.0.1:${server.port + 1}` } })).status).toBe(403);
    expect((await send(page, { headers: { host: `localhost:${server.port}` } })).status).toBe(200);
    const rebound = await api('app.info', {}, { host: `attacker.example:${server.port}` });
    expect(rebound.status).toBe(403);
  });

  it('refuses cross-origin calls and non-JSON bodies', async () => {
    expect((await api('app.info', {}, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await api('app.info', {}, { origin: `http://localhost:${server.port}` })).status).toBe(200);
    const form = await api('app.info', {}, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const bad = await send('/api/call', { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: '{"name":' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: expect.stringMatching(/^the body is not valid JSON/) });
  });

  it('serves nothing outside the renderer folder', async () => {
    const auth = { cookie: `sandtable-token-${server.port}=${server.token}` };
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt']) {
      const r = await send(path, { headers: auth });
      expect(r.status, path).toBe(404);
      expect(r.body).not.toContain('not for the web');
    }
  });

  it('refuses a symlink out of the renderer folder, as the Electron app does (node/files/path-capability.ts: the Electron rule won)', async () => {
    const r = await send('/assets/link.js', { headers: { cookie: `sandtable-token-${server.port}=${server.token}` } });
    expect(r.status).toBe(404);
    expect(r.body).not.toContain('not for the web');
  });

  it('allows only the right methods', async () => {
    expect((await send('/api/call', { headers: { authorization: `Bearer ${server.token}` } })).status).toBe(405);
    expect((await send(`/?token=${server.token}`, { method: 'DELETE' })).status).toBe(405);
    expect((await send(`/api/nothing?token=${server.token}`)).status).toBe(404);
  });
});

describe('hostile calls (issue 24): prototype-name keys and NUL', () => {
  const raw = (body: string) => send('/api/call', { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body });
  const reply = async (body: string) => JSON.parse((await raw(body)).body) as { ok: boolean; error?: string };

  it('refuses __proto__, constructor and toString keys in the arguments, at any depth, and pollutes nothing', async () => {
    expect(await reply('{"name":"maps.load","args":{"id":"m","__proto__":{"polluted":true}}}')).toEqual({ ok: false, error: 'maps.load: $.__proto__: unknown field; expected only id' });
    expect(await reply('{"name":"app.info","args":{"constructor":{"prototype":{"polluted":1}}}}')).toEqual({ ok: false, error: 'app.info: $.constructor: unknown field; expected only no fields' });
    expect(await reply('{"name":"maps.importFile","args":{"path":"/a.tmx","mapping":{"tiles":{"__proto__":"forest"}}}}')).toEqual({
      ok: false,
      error: 'maps.importFile: $.mapping.tiles.__proto__: "__proto__" is a prototype name, never a field or a key',
    });
    expect(await reply('{"name":"tiles.list","args":{"library":"user","fits":{"id":"m","tile":0,"toString":"x"}}}')).toMatchObject({ ok: false, error: expect.stringMatching(/^tiles\.list: \$\.fits\.toString: unknown field/) });
    expect(await reply('{"__proto__":{"polluted":true},"name":"app.info","args":{}}')).toEqual({ ok: false, error: 'unknown field "__proto__"; expected only name and args' });
    expect(await reply('{"name":"app.info","args":{},"a\\nb":1}')).toEqual({ ok: false, error: 'unknown field "a\\nb"; expected only name and args' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await reply('{"name":"app.info","args":{}}')).toMatchObject({ ok: true });
  });

  it('refuses NUL in any string or key, escaped or not', async () => {
    expect(await reply('{"name":"maps.load","args":{"id":"a\\u0000b"}}')).toEqual({ ok: false, error: 'maps.load: $.id: a NUL character at position 1; no string may hold NUL' });
    expect(await reply('{"name":"maps.importFile","args":{"path":"/a.tmx","mapping":{"tiles":{"1\\u0000":"forest"}}}}')).toEqual({
      ok: false,
      error: 'maps.importFile: $.mapping.tiles["1\\u0000"]: a NUL character at position 1; no string may hold NUL',
    });
    // A raw NUL byte inside a JSON string is not JSON at all.
    const rawNul = await raw('{"name":"maps.load","args":{"id":"a\u0000b"}}');
    expect(rawNul.status).toBe(400);
    expect(JSON.parse(rawNul.body)).toMatchObject({ ok: false, error: expect.stringMatching(/^the body is not valid JSON/) });
  });
});

describe('calls and events', () => {
  it('round-trips operations with the same validation as IPC', async () => {
    const created = JSON.parse((await api('maps.create', { name: 'Web', kind: 'square', size: '5x4', alform: false, fill: 'clear' })).body);
    expect(created).toMatchObject({ ok: true, value: { summary: { name: 'Web', size: '5x4', tileCount: 20 } } });
    const painted = JSON.parse((await api('maps.paint', { id: created.value.summary.id, tiles: [0, 1], terrain: 'forest' })).body);
    expect(painted).toMatchObject({ ok: true, value: { canUndo: true, palette: ['clear', 'forest'] } });
    expect(JSON.parse((await api('maps.paint', { id: created.value.summary.id, tiles: ['0'], terrain: 'forest' })).body)).toEqual({
      ok: false,
      error: 'maps.paint: $.tiles[0]: expected an integer 0…2147483646, got "0"',
    });
    expect(JSON.parse((await api('shell.exec', {})).body).error).toMatch(/^unknown operation "shell\.exec"/);
    const extra = await send('/api/call', { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: '{"name":"app.info","args":{},"x":1}' });
    expect(JSON.parse(extra.body)).toEqual({ ok: false, error: 'unknown field "x"; expected only name and args' });
  });

  it('imports a map whose tilesets sit in a sibling folder once the folder is granted; an upload with its tilesets asks nothing (issue 24)', async () => {
    const { map, tilesets } = writeSiblingTilesets(join(dir, 'user', 'projects', 'a'));
    const question = `This map uses tilesets in ${tilesets} — allow reading that folder?`;
    expect(JSON.parse((await api('maps.importFile', { path: map })).body)).toEqual({ ok: true, value: { needsGrant: { folders: [tilesets], question } } });
    expect(JSON.parse((await api('project.grantFolder', { folder: join(dir, 'www') })).body)).toMatchObject({ ok: false });
    expect(JSON.parse((await api('project.grantFolder', { folder: tilesets })).body)).toEqual({ ok: true, value: { folders: [tilesets] } });
    expect(JSON.parse((await api('maps.importFile', { path: map })).body)).toMatchObject({ ok: true, value: { map: { summary: { name: 'valley', size: '3x2' } } } });
    // The browser's own upload: the page sends the tileset with the map, the server reads no disk and asks nothing.
    const tileset = { name: 'terrain.tsx', text: readFileSync(join(tilesets, 'terrain.tsx'), 'utf8') };
    expect(JSON.parse((await api('maps.import', { fileName: 'valley.tmx', text: readFileSync(map, 'utf8'), tilesets: [tileset] })).body)).toMatchObject({ ok: true, value: { map: { summary: { size: '3x2' } } } });
  });

  it('delivers job progress over Server-Sent Events', async () => {
    const received: any[] = [];
    let res: import('node:http').IncomingMessage | undefined;
    const opened = new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: `/api/events?token=${server.token}`, headers: { host: `127.0.0.1:${server.port}`, accept: 'text/event-stream' } }, (r) => {
        res = r;
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-type']).toBe('text/event-stream; charset=utf-8');
        let buffer = '';
        r.setEncoding('utf8');
        r.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of block.split('\n')) if (line.startsWith('data: ')) received.push(JSON.parse(line.slice(6)));
          }
        });
        resolve();
      });
      req.on('error', reject);
      req.end();
    });
    await opened;
    // 30×30 tiles is over the test threshold of 100: created by a worker job.
    const created = JSON.parse((await api('maps.create', { name: 'Job', kind: 'square', size: '30x30', alform: false })).body);
    expect(created.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    res?.destroy();
    const progress = received.filter((e) => e.type === 'job.progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatchObject({ type: 'job.progress', label: 'Creating map', done: 0, total: 3 });
    expect(received.some((e) => e.type === 'job.done' && e.jobId === progress[0].jobId)).toBe(true);
    expect(received.some((e) => e.type === 'project.changed')).toBe(true);
  });
});
