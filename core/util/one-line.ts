/**
 * The one-line form of an error, as the CLI prints it, the services send it over IPC and
 * browser mode's HTTP, and the renderer shows it: line breaks inside a message (a parser's
 * context, a stack-like detail) become single spaces, so one error is one line a designer can
 * read, and a log or a terminal keeps one line per error.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { boundedMessage } from './bounded.js';

/** The message of `e` (an Error's message, or the thrown value as text) on one line; never empty. */
export function oneLineMessage(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  // Bounded too: a message that repeats a huge user string stays one readable line (bounded.ts).
  return boundedMessage(message) || 'unknown error';
}

/**
 * `source: message` on one line, unless the message already starts with that source (an
 * InputError from the same operation says where it came from already).
 */
export function sourcedMessage(source: string, e: unknown): string {
  const line = oneLineMessage(e);
  return line.startsWith(`${source}: `) ? line : `${source}: ${line}`;
}
