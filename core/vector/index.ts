/**
 * Vector-form tiles (SPEC §6): the public entry points. See README.md for the map of modules.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export * from './vec2.js';
export * from './bezier.js';
export * from './shape.js';
export * from './types.js';
export * from './tolerance.js';
export * from './classify.js';
export * from './indicators.js';
export * from './validate.js';
export * from './orientation.js';
export * from './instance.js';
export * from './match.js';
export * from './snap.js';
export * from './warp.js';
export * from './globe-shape.js';
export * from './fit-index.js';
export * from './terrain-rules.js';
export * from './json.js';
export * from './svg-path.js';
export * from './svg.js';
export * from './starter.js';
