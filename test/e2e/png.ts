/**
 * Reads the PNG screenshots Chromium returns into RGBA pixels, so end-to-end tests can
 * assert on what is drawn (colours present, pixels that changed) rather than on the DOM.
 * Handles what Chromium writes: 8-bit RGB/RGBA, non-interlaced, all five row filters.
 *
 * Test helper: Node (zlib) only.
 */
import { inflateSync } from 'node:zlib';

export interface Image {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row-major. */
  data: Uint8Array;
}

export function decodePng(png: Uint8Array): Image {
  const sig = [137, 80, 78, 71, 13, 10, 26, 10];
  if (png.length < 8 || sig.some((b, k) => png[k] !== b)) throw new Error('not a PNG file (bad signature)');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let pos = 8;
  let width = 0;
  let height = 0;
  let colourType = 0;
  const idat: Uint8Array[] = [];
  while (pos < png.length) {
    const len = view.getUint32(pos);
    const type = String.fromCharCode(...png.subarray(pos + 4, pos + 8));
    const body = png.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = view.getUint32(pos + 8);
      height = view.getUint32(pos + 12);
      const depth = body[8];
      colourType = body[9]!;
      const interlace = body[12];
      if (depth !== 8 || (colourType !== 2 && colourType !== 6) || interlace !== 0) {
        throw new Error(`unsupported PNG: bit depth ${depth}, colour type ${colourType}, interlace ${interlace} (expected 8-bit RGB/RGBA, not interlaced)`);
      }
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const channels = colourType === 6 ? 4 : 3;
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  let cur = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? cur[x - channels]! : 0;
      const b = prev[x]!;
      const c = x >= channels ? prev[x - channels]! : 0;
      let v = row[x]!;
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[x] = v & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      out[o] = cur[x * channels]!;
      out[o + 1] = cur[x * channels + 1]!;
      out[o + 2] = cur[x * channels + 2]!;
      out[o + 3] = channels === 4 ? cur[x * channels + 3]! : 255;
    }
    [prev, cur] = [cur, prev];
  }
  return { width, height, data: out };
}

/** `#rrggbb` → [r, g, b]. */
export function rgb(hex: string): [number, number, number] {
  const v = parseInt(hex.replace('#', ''), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Pixels within `tolerance` (per channel) of `colour`. */
export function countColour(img: Image, colour: readonly [number, number, number], tolerance = 6): number {
  let n = 0;
  const d = img.data;
  for (let o = 0; o < d.length; o += 4) {
    if (Math.abs(d[o]! - colour[0]) <= tolerance && Math.abs(d[o + 1]! - colour[1]) <= tolerance && Math.abs(d[o + 2]! - colour[2]) <= tolerance) n++;
  }
  return n;
}

/** Pixels that differ by more than `tolerance` in some channel; the images must be the same size. */
export function countDifferent(a: Image, b: Image, tolerance = 8): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`images differ in size: ${a.width}×${a.height} vs ${b.width}×${b.height}`);
  let n = 0;
  for (let o = 0; o < a.data.length; o += 4) {
    if (Math.abs(a.data[o]! - b.data[o]!) > tolerance || Math.abs(a.data[o + 1]! - b.data[o + 1]!) > tolerance || Math.abs(a.data[o + 2]! - b.data[o + 2]!) > tolerance) n++;
  }
  return n;
}

/** The colour at (x, y). */
export function pixel(img: Image, x: number, y: number): [number, number, number] {
  const o = (Math.round(y) * img.width + Math.round(x)) * 4;
  return [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!];
}

/** Number of distinct colours (quantised to 4 bits a channel): a blank canvas has one or two. */
export function distinctColours(img: Image): number {
  const seen = new Set<number>();
  const d = img.data;
  for (let o = 0; o < d.length; o += 4) seen.add(((d[o]! >> 4) << 8) | ((d[o + 1]! >> 4) << 4) | (d[o + 2]! >> 4));
  return seen.size;
}
