/**
 * The solver's end constraint (issue 25 "assembled maps read as maps"): no line network ends
 * inside the region for no reason. A candidate whose tile has a DEAD END (network-ends.ts: a
 * river rising where the tile has no high ground or lake, a road ending where it has no
 * settlement) may stand only on a cell at the border of what is assembled — an outer edge of
 * the map, or a neighbour outside the region with no instance — where the line runs on beyond
 * it. Explained ends (sources on high ground, mouths, settlements) stand anywhere. A unary
 * filter, applied at level 0 beside the painting's (`allowed`, painted.ts).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { InstanceLayer } from '../map/instance-layer.js';
import type { AssemblyLibrary } from './library.js';
import type { NetworkRoles } from './network-ends.js';
import { hasDeadEnd } from './network-ends.js';
import type { CandidateFilter } from './solver-types.js';
import type { Topology } from './topology.js';

/** Per tile of the library: 1 when it has a dead end. */
export function deadEndTiles(lib: AssemblyLibrary, roles: NetworkRoles): Uint8Array {
  return Uint8Array.from(lib.tiles, (t) => (hasDeadEnd(t, roles) ? 1 : 0));
}

/**
 * Candidates without a dead end everywhere; those with one only on the region's border cells.
 * `active[c]` is 1 for the cells being filled; `layer` holds the fixed instances around them.
 */
export function endFilter(topo: Topology, lib: AssemblyLibrary, roles: NetworkRoles, active: Uint8Array, layer: InstanceLayer): CandidateFilter {
  const dead = deadEndTiles(lib, roles);
  const E = topo.maxSlots;
  const border = (c: number): boolean => {
    for (let s = 0; s < topo.slotCount[c]!; s++) {
      const m = topo.neighbour[c * E + s]!;
      if (m < 0 || (!active[m] && !layer.has(m))) return true;
    }
    return false;
  };
  return {
    allows: (c, a) => dead[lib.classes[topo.shapeClass[c]!]!.tile[a]!] === 0 || border(c),
  };
}

/** Both filters: a candidate passes when each allows it. */
export function bothFilters(a: CandidateFilter | undefined, b: CandidateFilter | null): CandidateFilter | undefined {
  if (!b) return a;
  if (!a) return b;
  return { allows: (c, k) => a.allows(c, k) && b.allows(c, k) };
}
