/**
 * Seeded, bounded fuzzing of the router (issue 24, Trust boundaries): for every operation of
 * the contract, its valid sample call (contract/contract.testkit.ts) mutated into hostile
 * variants (hostile-calls.ts): a prototype-name key at a random depth, a NUL in a random
 * string or key. Every variant must be refused before any handler runs, with one line naming
 * the operation and the `$.path` of the mutation; the call's arguments stay as they were
 * sent, and Object.prototype and Array.prototype stay untouched.
 *
 * The seed is fixed so a failure reproduces; SANDTABLE_FUZZ_SEED=N runs another sample.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../contract/contract.js';
import { VALID } from '../../contract/contract.testkit.js';
import { routeCall, type Handlers } from '../../node/services/router.js';
import { seededRandom } from '../../core/util/random.js';
import { hostileCall, type MutationKind } from './hostile-calls.js';

const SEED = Number(process.env.SANDTABLE_FUZZ_SEED ?? 20240607);
const PER_OPERATION = 16;

/** Every operation answered by a stub that records that it ran. */
function stubs(): { handlers: Handlers; ran: string[] } {
  const ran: string[] = [];
  const handlers = new Proxy({}, { get: (_t, name) => () => void ran.push(String(name)), has: () => true }) as Handlers;
  return { handlers, ran };
}

/** What a prototype looks like: its own names and their values. */
function snapshot(proto: object): string[] {
  return Object.getOwnPropertyNames(proto).map((n) => `${n}:${String(Object.getOwnPropertyDescriptor(proto, n)?.value ?? 'accessor')}`);
}

const OBJECT_PROTOTYPE = snapshot(Object.prototype);
const ARRAY_PROTOTYPE = snapshot(Array.prototype);

function untouchedPrototypes(): void {
  expect(snapshot(Object.prototype)).toEqual(OBJECT_PROTOTYPE);
  expect(snapshot(Array.prototype)).toEqual(ARRAY_PROTOTYPE);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}

const kinds = new Map<MutationKind, number>();

describe(`fuzzing the router with prototype-name keys and NUL (seed ${SEED}, ${PER_OPERATION} calls an operation)`, () => {
  it.each(OPERATION_NAMES.map((n, k) => [n, k] as const))('%s: every hostile call refused in one line, nothing mutated or polluted', async (name, k) => {
    const { handlers, ran } = stubs();
    // The unmutated sample passes, so each refusal below is the mutation's.
    await routeCall(handlers, name, VALID[name]);
    expect(ran).toEqual([name]);
    const r = seededRandom(SEED + k);
    for (let i = 0; i < PER_OPERATION; i++) {
      const call = hostileCall(VALID[name], r);
      kinds.set(call.kind, (kinds.get(call.kind) ?? 0) + 1);
      const sent = JSON.stringify(call.args);
      const what = `${name} call ${i} (seed ${SEED + k}, ${call.kind} at ${call.path}): ${sent.slice(0, 300)}`;
      const error = await routeCall(handlers, name, call.args).then(
        () => null,
        (e: Error) => e,
      );
      expect(error, `accepted ${what}`).toBeInstanceOf(Error);
      expect(error!.message, what).not.toMatch(/[\r\n]/);
      expect(error!.message.startsWith(`${name}: ${call.path}: `), `${what}\n  refused with: ${error!.message}`).toBe(true);
      expect(JSON.stringify(call.args), what).toBe(sent);
      untouchedPrototypes();
    }
    expect(ran).toEqual([name]);
  });

  afterAll(() => {
    // Every kind of mutation was drawn, often: the sample reaches all three rules.
    for (const kind of ['prototype key', 'NUL in a string', 'NUL in a key'] as const) expect(kinds.get(kind) ?? 0).toBeGreaterThan(100);
  });
});
