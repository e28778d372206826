import { describe, expect, it } from 'vitest';
import { seededRandom } from '../util/random.js';
import { buildMovementGraph, edgesOf } from './graph.js';
import { PathFinder } from './path-finder.js';
import type { TerrainDef } from './movement.testkit.js';
import { fillRandom, makeMap, mapCases, referenceDistances, referenceEdges, tablesFor } from './movement.testkit.js';


/** Random terrains: dyadic costs so float sums are exact and A-star, Dijkstra and the reference agree to the bit. */
function randomDefs(random: () => number): TerrainDef[] {
  const costs = [0.5, 1, 1.5, 2, 3, 4];
  const c = () => costs[Math.floor(random() * costs.length)]!;
  return [
    { id: 'a1', linear: false, playable: true, cost: c() },
    { id: 'a2', linear: false, playable: true, cost: c() },
    { id: 'a3', linear: false, playable: random() < 0.7, cost: c() },
    { id: 'l1', linear: true, playable: false, cost: c() },
    { id: 'l2', linear: true, playable: false, cost: Infinity },
    { id: 'l3', linear: true, playable: true, cost: c() },
    { id: 'l4', linear: true, playable: random() < 0.5, cost: c() },
  ].map((d) => (d.playable || d.linear ? d : { ...d, cost: Infinity }));
}

describe('movement graph and search against a naive reference', () => {
  for (const mc of mapCases()) {
    it(`${mc.label}: CSR edges = rule edges; A* = Dijkstra = reference on random maps`, () => {
      const random = seededRandom(0x5eed ^ mc.label.length * 7919);
      for (let trial = 0; trial < 60; trial++) {
        const defs = randomDefs(random);
        const { palette, tables } = tablesFor(defs);
        const map = makeMap(mc, palette);
        fillRandom(map, random, [1, 2, 3], [4, 5, 6, 7], 0.4);
        const graph = buildMovementGraph(map, tables);
        const ref = referenceEdges(map, tables);
        const n = map.tileCount;
        for (let u = 0; u < n; u++) {
          const got = edgesOf(graph, u).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
          const want = ref[u]!.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
          expect(got, `edges of ${u}`).toEqual(want);
        }
        const finder = new PathFinder(graph);
        const src = Math.floor(random() * n);
        const refDist = referenceDistances(ref, [src], (i) => graph.nodeOfTile[i]! >= 0);
        const field = finder.distanceField([src]);
        expect(Array.from(field)).toEqual(Array.from(refDist));
        for (let q = 0; q < 8; q++) {
          const to = Math.floor(random() * n);
          const found = finder.findPath(src, to);
          if (refDist[to] === Infinity) {
            expect(found).toBeNull();
            continue;
          }
          expect(found!.cost).toBe(refDist[to]);
          // The path is a chain of graph edges whose costs add up to the reported cost.
          let sum = 0;
          for (let i = 1; i < found!.tiles.length; i++) {
            const a = found!.tiles[i - 1]!;
            const b = found!.tiles[i]!;
            const options = edgesOf(graph, a).filter(([v]) => v === b).map(([, c]) => c);
            expect(options.length, `edge ${a}→${b}`).toBeGreaterThan(0);
            sum += Math.min(...options);
          }
          expect(sum).toBe(found!.cost);
          expect(found!.tiles[0]).toBe(src);
          expect(found!.tiles[found!.tiles.length - 1]).toBe(to);
        }
      }
    });
  }
});
