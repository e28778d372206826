/**
 * How a map's through-tile networks are drawn (issue 26, item 2): the one home of the shapes
 * the app (network-mesh.ts) and the picture exports (core/export scene.ts) both draw.
 *
 * - Each connection of a tile joins two PORTS: a side's point (on the edge of the drawn area
 *   polygon, half way to the tile across: on an AL-FORM map the linear tile's spine) or the
 *   centre. A road through a tile — two spokes meeting at the centre and nothing else there —
 *   is drawn as ONE circular arc tangent to both spokes at the sides (18xx's track curves:
 *   radius r·tan(φ/2), r the inradius, φ the angle between the spokes — a hex's sharp and
 *   gentle curves; straight across when opposite), so the line never kinks at a side and
 *   meets the next tile's piece in line. Side-to-side connections (18xx track that bypasses
 *   the centre) are the same arcs. Three or more spokes at the centre are a junction: straight
 *   spokes to the centre, where a dot is drawn.
 * - Pieces of one kind are chained into polylines where they meet end to end (dashes and
 *   railroad ties then run on unbroken).
 * - Where a connection crosses a linear feature on the side it leaves by (a river on the
 *   hexside's linear tile, or on a classic map's edge), the catalogue's crossing of the two
 *   (core/terrain/network.ts `networkCrossing`: the composite's `crossing`) decides what is
 *   drawn there: a ford, or a bridge — a deck across the river, wider than the river, with
 *   parapets along both sides and the river running under it. One per crossing (from the
 *   lower tile of the pair). A feature the catalogue gives no crossing (a wall) draws none.
 * - Two kinds sharing a tile make a crossing there: a level crossing where one is a railroad
 *   (pattern `rail-ties`), a crossroads otherwise.
 *
 * Globes (network-globe.ts): each tile's pieces, bridges and marks are worked out in its
 * tangent plane; the lines are lifted back onto the sphere (`dims` 3: x, y, z points), the
 * bridges and marks keep their plane shapes with the tile's `frame` (drawers lift each point).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import type { Layout } from '../grid/types.js';
import { DEFAULT_LAYOUT } from '../grid/types.js';
import type { Terrain, TerrainCatalogue } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import { CENTRE, connectionKind, isSidePort, portA, portB } from '../map/network-code.js';
import { NetworkSides } from '../map/network-sides.js';
import type { NetworkLayer } from '../map/network-layer.js';
import { DEFAULT_LINEAR_WIDTHS } from './palette.js';
import { bridgeAt, crossedTerrain, tilePieces, type BridgeContext } from './network-pieces.js';
import { globeNetwork } from './network-globe.js';
import type { NetworkBridge, NetworkLine, NetworkMark } from './network-types.js';

export { arc } from './network-pieces.js';
export type { NetworkBridge, NetworkLine, NetworkMark, TangentFrame } from './network-types.js';

export interface NetworkDrawing {
  /** Coordinates per point of `lines`: 2 on flat maps, 3 on globes. */
  readonly dims: 2 | 3;
  readonly lines: readonly NetworkLine[];
  readonly bridges: readonly NetworkBridge[];
  readonly marks: readonly NetworkMark[];
  /** Line width of each palette value drawn as a network, in model units (0 elsewhere). */
  readonly width: Float64Array;
  /** Terrain of each palette value (index 0 is null). */
  readonly terrains: readonly (Terrain | null)[];
}

/** Network line width across an area tile's inradius: narrow / medium / wide terrain. */
const WIDTH_OF_INRADIUS = 0.5;

export interface NetworkDrawingOptions {
  readonly layout?: Layout;
  /** The layer to draw (default: the map's own); a preview passes the layer as a stroke will leave it. */
  readonly layer?: NetworkLayer | null;
  /** The palette its kinds index (default: the map's; a preview's may have the stroke's terrain added). */
  readonly palette?: readonly string[];
}

