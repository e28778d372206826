/**
 * The router: validation before any handler, one-line errors naming the operation, the
 * handler table typed by the contract, and the queue's one-at-a-time order.
 */
import { describe, expect, it, vi } from 'vitest';
import { InputError } from '../../core/util/input-error.js';
import type { Handlers, HandlersFor } from './router.js';
import { OperationQueue, assembleHandlers, operationError, routeCall } from './router.js';

/** Every operation answered by a stub that records its arguments. */
function stubs(): { handlers: Handlers; seen: unknown[] } {
  const seen: unknown[] = [];
  const handler = (args: unknown) => {
    seen.push(args);
    return {} as never;
  };
  const handlers = new Proxy({}, { get: () => handler, has: () => true }) as Handlers;
  return { handlers, seen };
}

describe('routeCall', () => {
  it('hands the handler the parsed arguments, and never calls it for invalid ones', async () => {
    const { handlers, seen } = stubs();
    await routeCall(handlers, 'maps.load', { id: 'a' });
    expect(seen).toEqual([{ id: 'a' }]);
    await expect(routeCall(handlers, 'maps.load', { id: 7 })).rejects.toThrow(/maps\.load: \$\.id/);
    await expect(routeCall(handlers, 'maps.unknown', {})).rejects.toThrow(/unknown operation/);
    await expect(routeCall(handlers, 'toString', {})).rejects.toThrow(/unknown operation/);
    expect(seen).toHaveLength(1);
  });

  it('turns a failure into one line naming the operation', () => {
    expect(operationError('maps.paint', new Error('tile 2,2\n  is an area tile')).message).toBe('maps.paint: tile 2,2 is an area tile');
    // An InputError already names its operation: not named twice.
    expect(operationError('maps.derive', new InputError('maps.derive', 'tiles[1]', 'selected twice')).message).toMatch(/^maps\.derive: tiles\[1\]: selected twice$/);
    const typed = new TypeError('bad');
    expect(operationError('app.info', typed).name).toBe('TypeError');
    expect(operationError('app.info', 'plain').message).toBe('app.info: plain');
  });
});

describe('assembleHandlers', () => {
  const info: HandlersFor<'app.info'> = { 'app.info': () => ({ version: '1', mode: 'browser', defaultProjectDir: '/' }) };

  it('refuses a table that misses an operation, in the types and at run time', () => {
    // Never run: only tsc reads it.
    const typeOnly = (): Handlers => {
      // @ts-expect-error -- one service's handlers are not every operation's.
      const partial: Handlers = assembleHandlers(info);
      return partial;
    };
    void typeOnly;
    expect(() => assembleHandlers(info)).toThrow(/^no service answers .*\bcatalogue\.get\b/);
  });

  it('refuses two services answering the same operation', () => {
    expect(() => assembleHandlers(info, { ...info })).toThrow('two services answer app.info');
  });
});

describe('OperationQueue', () => {
  it('runs operations one at a time in order, and a failure does not block the next', async () => {
    const queue = new OperationQueue();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = queue.exclusive(async () => {
      order.push('first start');
      await gate;
      order.push('first end');
      return 1;
    });
    const failing = queue.exclusive(() => {
      order.push('failing');
      throw new Error('no');
    });
    const third = queue.exclusive(() => {
      order.push('third');
      return 3;
    });
    await vi.waitFor(() => expect(order).toEqual(['first start']));
    release();
    expect(await first).toBe(1);
    await expect(failing).rejects.toThrow('no');
    expect(await third).toBe(3);
    expect(order).toEqual(['first start', 'first end', 'failing', 'third']);
  });
});
