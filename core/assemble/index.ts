/**
 * Assembling maps from vector tiles (SPEC §6): the public entry points. See README.md.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export * from '../map/orientation-code.js';
export * from './placed-tile.js';
export * from './instance-snap.js';
export * from './topology.js';
export * from './library.js';
export * from '../map/instance-layer.js';
export * from './solver.js';
export * from './solver-types.js';
export * from './violation.js';
export { PROGRESS_EVERY } from './search.js';
export type { TileCounts } from './quantities.js';
export * from './fit.js';
export * from './geomorph.js';
export * from './check.js';
export * from './derive-terrain.js';
export * from './instance-edit.js';
export * from './modes.js';
export * from './alform-topology.js';
export * from '../map/linear-layer.js';
export * from './linear-feature.js';
export * from './alform-assemble.js';
export * from './reroute.js';
export { sameTypeCrossings } from './check-alform.js';
export type { AlFormCheck } from './check-alform.js';
export * from './painted.js';
export * from './painted-linear.js';
export * from './realize-alform.js';
export * from './network-ends.js';
export * from './network-shape.js';
