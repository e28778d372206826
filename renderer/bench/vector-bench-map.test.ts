import { describe, expect, it } from 'vitest';
import { cellShapeOf } from '../../core/assemble/cell-geometry.js';
import { decodePlacement } from '../../core/map/orientation-code.js';
import { placedTile } from '../../core/assemble/placed-tile.js';
import { writeVectorTile } from '../../core/vector/json.js';
import { VECTOR_BENCH_SEED, tilesFromTexts, vectorBenchMap } from './vector-bench-map.js';

// As the bench page reads them (vector-cases.ts): through Vite, no Node.
const files = import.meta.glob<string>('../../resources/tiles/starter/hex/**/*.{svg,json}', { query: '?raw', import: 'default', eager: true });
const texts = Object.entries(files).map(([path, text]) => ({ name: path.replace(/^(\.\.\/)+/, ''), text }));
const tiles = tilesFromTexts(texts);

describe('the render bench vector maps', () => {
  it('reads the starter hex tiles from their texts, in name order, ids from file names', () => {
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.every((f) => f.name.startsWith('resources/tiles/starter/hex/'))).toBe(true);
    expect(tiles).toHaveLength(texts.length);
    expect(tiles.every((t) => t.shape.name === 'hex')).toBe(true);
    expect(tiles[0]!.id).toBe('hex-bridge-1');
    // The order does not depend on the order the files came in (Vite's glob vs a folder walk).
    expect(tilesFromTexts([...texts].reverse()).map((t) => t.id)).toEqual(tiles.map((t) => t.id));
  });

  it('takes the JSON form too and refuses other files', () => {
    const [tile] = tilesFromTexts([{ name: 'x/one.json', text: writeVectorTile(tiles[3]!) }]);
    expect(tile!.id).toBe(tiles[3]!.id);
    expect(() => tilesFromTexts([{ name: 'x/one.png', text: '' }])).toThrow(/one\.png.*\.svg or \.json/);
  });

  it('places a tile in every cell, the same map from the same seed and another from another seed', () => {
    const size = { kind: 'hex-rectangle', width: 21, height: 19 } as const;
    const a = vectorBenchMap(size, tiles, VECTOR_BENCH_SEED);
    const b = vectorBenchMap(size, tiles, VECTOR_BENCH_SEED);
    const c = vectorBenchMap(size, tiles, VECTOR_BENCH_SEED + 1);
    expect(a.tileCount).toBe(21 * 19);
    expect(a.instances!.placedCount()).toBe(a.tileCount);
    for (let cell = 0; cell < a.tileCount; cell++) expect(a.instances!.has(cell), `cell ${cell}`).toBe(true);
    expect(b.instances!.tileRef).toEqual(a.instances!.tileRef);
    expect(b.instances!.code).toEqual(a.instances!.code);
    expect(b.instances!.tileIds).toEqual(a.instances!.tileIds);
    expect(c.instances!.code).not.toEqual(a.instances!.code);
    // Random placements use most of the set and several orientations.
    expect(a.instances!.tileIds.length).toBeGreaterThan(tiles.length / 2);
    expect(new Set(a.instances!.code).size).toBeGreaterThan(6);
  });

  it('fills a globe: hexagon cells warped, the twelve pentagons warped with a pentagon turn, every placement valid', () => {
    const map = vectorBenchMap({ kind: 'icosahedron', side: 3 }, tiles, VECTOR_BENCH_SEED);
    const layer = map.instances!;
    expect(layer.placedCount()).toBe(map.tileCount);
    const byId = new Map(tiles.map((t) => [t.id, t]));
    let pentagons = 0;
    for (let cell = 0; cell < map.tileCount; cell++) {
      const placed = layer.get(cell)!;
      const placement = decodePlacement(placed.code);
      const shape = cellShapeOf(map.grid, cell, map.spec.alform);
      if (shape.name === 'pentagon') {
        pentagons++;
        expect(placement.pentagonRotation, `pentagon ${cell}`).toBeDefined();
      } else expect(placement.pentagonRotation, `cell ${cell}`).toBeUndefined();
      // core/assemble accepts it (throws on a placement the cell cannot take) and warps it to the cell's shape.
      expect(placedTile(byId.get(placed.tile)!, placement, shape).shape.name, `cell ${cell}`).toBe(shape.name);
    }
    expect(pentagons).toBe(12);
  });

  it('refuses an empty tile set', () => {
    expect(() => vectorBenchMap({ kind: 'hex-rectangle', width: 3, height: 3 }, [], 1)).toThrow(/at least one tile/);
  });
});