/** The drawing of a map's networks (see the header). */
export function buildNetworkDrawing(map: TerrainMap, catalogue: TerrainCatalogue, options: NetworkDrawingOptions = {}): NetworkDrawing {
  const layout = options.layout ?? DEFAULT_LAYOUT;
  const layer = options.layer === undefined ? map.networks : options.layer;
  const palette = options.palette ?? map.palette;
  const terrains: (Terrain | null)[] = [null, ...palette.map((id) => findTerrain(catalogue, id) ?? null)];
  const inradius = map.grid.spacing(layout) * (map.spec.alform ? 1 : 0.5);
  const width = new Float64Array(terrains.length);
  for (let k = 1; k < terrains.length; k++) {
    const t = terrains[k];
    if (t?.class === 'linear') width[k] = DEFAULT_LINEAR_WIDTHS[t.width] * WIDTH_OF_INRADIUS * inradius;
  }
  const dims = map.grid.modelDimensions === 3 ? 3 : 2;
  const empty = { dims, lines: [], bridges: [], marks: [], width, terrains } as const;
  if (!layer || layer.isEmpty) return empty;
  const sides = NetworkSides.of(map);
  const joined = (tile: number, kind: number, port: number) => layer.at(tile).some((c) => connectionKind(c) === kind && (portA(c) === port || portB(c) === port));
  const ctx: BridgeContext = { map, catalogue, palette, sides, crossedAt: crossedTerrain(map), joined, terrains, width, spacing: map.grid.spacing(layout) };
  // Two kinds in one tile: a level crossing where a railroad meets another kind, a crossroads otherwise.
  const markOf = (kinds: readonly number[]): NetworkMark['type'] => {
    const rail = kinds.some((k) => terrains[k]?.pattern === 'rail-ties');
    return rail && kinds.some((k) => terrains[k]?.pattern !== 'rail-ties') ? 'level-crossing' : 'crossroads';
  };
  if (dims === 3) {
    const g = globeNetwork(map, layer, ctx, markOf);
    return { dims, lines: chainPieces(g.pieces, 3), bridges: g.bridges, marks: g.marks, width, terrains };
  }
  const pieces: NetworkLine[] = [];
  const bridges: NetworkBridge[] = [];
  const marks: NetworkMark[] = [];
  for (const tile of layer.tiles()) {
    const c = map.grid.center(tile, layout) as readonly number[];
    const port = (p: number): [number, number] | null => (p === CENTRE || !isSidePort(p) ? [c[0]!, c[1]!] : sidePoint(map, sides, tile, p, layout));
    const byKind = new Map<number, number[]>();
    for (const code of layer.at(tile)) {
      const k = connectionKind(code);
      if (!byKind.has(k)) byKind.set(k, []);
      byKind.get(k)!.push(code);
    }
    for (const [kind, codes] of byKind) {
      tilePieces(kind, codes, port, [c[0]!, c[1]!], pieces);
      const atCentre = codes.filter((x) => portA(x) === CENTRE || portB(x) === CENTRE).length;
      if (atCentre >= 3) marks.push({ type: 'junction', x: c[0]!, y: c[1]!, kinds: [kind] });
      for (const s of new Set(codes.flatMap((x) => [portA(x), portB(x)]).filter(isSidePort))) {
        const b = bridgeAt(ctx, tile, s, kind, sidePoint(map, sides, tile, s, layout), [c[0]!, c[1]!]);
        if (b) bridges.push(b);
      }
    }
    if (byKind.size >= 2) {
      const kinds = [...byKind.keys()].sort((x, y) => x - y);
      marks.push({ type: markOf(kinds), x: c[0]!, y: c[1]!, kinds });
    }
  }
  return { dims, lines: chainPieces(pieces, 2), bridges, marks, width, terrains };
}

/** The point where a connection leaves `tile` by side `side`: half way to the tile across (the spine of the linear tile between). */
function sidePoint(map: TerrainMap, sides: NetworkSides, tile: number, side: number, layout: Layout): [number, number] | null {
  const l = map.grid.neighbor(tile, side);
  if (l < 0 || sides.across(tile, side) < 0) return null;
  const c = map.grid.center(tile, layout);
  const n = map.grid.center(l, layout);
  // AL-FORM: the linear tile's centre is on the spine; classic: half way to the neighbour.
  const scale = map.spec.alform ? 1 : 0.5;
  const x = c[0]! + (n[0]! - c[0]!) * scale;
  const y = c[1]! + (n[1]! - c[1]!) * scale;
  // A wrapped map's neighbour across the seam is drawn on the far side: no point there.
  if (Math.hypot(x - c[0]!, y - c[1]!) > map.grid.spacing(layout) * 1.5) return null;
  return [x, y];
}

/** Joins pieces of one kind that meet end to end into longer polylines (`dims` coordinates a point). */
function chainPieces(pieces: readonly NetworkLine[], dims: number): NetworkLine[] {
  const key = (kind: number, xy: readonly number[], at: number) => `${kind}:${Array.from({ length: dims }, (_, k) => Math.round(xy[at + k]! * 1e5)).join(':')}`;
  const ends = new Map<string, number[]>();
  const used = new Uint8Array(pieces.length);
  pieces.forEach((p, i) => {
    for (const k of [key(p.kind, p.xy, 0), key(p.kind, p.xy, p.xy.length - dims)]) {
      if (!ends.has(k)) ends.set(k, []);
      ends.get(k)!.push(i);
    }
  });
  const out: NetworkLine[] = [];
  const extend = (xy: number[], kind: number) => {
    for (;;) {
      const k = key(kind, xy, xy.length - dims);
      const at = ends.get(k) ?? [];
      // Only a plain meeting of two pieces continues the line; a junction ends it.
      if (at.length !== 2) return;
      const j = at.find((i) => !used[i]);
      if (j === undefined) return;
      used[j] = 1;
      const q = pieces[j]!.xy;
      const pts = key(kind, q, 0) === k ? q : reversePoints(q, dims);
      for (let i = dims; i < pts.length; i++) xy.push(pts[i]!);
    }
  };
  pieces.forEach((p, i) => {
    if (used[i]) return;
    used[i] = 1;
    const xy = [...p.xy];
    extend(xy, p.kind);
    const back = reversePoints(xy, dims);
    extend(back, p.kind);
    out.push({ kind: p.kind, xy: back });
  });
  return out;
}

function reversePoints(xy: readonly number[], dims: number): number[] {
  const out: number[] = [];
  for (let i = xy.length - dims; i >= 0; i -= dims) for (let k = 0; k < dims; k++) out.push(xy[i + k]!);
  return out;
}
