/**
 * Map layers ↔ compressed chunks (SPEC §10 "terrain layers stored in chunks"; §4 "no object
 * per tile"). A layer of n values is cut into ⌈n / CHUNK_VALUES⌉ chunks; each is the
 * zlib stream of its values in little-endian bytes. zlib (not raw deflate) so a damaged
 * chunk fails its Adler-32 check instead of decoding to wrong terrain; inflating is capped
 * at the chunk's expected size, so a hostile file cannot inflate into gigabytes.
 *
 * Must not depend on: Electron, DOM.
 */
import { deflateSync, inflateSync, constants } from 'node:zlib';
import { endianness } from 'node:os';

/** 64 Ki values: 64 KiB for 1-byte layers, 128 KiB for elevation; a 4 M-tile layer is 64 rows. */
export const CHUNK_VALUES = 65536;

export const LAYER_NAMES = ['terrain', 'edges', 'vertices', 'elevation'] as const;
export type LayerName = (typeof LAYER_NAMES)[number];

/** Values of a layer: palette indices (Uint8) or elevation metres (Int16). */
export type LayerValues = Uint8Array | Int16Array;

/** Level 1: terrain runs compress ~50× even at the fastest level, and edits re-deflate chunks. */
const DEFLATE_LEVEL = constants.Z_BEST_SPEED;
const LITTLE_ENDIAN = endianness() === 'LE';

export function chunkCount(length: number): number {
  return Math.ceil(length / CHUNK_VALUES);
}

/** Little-endian bytes of values [start, end), without copying where the platform allows. */
function leBytes(values: LayerValues, start: number, end: number): Buffer {
  const view = Buffer.from(values.buffer, values.byteOffset + start * values.BYTES_PER_ELEMENT, (end - start) * values.BYTES_PER_ELEMENT);
  if (values.BYTES_PER_ELEMENT === 1 || LITTLE_ENDIAN) return view;
  return Buffer.from(view).swap16();
}

export function encodeChunk(values: LayerValues, chunk: number): Buffer {
  const start = chunk * CHUNK_VALUES;
  const end = Math.min(values.length, start + CHUNK_VALUES);
  return deflateSync(leBytes(values, start, end), { level: DEFLATE_LEVEL });
}

/** All chunks of a layer, in order. */
export function encodeLayer(values: LayerValues): Buffer[] {
  const out: Buffer[] = [];
  for (let c = 0; c < chunkCount(values.length); c++) out.push(encodeChunk(values, c));
  return out;
}

/**
 * Inflates chunk `chunk` of a layer into `target` (which has the layer's full length).
 * Throws a message naming `where` (map and layer) and the chunk when the data does not
 * decode to exactly the expected number of values.
 */
export function decodeChunkInto(target: LayerValues, chunk: number, data: Uint8Array, where: string): void {
  const start = chunk * CHUNK_VALUES;
  const count = Math.min(target.length, start + CHUNK_VALUES) - start;
  if (count <= 0) throw new Error(`${where}: chunk ${chunk} lies beyond the layer's ${target.length} values`);
  const view = target.subarray(start, start + count);
  view.set(inflateValues(data, view.length, view.BYTES_PER_ELEMENT === 2, `${where}: chunk ${chunk}`));
}

/** Decodes one chunk on its own (journal edits patch single chunks). */
export function decodeChunk(layer: LayerName, layerLength: number, chunk: number, data: Uint8Array, where: string): LayerValues {
  const start = chunk * CHUNK_VALUES;
  const count = Math.min(layerLength, start + CHUNK_VALUES) - start;
  if (count <= 0) throw new Error(`${where}: chunk ${chunk} lies beyond the layer's ${layerLength} values`);
  return inflateValues(data, count, layer === 'elevation', `${where}: chunk ${chunk}`);
}

function inflateValues(data: Uint8Array, count: number, int16: boolean, where: string): LayerValues {
  const expectedBytes = count * (int16 ? 2 : 1);
  let raw: Buffer;
  try {
    raw = inflateSync(data, { maxOutputLength: expectedBytes });
  } catch (e) {
    throw new Error(`${where} is damaged (${(e as Error).message}); expected ${expectedBytes} bytes of layer data`);
  }
  if (raw.byteLength !== expectedBytes) throw new Error(`${where} holds ${raw.byteLength} bytes; expected ${expectedBytes}`);
  if (!int16) return new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  if (!LITTLE_ENDIAN) raw.swap16();
  // Copy: the inflated Buffer may sit at an odd offset of a shared pool.
  const out = new Int16Array(count);
  new Uint8Array(out.buffer).set(raw);
  return out;
}

export function encodeWholeChunk(values: LayerValues): Buffer {
  return deflateSync(leBytes(values, 0, values.length), { level: DEFLATE_LEVEL });
}

export function newLayer(layer: LayerName, length: number): LayerValues {
  return layer === 'elevation' ? new Int16Array(length) : new Uint8Array(length);
}
