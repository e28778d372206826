import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import { ROAD_TILES } from './assemble.testkit.js';
import { WALK_LIMIT_FLOOR, WALK_LIMIT_MIN, WalkBudget, explainConflict } from './explain.js';
import { AssemblyLibrary } from './library.js';
import { propagateSupports } from './propagate.js';
import { SearchState } from './state.js';
import { buildTopology } from './topology.js';
import { CAUSE_DECISION } from './trail.js';

describe('explainConflict', () => {
  it('walks a decided cell once, not once per candidate it lost, and still names every decision and cell', () => {
    // Two cells side by side; level 1 decides cell 0 on a candidate with a road towards cell 1
    // (cell 1 loses, for lost support, every candidate closed towards cell 0), level 2 takes
    // every candidate with a road back out of cell 1: cell 1 is wiped out.
    const lib = new AssemblyLibrary(ROAD_TILES);
    const topo = buildTopology(createGrid({ size: { kind: 'square', width: 2, height: 1 } }));
    const st = new SearchState(topo, lib, undefined);
    st.fill(0);
    st.fill(1);
    const k = lib.classes[topo.shapeClass[0]!]!;
    const closed = lib.closedSignatures();
    const s = [0, 1, 2, 3].find((x) => topo.neighbour[x] === 1)!;
    const back = topo.backSlot[s]!;
    const a = [...Array(k.count).keys()].find((c) => !closed[k.sig[c * k.slots + s]!])!;
    st.level = 1;
    st.forEachIn(0, (b) => {
      if (b !== a) st.remove(0, b, CAUSE_DECISION);
    });
    expect(propagateSupports(st)).toBe(true);
    const lostSupport = k.count - st.size[1]!;
    st.level = 2;
    let taken = 0;
    st.forEachIn(1, (b) => {
      if (!closed[k.sig[b * k.slots + back]!]) {
        st.remove(1, b, CAUSE_DECISION);
        taken++;
      }
    });
    expect(propagateSupports(st)).toBe(false);
    expect(st.conflictCell).toBe(1);
    const budget = new WalkBudget(topo.cellCount);
    const { set, cells } = explainConflict(st, budget);
    expect(set.max()).toBe(2);
    expect([...set.levels].sort()).toEqual([1, 2]);
    expect(cells).toEqual([0, 1]);
    // Each support removal in cell 1 and one entry per decision level, where every decision
    // removal on the way (taken at level 2, cell 0's closed ones at level 1) was walked before.
    expect(lostSupport).toBeGreaterThan(0);
    expect(taken).toBeGreaterThan(5);
    expect(budget.walked).toBe(lostSupport + 2);
    expect(budget.cut).toBe(0);
  });
});

describe('WalkBudget', () => {
  it('quarters the limit after cut walks down to the floor, doubles it back after complete ones', () => {
    const b = new WalkBudget(100);
    expect(b.limit).toBe(WALK_LIMIT_MIN);
    for (let i = 0; i < 10; i++) b.record(b.limit + 1, true);
    expect(b.limit).toBe(WALK_LIMIT_FLOOR);
    expect(b.cut).toBe(10);
    for (let i = 0; i < 20; i++) b.record(10, false);
    expect(b.limit).toBe(WALK_LIMIT_MIN);
    expect(new WalkBudget(100_000).max).toBe(400_000);
  });
});
