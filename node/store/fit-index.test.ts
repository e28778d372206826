import { describe, expect, it } from 'vitest';
import { randomInt, seededRandom } from '../../core/util/random.js';
import type { EdgeRequirement, FitTile } from './fit-index.js';
import { FitIndex } from './fit-index.js';
import type { RasterShape } from './orientation.js';
import { RASTER_SHAPES, allOrientations, edgeCount, orientEdges, orientationCount } from './orientation.js';

function randomTiles(shape: RasterShape, count: number, labels: number, seed: number): FitTile[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, k) => ({
    rid: 3 * k + 1,
    id: `t${k}`,
    shape,
    // Some tiles allow every orientation, others a random subset (SPEC §3 restricts edge tiles).
    allowed: k % 4 === 0 ? allOrientations(shape) : 1 + randomInt(random, allOrientations(shape)),
    labels: Array.from({ length: edgeCount(shape) }, () => randomInt(random, labels)),
  }));
}

/** The definition, by brute force: every tile, every allowed orientation, compare labels. */
function bruteForce(tiles: readonly FitTile[], shape: RasterShape, reqs: readonly EdgeRequirement[]): string[] {
  const out: string[] = [];
  for (const t of tiles) {
    if (t.shape !== shape) continue;
    for (let o = 0; o < orientationCount(shape); o++) {
      if (!(t.allowed & (1 << o))) continue;
      const seen = orientEdges(shape, o, Array.from(t.labels));
      if (reqs.every((r) => seen[r.edge] === r.label)) out.push(`${t.id}@${o}`);
    }
  }
  return out;
}

describe('FitIndex', () => {
  it('answers exactly what brute force answers, for every shape and many random queries', () => {
    const random = seededRandom(7);
    for (const shape of RASTER_SHAPES) {
      const tiles = [...randomTiles(shape, 400, 4, 11), ...randomTiles('square', 50, 4, 12).map((t) => ({ ...t, rid: t.rid + 10_000, id: `sq${t.id}` }))];
      const index = FitIndex.build([...tiles].sort((a, b) => a.rid - b.rid));
      const k = edgeCount(shape);
      for (let q = 0; q < 60; q++) {
        const edges = Array.from({ length: k }, (_, e) => e).filter(() => random() < 0.5);
        const reqs = edges.map((edge) => ({ edge, label: randomInt(random, 4) }));
        const expected = bruteForce(tiles, shape, reqs);
        const got = index.query(shape, reqs, 0, 1_000_000);
        expect(got.total).toBe(expected.length);
        expect(got.hits.map((h) => `${h.id}@${h.orientation}`)).toEqual(expected);
      }
    }
  });

  it('pages results in tile-then-orientation order', () => {
    const tiles = randomTiles('hex', 300, 3, 5);
    const index = FitIndex.build(tiles);
    const reqs = [{ edge: 0, label: 1 }];
    const all = index.query('hex', reqs, 0, 10_000);
    expect(all.total).toBeGreaterThan(50);
    const page = index.query('hex', reqs, 20, 15);
    expect(page.total).toBe(all.total);
    expect(page.hits).toEqual(all.hits.slice(20, 35));
  });

  it('matches nothing for an unknown label and everything allowed for no requirement', () => {
    const tiles = randomTiles('square', 20, 3, 9);
    const index = FitIndex.build(tiles);
    expect(index.query('square', [{ edge: 1, label: -1 }], 0, 100).total).toBe(0);
    expect(index.query('square', [{ edge: 1, label: 99 }], 0, 100).total).toBe(0);
    const allowed = tiles.reduce((n, t) => n + [...Array(8).keys()].filter((o) => t.allowed & (1 << o)).length, 0);
    expect(index.query('square', [], 0, 1000).total).toBe(allowed);
    expect(index.query('pentagon', [], 0, 1000).total).toBe(0);
  });

  it('respects allowed orientations: an X-EDGE tile (0/180 + mirror X) fits only so', () => {
    // SPEC §3: X-EDGE tiles rotate 0/180 and mirror X: codes r0, r180, m0, m180 → 0, 2, 4, 6.
    const road: FitTile = { rid: 1, id: 'road', shape: 'square', allowed: 0b01010101, labels: [0, 1, 0, 1] };
    const index = FitIndex.build([road]);
    expect(index.query('square', [{ edge: 0, label: 0 }], 0, 10).hits.map((h) => h.orientation)).toEqual([0, 2, 4, 6]);
    expect(index.query('square', [{ edge: 0, label: 1 }], 0, 10).total).toBe(0);
  });
});
