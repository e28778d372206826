/**
 * The 18xx track-tile model (SPEC §9): types, validation, sides and rotation, boards on
 * the grid.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export * from './types.js';
export { HEX_NAME, readBoard, readManifest, readTrackTile, validateBoard, validateManifest, validateTrackTile } from './validate.js';
export { boardLayoutRotation, directionToSide, rotateTrackTile, sideToDirection, trackSides } from './sides.js';
export { boardHexTile, boardNaming, boardPlacement } from './board-grid.js';
export { junctionPorts, networkTrackPaths, trackPathKey, trackTileNetwork } from './track-network.js';
export type { NetworkTrackPath, TrackKinds, TrackNetworkOptions, TrackTileNetwork } from './track-network.js';
