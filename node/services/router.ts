/**
 * The services' router: the one place an untrusted `(name, args)` becomes a typed call.
 * `routeCall` validates against the contract (contract/contract.ts) before any
 * handler runs, then hands the parsed arguments to the handler of that operation; every
 * failure comes back as one line naming the operation. Handlers are typed by the contract
 * (`Handlers`), so an operation that no service answers, or a misspelt one, is a type
 * error where the services are assembled (app-services.ts).
 *
 * Also the queue: operations that touch the project run one at a time, so a save (which
 * awaits SQLite's backup) never interleaves with an edit.
 *
 * Plain TypeScript over the contract: must not depend on Electron, DOM or the store.
 */
import type { ArgsOf, OperationName, Results } from '../../contract/contract.js';
import { OPERATION_NAMES, validateCall } from '../../contract/contract.js';
import { oneLineMessage, sourcedMessage } from '../../core/util/one-line.js';
import { InputError } from '../../core/util/input-error.js';

/** What answers operation `N`: its parsed arguments in, its contract result out. */
export type Handler<N extends OperationName> = (args: ArgsOf<N>) => Promise<Results[N]> | Results[N];
/** One handler per operation of the contract, none missing. */
export type Handlers = { [N in OperationName]: Handler<N> };
/** The handlers one service contributes: exactly the operations `K`, no others. */
export type HandlersFor<K extends OperationName> = { [N in K]: Handler<N> };

type KeysOf<T> = T extends unknown ? keyof T : never;
/** The operations no part answers. */
type Unanswered<P extends Partial<Handlers>[]> = Exclude<OperationName, KeysOf<P[number]>>;
/** `Handlers` when the parts answer every operation; otherwise a type naming the ones missing, which no `Handlers` accepts. */
export type Assembled<P extends Partial<Handlers>[]> = [Unanswered<P>] extends [never] ? Handlers : { 'no service answers': Unanswered<P> };

/**
 * Joins the services' handler sets into the router's table. The result is `Handlers` only
 * when the parts answer every operation, so a missing one is a type error where the table
 * is used; the check here catches what types do not: two services claiming the same
 * operation (the later would silently win).
 */
export function assembleHandlers<P extends Partial<Handlers>[]>(...parts: P): Assembled<P> {
  const out: Partial<Record<OperationName, unknown>> = {};
  for (const part of parts) {
    for (const name of Object.keys(part) as OperationName[]) {
      if (name in out) throw new Error(`two services answer ${name}`);
      out[name] = part[name];
    }
  }
  const missing = OPERATION_NAMES.filter((n) => !(n in out));
  if (missing.length) throw new Error(`no service answers ${missing.join(', ')}`);
  return out as Assembled<P>;
}

/** Validates `(name, args)` against the contract, then runs the operation's handler. */
export async function routeCall(handlers: Handlers, name: unknown, args: unknown): Promise<unknown> {
  const valid = validateCall(name, args);
  const handler = handlers[valid.name] as (a: unknown) => unknown;
  try {
    return await handler(valid.args);
  } catch (e) {
    throw operationError(valid.name, e);
  }
}

/** One line naming the operation: `maps.paint: tile 2,2 is an area tile; "river" is linear terrain`. */
export function operationError(name: OperationName, e: unknown): Error {
  const out = new Error(e instanceof InputError && e.source === name ? oneLineMessage(e) : sourcedMessage(name, e));
  out.name = e instanceof Error ? e.name : 'Error';
  return out;
}

/** Runs operations one at a time, in the order they were queued; a failure does not block the next. */
export class OperationQueue {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `fn` after every earlier queued operation has finished. */
  exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    const run = this.tail.then(fn);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
