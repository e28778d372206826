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
 * Globes: each tile's pieces are worked out in its tangent plane and lifted back onto the
 * sphere (`dims` 3: x, y, z points); bridges and marks are drawn on flat maps only.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import type { Layout } from '../grid/types.js';
import { DEFAULT_LAYOUT } from '../grid/types.js';
import type { Terrain, TerrainCatalogue } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import { networkCrossing } from '../terrain/network.js';
import { CENTRE, connectionKind, isSidePort, portA, portB } from '../map/network-code.js';
import { NetworkSides } from '../map/network-sides.js';
import type { NetworkLayer } from '../map/network-layer.js';
import { DEFAULT_LINEAR_WIDTHS } from './palette.js';
import { hasVertices } from '../grid/capabilities.js';
import { surfaceTangents } from './overlay-geometry.js';

/** A chained run of one network kind: points in model space (x, y on flat maps; x, y, z on globes: the drawing's `dims`). */
export interface NetworkLine {
  /** Palette value of the network's terrain. */
  readonly kind: number;
  readonly xy: number[];
}

export interface NetworkBridge {
  readonly kind: number;
  /** Palette value of the linear terrain crossed. */
  readonly crossed: number;
  /** The catalogue's composite of the two (the bridge or ford terrain id). */
  readonly composite: string;
  readonly style: 'bridge' | 'ford';
  /** A ford's stones: the crossing terrain's second colour. */
  readonly stones: string;
  /** Middle of the crossing and the unit direction of the road across it. */
  readonly x: number;
  readonly y: number;
  readonly dx: number;
  readonly dy: number;
  /** Along the road: the river's width and a margin each side. */
  readonly length: number;
  /** Across the road: the deck's width, parapets included. */
  readonly width: number;
}

export interface NetworkMark {
  readonly type: 'junction' | 'crossroads' | 'level-crossing';
  readonly x: number;
  readonly y: number;
  readonly kinds: readonly number[];
}

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
/** Arc samples per radian of turn. */
const ARC_STEPS_PER_RADIAN = 6;

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
  if (dims === 3) return { ...empty, lines: chainPieces(globePieces(map, layer), 3) };
  const sides = NetworkSides.of(map);
  const pieces: NetworkLine[] = [];
  const bridges: NetworkBridge[] = [];
  const marks: NetworkMark[] = [];
  const crossedAt = crossedTerrain(map);
  const joined = (tile: number, kind: number, port: number) => layer.at(tile).some((c) => connectionKind(c) === kind && (portA(c) === port || portB(c) === port));
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
        const b = bridgeAt(map, catalogue, palette, sides, crossedAt, joined, tile, s, kind, terrains, width, layout);
        if (b) bridges.push(b);
      }
    }
    if (byKind.size >= 2) {
      const kinds = [...byKind.keys()].sort((x, y) => x - y);
      const rail = kinds.some((k) => terrains[k]?.pattern === 'rail-ties');
      marks.push({ type: rail && kinds.some((k) => terrains[k]?.pattern !== 'rail-ties') ? 'level-crossing' : 'crossroads', x: c[0]!, y: c[1]!, kinds });
    }
  }
  return { dims, lines: chainPieces(pieces, 2), bridges, marks, width, terrains };
}

/** The pieces (see the header) of one tile's codes of one kind, in a plane: `port` gives a port's point, `c` the centre. */
function tilePieces(kind: number, codes: readonly number[], port: (p: number) => [number, number] | null, c: [number, number], out: NetworkLine[]): void {
  const spokes = codes.filter((x) => portB(x) === CENTRE && isSidePort(portA(x))).map(portA);
  const atCentre = codes.filter((x) => portA(x) === CENTRE || portB(x) === CENTRE).length;
  const through = spokes.length === 2 && atCentre === 2;
  for (const code of codes) {
    const a = portA(code);
    const b = portB(code);
    if (through && b === CENTRE) continue; // drawn as one arc below
    const pa = port(a);
    const pb = port(b);
    if (pa && pb) out.push({ kind, xy: isSidePort(a) && isSidePort(b) ? arc(pa, pb, c) : [...pa, ...pb] });
  }
  if (through) {
    const pa = port(spokes[0]!);
    const pb = port(spokes[1]!);
    if (pa && pb) out.push({ kind, xy: arc(pa, pb, c) });
  }
}

