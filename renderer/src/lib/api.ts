/**
 * The one way the renderer reaches the main process: a `SandtableApi` (contract/
 * contract.ts). In Electron the preload exposes it as `window.sandtable`; in browser mode
 * (SPEC §11: loopback, token-protected) this module builds the same object over HTTP:
 * `POST /api/call` with `{ name, args }` and `Authorization: Bearer <token>`, answered by
 * `{ ok: true, value } | { ok: false, error }`, and `GET /api/events?token=…` as
 * Server-Sent Events, one JSON `AppEvent` per message. The token comes from the page URL
 * (`?token=…`, printed by `npm run browser`).
 *
 * Renderer layer: DOM only, no Node, no Electron import (the preload object is typed by the
 * contract alone).
 */
import type { AppEvent, CallReply, OperationName, SandtableApi } from '../../../contract/contract.js';
import { ApiError, createApi } from '../../../contract/api.js';

export { ApiError };

declare global {
  interface Window {
    sandtable?: SandtableApi;
  }
}

export type Transport = 'electron' | 'browser';

export interface Connection {
  api: SandtableApi;
  transport: Transport;
}

/** Picks the preload bridge, or the browser-mode client when the page URL carries a token. */
export function connect(win: Window = window): Connection {
  if (win.sandtable) return { api: win.sandtable, transport: 'electron' };
  const token = new URLSearchParams(win.location.search).get('token');
  if (!token) {
    throw new Error('No connection to Sandtable: open the address printed by `npm run browser` (it carries the access token), or start the desktop app.');
  }
  return { api: createBrowserApi(token), transport: 'browser' };
}

function isEnvelope(v: unknown): v is CallReply {
  return typeof v === 'object' && v !== null && typeof (v as { ok?: unknown }).ok === 'boolean';
}

/** The browser-mode `SandtableApi`: fetch for calls, one shared EventSource for events. */
export function createBrowserApi(token: string, base = ''): SandtableApi {
  const invoke = async (name: OperationName, args: unknown): Promise<CallReply> => {
    let res: Response;
    try {
      res = await fetch(`${base}/api/call`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ name, args }),
      });
    } catch (e) {
      throw new ApiError(name, `${name}: the Sandtable server cannot be reached (${(e as Error).message})`);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new ApiError(name, `${name}: the server answered HTTP ${res.status} ${res.statusText} without a JSON reply`);
    }
    if (!isEnvelope(body)) throw new ApiError(name, `${name}: the server answered HTTP ${res.status} with an unexpected reply`);
    return body;
  };

  const listeners = new Set<(event: AppEvent) => void>();
  let source: EventSource | null = null;
  const openEvents = () => {
    source = new EventSource(`${base}/api/events?token=${encodeURIComponent(token)}`);
    source.onmessage = (message: MessageEvent<string>) => {
      let event: AppEvent;
      try {
        event = JSON.parse(message.data) as AppEvent;
      } catch {
        return; // a keep-alive or a malformed message: nothing to deliver
      }
      for (const listener of listeners) listener(event);
    };
  };
  const subscribe = (listener: (event: AppEvent) => void) => {
    listeners.add(listener);
    if (!source) openEvents();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && source) {
        source.close();
        source = null;
      }
    };
  };
  return createApi({ invoke, subscribe });
}
