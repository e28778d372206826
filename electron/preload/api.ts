/**
 * Builds the `window.sandtable` object (SandtableApi) from a transport: exactly one
 * function per operation of the contract, generated from OPERATION_NAMES so the preload
 * can never expose more (or less) than the contract lists, plus `onEvent`. The transport
 * is ipcRenderer in the preload (index.ts); tests pass a fake.
 *
 * Pure TypeScript: no Node (the sandboxed preload has none), no DOM.
 */
import type { AppEvent, CallReply, SandtableApi } from '../shared/contract.js';
import { OPERATION_NAMES } from '../shared/contract.js';

export interface Transport {
  invoke(name: string, args: unknown): Promise<CallReply>;
  /** Subscribes to main-process events; returns the unsubscribe function. */
  subscribe(listener: (event: AppEvent) => void): () => void;
}

export function createApi(transport: Transport): SandtableApi {
  const api: Record<string, unknown> = {};
  for (const name of OPERATION_NAMES) {
    api[name] = async (args: unknown) => {
      // `{}` for operations without arguments, so `api['project.info']()` works too.
      const reply = await transport.invoke(name, args === undefined ? {} : args);
      if (!reply || typeof reply !== 'object' || typeof reply.ok !== 'boolean') throw new Error(`${name}: the main process sent an unreadable reply`);
      if (!reply.ok) throw new Error(reply.error);
      return reply.value;
    };
  }
  api.onEvent = (listener: unknown) => {
    if (typeof listener !== 'function') throw new TypeError('onEvent needs a function');
    return transport.subscribe(listener as (event: AppEvent) => void);
  };
  return Object.freeze(api) as SandtableApi;
}
