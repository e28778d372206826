/**
 * Bounded rendering of user strings for error messages and summaries. A message that
 * repeats what it was given must stay one short line whatever it was given: a 1 MiB
 * terrain id, a file name with newlines, a path of 4 000 characters. Long strings are cut
 * with an ellipsis and their full length, so the reader still knows how big the thing was
 * ("river-river-river… (1048576 characters)"), and control characters (newlines above
 * all) are shown escaped so the message stays one line.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** How many characters of a user string an error message repeats, by default. */
export const DEFAULT_SHOWN_CHARS = 60;

/**
 * `text` as it may appear in a message: control characters escaped, and when longer than
 * `max` characters, its first `max` followed by `… (N characters)`.
 */
export function bounded(text: string, max = DEFAULT_SHOWN_CHARS): string {
  const cut = text.length > max;
  // Cut first, then escape: escaping can only lengthen what is kept, by a bounded factor.
  const head = oneLine(cut ? text.slice(0, max) : text);
  return cut ? `${head}… (${text.length} characters)` : head;
}

/** `bounded(text)` in double quotes, for values: `"Gg^Xz"`, `"aaaa…" (1048576 characters)`. */
export function quoted(text: string, max = DEFAULT_SHOWN_CHARS): string {
  const cut = text.length > max;
  const head = oneLine(cut ? text.slice(0, max) : text).replace(/"/g, '\\"');
  return cut ? `"${head}…" (${text.length} characters)` : `"${head}"`;
}

/** Escapes control characters (newline, tab, NUL, DEL, the C1 block, line and paragraph separators). */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** The most a one-line message may be, after its user strings are bounded: callers cut there as a last guard. */
export const MAX_MESSAGE_CHARS = 1000;

/** A whole message made one bounded line: newlines folded, and cut at `max` with its length. */
export function boundedMessage(message: string, max = MAX_MESSAGE_CHARS): string {
  const line = message.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}… (message of ${line.length} characters cut)` : line;
}
