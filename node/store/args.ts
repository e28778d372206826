/**
 * Validation of service-call arguments. Every store call will later be reachable over IPC
 * (SPEC §11: "every IPC argument validated in the main process"), so each argument is
 * treated as untrusted: wrong shapes throw an InputError that names the argument path
 * (`tiles[3].edges[2]`) and says what was expected and what was given.
 *
 * Must not depend on: Electron, DOM, Three.js, Svelte.
 */
import { InputError, JsonReader, describeValue } from '../../core/util/input-error.js';
import { CatalogueError } from '../../core/terrain/catalogue.js';

/** Longest id or name we store; longer strings are surely a mistake (or an attack). */
export const MAX_ID_LENGTH = 200;
export const MAX_NAME_LENGTH = 500;
/** Largest blob (image, thumbnail) a single record may carry. */
export const MAX_BLOB_BYTES = 64 * 1024 * 1024;

// eslint-disable-next-line no-control-regex -- control characters are exactly what we reject
const CONTROL = /[\u0000-\u001f\u007f]/;

export class ArgReader extends JsonReader {
  constructor(source = 'argument') {
    super(source);
  }

  /** An object whose keys are all among `allowed` (a misspelt option or field is an error, not ignored). */
  strictObject(value: unknown, path: string, allowed: readonly string[]): Record<string, unknown> {
    const o = this.object(value, path);
    this.onlyKeys(o, path, allowed);
    return o;
  }

  /** A record id: 1…200 characters, no control characters. */
  id(value: unknown, path: string): string {
    if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ID_LENGTH || CONTROL.test(value)) {
      this.fail(path, `an id (a string of 1…${MAX_ID_LENGTH} characters without control characters)`, value);
    }
    return value;
  }

  /** A display name: 1…500 characters. */
  name(value: unknown, path: string): string {
    if (typeof value !== 'string' || value.trim().length === 0 || value.length > MAX_NAME_LENGTH) {
      this.fail(path, `a non-empty name of at most ${MAX_NAME_LENGTH} characters`, value);
    }
    return value;
  }

  optionalString(value: unknown, path: string, maxLength = MAX_NAME_LENGTH): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.length > maxLength) this.fail(path, `a string of at most ${maxLength} characters`, value);
    return value;
  }

  /** Binary data as Uint8Array (a Node Buffer is one). */
  bytes(value: unknown, path: string, maxBytes = MAX_BLOB_BYTES): Uint8Array {
    if (!(value instanceof Uint8Array)) this.fail(path, 'binary data (a Uint8Array or Buffer)', value);
    if (value.byteLength > maxBytes) throw new InputError(this.source, path, `expected at most ${maxBytes} bytes, got ${value.byteLength} bytes`);
    return value;
  }

  /** A MIME type such as `image/png`. */
  mime(value: unknown, path: string): string {
    if (typeof value !== 'string' || !/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(value) || value.length > 100) {
      this.fail(path, 'a MIME type such as "image/png"', value);
    }
    return value.toLowerCase();
  }

  /** A JSON-compatible plain object (metadata): round-trips through JSON.stringify unchanged. */
  jsonObject(value: unknown, path: string): Record<string, unknown> {
    const obj = this.object(value, path);
    let text: string;
    try {
      text = JSON.stringify(obj);
    } catch {
      this.fail(path, 'a JSON object', value);
    }
    if (text.length > MAX_BLOB_BYTES) throw new InputError(this.source, path, `expected a JSON object of at most ${MAX_BLOB_BYTES} bytes, got ${text.length} bytes`);
    return JSON.parse(text) as Record<string, unknown>;
  }

  /** A list of short strings without duplicates (tags). */
  stringList(value: unknown, path: string, maxLength = 100): string[] {
    const list = this.array(value, path);
    const seen = new Set<string>();
    return list.map((v, k) => {
      if (typeof v !== 'string' || v.length === 0 || v.length > maxLength || CONTROL.test(v)) {
        this.fail(`${path}[${k}]`, `a string of 1…${maxLength} characters`, v);
      }
      if (seen.has(v)) throw new InputError(this.source, `${path}[${k}]`, `"${v}" is listed twice`);
      seen.add(v);
      return v;
    });
  }

  /** How an import treats a record whose id already exists. */
  onConflict(value: unknown, path: string): OnConflict {
    if (value === undefined) return 'error';
    return this.oneOf(value, path, ON_CONFLICT);
  }
}

export const ON_CONFLICT = ['error', 'replace', 'skip'] as const;
export type OnConflict = (typeof ON_CONFLICT)[number];

/**
 * Re-throws an InputError raised while validating record `index` of a batch with the
 * record's id added, so the message names index, id, field and expectation:
 * `import: tiles[3].edges[2] (tile "t-17"): expected a string, got 5`.
 */
export function withRecordId<T>(id: unknown, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof InputError && typeof id === 'string' && id.length > 0) {
      throw new InputError(e.source, `${e.where} (record "${id.length > 60 ? `${id.slice(0, 60)}…` : id}")`, e.expected);
    }
    throw e;
  }
}

/**
 * Runs a core reader whose errors carry `$`-rooted JSON paths (core/track, core/terrain)
 * on the value found at argument path `path`, and re-labels its errors as argument errors
 * at that path: `$.junctions[0].type` under `tiles[3]` becomes `tiles[3].junctions[0].type`.
 */
export function nested<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof InputError) throw new InputError('argument', joinPath(path, e.where), e.expected);
    if (e instanceof CatalogueError) {
      const detail = e.message.slice(`${e.source}: ${e.path}: `.length);
      throw new InputError('argument', joinPath(path, e.path), detail);
    }
    throw e;
  }
}

function joinPath(path: string, where: string): string {
  return where.startsWith('$') ? `${path}${where.slice(1)}` : `${path}: ${where}`;
}

export { InputError, describeValue };
