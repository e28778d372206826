/** The hardening pieces that do not need Electron running: preferences, policy, request filter. */
import { describe, expect, it } from 'vitest';
import { isAllowedRequest, policyFor, secureWebPreferences } from './security.js';
import { CONTENT_SECURITY_POLICY } from '../shared/csp.js';

const prod = { rendererDir: '/app/out/renderer' };
const dev = { ...prod, devServerUrl: 'http://localhost:5173' };

describe('security', () => {
  it('turns isolation and the sandbox on and Node off', () => {
    const p = secureWebPreferences('/app/out/preload/index.cjs', false);
    expect(p).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInWorker: false, webSecurity: true, webviewTag: false, allowRunningInsecureContent: false, devTools: false });
    expect(secureWebPreferences('/p', true).devTools).toBe(true);
  });

  it('uses a strict policy: scripts only from the app, no eval, no inline script', () => {
    expect(policyFor(prod)).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(policyFor(dev)).toContain("connect-src 'self' ws://localhost:5173");
  });

  it('lets no remote content in', () => {
    expect(isAllowedRequest('app://renderer/assets/index.js', prod)).toBe(true);
    expect(isAllowedRequest('data:image/png;base64,AAAA', prod)).toBe(true);
    expect(isAllowedRequest('blob:app://renderer/1234', prod)).toBe(true);
    // file: is refused, the renderer's own files included: app:// serves them (app-protocol.ts).
    for (const url of ['file:///app/out/renderer/assets/index.js', 'file:///etc/passwd', 'blob:file:///1234', 'app://elsewhere/x.js']) expect(isAllowedRequest(url, prod), url).toBe(false);
    for (const url of ['https://cdn.example/three.js', 'http://localhost:5173/', 'ws://127.0.0.1:9229', 'ftp://example.org/x', 'nonsense']) expect(isAllowedRequest(url, prod), url).toBe(false);
    expect(isAllowedRequest('http://localhost:5173/src/main.ts', dev)).toBe(true);
    expect(isAllowedRequest('ws://localhost:5173/', dev)).toBe(true);
    expect(isAllowedRequest('http://localhost:5174/', dev)).toBe(false);
  });
});
