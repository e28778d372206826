/**
 * Where a blocking feature lies relative to the area instances along it, so reroutes run
 * beside the feature itself and never across it. The feature is drawn in its linear tiles
 * (the grid's plain scale, centred on the middle of an area edge); where it bends round a
 * corner of the area tiles it cuts into the instance on the outside of the bend (on a
 * hexagon map a straight river passes 0.29 inside the corner). A PROFILE per blocked edge
 * gives the feature's depth inside the instance along the edge (0 where it lies outside),
 * and the reroute's lane is measured from it. Measured on flat maps from the tiles'
 * centres; on the globe an area instance's frame is its own tile, so the feature in the
 * linear tile beyond its edge never reaches inside (0 everywhere).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { sampleCurve } from '../vector/bezier.js';
import type { VectorTile } from '../vector/types.js';
import type { Vec2 } from '../vector/vec2.js';
import { dot, sub } from '../vector/vec2.js';
import type { AlFormTopology } from './alform-topology.js';
import type { LinearLayer } from '../map/linear-layer.js';
import { decodePlacement } from '../map/orientation-code.js';
import { placedTile } from './placed-tile.js';
import { edgeDirection, inwardNormal } from './reroute-geometry.js';

/** Depth of the feature inside the cell over edge parameter u (0…1) of a blocked edge. */
export type Profile = (cell: number, slot: number, u: number) => number;

const BINS = 16;

export function featureProfile(topo: AlFormTopology, blocked: Uint8Array, linear: LinearLayer, linearTiles: ReadonlyMap<string, VectorTile>): Profile {
  const { grid } = topo;
  const E = topo.maxSlots;
  const table = new Map<number, Float64Array>();
  if (grid.modelDimensions === 2) {
    for (const c of topo.areaCells) {
      for (let s = 0; s < topo.slotCount[c]!; s++) {
        if (!blocked[c * E + s]) continue;
        const l = topo.linearOf[c * E + s]!;
        const inst = linear.get(l);
        const tile = inst ? linearTiles.get(inst.tile) : undefined;
        if (!inst || !tile) continue;
        const a = grid.center(c), b = grid.center(l);
        const off: Vec2 = [b[0]! - a[0]!, b[1]! - a[1]!];
        if (Math.hypot(off[0], off[1]) > 1.5) continue; // across a wrapped seam
        const e = topo.cellShape(c).edges[s]!;
        const n = inwardNormal(e), d = edgeDirection(e);
        const len = Math.hypot(e.to[0] - e.from[0], e.to[1] - e.from[1]);
        const bins = new Float64Array(BINS + 1);
        for (const el of placedTile(tile, decodePlacement(inst.code), topo.cellShape(l)).elements) {
          if (el.kind === 'point') continue;
          for (const p of sampleCurve(el.curve, 32)) {
            const q: Vec2 = [off[0] + p.p[0] * 0.5, off[1] + p.p[1] * 0.5];
            const u = dot(sub(q, e.from), d) / len;
            if (u < -0.05 || u > 1.05) continue;
            const k = Math.round(Math.min(1, Math.max(0, u)) * BINS);
            bins[k] = Math.max(bins[k]!, dot(sub(q, e.from), n));
          }
        }
        // A little spread, so the lane clears the feature's width between samples.
        const spread = Float64Array.from(bins, (_, k) => Math.max(bins[k]!, bins[k - 1] ?? 0, bins[k + 1] ?? 0));
        table.set(c * E + s, spread);
      }
    }
  }
  return (cell, slot, u) => {
    const t = table.get(cell * E + slot);
    if (!t) return 0;
    const x = Math.min(1, Math.max(0, u)) * BINS;
    const i = Math.floor(x), f = x - i;
    return i >= BINS ? t[BINS]! : t[i]! * (1 - f) + t[i + 1]! * f;
  };
}
