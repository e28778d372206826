/**
 * Hardening of the Electron side (SPEC §11; Electron's security checklist): the renderer's
 * webPreferences, the Content-Security-Policy header on every response, no remote content
 * (requests to any http(s)/ws origin but the dev server are cancelled), no permissions,
 * no navigation away from our page, no new windows, no <webview>.
 *
 * Main process; imports only Electron *types* (the values come in as arguments), so the
 * pieces are testable without Electron.
 */
import type { App, Session, WebContents, WebPreferences } from 'electron';
import type { AppOrigin } from './ipc.js';
import { isAppUrl, parseUrl } from './ipc.js';
import { APP_HOST, APP_SCHEME } from './app-protocol.js';
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from '../shared/csp.js';

export function secureWebPreferences(preload: string, isDev: boolean): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    devTools: isDev,
  };
}

/** The policy for this run: the strict one, plus the dev server's WebSocket in development. */
export function policyFor(origin: AppOrigin): string {
  return origin.devServerUrl ? devContentSecurityPolicy(origin.devServerUrl) : CONTENT_SECURITY_POLICY;
}

/**
 * True for requests the app may make: its own app://renderer files, data/blob URLs,
 * DevTools, and the dev server in development. `file:` is refused: the renderer has no
 * business reading the file system (app-protocol.ts serves what it needs).
 */
export function isAllowedRequest(url: string, origin: AppOrigin): boolean {
  const u = parseUrl(url);
  if (!u) return false;
  if (u.protocol === `${APP_SCHEME}:`) return u.host === APP_HOST;
  if (u.protocol === 'data:' || u.protocol === 'devtools:' || u.protocol === 'chrome-extension:') return true;
  // blob: URLs carry their creator's origin: only our own page's.
  if (u.protocol === 'blob:') return u.pathname.startsWith(`${APP_SCHEME}://${APP_HOST}/`) || (origin.devServerUrl !== undefined && u.pathname.startsWith(new URL(origin.devServerUrl).origin));
  if (!origin.devServerUrl) return false;
  const dev = new URL(origin.devServerUrl);
  return u.host === dev.host && ['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol);
}

export function hardenSession(session: Session, origin: AppOrigin, log: (line: string) => void): void {
  const csp = policyFor(origin);
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    for (const key of Object.keys(headers)) if (key.toLowerCase() === 'content-security-policy') delete headers[key];
    headers['Content-Security-Policy'] = [csp];
    callback({ responseHeaders: headers });
  });
  session.webRequest.onBeforeRequest({ urls: ['<all_urls>'] }, (details, callback) => {
    const allowed = isAllowedRequest(details.url, origin);
    if (!allowed) log(`blocked a request to ${details.url}`);
    callback({ cancel: !allowed });
  });
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** Applies to every WebContents the app ever creates (windows, DevTools excepted by Electron). */
export function hardenContents(app: App, origin: AppOrigin, log: (line: string) => void): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url, origin)) {
        event.preventDefault();
        log(`blocked navigation to ${url}`);
      }
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url, origin)) event.preventDefault();
    });
    contents.setWindowOpenHandler(({ url }) => {
      log(`blocked a new window for ${url}`);
      return { action: 'deny' };
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}
