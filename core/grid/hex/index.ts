/**
 * The hex-topology grids (SPEC §2): hex-rectangle and hex-hexagon, the column topology they
 * share with offset-square, and the axial/cube math under all three.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export * from './axial.js';
export type { ColumnShape } from './column-grid.js';
export { COLUMN_SHAPES, ColumnGrid, columnStart } from './column-grid.js';
export { HexRectangleGrid } from './hex-rectangle.js';
export { HexHexagonGrid } from './hex-hexagon.js';
export { hexCenter, hexCorners, pickHex } from './hex-geometry.js';
export type { AxialTileLookup } from './hex-walks.js';
export { lineTiles, ringTiles, spiralTiles } from './hex-walks.js';
