import { describe, expect, it } from 'vitest';
import { InputError } from '../util/input-error.js';
import type { Random } from '../util/random.js';
import { randomInt, seededRandom } from '../util/random.js';
import { readVectorTile, writeVectorTile } from './json.js';
import { exportSvg, importSvg } from './svg.js';
import { HEX_TILE, PENTAGON_TILE, SQUARE_TILE } from './vector.testkit.js';

const SNIPPETS = ['<', '>', '"', "'", '/', '=', '{', '}', '[', ']', ',', ':', '-', '.', 'e', 'e999', '1e309', 'NaN', 'null', '0', '9', ' ', '\n', '&', '&amp;', '<!ENTITY x "y">', 'M', 'Z', 'A', 'c', 'true', '"kind"', '"side"', 'data-side="up"', 'transform="scale(0)"', '<g>', '</g>', '\u0000', '💥'];

/** One seeded mutation of a text: cut, delete, insert, duplicate or swap a stretch. */
function mutate(text: string, random: Random): string {
  const n = text.length;
  const a = randomInt(random, n), b = Math.min(n, a + 1 + randomInt(random, 40));
  switch (randomInt(random, 6)) {
    case 0:
      return text.slice(0, a);
    case 1:
      return text.slice(0, a) + text.slice(b);
    case 2:
      return text.slice(0, a) + SNIPPETS[randomInt(random, SNIPPETS.length)]! + text.slice(a);
    case 3:
      return text.slice(0, a) + text.slice(a, b) + text.slice(a);
    case 4: {
      // Replace a number with another.
      return text.replace(/-?\d+(\.\d+)?(e-?\d+)?/g, (m) => (random() < 0.05 ? ['1e308', '-0', '3', '0.5', '-7', 'Infinity'][randomInt(random, 6)]! : m));
    }
    default:
      return text.slice(0, a) + SNIPPETS[randomInt(random, SNIPPETS.length)]! + text.slice(b);
  }
}

function run(label: string, texts: readonly string[], read: (text: string) => unknown, seed: number, count: number): { ok: number; errors: number } {
  const random = seededRandom(seed);
  let ok = 0, errors = 0;
  for (let i = 0; i < count; i++) {
    let text = texts[i % texts.length]!;
    const rounds = 1 + randomInt(random, 3);
    for (let r = 0; r < rounds; r++) text = mutate(text, random);
    try {
      read(text);
      ok++;
    } catch (e) {
      if (!(e instanceof InputError)) throw new Error(`${label} mutation ${i} threw ${String(e)} instead of an InputError`);
      expect(e.message.startsWith(`${label}: `)).toBe(true);
      expect(e.message).not.toMatch(/undefined|\[object Object\]/);
      errors++;
    }
  }
  return { ok, errors };
}

describe('fuzzed inputs give clear errors and never throw anything else', () => {
  it('SVG: 400 seeded mutations', () => {
    const texts = [HEX_TILE, SQUARE_TILE, PENTAGON_TILE].map(exportSvg);
    const r = run('fuzz.svg', texts, (t) => importSvg(t, 'fuzz.svg'), 7, 400);
    expect(r.errors).toBeGreaterThan(100);
  });

  it('JSON: 400 seeded mutations', () => {
    const texts = [HEX_TILE, SQUARE_TILE, PENTAGON_TILE].map(writeVectorTile);
    const r = run('fuzz.json', texts, (t) => readVectorTile(t, 'fuzz.json'), 8, 400);
    expect(r.errors).toBeGreaterThan(100);
  });

  it('hostile inputs: deep nesting, huge files, non-objects', () => {
    const deep = `<svg data-shape="hex" viewBox="${exportSvg(HEX_TILE).match(/viewBox="([^"]+)"/)![1]}">${'<g>'.repeat(5000)}${'</g>'.repeat(5000)}</svg>`;
    expect(() => importSvg(deep, 'deep.svg')).toThrow(InputError);
    expect(() => readVectorTile('['.repeat(100000), 'deep.json')).toThrow(InputError);
    for (const v of ['null', '1', '"x"', '[]', '{}', '{"format":"sandtable-vector-tile","version":1,"id":"a","shape":"hex","elements":{}}']) {
      expect(() => readVectorTile(v, 'odd.json')).toThrow(InputError);
    }
  });
});
