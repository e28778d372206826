/**
 * Bytes → text for imported files. Every format we read is UTF-8 (Tiled, Rails XML,
 * Wesnoth maps, JSON); anything else is refused with an error naming the byte where the
 * decoding failed, instead of importing mojibake. Pure TypeScript because core/ has no
 * TextDecoder (its lib is ES2022 only).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from './input-error.js';

/** Decodes strict UTF-8 (a leading BOM is dropped). */
export function decodeUtf8(bytes: Uint8Array, source: string): string {
  const n = bytes.length;
  function fail(at: number, why: string): never {
    throw new InputError(source, `byte ${at}`, `expected UTF-8 text; ${why}`);
  }
  if (n >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    fail(0, `found a UTF-16 byte order mark (${bytes[0]!.toString(16).toUpperCase()} ${bytes[1]!.toString(16).toUpperCase()}) — save the file as UTF-8`);
  }
  let i = n >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const parts: string[] = [];
  const units: number[] = [];
  const flush = () => {
    parts.push(String.fromCharCode(...units));
    units.length = 0;
  };
  while (i < n) {
    const b = bytes[i]!;
    let cp: number;
    let len: number;
    if (b < 0x80) {
      // No text format we read allows NUL; it is the mark of UTF-16 or a binary file.
      if (b === 0) fail(i, 'found a NUL byte (is the file UTF-16 or binary?) — save it as UTF-8');
      cp = b;
      len = 1;
    } else if (b >= 0xc2 && b <= 0xdf) {
      cp = b & 0x1f;
      len = 2;
    } else if (b >= 0xe0 && b <= 0xef) {
      cp = b & 0x0f;
      len = 3;
    } else if (b >= 0xf0 && b <= 0xf4) {
      cp = b & 0x07;
      len = 4;
    } else {
      fail(i, `0x${b.toString(16).toUpperCase()} cannot start a UTF-8 character (is the file Latin-1 or binary?)`);
    }
    if (i + len > n) fail(i, 'the file ends in the middle of a character (truncated?)');
    for (let k = 1; k < len; k++) {
      const c = bytes[i + k]!;
      if ((c & 0xc0) !== 0x80) fail(i + k, `0x${c.toString(16).toUpperCase()} is not a UTF-8 continuation byte (is the file Latin-1?)`);
      cp = (cp << 6) | (c & 0x3f);
    }
    if ((len === 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (len === 4 && (cp < 0x10000 || cp > 0x10ffff))) {
      fail(i, 'found an overlong or surrogate encoding');
    }
    if (cp >= 0x10000) {
      const v = cp - 0x10000;
      units.push(0xd800 | (v >> 10), 0xdc00 | (v & 0x3ff));
    } else units.push(cp);
    if (units.length >= 8192) flush();
    i += len;
  }
  flush();
  return parts.join('');
}

/** Encodes text as UTF-8 (for writing files from core without Node's Buffer). */
export function encodeUtf8(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3);
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        i++;
      }
    }
    if (cp < 0x80) out[o++] = cp;
    else if (cp < 0x800) {
      out[o++] = 0xc0 | (cp >> 6);
      out[o++] = 0x80 | (cp & 0x3f);
    } else if (cp < 0x10000) {
      out[o++] = 0xe0 | (cp >> 12);
      out[o++] = 0x80 | ((cp >> 6) & 0x3f);
      out[o++] = 0x80 | (cp & 0x3f);
    } else {
      out[o++] = 0xf0 | (cp >> 18);
      out[o++] = 0x80 | ((cp >> 12) & 0x3f);
      out[o++] = 0x80 | ((cp >> 6) & 0x3f);
      out[o++] = 0x80 | (cp & 0x3f);
    }
  }
  return out.slice(0, o);
}
