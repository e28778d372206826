import { describe, expect, it } from 'vitest';
import { bounded, boundedMessage, quoted } from './bounded.js';
import { InputError, describeValue } from './input-error.js';
import { tileCountOf as declaredTileCount } from '../grid/size.js';
import { checkMapSize, maxHexDiameter, maxIcosahedronSide, DEFAULT_LIMITS } from './limits.js';

describe('bounded user strings', () => {
  it('cuts long strings with an ellipsis and their length, and keeps one line', () => {
    expect(bounded('forest')).toBe('forest');
    expect(bounded('x'.repeat(1 << 20), 10)).toBe('xxxxxxxxxx… (1048576 characters)');
    expect(quoted('a\nb"c')).toBe('"a\\nb\\"c"');
    expect(quoted('y'.repeat(100), 5)).toBe('"yyyyy…" (100 characters)');
    expect(describeValue('z'.repeat(1 << 20))).toBe(`"${'z'.repeat(40)}…" (1048576 characters)`);
  });

  it('keeps every InputError one bounded line, whatever its parts hold', () => {
    const e = new InputError('p'.repeat(5000), 'line 1', `expected a terrain, got ${'t'.repeat(1 << 20)}\nsecond line`);
    expect(e.message).not.toMatch(/\n/);
    expect(e.message.length).toBeLessThan(1100);
    expect(boundedMessage('a\n  b')).toBe('a b');
  });
});

describe('limits', () => {
  it('counts declared tiles by arithmetic and refuses past the limit, naming both', () => {
    expect(declaredTileCount({ kind: 'icosahedron', side: 9 })).toBe(1002);
    expect(declaredTileCount({ kind: 'hex-hexagon', diameter: 15 })).toBe(169);
    expect(declaredTileCount({ kind: 'icosahedron', side: maxIcosahedronSide() })).toBeLessThanOrEqual(DEFAULT_LIMITS.maxMapTiles);
    expect(declaredTileCount({ kind: 'icosahedron', side: maxIcosahedronSide() + 1 })).toBeGreaterThan(DEFAULT_LIMITS.maxMapTiles);
    expect(declaredTileCount({ kind: 'hex-hexagon', diameter: maxHexDiameter() })).toBeLessThanOrEqual(DEFAULT_LIMITS.maxMapTiles);
    expect(declaredTileCount({ kind: 'hex-hexagon', diameter: maxHexDiameter() + 2 })).toBeGreaterThan(DEFAULT_LIMITS.maxMapTiles);
    expect(() => checkMapSize({ kind: 'square', width: 4097, height: 4096 }, 'm.json', '$.size')).toThrow(
      'm.json: $.size: declares 4097×4096 = 16781312 tiles; the limit is 16777216 tiles (docs/limits.md)',
    );
    expect(checkMapSize({ kind: 'square', width: 4096, height: 4096 }, 'm.json', '$.size')).toBe(1 << 24);
  });
});
