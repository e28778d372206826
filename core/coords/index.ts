/**
 * Coordinate forms other tools use (SPEC §2 "conversion to the coordinates other tools
 * use"): Red Blob offset/doubled/axial forms, Tiled staggered maps, Wesnoth maps and 18xx
 * hex names, each to and from our tiles.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export { POINTY_TOP_ROTATION } from './common.js';
// Our own systems' named types live with the grid; re-exported so one import names every coordinate.
export type { Axial120, Axial60, Cartesian, Cube, LatLon } from '../grid/coordinates.js';
export { axial120, axial60, cartesian, cube, latLon } from '../grid/coordinates.js';
export type { RedBlobAxialForm, RedBlobCoord, RedBlobDoubledForm, RedBlobForm, RedBlobOffsetForm } from './redblob.js';
export { RED_BLOB_FORMS, fromRedBlob, fromRedBlobAxial, redBlobToTile, tileToRedBlob, toRedBlob, toRedBlobAxial } from './redblob.js';
export type { TiledCoord, TiledPlacement, TiledStaggeredMap } from './tiled.js';
export { axialToTiled, tiledPlacement, tiledToAxial, tiledToTile, tileToTiled } from './tiled.js';
export type { WesnothCoord, WesnothMap } from './wesnoth.js';
export { axialToWesnoth, tileToWesnoth, wesnothPlacement, wesnothToAxial, wesnothToTile } from './wesnoth.js';
export type { HexName, HexNaming18xx } from './names-18xx.js';
export { formatHexName, hexNameToTile, hexNamesPlacement, parseHexName, tileToHexName } from './names-18xx.js';
export type { CoordForm } from './forms.js';
export { NAMINGS_18XX, coordForm, coordForms, isPlainHexRectangle } from './forms.js';
export { LATLON_DECIMALS, formatCoord, formatGlobePoint, formatLatLon, toLonLat } from './format.js';
