/**
 * A globe's network drawing (network-drawing.ts says what is drawn): each tile's pieces,
 * bridges and marks are worked out in the tile's tangent plane exactly as on a flat map, then
 * the lines are lifted back onto the sphere (x, y, z points; ports at their exact sphere
 * points, so neighbours' pieces meet), and the bridges and marks keep their plane shapes
 * with the tile's `TangentFrame`: whoever draws them lifts each point (`liftToSphere`), so a
 * bridge lies across the river on the globe as it does on the plane.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import { CENTRE, connectionKind, isSidePort, portA, portB } from '../map/network-code.js';
import type { NetworkLayer } from '../map/network-layer.js';
import { surfaceTangents } from './overlay-geometry.js';
import type { NetworkBridge, NetworkLine, NetworkMark, TangentFrame } from './network-types.js';
import { bridgeAt, tilePieces, type BridgeContext } from './network-pieces.js';

/** Plane point (x, y) of `frame` on the sphere of `radius` (default: the frame's own). */
export function liftToSphere(frame: TangentFrame, x: number, y: number, radius?: number): [number, number, number] {
  const { origin: o, e1, e2 } = frame;
  const q = [0, 1, 2].map((i) => o[i]! + x * e1[i]! + y * e2[i]!);
  const r = radius ?? Math.hypot(o[0], o[1], o[2]);
  const l = Math.hypot(q[0]!, q[1]!, q[2]!) / r;
  return [q[0]! / l, q[1]! / l, q[2]! / l];
}

export interface GlobeNetwork {
  readonly pieces: NetworkLine[];
  readonly bridges: NetworkBridge[];
  readonly marks: NetworkMark[];
}

/** The pieces (x, y, z), bridges and marks (plane shapes with their tile's frame) of a globe's networks. */
export function globeNetwork(map: TerrainMap, layer: NetworkLayer, ctx: BridgeContext, markOf: (kinds: readonly number[]) => NetworkMark['type']): GlobeNetwork {
  const grid = map.grid;
  const { sides } = ctx;
  const pieces: NetworkLine[] = [];
  const bridges: NetworkBridge[] = [];
  const marks: NetworkMark[] = [];
  for (const tile of layer.tiles()) {
    const c = grid.center(tile);
    const r = Math.hypot(c[0]!, c[1]!, c[2]!);
    const [e1, e2] = surfaceTangents({ globe: true, level: r }, c);
    const frame: TangentFrame = { origin: [c[0]!, c[1]!, c[2]!], e1, e2 };
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
    for (const [kind, codes] of byKind) {
      tilePieces(kind, codes, port, [0, 0], flat);
      const atCentre = codes.filter((x) => portA(x) === CENTRE || portB(x) === CENTRE).length;
      if (atCentre >= 3) marks.push({ type: 'junction', x: 0, y: 0, kinds: [kind], frame });
      for (const s of new Set(codes.flatMap((x) => [portA(x), portB(x)]).filter(isSidePort))) {
        const b = bridgeAt(ctx, tile, s, kind, port(s), [0, 0]);
        if (b) bridges.push({ ...b, frame });
      }
    }
    if (byKind.size >= 2) {
      const kinds = [...byKind.keys()].sort((x, y) => x - y);
      marks.push({ type: markOf(kinds), x: 0, y: 0, kinds, frame });
    }
    const snap = (x: number, y: number): number[] | null => exact.find(([, q]) => Math.abs(q[0] - x) + Math.abs(q[1] - y) < 1e-9)?.[0] ?? null;
    for (const piece of flat) {
      const xyz: number[] = [];
      for (let i = 0; i < piece.xy.length; i += 2) {
        const at = snap(piece.xy[i]!, piece.xy[i + 1]!);
        xyz.push(...(at ?? liftToSphere(frame, piece.xy[i]!, piece.xy[i + 1]!, r)));
      }
      pieces.push({ kind: piece.kind, xy: xyz });
    }
  }
  return { pieces, bridges, marks };
}
