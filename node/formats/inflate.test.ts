import { describe, expect, it } from 'vitest';
import { constants, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { nodeDeflate, nodeInflate } from './inflate.js';
import { parseTmx } from '../../core/formats/tiled/tmx.js';
import { InputError } from '../../core/util/input-error.js';

/**
 * A zlib (or gzip) stream of `mib` MiB of zeros built from one 1 MiB deflate block repeated:
 * a full flush makes each block independent, so 2 GiB costs about 2 MB. The trailer is
 * missing, which no decoder ever reaches: it must stop long before.
 */
function bomb(mib: number, format: 'zlib' | 'gzip'): Buffer {
  const block = deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: constants.Z_FULL_FLUSH });
  const header = format === 'zlib' ? Buffer.from([0x78, 0x9c]) : Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  return Buffer.concat([header, ...Array<Buffer>(mib).fill(block), Buffer.from([3, 0])]);
}

describe('nodeInflate', () => {
  it('inflates zlib and gzip, and nodeDeflate is its inverse', () => {
    const data = new Uint8Array(Buffer.from('tile data '.repeat(100)));
    for (const f of ['zlib', 'gzip'] as const) {
      expect(nodeInflate(nodeDeflate(data, f), f, data.length)).toEqual(data);
    }
    expect(nodeInflate(deflateSync(data), 'zlib', data.length)).toEqual(data);
    expect(nodeInflate(gzipSync(data), 'gzip', data.length)).toEqual(data);
  });

  it('stops a 2 GiB decompression bomb at the expected size', () => {
    // How long the stop takes is measured by `npm run bench -- formats`.
    for (const f of ['zlib', 'gzip'] as const) {
      const b = bomb(2048, f);
      expect(b.length).toBeLessThan(3 << 20);
      expect(() => nodeInflate(b, f, 400)).toThrow('the data inflates to more than the 400 bytes expected (a corrupt file or a decompression bomb); stopped there');
    }
  });

  it('reports corrupt and truncated streams', () => {
    expect(() => nodeInflate(new Uint8Array([1, 2, 3]), 'zlib', 10)).toThrow(/not valid zlib data \(incorrect header check\)/);
    const good = deflateSync(Buffer.alloc(100, 7));
    expect(() => nodeInflate(good.subarray(0, good.length - 6), 'zlib', 100)).toThrow(/not valid zlib data/);
  });

  it('inside a TMX map, the bomb error names the file and the layer data', () => {
    const text = `<map orientation="orthogonal" width="10" height="10" tilewidth="8" tileheight="8">
 <layer name="Ground" width="10" height="10"><data encoding="base64" compression="zlib">${bomb(2048, 'zlib').toString('base64')}</data></layer>
</map>`;
    let err: unknown;
    // The parser asks the inflater for exactly the layer's bytes, once.
    const asked: number[] = [];
    const inflate: typeof nodeInflate = (bytes, format, max) => {
      asked.push(max);
      return nodeInflate(bytes, format, max);
    };
    try {
      parseTmx(text, { source: 'bomb.tmx', inflate });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toBe(
      'bomb.tmx: line 2, column 46 (/map/layer/data): expected zlib data that inflates to 400 bytes (10×10 tiles × 4): the data inflates to more than the 400 bytes expected (a corrupt file or a decompression bomb); stopped there',
    );
    expect(asked).toEqual([400]);
  });
});
