/** app://renderer serves the built renderer folder and nothing else (app-protocol.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_SCHEME_PRIVILEGES, appUrlToFile, serveAppRequest } from './app-protocol.js';

let dir: string;
let renderer: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandtable-app-protocol-'));
  renderer = join(dir, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Sandtable</title>');
  writeFileSync(join(renderer, 'assets', 'index.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'secret');
  symlinkSync(join(dir, 'secret.txt'), join(renderer, 'assets', 'link.js'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('app:// protocol', () => {
  it('is registered as a standard, secure scheme', () => {
    expect(APP_SCHEME_PRIVILEGES[0]).toMatchObject({ scheme: 'app', privileges: { standard: true, secure: true } });
  });

  it('maps app://renderer paths into the renderer folder only', () => {
    expect(appUrlToFile('app://renderer/', renderer)).toBe(join(renderer, 'index.html'));
    expect(appUrlToFile('app://renderer/assets/index.js', renderer)).toBe(join(renderer, 'assets', 'index.js'));
    // Climbing out, plain or percent-encoded, either normalises to a path inside the folder or is refused.
    for (const url of ['app://renderer/../secret.txt', 'app://renderer/%2e%2e/secret.txt', 'app://renderer/assets/%2e%2e%2f%2e%2e%2fsecret.txt', 'app://renderer/..%5csecret.txt']) {
      const file = appUrlToFile(url, renderer);
      expect(file === null || file.startsWith(`${renderer}/`), url).toBe(true);
    }
    for (const url of ['app://renderer/assets/%2e%2e%2f%2e%2e%2fsecret.txt', 'app://other/index.html', 'file:///etc/passwd', 'app://renderer/%00', 'nonsense']) {
      expect(appUrlToFile(url, renderer), url).toBeNull();
    }
  });

  it('serves files with their type and the CSP, and 404 for anything else', async () => {
    const page = await serveAppRequest('app://renderer/index.html', renderer);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('Sandtable');
    for (const url of ['app://renderer/assets/link.js', 'app://renderer/assets', 'app://renderer/missing.js', 'app://renderer/%2e%2e/secret.txt']) {
      const r = await serveAppRequest(url, renderer);
      expect(r.status, url).toBe(404);
      expect(await r.text()).not.toContain('secret');
    }
  });
});
