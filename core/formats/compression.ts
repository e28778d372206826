/**
 * Decompression is injected rather than built in: core/ has no zlib (no Node), so parsers take
 * an `Inflate` function and the Node side passes one (node/formats/inflate.ts).
 * The expected output size is passed along so the implementation can stop at that size: a
 * tiny "decompression bomb" that would inflate to gigabytes then fails at once instead of
 * filling memory.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

export type CompressionFormat = 'zlib' | 'gzip';

/**
 * Decompresses `bytes`; must throw (any Error, with a readable message) if the output would
 * exceed `maxOutputBytes` or the stream is corrupt.
 */
export type Inflate = (bytes: Uint8Array, format: CompressionFormat, maxOutputBytes: number) => Uint8Array;

/** Compresses `bytes` (used when exporting layers in their original compressed form). */
export type Deflate = (bytes: Uint8Array, format: CompressionFormat) => Uint8Array;
