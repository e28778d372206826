/**
 * The geometric tolerances of vector tiles, in tile units (inscribed radius 1, shape.ts).
 * One home, so classification, validation and the importers agree.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/**
 * An end of a curve within this distance of the tile boundary lies ON the edge, and so is
 * EDGE-CROSSING (patent CLAIM 2 (B)); any other part of a curve, and any point element,
 * must stay farther than this from the boundary. 1e-3 is 1/2000 of the inscribed diameter:
 * far coarser than the 3–6 significant digits Inkscape and Illustrator write, far finer
 * than anything a designer can see.
 */
export const EDGE_TOLERANCE = 1e-3;

/**
 * An end within this distance of a corner (or of an offset-square side midpoint, where two
 * edge segments meet) is ON A VERTEX: ambiguous between two edges, so validation rejects it.
 */
export const VERTEX_TOLERANCE = 1e-2;

/**
 * Two matched crossings closer than this (in edge lengths) already meet and are drawn as they
 * are: tiles written as SVG carry 5–6 significant digits (the starter tiles' 0.5 crossings lie
 * between 0.49999 and 0.50001), and a ten-thousandth of an edge is a tenth of a pixel on a
 * tile drawn 1000 px across. Snapping such pairs would cost every instance its shared
 * tessellation for nothing anyone can see.
 */
export const MEET_TOLERANCE = 1e-4;
