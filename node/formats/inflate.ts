/**
 * zlib/gzip for the pure parsers in core/formats (they take these functions as parameters,
 * core/formats/compression.ts). Decompression is capped at the size the caller expects —
 * a Tiled layer needs exactly width·height·4 bytes — so a decompression bomb (a few
 * kilobytes that would inflate to gigabytes) stops after that many bytes with a clear
 * error instead of exhausting memory.
 *
 * Node only (node:zlib); no Electron, no DOM.
 */
import { deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import type { CompressionFormat, Deflate, Inflate } from '../../core/formats/compression.js';

/** Never inflate more than this, whatever the caller asks: 1 GiB. */
export const MAX_INFLATE_BYTES = 1 << 30;

export const nodeInflate: Inflate = (bytes: Uint8Array, format: CompressionFormat, maxOutputBytes: number): Uint8Array => {
  if (!Number.isInteger(maxOutputBytes) || maxOutputBytes < 0) throw new RangeError(`maxOutputBytes must be an integer ≥ 0, got ${maxOutputBytes}`);
  const limit = Math.min(maxOutputBytes, MAX_INFLATE_BYTES);
  // zlib refuses a zero limit; allow one byte so an empty expected output still detects extra data.
  const options = { maxOutputLength: Math.max(limit, 1) };
  try {
    const out = format === 'gzip' ? gunzipSync(bytes, options) : inflateSync(bytes, options);
    if (out.length > limit) throw new Error(`the data inflates to more than the ${limit} bytes expected`);
    return new Uint8Array(out.buffer, out.byteOffset, out.length);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ERR_BUFFER_TOO_LARGE') {
      throw new Error(`the data inflates to more than the ${limit} bytes expected (a corrupt file or a decompression bomb); stopped there`);
    }
    if (err.code === 'Z_DATA_ERROR' || err.code === 'Z_BUF_ERROR') {
      throw new Error(`not valid ${format} data (${err.message})`);
    }
    throw e;
  }
};

export const nodeDeflate: Deflate = (bytes: Uint8Array, format: CompressionFormat): Uint8Array => {
  const out = format === 'gzip' ? gzipSync(bytes) : deflateSync(bytes);
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
};
