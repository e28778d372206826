/**
 * The renderer's own origin: a privileged custom scheme, `app://renderer/…`, instead of
 * `file://` (Electron security checklist §18). Pages loaded from `file:` get privileges
 * beyond a web page's and may read any file:// URL; with `app://` the handler below serves
 * only the built renderer folder — a path that climbs out (`..`, encoded or not), a
 * symlink pointing out, another host, or a folder is answered 404 — and every `file:`
 * request is refused (security.ts). The scheme is registered as standard and secure
 * before the app is ready (`registerAppScheme`), so the page has a real origin for the CSP
 * (`'self'`), fetch and workers.
 *
 * Main process; imports only Electron *types*; the URL → file mapping and the handler are
 * plain functions, testable without Electron.
 */
import type { Protocol } from 'electron';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { isInside, realPathInsideAsync } from '../../node/files/path-capability.js';
import { contentTypeOf } from '../shared/content-type.js';
import { CONTENT_SECURITY_POLICY } from '../shared/csp.js';

export const APP_SCHEME = 'app';
export const APP_HOST = 'renderer';
/** The renderer's origin and its page. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** What registerSchemesAsPrivileged needs (before `ready`): a standard, secure scheme with fetch. */
export const APP_SCHEME_PRIVILEGES = [{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }] as const;

/**
 * The file of the renderer folder an `app://renderer/…` URL names, or null: another scheme
 * or host, a path that leaves the folder, a NUL or backslash in the path. `/` is index.html.
 * Lexical only; `serveAppRequest` also resolves symlinks.
 */
export function appUrlToFile(url: string, rendererDir: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  if (path === '/' || path === '') path = '/index.html';
  const root = resolve(rendererDir);
  const file = resolve(join(root, path));
  return isInside(file, root) ? file : null;
}

/** Answers one request of the scheme: the file with its type and the CSP, or 404. */
export async function serveAppRequest(url: string, rendererDir: string): Promise<Response> {
  const notFound = () => new Response('not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const file = appUrlToFile(url, rendererDir);
  if (!file) return notFound();
  try {
    // Symlinks inside the folder must not lead out of it either (node/files/path-capability.ts).
    const real = await realPathInsideAsync(file, resolve(rendererDir));
    if (real === null || !(await stat(real)).isFile()) return notFound();
    const body = await readFile(real);
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': contentTypeOf(extname(real)),
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return notFound();
  }
}

/** Installs the handler on a session's protocol (after `ready`). */
export function handleAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(request.url, rendererDir));
}
