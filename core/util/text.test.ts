import { describe, expect, it } from 'vitest';
import { InputError } from './input-error.js';
import { decodeUtf8, encodeUtf8 } from './text.js';

describe('UTF-8', () => {
  const samples = ['', 'plain ascii', 'Zürich – Ωmega', '日本語のマップ', 'emoji 🚂🗺️ and more', 'x'.repeat(20000) + 'é'];

  it('decodes and encodes like Node', () => {
    for (const s of samples) {
      const bytes = new Uint8Array(Buffer.from(s, 'utf8'));
      expect(decodeUtf8(bytes, 'f')).toBe(s);
      expect(encodeUtf8(s)).toEqual(bytes);
    }
  });

  it('drops a UTF-8 byte order mark', () => {
    expect(decodeUtf8(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]), 'f')).toBe('A');
  });

  it('refuses UTF-16, with or without a byte order mark', () => {
    const le = new Uint8Array(Buffer.from('\uFEFF<map/>', 'utf16le'));
    expect(() => decodeUtf8(le, 'map.tmx')).toThrow('map.tmx: byte 0: expected UTF-8 text; found a UTF-16 byte order mark (FF FE) — save the file as UTF-8');
    const noBom = new Uint8Array(Buffer.from('<map/>', 'utf16le'));
    expect(() => decodeUtf8(noBom, 'map.tmx')).toThrow(/byte 1: expected UTF-8 text; found a NUL byte/);
  });

  it('refuses Latin-1 and truncated characters, naming the byte', () => {
    const latin1 = new Uint8Array(Buffer.from('Zürich', 'latin1'));
    const e = (() => {
      try {
        decodeUtf8(latin1, 'a.map');
      } catch (err) {
        return err as InputError;
      }
      throw new Error('no error');
    })();
    expect(e).toBeInstanceOf(InputError);
    expect(e.where).toBe('byte 1');
    expect(e.message).toMatch(/0xFC cannot start a UTF-8 character \(is the file Latin-1/);
    expect(() => decodeUtf8(Uint8Array.from([0x41, 0xe6, 0x97]), 'a')).toThrow(/byte 1: .*ends in the middle of a character/);
    expect(() => decodeUtf8(Uint8Array.from([0xc3, 0x41]), 'a')).toThrow(/byte 1: .*not a UTF-8 continuation byte/);
    expect(() => decodeUtf8(Uint8Array.from([0xe0, 0x80, 0x80]), 'a')).toThrow(/overlong/);
  });
});
