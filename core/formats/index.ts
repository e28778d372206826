/**
 * Import and export formats (SPEC §10): Tiled TMX/TMJ, Wesnoth .map, Rails 18xx XML and the
 * 18xx.games tile DSL, with the small XML/JSON/base64/UTF-8 readers under them. Pure: files
 * are read and decompressed by the caller (node/formats). See docs/formats.md.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export type { CompressionFormat, Deflate, Inflate } from './compression.js';
export { decodeUtf8, encodeUtf8 } from '../util/text.js';
export { decodeBase64, encodeBase64 } from './base64.js';
export { parseJsonText } from '../util/json-text.js';
export type { XmlOut } from '../util/xml.js';
export { XmlElement, XmlReader, escapeXml, parseXml, writeXml } from '../util/xml.js';

export type * from './tiled/types.js';
export { parseTiled } from './tiled/read.js';
export { parseTmx, writeTmx } from './tiled/tmx.js';
export { parseTmj, writeTmj } from './tiled/tmj.js';
export type { TilesetBody } from './tiled/tsx.js';
export { parseTsx, writeTsx } from './tiled/tsx.js';
export { parseTsj, writeTsj } from './tiled/tsj.js';
export type { GidTile } from './tiled/gid.js';
export {
  FLIPPED_DIAGONALLY,
  FLIPPED_HORIZONTALLY,
  FLIPPED_VERTICALLY,
  GID_FLAGS,
  GID_MASK,
  ROTATED_HEXAGONAL_60,
  ROTATED_HEXAGONAL_120,
  gidFlags,
  gidId,
  makeGid,
  resolveGid,
} from './tiled/gid.js';
export type { TiledImportOptions, TiledReverseMapping } from './tiled/terrain.js';
export type { TiledMapping } from '../map/import-mapping.js';
export { generateMapping, reverseMapping, terrainMapToTiled, tileKey, tiledToTerrainMap } from './tiled/terrain.js';
export { readTiledMapping } from '../map/import-mapping.js';

export type { WesnothMapData, WesnothStart } from './wesnoth/wesnoth-map.js';
export { parseWesnothMap, writeWesnothMap } from './wesnoth/wesnoth-map.js';
export type { WesnothImportOptions, WesnothMeta, WesnothReverseMapping } from './wesnoth/terrain.js';
export type { WesnothMapping } from '../map/import-mapping.js';
export { reverseWesnothMapping, terrainMapToWesnoth, wesnothTerrainResolver, wesnothToTerrainMap } from './wesnoth/terrain.js';
export { readWesnothMapping } from '../map/import-mapping.js';

export type { RailsOptions } from './rails/options.js';
export { effectiveOptions, optionKey, parseRailsGameOptions, railsOptionsIn } from './rails/options.js';
export type { RailsTiles } from './rails/tiles-xml.js';
export { parseRailsTiles, railsPosition } from './rails/tiles-xml.js';
export type { RailsTileSetOptions } from './rails/tileset-xml.js';
export { parseRailsTileSet } from './rails/tileset-xml.js';
export type { RailsMapOptions } from './rails/map-xml.js';
export { parseRailsMap } from './rails/map-xml.js';
export type { RailsFile, RailsGame, RailsGameFiles } from './rails/game.js';
export { importRailsGame, railsFileAdvice } from './rails/game.js';

export type { TileDslInput, TileDslResult } from './tile-dsl.js';
export { parseTileDsl, trackTileToDsl } from './tile-dsl.js';
