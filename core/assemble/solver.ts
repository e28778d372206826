/**
 * Automatic assembly (SPEC §6 "a seeded constraint solver fills a region (with backtracking
 * — no contradictions left — boundary conditions, weights, and an optional requirement that
 * the result is connected"); patent MAP ASSEMBLY): fills a region of an instance layer with
 * tile instances whose every shared edge matches. The public entry point and its options;
 * the solver itself is in these modules:
 *
 *   state.ts         domains (bitsets), AC-4 support counts per signature, remove / undo
 *   trail.ts         the undo log with each removal's cause
 *   propagate.ts     support propagation and the global constraints, to a fixpoint
 *   quantities.ts    minimum and maximum counts per tile, with their explanations
 *   network-state.ts the may/must network counters the connectivity pass reads
 *   connectivity.ts  one connected network (articulation points, after DeBroglie)
 *   choice.ts        least weighted entropy cell, candidate by weight
 *   explain.ts       conflict explanations (the cause graph walked back to decisions)
 *   conflict-set.ts  the decision levels an explanation rests on
 *   search.ts        decide / propagate / backjump (MAC-CBJ), the work bound
 *   solver-types.ts  the options, statistics and result of `assemble`
 *
 * Deterministic: one seeded random stream (core/util/random.ts), fixed iteration orders.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { InstanceLayer } from '../map/instance-layer.js';
import type { AssemblyLibrary } from './library.js';
import { Search } from './search.js';
import type { AssembleOptions, AssembleResult } from './solver-types.js';

/** Fills `options.region` of `layer` (a copy is returned; the input is not changed). */
export function assemble(layer: InstanceLayer, library: AssemblyLibrary, options: AssembleOptions): AssembleResult {
  return new Search(layer, library, options).run();
}
