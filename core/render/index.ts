/**
 * Visualization geometry (SPEC §5): the four merged buffers the renderer copies into
 * Three.js — (A) area polygons, (B) linear polygons, (C) area outlines, (D) linear outlines —
 * for flat maps and the globe. See README.md in this folder for the buffer layouts and the
 * geometry rules.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export { buildMapGeometry, MapGeometry } from './map-geometry.js';
export { pickDrawn, tileDrawsPoint } from './pick-drawn.js';
export type { GeometryOptions, GeometryUpdate, OutlineBlockUpdate } from './map-geometry.js';
export { updateTileColour, EMPTY_RANGE, PieceRole } from './pieces.js';
export type { MeshBuffers, DirtyRange } from './pieces.js';
export type { LineBuffers } from './lines.js';
export type { Outlines } from './outlines.js';
export { compileRenderPalette, defaultConnects, defaultJoins, DEFAULT_LINEAR_WIDTHS } from './palette.js';
export type { RenderPalette, PaletteRules, LinearWidths } from './palette.js';
export { BARRIER_COLOUR, BARRIER_PIXELS, COST_CLASS_COLOURS, compileOutlineStyles, outlineColour } from './outline-style.js';
export type { OutlineStyles, OutlineStyleRule, OutlineLook } from './outline-style.js';
export { defaultGlobeRadii } from './globe-frame.js';
export { drawnBounds, drawnPolygon } from './drawn-tiles.js';
export type { Box2 } from './drawn-tiles.js';
export { chunkOutlines, capInView, dashDistances, CHUNK_SEGMENTS } from './outline-chunks.js';
export type { OutlineChunks } from './outline-chunks.js';
export { boundarySegments, dashSegments } from './group-outline.js';
export type { Segment } from './group-outline.js';
export { band, cross, liftPoint, loopPositions, polygonFans, ribbon, ring, surfaceTangents } from './overlay-geometry.js';
export type { OverlaySurface, TriangleBuffers } from './overlay-geometry.js';
export { SYMBOL_PATTERNS, symbolByPattern, terrainSymbol, symbolColour } from './symbols.js';
export type { TileSymbol, SymbolPart } from './symbols.js';
export { symbolAtlas, symbolSlot } from './symbol-atlas.js';
export type { SymbolAtlas } from './symbol-atlas.js';
export { UV_RANGE, buildAreaSymbols, symbolTable } from './area-symbols.js';
export type { AreaSymbols } from './area-symbols.js';
export { drawTrackTile, TRACK_COLOURS, TRACK_WIDTH } from './track-tile.js';
export type { TrackTileDrawing, TrackTileOptions, DrawnCity, DrawnPath } from './track-tile.js';
export type { TileShape } from './tile-shapes.js';
export { pathData, shapeSvg, shapesSvgDocument } from './tile-svg.js';
