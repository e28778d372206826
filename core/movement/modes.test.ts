/**
 * Search on random maps of every kind with the default catalogue's every movement mode:
 * A* (goal-directed) must find exactly the cost Dijkstra's distance field gives, and
 * reach(budget) must be exactly the field thresholded at the budget.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../util/random.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { areaTerrains, linearTerrains } from '../terrain/lookup.js';
import { buildMovementGraph } from './graph.js';
import { PathFinder } from './path-finder.js';
import { movementTablesFor } from './tables.js';
import { fillRandom, makeMap, mapCases } from './movement.testkit.js';

const catalogue = loadDefaultCatalogue();
const area = areaTerrains(catalogue).map((t) => t.id);
const linear = linearTerrains(catalogue).map((t) => t.id);
const TRIALS = 24;

describe('every default mode on random maps of every kind', () => {
  for (const mc of mapCases()) {
    it(`${mc.label}: A* = Dijkstra, reach = field ≤ budget (${catalogue.modes.length} modes × ${TRIALS} maps)`, () => {
      const random = seededRandom(0xa11 + mc.label.length * 31);
      let paths = 0;
      for (let trial = 0; trial < TRIALS; trial++) {
        // A random handful of terrains, so maps mix passable and impassable ground.
        const palette = [...area.filter(() => random() < 0.3), ...linear.filter(() => random() < 0.3)];
        const map = makeMap(mc, palette);
        const areaIds = palette.map((id, i) => (area.includes(id) ? i + 1 : 0)).filter((k) => k > 0);
        const linearIds = palette.map((id, i) => (linear.includes(id) ? i + 1 : 0)).filter((k) => k > 0);
        if (areaIds.length === 0 || linearIds.length === 0) continue;
        fillRandom(map, random, areaIds, linearIds, 0.5);
        for (const mode of catalogue.modes) {
          const finder = new PathFinder(buildMovementGraph(map, movementTablesFor(catalogue, map, mode.id)));
          const n = map.tileCount;
          const src = Math.floor(random() * n);
          const field = finder.distanceField([src]);
          for (let q = 0; q < 6; q++) {
            const to = Math.floor(random() * n);
            const cost = finder.pathCost(src, to);
            if (field[to] === Infinity) expect(cost).toBe(Infinity);
            else {
              expect(cost).toBeCloseTo(field[to]!, 9);
              paths++;
            }
          }
          const finite = Array.from(field).filter((c) => c < Infinity);
          const budget = finite.length ? finite[Math.floor(random() * finite.length)]! : 1;
          const reached = finder.reach(src, budget);
          const want = Array.from(field.keys()).filter((t) => field[t]! <= budget);
          expect(Array.from(reached)).toEqual(want);
        }
      }
      expect(paths).toBeGreaterThan(0);
    });
  }
});
