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
import { decodePlacement } from '../assemble/orientation-code.js';
import { placedTile } from '../assemble/placed-tile.js';
import { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import { globeTileFrame } from '../vector/globe-shape.js';
import { matchOptionsFrom } from '../vector/terrain-rules.js';
import type { VectorTile } from '../vector/types.js';
import { pieceFrame, UV_RANGE } from './area-symbols.js';
import type { MapGeometry } from './map-geometry.js';
import type { Triangles2 } from './tessellate.js';
import { triangulate } from './tessellate.js';
import type { TileSource, VectorBuffers, VectorMapGeometry } from './vector-map.js';
import { vectorGround } from './vector-map.js';
import { coloured, POINT_SIZE, rgbaHex, tessellateTile } from './vector-tile-mesh.js';

export interface VectorGhost {
  /** Buffers laid out as the vector map's (one instance): the renderer draws them the same way. */
  readonly geometry: VectorMapGeometry;
  /** Crossings moved to meet a neighbour's. */
  readonly snapped: number;
  /** Crossings that match a neighbour's but lie too far from it to snap (left as drawn). */
  readonly gaps: readonly SnapGap[];
}

type Place = (x: number, y: number, out: number[]) => void;

/** Model-space placement of tile-frame points on `cell`, per layer (globe radius; flat maps ignore it); null where the cell draws no area. */
function cellFrame(geo: MapGeometry, cell: number): ((radius: number) => Place) | null {
  const grid = geo.map.grid;
  if (grid instanceof IcosahedronGrid) {
    const { centre: c, xAxis: X, yAxis: Y, scale } = globeTileFrame(grid, cell);
    return (radius) => (x, y, out) => {
      const vx = c[0] + (x * X[0] + y * Y[0]) / scale;
      const vy = c[1] + (x * X[1] + y * Y[1]) / scale;
      const vz = c[2] + (x * X[2] + y * Y[2]) / scale;
      const l = radius / Math.hypot(vx, vy, vz);
      out.push(vx * l, vy * l, vz * l);
    };
  }
  const area = geo.area;
  const p = area.firstPiece[cell]!;
  if (p < 0) return null;
  const f = new Float64Array(9);
  const inr = pieceFrame(area.positions, p * area.verticesPerPiece, area.verticesPerPiece, false, f);
  const [cx, cy] = [f[6]!, f[7]!];
  return () => (x, y, out) => out.push(cx + inr * x, cy + inr * y, 0);
}

class Arrays {
  readonly pos: number[] = [];
  readonly col: number[] = [];
  readonly idx: number[] = [];
  add(t: Triangles2 & { rgba: number[] }, place: Place): void {
    const base = this.pos.length / 3;
    for (let i = 0; i < t.xy.length; i += 2) place(t.xy[i]!, t.xy[i + 1]!, this.pos);
    this.col.push(...t.rgba);
    for (const i of t.indices) this.idx.push(base + i);
  }
  buffers(): VectorBuffers {
    return { positions: Float32Array.from(this.pos), colors: Uint8Array.from(this.col), indices: Uint32Array.from(this.idx) };
  }
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
  const shape = cellShapeOf(grid, cell);
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
  const fills = new Arrays();
  const strokes = new Arrays();
  const ground = options.ground === undefined ? vectorGround(geo) : options.ground;
  if (ground) {
    const g = { xy: [], indices: [], rgba: [] };
    coloured(g, rgbaHex(ground), (t) => triangulate(shape.corners.flat(), t));
    fills.add(g, frame(radii[0]!));
  }
  fills.add(local.fills, frame(radii[0]!));
  // Casings under lines, as on the map.
  strokes.add(local.under, frame(radii[1]!));
  strokes.add(local.over, frame(radii[1]!));
  const at = frame(radii[2]!);
  const pts: number[] = [];
  const uv: number[] = [];
  const sym: number[] = [];
  const pointIdx: number[] = [];
  for (let i = 0; i < local.points.length; i += 6) {
    const [x, y] = [local.points[i]!, local.points[i + 1]!];
    const base = pts.length / 3;
    for (const [dx, dy] of [[-1, 1], [1, 1], [1, -1], [-1, -1]] as const) {
      at(x + dx * POINT_SIZE, y + dy * POINT_SIZE, pts);
      uv.push(Math.round((dx * 127) / UV_RANGE), Math.round((-dy * 127) / UV_RANGE));
      sym.push(local.points[i + 3]!, local.points[i + 4]!, local.points[i + 5]!, local.points[i + 2]!);
    }
    pointIdx.push(base, base + 3, base + 2, base, base + 2, base + 1);
  }
  const fillBuf = fills.buffers();
  const strokeBuf = strokes.buffers();
  const geometry: VectorMapGeometry = {
    fills: fillBuf,
    strokes: strokeBuf,
    points: {
      positions: Float32Array.from(pts),
      colors: Uint8Array.from(sym.map((v, i) => (i % 4 === 3 ? 0 : v))),
      indices: Uint32Array.from(pointIdx),
      uv: Int8Array.from(uv),
      symbol: Uint8Array.from(sym),
    },
    stats: { instances: 1, tessellated: 1, fillTriangles: fillBuf.indices.length / 3, strokeTriangles: strokeBuf.indices.length / 3, points: pts.length / 12, contours: local.contours, snapped: snap.snapped > 0 ? 1 : 0 },
    missing: [],
    gaps: snap.gaps,
  };
  return { geometry, snapped: snap.snapped, gaps: snap.gaps };
}
