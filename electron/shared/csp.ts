/**
 * The Content-Security-Policy of the renderer (SPEC §11 "a strict Content-Security-Policy"),
 * one string for both doors: the Electron session sends it as a response header, browser
 * mode's server sends the same header, and the renderer's index.html repeats it in a meta
 * tag. Scripts only from the app itself — no inline script, no eval — so an injected
 * string can never run; styles may be inline (Svelte's scoped styles); images may be data:
 * and blob: URLs (canvas snapshots, thumbnails); workers from the app or blob: (Three.js /
 * Vite worker chunks); nothing may be framed, posted or loaded from elsewhere.
 *
 * Pure string: no Electron, no Node.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Development (electron-vite dev): the Vite client also talks to its dev server over a WebSocket. */
export function devContentSecurityPolicy(devServerUrl: string): string {
  const u = new URL(devServerUrl);
  const ws = `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`;
  return CONTENT_SECURITY_POLICY.replace("connect-src 'self'", `connect-src 'self' ${ws}`);
}
