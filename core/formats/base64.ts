/**
 * Base64 (RFC 4648, standard alphabet) in pure TypeScript, for Tiled layer data: core/ has
 * neither Buffer nor atob. Decoding is strict — whitespace (Tiled indents its data) is
 * skipped, anything else outside the alphabet is an error that says which character, where.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

export class Base64Error extends Error {
  constructor(
    message: string,
    /** Offset in the input text of the offending character. */
    readonly offset: number,
  ) {
    super(message);
    this.name = 'Base64Error';
  }
}

/** Bytes that `text` decodes to, counted without decoding (whitespace and padding ignored). */
export function base64DecodedLength(text: string): number {
  let chars = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 61) chars++;
  }
  return Math.floor((chars * 3) / 4);
}

export function decodeBase64(text: string): Uint8Array {
  const out = new Uint8Array(base64DecodedLength(text));
  let o = 0;
  let acc = 0;
  let bits = 0;
  let padding = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) continue;
    if (c === 61) {
      padding++;
      if (padding > 2) throw new Base64Error('at most two "=" padding characters at the end', i);
      continue;
    }
    const v = c < 128 ? DECODE[c]! : -1;
    if (v < 0) throw new Base64Error(`a base64 character (A–Z a–z 0–9 + /), got ${JSON.stringify(text[i])}`, i);
    if (padding) throw new Base64Error('"=" padding only at the end', i);
    digits++;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  if (digits % 4 === 1) throw new Base64Error(`a whole number of base64 groups; ${digits} characters leave one over (truncated?)`, text.length);
  if (padding && (digits + padding) % 4 !== 0) throw new Base64Error('padding that completes the last group of four', text.length);
  return o === out.length ? out : out.slice(0, o);
}

export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = i + 1 < bytes.length ? bytes[i + 1]! : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2]! : 0;
    const n = (a << 16) | (b << 8) | c;
    chunk +=
      ALPHABET[(n >> 18) & 63]! +
      ALPHABET[(n >> 12) & 63]! +
      (i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : '=') +
      (i + 2 < bytes.length ? ALPHABET[n & 63]! : '=');
    if (chunk.length >= 4096) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}
