/**
 * A minimal PNG encoder (8-bit RGBA or 16-bit grey) in pure TypeScript, for images the
 * engine makes itself: terrain swatch tilesets for Tiled export, heightmaps, thumbnails.
 * The image data goes into stored (uncompressed) deflate blocks — valid PNG every reader
 * opens; callers that care about size can recompress on the Node side.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** zlib stream of stored blocks (no compression). */
function zlibStored(data: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(data.length / 65535));
  const out = new Uint8Array(2 + data.length + blocks * 5 + 4);
  out[0] = 0x78;
  out[1] = 0x01;
  let o = 2;
  for (let b = 0; b < blocks; b++) {
    const start = b * 65535;
    const len = Math.min(65535, data.length - start);
    out[o++] = b === blocks - 1 ? 1 : 0;
    out[o++] = len & 0xff;
    out[o++] = len >>> 8;
    out[o++] = ~len & 0xff;
    out[o++] = (~len >>> 8) & 0xff;
    out.set(data.subarray(start, start + len), o);
    o += len;
  }
  let a = 1;
  let b2 = 0;
  for (let i = 0; i < data.length; i++) {
    a = (a + data[i]!) % 65521;
    b2 = (b2 + a) % 65521;
  }
  const adler = ((b2 << 16) | a) >>> 0;
  out[o++] = adler >>> 24;
  out[o++] = (adler >>> 16) & 0xff;
  out[o++] = (adler >>> 8) & 0xff;
  out[o++] = adler & 0xff;
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

function encode(width: number, height: number, bitDepth: 8 | 16, colourType: 0 | 6, rows: Uint8Array): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new Error(`PNG size must be positive integers, got ${width}x${height}`);
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr[8] = bitDepth;
  ihdr[9] = colourType;
  const parts = [Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), chunk('IHDR', ihdr), chunk('IDAT', zlibStored(rows)), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** RGBA, 4 bytes a pixel, rows top to bottom. */
export function encodePngRgba(width: number, height: number, rgba: Uint8Array): Uint8Array {
  if (rgba.length !== width * height * 4) throw new Error(`PNG data must be ${width * height * 4} bytes (RGBA), got ${rgba.length}`);
  const stride = width * 4;
  const rows = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) rows.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return encode(width, height, 8, 6, rows);
}

/** 16-bit greyscale (heightmaps), rows top to bottom. */
export function encodePngGrey16(width: number, height: number, values: Uint16Array): Uint8Array {
  if (values.length !== width * height) throw new Error(`PNG data must be ${width * height} values, got ${values.length}`);
  const stride = width * 2;
  const rows = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1) + 1;
    for (let x = 0; x < width; x++) {
      const v = values[y * width + x]!;
      rows[o + 2 * x] = v >>> 8;
      rows[o + 2 * x + 1] = v & 0xff;
    }
  }
  return encode(width, height, 16, 0, rows);
}

/**
 * Width and height from a PNG's header (the first 24 bytes: signature, then the IHDR chunk),
 * or null when the bytes are not a PNG. Tiled reads a tileset image's size this way when the
 * tileset does not write it.
 */
export function pngSize(head: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length < 24 || signature.some((b, i) => head[i] !== b)) return null;
  if (String.fromCharCode(head[12]!, head[13]!, head[14]!, head[15]!) !== 'IHDR') return null;
  const v = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const width = v.getUint32(16);
  const height = v.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}
