import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { encodePngRgba, pngSize } from './png.js';

/** Reads back IHDR and the filtered rows with Node's zlib, independently of the encoder. */
function decode(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect(Array.from(png.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let o = 8;
  const chunks: Record<string, Uint8Array> = {};
  while (o < png.length) {
    const len = view.getUint32(o);
    const type = String.fromCharCode(...png.subarray(o + 4, o + 8));
    chunks[type] = png.subarray(o + 8, o + 8 + len);
    o += 12 + len;
  }
  const ihdr = new DataView(chunks.IHDR!.buffer, chunks.IHDR!.byteOffset, 13);
  return { width: ihdr.getUint32(0), height: ihdr.getUint32(4), depth: chunks.IHDR![8], type: chunks.IHDR![9], rows: new Uint8Array(inflateSync(chunks.IDAT!)) };
}

describe('PNG (fast-png) and the header reader', () => {
  it('writes RGBA images zlib can read back', () => {
    const rgba = Uint8Array.from({ length: 3 * 2 * 4 }, (_, i) => (i * 37) & 0xff);
    const d = decode(encodePngRgba(3, 2, rgba));
    expect([d.width, d.height, d.depth, d.type]).toEqual([3, 2, 8, 6]);
    expect(Array.from(d.rows.subarray(1, 13))).toEqual(Array.from(rgba.subarray(0, 12)));
    expect(Array.from(d.rows.subarray(14, 26))).toEqual(Array.from(rgba.subarray(12, 24)));
  });

  it('reads the size from the header alone, and nothing from bytes that are not a PNG', () => {
    const png = encodePngRgba(48, 32, new Uint8Array(48 * 32 * 4));
    expect(pngSize(png.subarray(0, 24))).toEqual({ width: 48, height: 32 });
    expect(pngSize(new Uint8Array(24))).toBeNull();
    expect(pngSize(png.subarray(0, 20))).toBeNull();
  });

  it('rejects data of the wrong size', () => {
    expect(() => encodePngRgba(2, 2, new Uint8Array(15))).toThrow('must be 16 bytes');
  });
});
