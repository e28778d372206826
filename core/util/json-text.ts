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
  const scan = new JsonScanner(text);
  try {
    scan.value(0);
    scan.ws();
    if (scan.i < text.length) scan.fail('the end of the text after the JSON value');
    return [text.length, 'valid JSON'];
  } catch (e) {
    if (e instanceof Located) return [e.offset, e.expected];
    return [0, 'valid JSON'];
  }
}

/** A JSON grammar walk that throws Located at the first thing it does not expect. */
class JsonScanner {
  i = 0;

  constructor(private readonly text: string) {}

  ws(): void {
    const text = this.text;
    while (this.i < text.length && ' \t\n\r'.includes(text[this.i]!)) this.i++;
  }

  fail(what: string): never {
    const { text, i } = this;
    throw new Located(i, i >= text.length ? `${what} (the text ends here: truncated?)` : `${what}, got ${JSON.stringify(text[i])}`);
  }

  /** Steps over an opening bracket; true (and past it) when `close` follows at once. */
  private opened(close: string): boolean {
    this.i++;
    this.ws();
    if (this.text[this.i] !== close) return false;
    this.i++;
    return true;
  }

  /** After a member: true past the closing `close`, false past a ","; fails on anything else. */
  private closed(close: string, member: string): boolean {
    this.ws();
    const c = this.text[this.i];
    if (c !== ',' && c !== close) this.fail(`"," or "${close}" after ${member}`);
    this.i++;
    return c === close;
  }

  /** One value; objects and arrays recurse here directly (one stack frame per level of nesting). */
  value(depth: number): void {
    if (depth > 5000) this.fail('less deeply nested data');
    this.ws();
    const text = this.text;
    const c = text[this.i];
    if (c === '{') {
      if (this.opened('}')) return;
      do {
        this.ws();
        if (text[this.i] !== '"') this.fail('a property name in double quotes');
        this.string();
        this.ws();
        if (text[this.i] !== ':') this.fail('":" after the property name');
        this.i++;
        this.value(depth + 1);
      } while (!this.closed('}', 'a property value'));
    } else if (c === '[') {
      if (this.opened(']')) return;
      do this.value(depth + 1);
      while (!this.closed(']', 'an array element'));
    } else if (c === '"') this.string();
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) this.number();
    else this.literal();
  }

  private number(): void {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/.exec(this.text.slice(this.i, this.i + 400));
    if (!m) this.fail('a number');
    this.i += m[0].length;
  }

  private literal(): void {
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.i)) {
        this.i += word.length;
        return;
      }
    }
    this.fail('a value (object, array, string, number, true, false or null)');
  }

  private string(): void {
    const text = this.text;
    this.i++;
    while (this.i < text.length) {
      const c = text.charCodeAt(this.i);
      if (c === 34) {
        this.i++;
        return;
      }
      if (c < 32) this.fail('no control characters inside a string (is a closing quote missing?)');
      if (c === 92) {
        const e = text[this.i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(this.i + 2, this.i + 6))) {
            this.i += 2;
            this.fail('4 hex digits after \\u');
          }
          this.i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) {
          this.i++;
          this.fail('a valid escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
        }
        this.i += 2;
        continue;
      }
      this.i++;
    }
    this.fail('a closing double quote');
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
