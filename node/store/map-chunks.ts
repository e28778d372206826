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
import { INSTANCE_LAYER_NAMES } from '../../core/assemble/instance-edit.js';
import { LINEAR_LAYER_NAMES } from '../../core/map/linear-layer.js';

/** 64 Ki values: 64 KiB for 1-byte layers, 128 KiB for elevation, 256 KiB for tile references; a 4 M-tile layer is 64 rows. */
export const CHUNK_VALUES = 65536;

/** The terrain layers (core/map MapLayers). */
export const LAYER_NAMES = ['terrain', 'edges', 'vertices', 'elevation'] as const;
export type LayerName = (typeof LAYER_NAMES)[number];

/**
 * Every layer a map stores: the terrain layers, then the instance layer (core/assemble
 * instance-edit.ts: `instance_tiles` = tile table index + 1 as Int32, `instance_codes` the
 * placement codes), then an AL-FORM map's linear layer (core/assemble linear-class.ts:
 * `linear_class` the class byte, `linear_tiles` / `linear_codes` like the instance layer, over
 * the map's own linear tile table). Append-only: the journal packs a layer as its index here.
 */
export const STORED_LAYER_NAMES = [...LAYER_NAMES, ...INSTANCE_LAYER_NAMES, ...LINEAR_LAYER_NAMES] as const;
export type StoredLayerName = (typeof STORED_LAYER_NAMES)[number];

/** Values of a layer: palette indices and placement codes (Uint8), elevation metres (Int16), tile references (Int32). */
export type LayerValues = Uint8Array | Int16Array | Int32Array;

/** Bytes per value of a stored layer. */
export function layerBytes(layer: StoredLayerName): 1 | 2 | 4 {
  return layer === 'elevation' ? 2 : layer === 'instance_tiles' || layer === 'linear_tiles' ? 4 : 1;
}

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
  return values.BYTES_PER_ELEMENT === 2 ? Buffer.from(view).swap16() : Buffer.from(view).swap32();
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
  view.set(inflateValues(data, view.length, view.BYTES_PER_ELEMENT as 1 | 2 | 4, `${where}: chunk ${chunk}`));
}

/** Decodes one chunk on its own (journal edits patch single chunks). */
export function decodeChunk(layer: StoredLayerName, layerLength: number, chunk: number, data: Uint8Array, where: string): LayerValues {
  const start = chunk * CHUNK_VALUES;
  const count = Math.min(layerLength, start + CHUNK_VALUES) - start;
  if (count <= 0) throw new Error(`${where}: chunk ${chunk} lies beyond the layer's ${layerLength} values`);
  return inflateValues(data, count, layerBytes(layer), `${where}: chunk ${chunk}`);
}

function inflateValues(data: Uint8Array, count: number, bytes: 1 | 2 | 4, where: string): LayerValues {
  const expectedBytes = count * bytes;
  let raw: Buffer;
  try {
    raw = inflateSync(data, { maxOutputLength: expectedBytes });
  } catch (e) {
    throw new Error(`${where} is damaged (${(e as Error).message}); expected ${expectedBytes} bytes of layer data`);
  }
  if (raw.byteLength !== expectedBytes) throw new Error(`${where} holds ${raw.byteLength} bytes; expected ${expectedBytes}`);
  if (bytes === 1) return new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  if (!LITTLE_ENDIAN) {
    if (bytes === 2) raw.swap16();
    else raw.swap32();
  }
  // Copy: the inflated Buffer may sit at an odd offset of a shared pool.
  const out = bytes === 2 ? new Int16Array(count) : new Int32Array(count);
  new Uint8Array(out.buffer).set(raw);
  return out;
}

export function encodeWholeChunk(values: LayerValues): Buffer {
  return deflateSync(leBytes(values, 0, values.length), { level: DEFLATE_LEVEL });
}

export function newLayer(layer: StoredLayerName, length: number): LayerValues {
  const bytes = layerBytes(layer);
  return bytes === 2 ? new Int16Array(length) : bytes === 4 ? new Int32Array(length) : new Uint8Array(length);
}
