/**
 * The Electron door onto AppServices (SPEC §11): ONE invoke channel for every operation of
 * the contract and one event channel back. Every call is checked twice before anything
 * runs: the sender must be our own top-level page (file URL of the built renderer, or the
 * dev server in development — never a frame or a page navigated elsewhere), and
 * `(name, args)` must match the contract (AppServices.call validates). Replies are plain
 * `{ ok, value | error }` objects so an error reaches the renderer as one clear line rather
 * than Electron's "Error invoking remote method" wrapper.
 *
 * Main process (Node); imports only Electron *types*, so the handler is testable without
 * Electron.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { APP_HOST, APP_SCHEME } from './app-protocol.js';
import type { AppEvent, CallReply } from '../../contract/contract.js';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../../contract/contract.js';
import { oneLineMessage } from '../../core/util/one-line.js';

export type { CallReply };

export interface CallTarget {
  call(name: unknown, args: unknown): Promise<unknown>;
}

/** The part of an IPC event the sender check reads. */
export interface SenderInfo {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

export interface AppOrigin {
  /** Absolute path of the built renderer folder, served as app://renderer/ (app-protocol.ts). */
  rendererDir: string;
  /** The Vite dev server URL in development (ELECTRON_RENDERER_URL); absent in production. */
  devServerUrl?: string;
}

/** `url` parsed, or null when it is not an absolute URL. */
export function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * True when `url` is our own renderer page: a page of app://renderer (app-protocol.ts), or
 * of the dev server in development. Never a file: URL — the app is not loaded from file://.
 */
export function isAppUrl(url: string, origin: AppOrigin): boolean {
  const u = parseUrl(url);
  if (!u) return false;
  if (u.protocol === `${APP_SCHEME}:`) return u.host === APP_HOST;
  if (!origin.devServerUrl) return false;
  const dev = new URL(origin.devServerUrl);
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === dev.origin;
}

/** Only our top-level page may call: not an iframe, not a page that navigated away. */
export function isTrustedSender(event: SenderInfo, origin: AppOrigin): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url, origin);
}

export type CallHandler = (event: SenderInfo, name: unknown, args: unknown) => Promise<CallReply>;

export function createCallHandler(target: CallTarget, origin: AppOrigin, log: (message: string) => void = () => {}): CallHandler {
  return async (event, name, args) => {
    if (!isTrustedSender(event, origin)) {
      const url = event.senderFrame?.url ?? '(no frame)';
      log(`refused a call of ${JSON.stringify(String(name)).slice(0, 80)} from ${url}`);
      return { ok: false, error: `refused: calls are accepted only from the Sandtable window, not from ${url}` };
    }
    try {
      return { ok: true, value: await target.call(name, args) };
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      // Refusals the user can act on are not bugs: no stack in the log.
      if (!['InputError', 'PaintError', 'JobCancelledError', 'FileAccessError', 'ProjectLockedError', 'ProjectReadOnlyError'].includes(err.name)) log(err.stack ?? err.message);
      return { ok: false, error: oneLineMessage(err) };
    }
  };
}

export function registerCallHandler(ipcMain: IpcMain, handler: CallHandler): () => void {
  ipcMain.handle(IPC_CALL_CHANNEL, (event: IpcMainInvokeEvent, name: unknown, args: unknown) => handler(event, name, args));
  return () => ipcMain.removeHandler(IPC_CALL_CHANNEL);
}

/** Sends service events to a window for as long as it lives. */
export function forwardEvents(source: { onEvent(listener: (e: AppEvent) => void): () => void }, contents: WebContents): () => void {
  const off = source.onEvent((event) => sendEvent(contents, event));
  contents.once('destroyed', off);
  return off;
}

export function sendEvent(contents: WebContents, event: AppEvent): void {
  if (!contents.isDestroyed()) contents.send(IPC_EVENT_CHANNEL, event);
}
