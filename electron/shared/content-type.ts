/**
 * The Content-Type of a built renderer file, one table for both doors: the `app://`
 * protocol of the desktop app (electron/main/app-protocol.ts) and browser mode's HTTP
 * server (electron/browser/server.ts) serve the same files and must label them alike.
 *
 * Pure: no Electron, no Node, no DOM.
 */

const BY_EXTENSION: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

/** The Content-Type for a file extension (`.js`, any case); octet-stream for one not listed. */
export function contentTypeOf(extension: string): string {
  return BY_EXTENSION[extension.toLowerCase()] ?? 'application/octet-stream';
}
