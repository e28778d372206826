/**
 * Formats: how fast a decompression bomb is stopped (the unit tests check that it is stopped
 * at the expected size; the time it takes is measured here, not asserted there):
 * - nodeInflate on a 2 GiB zlib and gzip bomb (about 2 MB) capped at 400 bytes;
 * - parseTmx on a 10×10 layer whose data is that bomb, the error naming the layer.
 * Results → bench/results/formats.json.
 */
import { constants, deflateRawSync } from 'node:zlib';
import { nodeInflate } from '../node/formats/inflate.js';
import { parseTmx } from '../core/formats/tiled/tmx.js';
import { timeOnce, writeResult } from './harness.js';

/** `mib` MiB of zeros as independent 1 MiB deflate blocks, with no trailer (as in inflate.test.ts). */
function bomb(mib: number, format: 'zlib' | 'gzip'): Buffer {
  const block = deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: constants.Z_FULL_FLUSH });
  const header = format === 'zlib' ? Buffer.from([0x78, 0x9c]) : Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  return Buffer.concat([header, ...Array<Buffer>(mib).fill(block), Buffer.from([3, 0])]);
}

/** Milliseconds until `fn` throws (best of three); it must throw. */
function msToThrow(fn: () => unknown): number {
  return timeOnce(() => {
    try {
      fn();
    } catch {
      return;
    }
    throw new Error('expected the bomb to be stopped');
  }).ms;
}

export default async function run(): Promise<string> {
  const zlib = bomb(2048, 'zlib');
  const gzip = bomb(2048, 'gzip');
  const tmx = `<map orientation="orthogonal" width="10" height="10" tilewidth="8" tileheight="8">
 <layer name="Ground" width="10" height="10"><data encoding="base64" compression="zlib">${zlib.toString('base64')}</data></layer>
</map>`;
  const result = {
    description: 'Milliseconds to stop a 2 GiB decompression bomb (best of three); the unit tests assert where it stops, not how fast.',
    bombBytes: zlib.length,
    nodeInflateZlibMs: msToThrow(() => nodeInflate(zlib, 'zlib', 400)),
    nodeInflateGzipMs: msToThrow(() => nodeInflate(gzip, 'gzip', 400)),
    parseTmxMs: msToThrow(() => parseTmx(tmx, { source: 'bomb.tmx', inflate: nodeInflate })),
  };
  return writeResult('formats', result);
}
