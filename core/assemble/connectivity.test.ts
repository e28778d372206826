import { describe, expect, it } from 'vitest';
import { seededRandom } from '../util/random.js';
import { ROAD_TILES, allCells, grid } from './assemble.testkit.js';
import { checkAssembly } from './check.js';
import type { NetworkView } from './connectivity.js';
import { ConnectivityPropagator } from './connectivity.js';
import { InstanceLayer } from '../map/instance-layer.js';
import { AssemblyLibrary } from './library.js';
import { assemble } from './solver.js';
import { buildTopology } from './topology.js';

/** A random may/must graph on a square map: some cells out, some must, some slots closed. */
function randomView(seed: number, w: number, h: number): NetworkView {
  const topo = buildTopology(grid({ kind: 'square', width: w, height: h }));
  const random = seededRandom(seed);
  const state = Uint8Array.from({ length: topo.cellCount }, () => (random() < 0.25 ? 0 : random() < 0.15 ? 2 : 1));
  const slot = Uint8Array.from({ length: topo.cellCount * topo.maxSlots }, () => (random() < 0.15 ? 0 : 1));
  let must = 0;
  for (const s of state) if (s === 2) must++;
  return { ...topo, mustTotal: must, nodeState: (c) => state[c] as 0 | 1 | 2, slotMay: (c, s) => slot[c * topo.maxSlots + s] === 1 };
}

describe('the incremental connectivity pass', () => {
  it('a window never claims more than the whole map shows (sound conflicts and forcing)', () => {
    let conflicts = 0;
    let forced = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const view = randomView(seed, 14, 12);
      const full = new ConnectivityPropagator(view.cellCount).run(view);
      const random = seededRandom(seed * 7);
      const changed = Array.from({ length: 1 + Math.floor(random() * 3) }, () => Math.floor(random() * view.cellCount));
      const local = new ConnectivityPropagator(view.cellCount).runLocal(view, changed, 2);
      if (local.kind === 'conflict') {
        conflicts++;
        expect(full.kind).toBe('conflict');
      } else if (full.kind === 'ok') {
        forced += local.force.length;
        for (const c of local.force) expect(full.force).toContain(c);
      }
    }
    // The windows do see things: conflicts and cells to force, not only "ok".
    expect(conflicts).toBeGreaterThan(3);
    expect(forced).toBeGreaterThan(3);
  });

  it('the whole-map pass finds a cut a window cannot see', () => {
    // A ring of may-cells round a 9×9 map with two must-cells on it; one side of the ring is
    // cut far from the changed cell: the window (radius 1) sees nothing to force, the whole map does.
    const topo = buildTopology(grid({ kind: 'square', width: 9, height: 9 }));
    const ring = (c: number): boolean => {
      const x = c % 9, y = Math.floor(c / 9);
      return x === 0 || y === 0 || x === 8 || y === 8;
    };
    const cut = 4; // top middle
    const state = (c: number): 0 | 1 | 2 => (!ring(c) || c === cut ? 0 : c === 9 * 4 || c === 9 * 4 + 8 ? 2 : 1);
    const view: NetworkView = { ...topo, mustTotal: 2, nodeState: state, slotMay: () => true };
    const p = new ConnectivityPropagator(topo.cellCount);
    const local = p.runLocal(view, [cut], 1);
    expect(local).toEqual({ kind: 'ok', force: [] });
    const full = p.run(view);
    expect(full.kind).toBe('ok');
    // The one way left from (0,4) to (8,4): down the left side, along the bottom, up the right.
    const around = [45, 54, 63, 72, 73, 74, 75, 76, 77, 78, 79, 80, 71, 62, 53];
    if (full.kind === 'ok') expect([...full.force].sort((a, b) => a - b)).toEqual(around.sort((a, b) => a - b));
  });

  it('assembly with connectivity visits a small share of what a whole-map pass at every change would', () => {
    const g = grid({ kind: 'square', width: 48, height: 48 });
    const lib = new AssemblyLibrary(ROAD_TILES);
    const r = assemble(new InstanceLayer(g), lib, { seed: 3, connectivity: { terrains: ['road'] } });
    expect(r.ok, r.ok ? '' : r.message).toBe(true);
    if (!r.ok) return;
    expect(checkAssembly(g, r.layer, ROAD_TILES, { region: allCells(g), connectivity: { terrains: ['road'] } })).toEqual([]);
    const conn = r.stats.connectivity!;
    // A whole-map pass per change visits about every cell each time.
    expect(conn.cellsVisited).toBeLessThan((conn.passes * g.tileCount) / 5);
    expect(conn.wholeMapPasses).toBeLessThan(conn.passes / 10);
  });
});
