/**
 * Browser mode's HTTP door onto AppServices (SPEC §11: "a loopback-only, token-protected
 * local connection"): the same operations, validated by the same `AppServices.call`, over
 *
 *   GET  /?token=T          the renderer's index.html (sets a same-site cookie for its assets)
 *   GET  /<asset>           built renderer files (cookie from the page, or ?token=T)
 *   POST /api/call          JSON {name, args} with `Authorization: Bearer T` → CallReply JSON
 *   GET  /api/events?token=T   Server-Sent Events, one `data:` line of AppEvent JSON each
 *
 * Guards, in order: the Host header must be 127.0.0.1:PORT or localhost:PORT (a DNS-rebound
 * name pointing at 127.0.0.1 is refused); the token must be right (compared in constant
 * time) or the answer is 401; API calls must be JSON (so a cross-site form cannot post)
 * and, when the browser sends an Origin, come from our own origin. The server itself binds
 * 127.0.0.1 only (start.ts).
 *
 * Node only: must not depend on Electron or DOM.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { isInside, realPathInside } from '../../node/files/path-capability.js';
import type { AppEvent, CallReply } from '../../contract/contract.js';
import { contentTypeOf } from '../shared/content-type.js';
import { CONTENT_SECURITY_POLICY } from '../shared/csp.js';
import { oneLineMessage } from '../../core/util/one-line.js';
import { quoted } from '../../core/util/bounded.js';

export interface ServerTarget {
  call(name: unknown, args: unknown): Promise<unknown>;
  onEvent(listener: (event: AppEvent) => void): () => void;
}

export interface HandlerOptions {
  target: ServerTarget;
  token: string;
  /** The port we listen on; the Host and Origin checks need it. */
  port: () => number;
  /** Folder of the built renderer (index.html and its assets). */
  rendererDir: string;
  log?: (line: string) => void;
}

/** JSON bodies up to this size: a 64 MiB map text (the contract's limit) plus JSON escaping. */
export const MAX_BODY_BYTES = 96 * 1024 * 1024;
const HEARTBEAT_MS = 15_000;

export interface RequestHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  /** Ends every open event stream (before the server closes). */
  closeStreams(): void;
}

