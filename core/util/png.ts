/**
 * PNG for images the engine makes itself (terrain swatch tilesets for Tiled export), encoded
 * with fast-png (issue 17: the heightmap, cover and picture exports use it too, so the
 * hand-written stored-block encoder that was here is gone), and the size read from a PNG's
 * header without decoding it.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { encode } from 'fast-png';

/** RGBA, 4 bytes a pixel, rows top to bottom. */
export function encodePngRgba(width: number, height: number, rgba: Uint8Array): Uint8Array {
  if (rgba.length !== width * height * 4) throw new Error(`PNG data must be ${width * height * 4} bytes (RGBA), got ${rgba.length}`);
  return encode({ width, height, data: rgba, depth: 8, channels: 4 });
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
