/**
 * How far a blocking feature reaches into the area instances along a bank, so reroutes run
 * beside it and never across it. The feature is drawn in its linear tiles (at the grid's
 * plain scale, centred on the area edge's middle); where it bends round a corner of the
 * area tiles it cuts into the instance on the outside of the bend (on a hexagon map a
 * straight river passes 0.29 inside the corner). Measured on flat maps from the tiles'
 * centres; on the globe an area instance's frame is its own tile, so the feature in the
 * linear tile beyond its edge never reaches inside (0).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { sampleCurve } from '../vector/bezier.js';
import type { VectorTile } from '../vector/types.js';
import type { Vec2 } from '../vector/vec2.js';
import { dot, sub } from '../vector/vec2.js';
import type { AlFormTopology } from './alform-topology.js';
import type { LinearLayer } from './linear-class.js';
import { decodePlacement } from './orientation-code.js';
import { placedTile } from './placed-tile.js';
import type { Bank } from './reroute-banks.js';
import { edgeDirection, inwardNormal } from './reroute-geometry.js';

/** The deepest point (tile units, inward from the blocked edges) the feature reaches along the bank. */
export function bankClearance(topo: AlFormTopology, bank: Bank, linear: LinearLayer, linearTiles: ReadonlyMap<string, VectorTile>): number {
  const { grid } = topo;
  if (grid.modelDimensions !== 2) return 0;
  let deepest = 0;
  for (const st of bank.steps) {
    if (st.kind !== 'edge') continue;
    const l = topo.linearOf[st.cell * topo.maxSlots + st.slot]!;
    const inst = linear.get(l);
    const tile = inst ? linearTiles.get(inst.tile) : undefined;
    if (!inst || !tile) continue;
    const a = grid.center(st.cell), b = grid.center(l);
    const off: Vec2 = [b[0]! - a[0]!, b[1]! - a[1]!];
    if (Math.hypot(off[0], off[1]) > 1.5) continue; // across a wrapped seam
    const e = topo.cellShape(st.cell).edges[st.slot]!;
    const n = inwardNormal(e), d = edgeDirection(e);
    const len = Math.hypot(e.to[0] - e.from[0], e.to[1] - e.from[1]);
    for (const el of placedTile(tile, decodePlacement(inst.code), topo.cellShape(l)).elements) {
      if (el.kind === 'point') continue;
      for (const s of sampleCurve(el.curve, 16)) {
        const q: Vec2 = [off[0] + s.p[0] * 0.5, off[1] + s.p[1] * 0.5];
        const u = dot(sub(q, e.from), d) / len;
        if (u < 0 || u > 1) continue;
        deepest = Math.max(deepest, dot(sub(q, e.from), n));
      }
    }
  }
  return deepest;
}