export function createRequestHandler(options: HandlerOptions): RequestHandler {
  const { target, token } = options;
  const root = resolve(options.rendererDir);
  const streams = new Set<ServerResponse>();
  const cookieName = () => `sandtable-token-${options.port()}`;
  const log = options.log ?? (() => {});

  const handler = ((req: IncomingMessage, res: ServerResponse) => {
    baseHeaders(res);
    const port = options.port();
    const host = req.headers.host;
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
      log(`refused Host ${JSON.stringify(host ?? '')}`);
      return text(res, 403, `Forbidden: this server answers only to 127.0.0.1:${port} or localhost:${port}, not ${host ?? '(no Host header)'}`);
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${host}`);
    } catch {
      return text(res, 400, 'Bad request URL');
    }
    const method = req.method ?? 'GET';
    if (url.pathname === '/api/call') {
      if (method !== 'POST') return methodNotAllowed(res, 'POST');
      if (!sameToken(bearer(req), token)) return unauthorized(res);
      if (!originAllowed(req, port)) return text(res, 403, 'Forbidden: cross-origin call');
      return void apiCall(req, res, target);
    }
    if (url.pathname === '/api/events') {
      if (method !== 'GET') return methodNotAllowed(res, 'GET');
      if (!sameToken(url.searchParams.get('token') ?? bearer(req), token)) return unauthorized(res);
      return openStream(req, res, target, streams);
    }
    if (url.pathname.startsWith('/api/')) return text(res, 404, `No such API: ${url.pathname}`);
    if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(res, 'GET, HEAD');
    const isPage = url.pathname === '/' || url.pathname === '/index.html';
    const queryToken = url.searchParams.get('token');
    if (isPage) {
      // The page itself needs the token in its URL: the renderer reads it from location.search.
      if (!sameToken(queryToken, token)) return unauthorized(res);
      res.setHeader('Set-Cookie', `${cookieName()}=${token}; Path=/; HttpOnly; SameSite=Strict`);
      return servePage(res, root, method);
    }
    if (!sameToken(queryToken ?? cookie(req, cookieName()), token)) return unauthorized(res);
    return serveFile(res, root, url.pathname, method);
  }) as RequestHandler;

  handler.closeStreams = () => {
    for (const s of streams) s.end();
    streams.clear();
  };
  return handler;
}

function baseHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // The page URL carries the token: never send it on as a Referer.
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('X-Frame-Options', 'DENY');
}

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${body}\n`);
}

function json(res: ServerResponse, status: number, body: CallReply): void {
  let data: string;
  try {
    data = JSON.stringify(body);
  } catch (e) {
    data = JSON.stringify({ ok: false, error: `the result could not be sent as JSON: ${(e as Error).message}` });
  }
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(data);
}

function unauthorized(res: ServerResponse): void {
  res.setHeader('WWW-Authenticate', 'Bearer realm="sandtable"');
  text(res, 401, 'Unauthorized: open the URL that `npm run browser` printed; it carries the access token');
}

function methodNotAllowed(res: ServerResponse, allow: string): void {
  res.setHeader('Allow', allow);
  text(res, 405, `Method not allowed; use ${allow}`);
}

function bearer(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m ? m[1]! : null;
}

function cookie(req: IncomingMessage, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Constant-time token comparison (a timing side channel must not leak the token byte by byte). */
export function sameToken(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function originAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  return origin === undefined || origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

async function apiCall(req: IncomingMessage, res: ServerResponse, target: ServerTarget): Promise<void> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) return json(res, 415, { ok: false, error: `expected a JSON body (Content-Type: application/json), got ${type || 'no Content-Type'}` });
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req));
  } catch (e) {
    const status = e instanceof BodyTooLarge ? 413 : 400;
    return json(res, status, { ok: false, error: e instanceof BodyTooLarge ? e.message : `the body is not valid JSON: ${(e as Error).message}` });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return json(res, 400, { ok: false, error: 'expected a JSON object {"name": …, "args": …}' });
  // JSON.parse keeps a `__proto__` key as an own property (it sets no prototype), so it is
  // refused here as any unknown field, and nothing is read through the prototype: the
  // contract (AppServices.call) then refuses prototype names and NUL inside `args`.
  const envelope = body as Record<string, unknown>;
  const extra = Object.keys(envelope).filter((k) => k !== 'name' && k !== 'args');
  if (extra.length) return json(res, 400, { ok: false, error: `unknown field ${quoted(extra[0]!)}; expected only name and args` });
  const name = Object.hasOwn(envelope, 'name') ? envelope.name : undefined;
  const args = Object.hasOwn(envelope, 'args') ? envelope.args : undefined;
  try {
    json(res, 200, { ok: true, value: await target.call(name, args === undefined ? {} : args) });
  } catch (e) {
    json(res, 200, { ok: false, error: oneLineMessage(e) });
  }
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    return Promise.reject(new BodyTooLarge(`the request body is ${declared} bytes; the limit is ${MAX_BODY_BYTES}`));
  }
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge(`the request body is over the limit of ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function openStream(req: IncomingMessage, res: ServerResponse, target: ServerTarget, streams: Set<ServerResponse>): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  res.write('retry: 2000\n\n');
  streams.add(res);
  const off = target.onEvent((event) => {
    res.write(`data: ${JSON.stringify(event)}\n\n`);
  });
  const beat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  beat.unref();
  const stop = () => {
    off();
    clearInterval(beat);
    streams.delete(res);
  };
  req.on('close', stop);
  res.on('close', stop);
}

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandtable</title></head>
<body><h1>Sandtable browser mode</h1>
<p>The server is running, but the renderer has not been built: run <code>npm run build:renderer</code> (or <code>npm run browser</code>, which builds it) and reload.</p>
</body></html>
`;

function servePage(res: ServerResponse, root: string, method: string): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  const index = join(root, 'index.html');
  if (!isFile(index)) {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(method === 'HEAD' ? undefined : PLACEHOLDER);
    return;
  }
  sendFile(res, index, method);
}

function serveFile(res: ServerResponse, root: string, pathname: string, method: string): void {
  let rel: string;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    return text(res, 400, 'Bad path encoding');
  }
  if (rel.includes('\0')) return text(res, 400, 'Bad path');
  const file = resolve(root, `.${normalize(`/${rel}`)}`);
  // normalize('/…') cannot climb above '/', but check anyway: nothing outside the renderer is served.
  if (!isInside(file, root)) return text(res, 404, 'Not found');
  if (!isFile(file)) return text(res, 404, `Not found: ${pathname}`);
  // Nor through a symlink that leads out of it: the same rule as the Electron app's door (node/files/path-capability.ts).
  const real = realPathInside(file, root);
  if (real === null) return text(res, 404, 'Not found');
  if (extname(file) === '.html') res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  sendFile(res, real, method);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function sendFile(res: ServerResponse, file: string, method: string): void {
  const size = statSync(file).size;
  res.writeHead(200, { 'Content-Type': contentTypeOf(extname(file)), 'Content-Length': size });
  if (method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
