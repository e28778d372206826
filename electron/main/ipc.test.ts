/**
 * The IPC handler without Electron: fake events carry the sender frame, a real AppServices
 * answers, so the sender check and the contract validation are both exercised for real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppServices } from '../../node/services/app-services.js';
import type { CallHandler, SenderInfo } from './ipc.js';
import { createCallHandler, isAppUrl } from './ipc.js';

const rendererDir = '/opt/Sandtable/resources/app.asar/out/renderer';
const rendererFile = `${rendererDir}/index.html`;
const appUrl = 'app://renderer/index.html';
const frame = (url: string, parent: unknown = null): SenderInfo => ({ senderFrame: { url, parent } });

let dir: string;
let services: AppServices;
let handler: CallHandler;
const logged: string[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandtable-ipc-'));
  services = new AppServices({ mode: 'electron', version: '1.2.3', userDataDir: dir });
  handler = createCallHandler(services, { rendererDir }, (m) => logged.push(m));
});

afterAll(async () => {
  await services.shutdown();
  rmSync(dir, { recursive: true, force: true });
});

describe('sender check', () => {
  it('answers our own page, with a hash or query on its URL', async () => {
    expect(await handler(frame(appUrl), 'app.info', {})).toEqual({ ok: true, value: { version: '1.2.3', mode: 'electron', defaultProjectDir: join(dir, 'projects') } });
    expect((await handler(frame(`${appUrl}#/map/1`), 'app.info', {})).ok).toBe(true);
  });

  it.each([
    ['a remote page', 'https://evil.example/index.html'],
    ['another local file', pathToFileURL('/tmp/index.html').href],
    ['our own page loaded from file:// (the app is served from app:// only)', pathToFileURL(rendererFile).href],
    ['another host of the app scheme', 'app://evil/index.html'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a dev server URL in production', 'http://localhost:5173/'],
    ['garbage', 'not a url'],
  ])('refuses %s', async (_what, url) => {
    const reply = await handler(frame(url), 'app.info', {});
    expect(reply).toEqual({ ok: false, error: `refused: calls are accepted only from the Sandtable window, not from ${url}` });
    expect(logged.at(-1)).toContain(url);
  });

  it('refuses iframes inside our page and events without a frame', async () => {
    expect((await handler(frame(appUrl, { url: appUrl }), 'app.info', {})).ok).toBe(false);
    expect(await handler({ senderFrame: null }, 'app.info', {})).toEqual({ ok: false, error: 'refused: calls are accepted only from the Sandtable window, not from (no frame)' });
  });

  it('accepts the dev server only when one is configured, and only its origin', () => {
    const dev = { rendererDir, devServerUrl: 'http://localhost:5173' };
    expect(isAppUrl('http://localhost:5173/src/main.ts', dev)).toBe(true);
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isAppUrl('http://127.0.0.1:5173/', dev)).toBe(false);
    expect(isAppUrl('http://localhost:5173/', { rendererDir })).toBe(false);
  });
});

describe('validation and errors', () => {
  it('refuses unknown operations and wrong arguments with one clear line', async () => {
    const unknown = await handler(frame(appUrl), 'fs.readFile', { path: '/etc/passwd' });
    expect(unknown.ok).toBe(false);
    expect((unknown as { error: string }).error).toMatch(/^unknown operation "fs\.readFile"; expected one of app\.info, /);
    expect(await handler(frame(appUrl), 'maps.paint', { id: 'm', tiles: [1.5], terrain: 'forest' })).toEqual({
      ok: false,
      error: 'maps.paint: $.tiles[0]: expected an integer 0…2147483646, got 1.5',
    });
    expect(await handler(frame(appUrl), 'project.open', { path: 'a', extra: 1 })).toEqual({ ok: false, error: 'project.open: $.extra: unknown field; expected only path, access' });
  });

  it('returns service errors as a reply, not a throw', async () => {
    const reply = await handler(frame(appUrl), 'maps.load', { id: 'nope' });
    expect(reply).toEqual({ ok: false, error: 'maps.load: no project is open; create one (project.new) or open one (project.open)' });
  });

  it('round-trips a real operation', async () => {
    const created = await handler(frame(appUrl), 'maps.create', { name: 'IPC', kind: 'offset-square', size: '3x3', alform: false });
    expect(created.ok).toBe(true);
    const list = await handler(frame(appUrl), 'maps.list', {});
    expect(list).toMatchObject({ ok: true, value: [{ name: 'IPC', kind: 'offset-square', size: '3x3', tileCount: 9 }] });
  });
});
