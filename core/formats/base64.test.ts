import { describe, expect, it } from 'vitest';
import { seededRandom } from '../util/random.js';
import { Base64Error, base64DecodedLength, decodeBase64, encodeBase64 } from './base64.js';

describe('base64', () => {
  it('matches Node for every length 0…64 and random bytes', () => {
    const rnd = seededRandom(7);
    for (let n = 0; n <= 64; n++) {
      const bytes = Uint8Array.from({ length: n }, () => Math.floor(rnd() * 256));
      const text = encodeBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(decodeBase64(text)).toEqual(bytes);
      expect(base64DecodedLength(text)).toBe(n);
    }
  });

  it('skips whitespace, as Tiled indents its layer data', () => {
    expect(decodeBase64('\n   AQID\n   BA==\n')).toEqual(Uint8Array.from([1, 2, 3, 4]));
  });

  it('rejects characters outside the alphabet, saying which and where', () => {
    const e = (() => {
      try {
        decodeBase64('AQID*A==');
      } catch (err) {
        return err as Base64Error;
      }
      throw new Error('no error');
    })();
    expect(e).toBeInstanceOf(Base64Error);
    expect(e.offset).toBe(4);
    expect(e.message).toMatch(/got "\*"/);
  });

  it('rejects truncated groups and misplaced padding', () => {
    expect(() => decodeBase64('AQIDB')).toThrow(/one over \(truncated\?\)/);
    expect(() => decodeBase64('AQ==AQ==')).toThrow(/padding only at the end/);
    expect(() => decodeBase64('AQI')).not.toThrow();
    expect(() => decodeBase64('AQ=')).toThrow(/padding that completes/);
  });
});
