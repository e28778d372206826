/**
 * The banks of a blocking feature (patent VECTOR-REROUTING), found on the area-across-linear
 * topology alone, so it is the same code on every map kind and on the globe's pentagons.
 *
 * An area edge is BLOCKED when the linear tile it lies on holds a BLOCKING tile (a river, or
 * an empty blocking tile of step 4). A BANK is the walk along one side of a blocking feature:
 * from a blocked edge of cell A, clockwise around A (the feature on the left, A on the
 * right), to the edge's end vertex V; if A's next edge is blocked too the bank turns A's
 * corner, otherwise it PASSES into the cell across that edge and goes on clockwise around V
 * there, until it meets the next blocked edge. Going round the end of a feature (a spring, a
 * lake shore ending) the walk comes back along the other side, so the two sides of a river
 * that starts inside the map are one bank. A bank is CLOSED (it comes back to its start: an
 * inland feature, or any feature on the globe) or OPEN, running from the map's edge to the
 * map's edge, where rerouted curves may leave the map (step 3).
 *
 * Positions along a bank (`s`) are in tile units (each cell's edge lengths), which is what
 * "nearest" compares.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TileShape } from '../vector/shape.js';
import { distance } from '../vector/vec2.js';
import type { AlFormTopology } from './alform-topology.js';

/** One step of a bank walk. */
export type BankStep =
  /** Along blocked edge `slot` of `cell`, t from 0 to 1; `s0` is the bank position at t = 0. */
  | { readonly kind: 'edge'; readonly cell: number; readonly slot: number; readonly s0: number; readonly length: number }
  /** Across edge `slot` of `cell` near its anchor vertex, into the cell across. */
  | { readonly kind: 'pass'; readonly cell: number; readonly slot: number }
  /** The bank leaves the map across the outer edge `slot` of `cell` (first step: comes in, last: goes out). */
  | { readonly kind: 'offmap'; readonly cell: number; readonly slot: number };

export interface Bank {
  readonly steps: readonly BankStep[];
  readonly closed: boolean;
  /** Total length of its blocked edges. */
  readonly length: number;
}

/** Per [cell * maxSlots + slot]: 1 where the edge lies on a blocking linear tile. */
export function blockedSlots(topo: AlFormTopology, blocking: (linearCell: number) => boolean): Uint8Array {
  const out = new Uint8Array(topo.cellCount * topo.maxSlots);
  for (const c of topo.areaCells) {
    for (let s = 0; s < topo.slotCount[c]!; s++) {
      const l = topo.linearOf[c * topo.maxSlots + s]!;
      if (l >= 0 && blocking(l)) out[c * topo.maxSlots + s] = 1;
    }
  }
  return out;
}

const edgeLength = (shape: TileShape, slot: number): number => distance(shape.edges[slot]!.from, shape.edges[slot]!.to);

interface Turn {
  /** The next blocked edge, or −1 when the walk leaves the map. */
  readonly cell: number;
  readonly slot: number;
  /** Edges crossed on the way ([cell, slot] of each), or the outer edge reached. */
  readonly passes: readonly (readonly [number, number])[];
  readonly offmap: readonly [number, number] | null;
}

/**
 * From a vertex of blocked edge (cell, slot) round it to the neighbouring blocked edge:
 * `turn` +1 from its end vertex clockwise to the next, −1 from its anchor vertex
 * anticlockwise to the previous. Each cell passed is left by its edge after (before) the
 * one it was entered by.
 */
function roundVertex(topo: AlFormTopology, blocked: Uint8Array, cell: number, slot: number, turn: 1 | -1): Turn {
  const E = topo.maxSlots;
  const passes: [number, number][] = [];
  let c = cell, s = slot;
  for (let guard = 0; guard < 12; guard++) {
    const n = topo.slotCount[c]!;
    const ns = (s + turn + n) % n;
    if (blocked[c * E + ns]) return { cell: c, slot: ns, passes, offmap: null };
    const m = topo.neighbour[c * E + ns]!;
    if (m < 0) return { cell: -1, slot: -1, passes, offmap: [c, ns] };
    passes.push([c, ns]);
    s = topo.backSlot[c * E + ns]!;
    c = m;
  }
  throw new Error(`reroute: the cells round the ${turn > 0 ? 'end' : 'start'} of cell ${cell}'s edge ${slot} do not close`);
}

/** Every bank of the blocked edges, each blocked edge on exactly one, in a fixed order (by first cell and slot). */
export function findBanks(topo: AlFormTopology, blocked: Uint8Array): Bank[] {
  const E = topo.maxSlots;
  const seen = new Uint8Array(blocked.length);
  const banks: Bank[] = [];
  for (const c0 of topo.areaCells) {
    for (let s0 = 0; s0 < topo.slotCount[c0]!; s0++) {
      if (!blocked[c0 * E + s0] || seen[c0 * E + s0]) continue;
      // Back up to where the bank comes in from off the map, or find that it loops.
      let c = c0, s = s0;
      let entry: readonly [number, number] | null = null;
      let entryPasses: BankStep[] = [];
      for (let guard = 0; guard <= blocked.length; guard++) {
        const b = roundVertex(topo, blocked, c, s, -1);
        if (b.offmap) {
          entry = b.offmap;
          // Walked forwards, each edge crossed is the far cell's edge back, near its anchor.
          entryPasses = b.passes.map(([pc, ps]) => ({ kind: 'pass' as const, cell: topo.neighbour[pc * E + ps]!, slot: topo.backSlot[pc * E + ps]! })).reverse();
          break;
        }
        if (b.cell === c0 && b.slot === s0) break;
        c = b.cell;
        s = b.slot;
      }
      const closed = entry === null;
      if (closed) {
        c = c0;
        s = s0;
      }
      const steps: BankStep[] = [];
      if (entry) steps.push({ kind: 'offmap', cell: entry[0], slot: entry[1] }, ...entryPasses);
      let pos = 0;
      for (;;) {
        seen[c * E + s] = 1;
        const length = edgeLength(topo.cellShape(c), s);
        steps.push({ kind: 'edge', cell: c, slot: s, s0: pos, length });
        pos += length;
        const f = roundVertex(topo, blocked, c, s, 1);
        for (const [pc, ps] of f.passes) steps.push({ kind: 'pass', cell: pc, slot: ps });
        if (f.offmap) {
          steps.push({ kind: 'offmap', cell: f.offmap[0], slot: f.offmap[1] });
          break;
        }
        if (seen[f.cell * E + f.slot]) break;
        c = f.cell;
        s = f.slot;
      }
      banks.push({ steps, closed, length: pos });
    }
  }
  return banks;
}
