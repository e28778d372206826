import { describe, expect, it } from 'vitest';
import type { TerrainCatalogue } from '../terrain/types.js';
import { edgeIndicators, indicatorsOf } from './indicators.js';
import { acrossSignature, edgeSignature, matchEdges, matchTiles } from './match.js';
import { orientTile } from './orientation.js';
import { HEX, OFFSET_SQUARE, SQUARE, facingDirection } from './shape.js';
import { matchOptionsFrom } from './terrain-rules.js';
import { HEX_TILE, SQUARE_TILE, edgeLine, tileOf, variants } from './vector.testkit.js';

describe('matching across an edge (patent MAP ASSEMBLY steps 2–3)', () => {
  for (const [shape, kind] of [
    [SQUARE, 'square'],
    [OFFSET_SQUARE, 'offset-square'],
    [HEX, 'hex-rectangle'],
  ] as const) {
    it(`${shape.name}: A fits B across edge k exactly when B fits A across the opposite edge`, () => {
      const tiles = variants(shape, kind, 5, 6);
      const inds = tiles.map(edgeIndicators);
      let ok = 0, failed = 0, asymmetric = 0, signatureDisagrees = 0;
      for (const ia of inds) {
        for (const ib of inds) {
          for (const e of shape.edges) {
            const back = facingDirection(shape, e.dir);
            const ab = matchEdges(indicatorsOf(ia, e.dir), indicatorsOf(ib, back));
            const ba = matchEdges(indicatorsOf(ib, back), indicatorsOf(ia, e.dir));
            if (ab.ok !== ba.ok) asymmetric++;
            // The index signature agrees with the matcher.
            if ((edgeSignature(indicatorsOf(ib, back)) === acrossSignature(indicatorsOf(ia, e.dir))) !== ab.ok) signatureDisagrees++;
            if (ab.ok) ok++;
            else failed++;
          }
        }
      }
      expect(asymmetric).toBe(0);
      expect(signatureDisagrees).toBe(0);
      expect(ok).toBeGreaterThan(50);
      expect(failed).toBeGreaterThan(50);
    });
  }

  it('a river continues into the same tile turned half round', () => {
    const b = orientTile(HEX_TILE, { rotation: 180, mirror: 'none' });
    const r = matchTiles(HEX_TILE, 0, b, 3);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.pairs.map((p) => [p.a.element, p.b.element])).toEqual([['river', 'river']]);
  });

  it('a failed match names the edge and the indicator', () => {
    const presence = matchTiles(HEX_TILE, 2, HEX_TILE, 5);
    expect(presence).toMatchObject({ ok: false, reason: 'presence', indicator: 'forest', dirA: 2, dirB: 5 });
    expect(!presence.ok && presence.message).toMatch(/^edge 2 of A ↔ edge 5 of B: A's edge lies wholly in "forest"/);
    const position = matchTiles(HEX_TILE, 0, orientTile(HEX_TILE, { rotation: 120, mirror: 'none' }), 3);
    expect(position).toMatchObject({ ok: false, reason: 'position', indicator: 'river' });
    // The forest half continues into the same tile across edge 1, but not into the tile turned
    // half round, whose forest lies on the other side of the crossing.
    expect(matchTiles(HEX_TILE, 1, HEX_TILE, 4).ok).toBe(true);
    const area = matchTiles(HEX_TILE, 1, orientTile(HEX_TILE, { rotation: 180, mirror: 'none' }), 4);
    expect(area.ok).toBe(false);
    expect(!area.ok && area.message).toMatch(/area "wood"/);
  });

  it('terrain-specific reordering: a reorderable road may change places with a river', () => {
    const a = tileOf('a', SQUARE, edgeLine(SQUARE, 'road', [0, 0.3], [4, 0.5]), edgeLine(SQUARE, 'river', [0, 0.6], [2, 0.5]));
    // B lies above A; its bottom edge (4) faces A's top: river at x = −0.3, road at x = 0.4.
    const b = tileOf('b', SQUARE, edgeLine(SQUARE, 'river', [4, 0.65], [0, 0.5]), edgeLine(SQUARE, 'road', [4, 0.3], [6, 0.5]));
    expect(matchTiles(a, 0, b, 4).ok).toBe(false);
    const catalogue = { terrains: [{ id: 'road', reorderable: true }, { id: 'river' }] } as unknown as TerrainCatalogue;
    const options = matchOptionsFrom(catalogue);
    const r = matchTiles(a, 0, b, 4, options);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.pairs.map((p) => [p.a.element, p.b.element])).toEqual([['road', 'road'], ['river', 'river']]);
    expect(matchTiles(b, 4, a, 0, options).ok).toBe(true);
    expect(edgeSignature(indicatorsOf(edgeIndicators(b), 4), options)).toBe(acrossSignature(indicatorsOf(edgeIndicators(a), 0), options));
  });

  it('square tiles with nothing on the facing edges match', () => {
    expect(matchTiles(SQUARE_TILE, 2, SQUARE_TILE, 6).ok).toBe(false);
    expect(matchTiles(SQUARE_TILE, 4, orientTile(SQUARE_TILE, { rotation: 0, mirror: 'y' }), 0).ok).toBe(true);
  });
});
