/**
 * The one builder of the renderer's `SandtableApi` (contract.ts), over any transport: exactly
 * one function per operation of the contract, generated from OPERATION_NAMES so neither door
 * can expose more (or less) than the contract lists, plus `onEvent`. The preload passes
 * ipcRenderer (electron/preload/index.ts); browser mode passes fetch + EventSource
 * (renderer/src/lib/api.ts); tests pass a fake.
 *
 * `services(api)` groups the same functions by the part of the name before the dot, typed
 * from OPERATIONS, so call sites read `api.maps.paint({ … })` (VS Code's service interfaces
 * over IPC channels) and a renamed operation is a type error everywhere it is called.
 *
 * Pure TypeScript: no Node (the sandboxed preload has none), no DOM.
 */
import type { AppEvent, ArgsOf, CallReply, OperationName, Results, SandtableApi } from './contract.js';
import { OPERATION_NAMES } from './contract.js';

/** A failed call: the operation's name plus the main process's one-line message. */
export class ApiError extends Error {
  constructor(
    readonly operation: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface Transport {
  /** Sends one call; answers the main process's envelope (or throws an ApiError itself). */
  invoke(name: OperationName, args: unknown): Promise<CallReply>;
  /** Subscribes to main-process events; returns the unsubscribe function. */
  subscribe(listener: (event: AppEvent) => void): () => void;
}

export function createApi(transport: Transport): SandtableApi {
  const api: Record<string, unknown> = {};
  for (const name of OPERATION_NAMES) {
    api[name] = async (args: unknown) => {
      // `{}` for operations without arguments, so `api['project.info']()` works too.
      const reply = await transport.invoke(name, args === undefined ? {} : args);
      if (!reply || typeof reply !== 'object' || typeof reply.ok !== 'boolean') throw new ApiError(name, `${name}: the main process sent an unreadable reply`);
      if (!reply.ok) throw new ApiError(name, reply.error);
      return reply.value;
    };
  }
  api.onEvent = (listener: unknown) => {
    if (typeof listener !== 'function') throw new TypeError('onEvent needs a function');
    return transport.subscribe(listener as (event: AppEvent) => void);
  };
  return Object.freeze(api) as SandtableApi;
}

/** `maps` of `maps.paint`. */
export type GroupName = OperationName extends infer N ? (N extends `${infer G}.${string}` ? G : never) : never;
type MethodOf<G extends GroupName, N extends OperationName> = N extends `${G}.${infer M}` ? M : never;
/** Operations without arguments (`project.info`) may be called with none. */
type Method<N extends OperationName> = Record<string, never> extends ArgsOf<N> ? (args?: ArgsOf<N>) => Promise<Results[N]> : (args: ArgsOf<N>) => Promise<Results[N]>;

/** The contract's operations grouped by service: `services.maps.paint(args)`. */
export type Services = {
  readonly [G in GroupName]: { readonly [N in OperationName as MethodOf<G, N>]: Method<N> };
} & { onEvent: SandtableApi['onEvent'] };

/** Groups a `SandtableApi`'s functions by service; the functions themselves are the api's. */
export function services(api: SandtableApi): Services {
  const groups: Record<string, Record<string, unknown>> = {};
  for (const name of OPERATION_NAMES) {
    const dot = name.indexOf('.');
    const group = (groups[name.slice(0, dot)] ??= {});
    group[name.slice(dot + 1)] = api[name];
  }
  for (const g of Object.values(groups)) Object.freeze(g);
  // Built by name, like createApi's object; Services types the same functions by group.
  const grouped: Record<string, unknown> = { ...groups, onEvent: api.onEvent };
  return Object.freeze(grouped) as Services;
}
