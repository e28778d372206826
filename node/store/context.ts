/**
 * What every entity store shares: the connection, the clock (injectable so tests and the
 * crash test get reproducible content) and image validation for blobs we are handed.
 *
 * Must not depend on: Electron, DOM.
 */
import type { SqliteDb } from './sqlite.js';
import type { ArgReader } from './args.js';
import { InputError } from './args.js';

export interface StoreContext {
  readonly db: SqliteDb;
  /** ISO-8601 timestamp for created_at / updated_at. */
  readonly now: () => string;
}

export const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'] as const;

export interface ImageBlob {
  readonly mime: string;
  readonly data: Uint8Array;
}

/**
 * An image argument `{ mime, data }`: the MIME type must be one we can show and the bytes
 * must start like that format, so a JPEG labelled PNG (or a truncated upload) is refused
 * here rather than showing as a broken picture later.
 */
export function readImage(r: ArgReader, value: unknown, path: string): ImageBlob {
  const o = r.strictObject(value, path, ['mime', 'data']);
  const mime = r.oneOf(r.mime(o.mime, `${path}.mime`), `${path}.mime`, IMAGE_MIMES);
  const data = r.bytes(o.data, `${path}.data`);
  if (!looksLike(mime, data)) throw new InputError(r.source, `${path}.data`, `expected ${mime} data (its signature bytes), got ${data.byteLength} bytes starting ${hexStart(data)}`);
  return { mime, data };
}

function looksLike(mime: (typeof IMAGE_MIMES)[number], d: Uint8Array): boolean {
  const starts = (...bytes: number[]) => bytes.every((b, k) => d[k] === b);
  switch (mime) {
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'image/gif':
      return starts(0x47, 0x49, 0x46, 0x38);
    case 'image/webp':
      return starts(0x52, 0x49, 0x46, 0x46) && d[8] === 0x57 && d[9] === 0x45 && d[10] === 0x42 && d[11] === 0x50;
    case 'image/svg+xml': {
      const head = new TextDecoder().decode(d.subarray(0, 512)).trimStart();
      return head.startsWith('<');
    }
  }
}

function hexStart(d: Uint8Array): string {
  return Array.from(d.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join(' ') || '(nothing)';
}
