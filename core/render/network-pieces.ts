/**
 * The plane pieces of a network drawing (network-drawing.ts says what is drawn): one tile's
 * connections as arcs and spokes, the terrain a link crosses, and the bridge or ford there —
 * worked out in a plane, the map's own or (globes, network-globe.ts) a tile's tangent plane.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import type { Terrain, TerrainCatalogue } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import { networkCrossing } from '../terrain/network.js';
import { CENTRE, isSidePort, portA, portB } from '../map/network-code.js';
import type { NetworkSides } from '../map/network-sides.js';
import { DEFAULT_LINEAR_WIDTHS } from './palette.js';
import { hasVertices } from '../grid/capabilities.js';
import type { NetworkBridge, NetworkLine } from './network-types.js';

/** Arc samples per radian of turn. */
const ARC_STEPS_PER_RADIAN = 6;

/** The pieces (see the header) of one tile's codes of one kind, in a plane: `port` gives a port's point, `c` the centre. */
export function tilePieces(kind: number, codes: readonly number[], port: (p: number) => [number, number] | null, c: [number, number], out: NetworkLine[]): void {
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
export function crossedTerrain(map: TerrainMap): (tile: number, side: number) => number {
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

/** What finding a bridge needs, the same for every tile of a drawing. */
export interface BridgeContext {
  readonly map: TerrainMap;
  readonly catalogue: TerrainCatalogue;
  readonly palette: readonly string[];
  readonly sides: NetworkSides;
  readonly crossedAt: (tile: number, side: number) => number;
  /** True when `tile` holds a connection of `kind` to `port`. */
  readonly joined: (tile: number, kind: number, port: number) => boolean;
  readonly terrains: readonly (Terrain | null)[];
  readonly width: Float64Array;
  /** One tile spacing in the drawing's units. */
  readonly spacing: number;
}

/**
 * The bridge or ford where the connection of `kind` leaving `tile` by `side` crosses a
 * linear feature, or null: `p` is the side's point and `c` the tile's centre in the plane the
 * drawing is worked out in (the map's, or a globe tile's tangent plane).
 */
export function bridgeAt(ctx: BridgeContext, tile: number, side: number, kind: number, p: readonly [number, number] | null, c: readonly [number, number]): NetworkBridge | null {
  const { map, catalogue, palette, sides, terrains, width } = ctx;
  const crossed = ctx.crossedAt(tile, side);
  const water = terrains[crossed];
  if (crossed === 0 || water?.class !== 'linear') return null;
  const crossing = networkCrossing(catalogue, palette[crossed - 1]!, palette[kind - 1]!);
  if (!crossing?.kind) return null;
  const next = sides.across(tile, side);
  // One per crossing: from the lower tile of a joined pair (or the tile alone at a broken link).
  if (next >= 0 && next < tile && ctx.joined(next, kind, sides.backSide(tile, side, next))) return null;
  if (!p) return null;
  const dx = p[0] - c[0];
  const dy = p[1] - c[1];
  const len = Math.hypot(dx, dy);
  const riverWidth = DEFAULT_LINEAR_WIDTHS[water.width] * ctx.spacing * (map.spec.alform ? 1 : 0.5);
  const w = width[kind]!;
  return { kind, crossed, composite: crossing.terrain, style: crossing.kind, stones: findTerrain(catalogue, crossing.terrain)?.secondaryColour ?? '#c9b98a', x: p[0], y: p[1], dx: dx / len, dy: dy / len, length: riverWidth + 2 * w, width: w * 2.2 };
}
