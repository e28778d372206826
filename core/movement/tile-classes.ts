/**
 * Moved to core/alform/tile-classes.ts (the one cache of AL-FORM tile classes); this
 * re-export keeps older imports (renderer/src/lib/session.svelte.ts, map-model.ts) working
 * until they import from there.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export { tileClasses } from '../alform/tile-classes.js';