/** Globe pieces: each tile's worked out in its tangent plane, lifted back onto the sphere (x, y, z). */
function globePieces(map: TerrainMap, layer: NetworkLayer): NetworkLine[] {
  const grid = map.grid;
  const sides = NetworkSides.of(map);
  const out: NetworkLine[] = [];
  for (const tile of layer.tiles()) {
    const c = grid.center(tile);
    const r = Math.hypot(c[0]!, c[1]!, c[2]!);
    const [e1, e2] = surfaceTangents({ globe: true, level: r }, c);
    // Each port's exact point on the sphere (so neighbours' pieces meet) and in the tangent plane.
    const exact: [number[], [number, number]][] = [[[c[0]!, c[1]!, c[2]!], [0, 0]]];
    const port = (p: number): [number, number] | null => {
      if (p === CENTRE || !isSidePort(p)) return [0, 0];
      const l = grid.neighbor(tile, p);
      if (l < 0 || sides.across(tile, p) < 0) return null;
      const n = grid.center(l);
      const f = map.spec.alform ? 1 : 0.5;
      const d = [0, 1, 2].map((i) => (n[i]! - c[i]!) * f);
      const m = [0, 1, 2].map((i) => c[i]! + d[i]!);
      const ml = Math.hypot(m[0]!, m[1]!, m[2]!) / r;
      const flat: [number, number] = [d[0]! * e1[0]! + d[1]! * e1[1]! + d[2]! * e1[2]!, d[0]! * e2[0]! + d[1]! * e2[1]! + d[2]! * e2[2]!];
      exact.push([m.map((v) => v / ml), flat]);
      return flat;
    };
    const byKind = new Map<number, number[]>();
    for (const code of layer.at(tile)) byKind.set(connectionKind(code), [...(byKind.get(connectionKind(code)) ?? []), code]);
    const flat: NetworkLine[] = [];
    for (const [kind, codes] of byKind) tilePieces(kind, codes, port, [0, 0], flat);
    const snap = (x: number, y: number): number[] | null => exact.find(([, q]) => Math.abs(q[0] - x) + Math.abs(q[1] - y) < 1e-9)?.[0] ?? null;
    for (const piece of flat) {
      const xyz: number[] = [];
      for (let i = 0; i < piece.xy.length; i += 2) {
        const at = snap(piece.xy[i]!, piece.xy[i + 1]!);
        if (at) {
          xyz.push(...at);
          continue;
        }
        const q = [0, 1, 2].map((k) => c[k]! + piece.xy[i]! * e1[k]! + piece.xy[i + 1]! * e2[k]!);
        const l = Math.hypot(q[0]!, q[1]!, q[2]!) / r;
        xyz.push(q[0]! / l, q[1]! / l, q[2]! / l);
      }
      out.push({ kind: piece.kind, xy: xyz });
    }
  }
  return out;
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

/**
 * The circular arc from `a` to `b` tangent to the lines from the centre `c` to each (see
 * the header), sampled; straight when they are opposite. Where a and b lie at different
 * distances from c (a square's corner and side), the longer spoke runs straight first.
 */
export function arc(a: readonly [number, number], b: readonly [number, number], c: readonly [number, number]): number[] {
  const ax = a[0] - c[0];
  const ay = a[1] - c[1];
  const bx = b[0] - c[0];
  const by = b[1] - c[1];
  const ra = Math.hypot(ax, ay);
  const rb = Math.hypot(bx, by);
  const cos = (ax * bx + ay * by) / (ra * rb);
  const phi = Math.acos(Math.max(-1, Math.min(1, cos)));
  if (Math.PI - phi < 1e-3 || phi < 1e-3) return [a[0], a[1], b[0], b[1]];
  const r = Math.min(ra, rb);
  // The spokes' feet at distance r from the centre; the longer spoke runs straight to its foot.
  const fa: [number, number] = [c[0] + (ax * r) / ra, c[1] + (ay * r) / ra];
  const fb: [number, number] = [c[0] + (bx * r) / rb, c[1] + (by * r) / rb];
  // The arc's centre lies on the bisector at r / cos(φ/2); its radius is r · tan(φ/2).
  const ux = ax / ra + bx / rb;
  const uy = ay / ra + by / rb;
  const ul = Math.hypot(ux, uy);
  const d = r / Math.cos(phi / 2);
  const ox = c[0] + (ux / ul) * d;
  const oy = c[1] + (uy / ul) * d;
  const t0 = Math.atan2(fa[1] - oy, fa[0] - ox);
  let t1 = Math.atan2(fb[1] - oy, fb[0] - ox);
  let sweep = t1 - t0;
  if (sweep > Math.PI) sweep -= 2 * Math.PI;
  if (sweep < -Math.PI) sweep += 2 * Math.PI;
  t1 = t0 + sweep;
  const R = r * Math.tan(phi / 2);
  const steps = Math.max(2, Math.ceil(Math.abs(sweep) * ARC_STEPS_PER_RADIAN));
  const out: number[] = [];
  if (ra > r + 1e-9) out.push(a[0], a[1]);
  for (let s = 0; s <= steps; s++) {
    const t = t0 + ((t1 - t0) * s) / steps;
    out.push(ox + R * Math.cos(t), oy + R * Math.sin(t));
  }
  if (rb > r + 1e-9) out.push(b[0], b[1]);
  return out;
}

/** The palette value of the linear terrain a link across side `side` of `tile` crosses (0: none). */
function crossedTerrain(map: TerrainMap): (tile: number, side: number) => number {
  const { grid } = map;
  if (map.spec.alform) {
    return (tile, side) => {
      const l = grid.neighbor(tile, side);
      return l < 0 ? 0 : map.layers.terrain[l]!;
    };
  }
  const edges = map.layers.edges;
  const vertices = map.layers.vertices;
  return (tile, side) => {
    if (hasVertices(grid) && side & 1) {
      const slot = grid.vertexSlot(tile, side);
      return slot < 0 || !vertices ? 0 : vertices[slot]!;
    }
    const slot = grid.edgeSlot(tile, side);
    return slot < 0 || !edges ? 0 : edges[slot]!;
  };
}

function bridgeAt(
  map: TerrainMap,
  catalogue: TerrainCatalogue,
  palette: readonly string[],
  sides: NetworkSides,
  crossedAt: (tile: number, side: number) => number,
  joined: (tile: number, kind: number, port: number) => boolean,
  tile: number,
  side: number,
  kind: number,
  terrains: readonly (Terrain | null)[],
  width: Float64Array,
  layout: Layout,
): NetworkBridge | null {
  const crossed = crossedAt(tile, side);
  const water = terrains[crossed];
  if (crossed === 0 || water?.class !== 'linear') return null;
  const crossing = networkCrossing(catalogue, palette[crossed - 1]!, palette[kind - 1]!);
  if (!crossing?.kind) return null;
  const next = sides.across(tile, side);
  // One per crossing: from the lower tile of a joined pair (or the tile alone at a broken link).
  if (next >= 0 && next < tile && joined(next, kind, sides.backSide(tile, side, next))) return null;
  const p = sidePoint(map, sides, tile, side, layout);
  if (!p) return null;
  const c = map.grid.center(tile, layout);
  const dx = p[0] - c[0]!;
  const dy = p[1] - c[1]!;
  const len = Math.hypot(dx, dy);
  const riverWidth = DEFAULT_LINEAR_WIDTHS[water.width] * map.grid.spacing(layout) * (map.spec.alform ? 1 : 0.5);
  const w = width[kind]!;
  return { kind, crossed, composite: crossing.terrain, style: crossing.kind, stones: findTerrain(catalogue, crossing.terrain)?.secondaryColour ?? '#c9b98a', x: p[0], y: p[1], dx: dx / len, dy: dy / len, length: riverWidth + 2 * w, width: w * 2.2 };
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
