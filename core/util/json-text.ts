/**
 * JSON text → value with errors that say where: JSON.parse does the work, and when it
 * fails a small scanner finds the line and column of the first syntax error (V8's messages
 * only sometimes carry a position) and what was expected there.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from './input-error.js';

export function parseJsonText(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const [offset, expected] = locateJsonError(text);
    const [line, column] = lineColumn(text, offset);
    throw new InputError(source, `line ${line}, column ${column}`, `malformed JSON: expected ${expected}`);
  }
}

/** Offset and description of the first syntax error in `text` (which JSON.parse rejected). */
export function locateJsonError(text: string): [number, string] {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  function fail(what: string): never {
    throw new Located(i, i >= text.length ? `${what} (the text ends here: truncated?)` : `${what}, got ${JSON.stringify(text[i])}`);
  }
  /** Steps over an opening bracket; true (and past it) when `close` follows at once. */
  const opened = (close: string): boolean => {
    i++;
    ws();
    if (text[i] !== close) return false;
    i++;
    return true;
  };
  /** After a member: true past the closing `close`, false past a ","; fails on anything else. */
  const closed = (close: string, member: string): boolean => {
    ws();
    const c = text[i];
    if (c !== ',' && c !== close) fail(`"," or "${close}" after ${member}`);
    i++;
    return c === close;
  };
  const value = (depth: number): void => {
    if (depth > 5000) fail('less deeply nested data');
    ws();
    const c = text[i];
    if (c === '{') {
      if (opened('}')) return;
      do {
        ws();
        if (text[i] !== '"') fail('a property name in double quotes');
        string();
        ws();
        if (text[i] !== ':') fail('":" after the property name');
        i++;
        value(depth + 1);
      } while (!closed('}', 'a property value'));
    } else if (c === '[') {
      if (opened(']')) return;
      do value(depth + 1);
      while (!closed(']', 'an array element'));
    } else if (c === '"') string();
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/.exec(text.slice(i, i + 400));
      if (!m) fail('a number');
      i += m[0].length;
    } else {
      for (const word of ['true', 'false', 'null']) {
        if (text.startsWith(word, i)) {
          i += word.length;
          return;
        }
      }
      fail('a value (object, array, string, number, true, false or null)');
    }
  };
  const string = () => {
    i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 32) fail('no control characters inside a string (is a closing quote missing?)');
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            i += 2;
            fail('4 hex digits after \\u');
          }
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) {
          i++;
          fail('a valid escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
        }
        i += 2;
        continue;
      }
      i++;
    }
    fail('a closing double quote');
  };
  try {
    value(0);
    ws();
    if (i < text.length) fail('the end of the text after the JSON value');
    return [text.length, 'valid JSON'];
  } catch (e) {
    if (e instanceof Located) return [e.offset, e.expected];
    return [0, 'valid JSON'];
  }
}

class Located {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {}
}

export function lineColumn(text: string, offset: number): [number, number] {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return [line, offset - start + 1];
}
