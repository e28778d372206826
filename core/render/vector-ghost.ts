/**
 * The ghost of a vector tile about to be placed (issue 13, the place tool): the tile drawn
 * exactly as the vector map will draw it once placed (vector-map.ts) — the tile in its
 * placement on the hovered cell (core/assemble placed-tile.ts: oriented, warped onto a globe
 * cell's real polygon or a pentagon), its crossings snapped to the instances already placed
 * round it by the map's own rule (core/assemble instance-snap.ts), tessellated like every
 * placed tile (vector-tile-mesh.ts: the map's ground, fills, hill shading, cased strokes,
 * symbol quads) and put in the cell's frame: on flat maps its (A) polygon's centre and
 * inradius, on the globe its tangent plane lifted onto the layer spheres (globe-shape.ts).
 * One tile: plain arrays, built on every hover.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { cellShapeOf } from '../assemble/cell-geometry.js';
import type { SnapGap } from '../assemble/instance-snap.js';
import { InstanceSnapper, placedGeometry, snapToNeighbours } from '../assemble/instance-snap.js';
import { decodePlacement } from '../map/orientation-code.js';
import { placedTile } from '../assemble/placed-tile.js';
import { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import { matchOptionsFrom } from '../vector/terrain-rules.js';
import type { VectorTile } from '../vector/types.js';
import { flatInstanceAffine, globeInstancePlace } from './instance-frame.js';
import type { MapGeometry } from './map-geometry.js';
import { triangulate } from './tessellate.js';
import type { TileSource, VectorMapGeometry } from './vector-map.js';
import { newParts, partsGeometry, vectorGround } from './vector-map.js';
import { coloured, POINT_SIZE, rgbaHex, tessellateTile } from './vector-tile-mesh.js';

export interface VectorGhost {
  /** Buffers laid out as the vector map's (one instance): the renderer draws them the same way. */
  readonly geometry: VectorMapGeometry;
  /** Crossings moved to meet a neighbour's. */
  readonly snapped: number;
  /** Ends with no partner across an edge (the neighbour's edge does not match), drawn stopping there. */
  readonly gaps: readonly SnapGap[];
}

type Place = (x: number, y: number, out: number[]) => void;

/**
 * Model-space placement of tile-frame points on `cell`, per layer (globe radius; flat maps
 * ignore it), through the map's own frames (instance-frame.ts); the ghost's geometry is
 * already oriented, so a flat cell takes the identity placement. Null where the cell draws no area.
 */
function cellFrame(geo: MapGeometry, cell: number): ((radius: number) => Place) | null {
  const grid = geo.map.grid;
  if (grid instanceof IcosahedronGrid) return globeInstancePlace(grid, cell, geo.map.spec.alform);
  const m = flatInstanceAffine(geo.area, cell, 0, new Float64Array(9), grid);
  if (!m) return null;
  const [a, b, c, d, e, f] = m;
  return () => (x, y, out) => out.push(e + a * x + c * y, f + b * x + d * y, 0);
}

/**
 * Tile `tile` in placement `code` on `cell` of `geo`'s map, as placing it would draw it;
 * `tiles` gives the placed neighbours' tiles. Null where the cell draws nothing to stand on.
 */
export function buildVectorGhost(geo: MapGeometry, tiles: TileSource, cell: number, tile: VectorTile, code: number, options: { detail?: number; ground?: string | null } = {}): VectorGhost | null {
  const frame = cellFrame(geo, cell);
  if (!frame) return null;
  const map = geo.map;
  const grid = map.grid;
  const shape = cellShapeOf(grid, cell, map.spec.alform);
  const mine = placedGeometry(placedTile(tile, decodePlacement(code), shape));
  const layer = map.instances;
  const match = matchOptionsFrom(geo.catalogue);
  // The same rule the map applies once the tile is placed (vector-map.ts).
  const snapper = layer && !map.spec.alform ? new InstanceSnapper(grid, layer, tiles, { match }) : null;
  const snap = snapper ? snapToNeighbours(grid, cell, mine, (n) => snapper.placed(n), { match }) : { tile: mine.tile, snapped: 0, gaps: [] };
  const terrains = new Map(geo.catalogue.terrains.map((t) => [t.id, t] as const));
  const local = tessellateTile(snap.tile, terrains, options.detail ?? 12);
  const r = geo.radii;
  const radii = r ? [(r[0] + r[1]) / 2, r[1], r[2]] : [0, 0, 0];
  const parts = newParts();
  const tmp: number[] = [];
  const ground = options.ground === undefined ? vectorGround(geo) : options.ground;
  if (ground) {
    const g = { xy: [], indices: [], rgba: [] };
    coloured(g, rgbaHex(ground), (t) => triangulate(shape.corners.flat(), t));
    parts.fills.add(g, frame(radii[0]!), tmp);
  }
  parts.fills.add(local.fills, frame(radii[0]!), tmp);
  parts.under.add(local.under, frame(radii[1]!), tmp);
  parts.over.add(local.over, frame(radii[1]!), tmp);
  parts.points.addPoints(local.points, POINT_SIZE, frame(radii[2]!), tmp);
  // Casings under lines, as on the map.
  const drawn = partsGeometry(parts);
  const geometry: VectorMapGeometry = {
    ...drawn,
    stats: { instances: 1, tessellated: 1, fillTriangles: drawn.fills.indices.length / 3, strokeTriangles: drawn.strokes.indices.length / 3, points: drawn.points.indices.length / 6, contours: local.contours, snapped: snap.snapped > 0 ? 1 : 0 },
    missing: [],
    gaps: snap.gaps,
  };
  return { geometry, snapped: snap.snapped, gaps: snap.gaps };
}
