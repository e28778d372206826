/**
 * Tiled layer data ↔ typed arrays of global tile ids, shared by the TMX and TMJ readers and
 * writers: CSV, base64 of little-endian uint32s, zlib/gzip compression through an injected
 * `Inflate`/`Deflate` (core/formats/compression.ts). Sizes are checked before anything is
 * allocated — a layer that claims 10⁹ tiles, or base64 that cannot hold the declared
 * number of tiles, fails at once with the place and what was expected.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from '../../util/input-error.js';
import { MAX_TILES } from '../../grid/size.js';
import { checkRectTiles, DEFAULT_LIMITS } from '../../util/limits.js';
import { Base64Error, base64DecodedLength, decodeBase64, encodeBase64 } from '../base64.js';
import type { Deflate, Inflate } from '../compression.js';
import type { TiledCompression } from './types.js';

/** Where the data sits, for errors: the file and the place in it. */
export interface DataPlace {
  readonly source: string;
  readonly where: string;
}

/** Checks a layer (or chunk) size and returns its tile count; nothing is allocated yet. */
export function layerTileCount(width: unknown, height: unknown, place: DataPlace, what = 'layer'): number {
  for (const [name, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_TILES) {
      throw new InputError(place.source, place.where, `expected the ${what} ${name} to be an integer 0…${MAX_TILES}, got ${String(v)}`);
    }
  }
  // The declared size against the one limit (core/util/limits.ts), before anything is allocated.
  return checkRectTiles(width as number, height as number, place.source, place.where, what, DEFAULT_LIMITS);
}

export function parseCompression(value: string | undefined, place: DataPlace): TiledCompression {
  if (value === undefined || value === '') return '';
  if (value === 'zlib' || value === 'gzip') return value;
  if (value === 'zstd') {
    throw new InputError(place.source, place.where, 'zstd-compressed layer data is not supported; in Tiled set Map Properties → Tile Layer Format to "Base64 (zlib)", "Base64 (gzip)" or "CSV" and save again');
  }
  throw new InputError(place.source, place.where, `expected compression "zlib", "gzip" or none, got ${JSON.stringify(value)}`);
}

/** Comma-separated gids (whitespace around values allowed), exactly `count` of them. */
export function decodeCsv(text: string, count: number, width: number, place: DataPlace): Uint32Array {
  // Count first: a file that declares a huge layer but holds a few values must not make us allocate it.
  let values = text.trim() === '' ? 0 : 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) values++;
  if (text.trimEnd().endsWith(',')) values--;
  if (values !== count) throw new InputError(place.source, place.where, `expected ${count} comma-separated tile ids (${describeShape(count, width)}), got ${values}`);
  const out = new Uint32Array(count);
  let k = 0;
  let v = 0;
  let digits = 0;
  let afterValue = false;
  const bad = (why: string): never => {
    throw new InputError(place.source, `${place.where}, value ${k + 1}${cell(k, width)}`, why);
  };
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c >= 48 && c <= 57) {
      if (afterValue) bad('expected "," between tile ids');
      v = v * 10 + (c - 48);
      digits++;
      if (v > 0xffffffff) bad('expected a tile id 0…4294967295 (32 bits)');
    } else if (c === 44) {
      if (digits === 0 && !afterValue) {
        if (i === text.length) break;
        bad('expected a tile id before ","');
      }
      if (k < count) out[k] = v;
      k++;
      v = 0;
      digits = 0;
      afterValue = false;
      if (i === text.length) break;
    } else if (c === 32 || c === 9 || c === 10 || c === 13) {
      if (digits) afterValue = true;
    } else {
      bad(`expected a tile id (digits), got ${JSON.stringify(text[i])}`);
    }
  }
  return out;
}

/** Base64 of little-endian uint32s, optionally zlib/gzip-compressed. */
export function decodeBase64Data(text: string, compression: TiledCompression, count: number, width: number, place: DataPlace, inflate?: Inflate): Uint32Array {
  const want = count * 4;
  if (compression === '' && base64DecodedLength(text) !== want) {
    throw new InputError(place.source, place.where, `expected base64 data of ${want} bytes (${describeShape(count, width)} × 4 bytes), got ${base64DecodedLength(text)} bytes`);
  }
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(text);
  } catch (e) {
    if (e instanceof Base64Error) throw new InputError(place.source, `${place.where}, character ${e.offset + 1}`, `invalid base64: expected ${e.message}`);
    throw e;
  }
  if (compression !== '') {
    if (!inflate) throw new InputError(place.source, place.where, `${compression}-compressed layer data needs a decompressor; none was given to the parser`);
    let raw: Uint8Array;
    try {
      raw = inflate(bytes, compression, want);
    } catch (e) {
      throw new InputError(place.source, place.where, `expected ${compression} data that inflates to ${want} bytes (${describeShape(count, width)} × 4): ${(e as Error).message}`);
    }
    if (raw.length !== want) {
      throw new InputError(place.source, place.where, `expected ${compression} data that inflates to ${want} bytes (${describeShape(count, width)} × 4), got ${raw.length} bytes`);
    }
    bytes = raw;
  }
  return bytesToGids(bytes);
}

export function bytesToGids(bytes: Uint8Array): Uint32Array {
  const n = bytes.length >> 2;
  const out = new Uint32Array(n);
  for (let i = 0, o = 0; i < n; i++, o += 4) {
    out[i] = (bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16) | (bytes[o + 3]! << 24)) >>> 0;
  }
  return out;
}

export function gidsToBytes(gids: Uint32Array): Uint8Array {
  const out = new Uint8Array(gids.length * 4);
  for (let i = 0, o = 0; i < gids.length; i++, o += 4) {
    const g = gids[i]!;
    out[o] = g & 0xff;
    out[o + 1] = (g >>> 8) & 0xff;
    out[o + 2] = (g >>> 16) & 0xff;
    out[o + 3] = g >>> 24;
  }
  return out;
}

/** CSV as Tiled writes it: one row per line, each line ending in "," except the last. */
export function encodeCsv(gids: Uint32Array, width: number): string {
  const rows: string[] = [];
  for (let i = 0; i < gids.length; i += width) rows.push(Array.prototype.join.call(gids.subarray(i, i + width), ','));
  return rows.join(',\n');
}

export function encodeBase64Data(gids: Uint32Array, compression: TiledCompression, deflate?: Deflate): string {
  const bytes = gidsToBytes(gids);
  if (compression === '') return encodeBase64(bytes);
  if (!deflate) throw new Error(`writing ${compression}-compressed layer data needs a compressor; none was given`);
  return encodeBase64(deflate(bytes, compression));
}

function describeShape(count: number, width: number): string {
  return width > 0 ? `${width}×${count / width} tiles` : `${count} tiles`;
}

function cell(k: number, width: number): string {
  return width > 0 ? ` (row ${Math.floor(k / width)}, column ${k % width})` : '';
}
