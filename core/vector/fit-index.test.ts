import { describe, expect, it } from 'vitest';
import { TileClass, allowedOrientations } from '../alform/classify.js';
import { seededRandom } from '../util/random.js';
import { FitIndex } from './fit-index.js';
import { edgeIndicators, indicatorsOf } from './indicators.js';
import { edgeSignature, matchEdges } from './match.js';
import { orientIndicators, orientTile } from './orientation.js';
import { HEX, SQUARE, facingDirection } from './shape.js';
import { randomTile, variants } from './vector.testkit.js';

describe('what fits here (fit index)', () => {
  it('lists every (tile, orientation, edge) with the signature of the edge oriented directly, square and hex, mirrors included', () => {
    const random = seededRandom(8);
    for (const [shape, kind] of [[HEX, 'hex-rectangle'], [SQUARE, 'square']] as const) {
      const orientations = allowedOrientations(kind, TileClass.AREA);
      expect(orientations.some((o) => o.mirror !== 'none')).toBe(true);
      const library = Array.from({ length: 6 }, (_, i) => randomTile(shape, random, `t${i}`));
      const index = new FitIndex({ reorderable: (t) => t === 'road' });
      for (const t of library) index.add(t, orientations);
      const direct = library.flatMap((t) =>
        orientations.flatMap((o) => orientIndicators(shape, edgeIndicators(t), o).map((ind) => ({ tile: t.id, orientation: o, dir: ind.dir, signature: edgeSignature(ind, { reorderable: (id) => id === 'road' }) }))),
      );
      expect(index.rows()).toEqual(direct);
    }
  });

  it('answers exactly what matching every candidate against every placed neighbour answers', () => {
    const random = seededRandom(21);
    const library = Array.from({ length: 12 }, (_, i) => randomTile(HEX, random, `t${i}`));
    const orientations = allowedOrientations('hex-rectangle', TileClass.AREA);
    const index = new FitIndex();
    for (const t of library) index.add(t, orientations);
    expect(index.size).toBe(12 * orientations.length);
    const placed = variants(HEX, 'hex-rectangle', 4, 4);
    let nonEmpty = 0;
    for (let q = 0; q < 40; q++) {
      // One to three placed neighbours around the position.
      const dirs = [0, 1, 2, 3, 4, 5].filter(() => random() < 0.4).slice(0, 3);
      if (dirs.length === 0) dirs.push(Math.floor(random() * 6));
      const constraints = dirs.map((dir) => {
        const n = placed[Math.floor(random() * placed.length)]!;
        return { dir, facing: indicatorsOf(edgeIndicators(n), facingDirection(HEX, dir)) };
      });
      const fromIndex = index.query(constraints).map((c) => `${c.tile} ${c.orientation.mirror} ${c.orientation.rotation}`);
      const scan: string[] = [];
      for (const t of library) {
        for (const o of orientations) {
          const ind = edgeIndicators(orientTile(t, o));
          if (constraints.every((c) => matchEdges(indicatorsOf(ind, c.dir), c.facing).ok)) scan.push(`${t.id} ${o.mirror} ${o.rotation}`);
        }
      }
      expect(fromIndex.sort()).toEqual(scan.sort());
      if (scan.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(3);
    expect(index.query([])).toHaveLength(index.size);
    expect(index.rows()).toHaveLength(index.size * 6);
  });
});
