/**
 * Tests of readers that must refuse bad input with an InputError (one line, shown to
 * people as it is): the message thrown, after checking that it is an InputError.
 */
import { expect } from 'vitest';
import { InputError } from './input-error.js';

/** The message of the InputError `f` throws; fails the test when it throws anything else or nothing. */
export function inputErrorMessage(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('expected an InputError');
}
