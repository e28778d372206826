/**
 * Coordinate forms other tools use (SPEC §2 "conversion to the coordinates other tools
 * use"): Red Blob offset/doubled/axial forms, Tiled staggered maps, Wesnoth maps and 18xx
 * hex names, each to and from our tiles.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export { POINTY_TOP_ROTATION } from './common.js';
export type { RedBlobAxialForm, RedBlobDoubledForm, RedBlobForm, RedBlobOffsetForm } from './redblob.js';
export { RED_BLOB_FORMS, fromRedBlob, fromRedBlobAxial, redBlobToTile, tileToRedBlob, toRedBlob, toRedBlobAxial } from './redblob.js';
export type { TiledPlacement, TiledStaggeredMap } from './tiled.js';
export { axialToTiled, tiledPlacement, tiledToAxial, tiledToTile, tileToTiled } from './tiled.js';
export type { WesnothMap } from './wesnoth.js';
export { axialToWesnoth, tileToWesnoth, wesnothPlacement, wesnothToAxial, wesnothToTile } from './wesnoth.js';
export type { HexName, HexNaming18xx } from './names-18xx.js';
export { formatHexName, hexNameToTile, hexNamesPlacement, parseHexName, tileToHexName } from './names-18xx.js';
