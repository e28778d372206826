/**
 * Rivers on a CLASSIC map lie on tile edges, which hold no elevation of their own: an edge's
 * height is read as the mean of its tiles' (core/map/alform-transfer.ts fills the AL-FORM
 * image's linear tiles that way, and check-world reads classic maps through that image). So
 * before a world is read back as classic, tiles beside its rivers are lifted until every
 * river edge stands at least a metre above the edge downstream of it, downstream first:
 * the tile lifted is the one beside the upstream edge and not beside the downstream one, so a
 * lift never raises the edge below (on square maps an edge inside the VERTEX below it has
 * none: the vertex's other tiles are lowered instead). A few passes settle what later
 * changes disturb; a river above an edge the passes could not lift is cut there.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { AreaLattice } from './lattice.js';
import { LinearWater, type LinearDrainage } from './rivers.js';
import { Water, type AreaDrainage } from './drainage.js';

const MAX_PASSES = 24;

/** Area grid tiles beside linear tile `t`. */
function areaNeighbours(lat: AreaLattice, t: number, out: Int32Array): number[] {
  const d = lat.grid.neighbors(t, out);
  const list: number[] = [];
  for (let k = 0; k < d; k++) if (out[k]! >= 0 && lat.areaOf[out[k]!]! >= 0) list.push(out[k]!);
  return list;
}

const mean = (metres: Int16Array, tiles: readonly number[]): number => Math.round(tiles.reduce((s, t) => s + metres[t]!, 0) / tiles.length);

/**
 * Lifts land tiles in `metres` (grid-indexed, the AL-FORM map's layer). A river that wraps
 * round a tile can ask for lifts that chase each other; what is still uphill after the
 * passes is cut: the river above that edge runs dry (its `rivers.river` and `terrain` are
 * cleared), so the river starts below it. Returns the linear tiles cut.
 */
export function liftClassicRivers(lat: AreaLattice, rivers: LinearDrainage, drain: AreaDrainage, metres: Int16Array, terrain: Uint8Array): number {
  const out = new Int32Array(8);
  const sides = new Map<number, number[]>();
  const beside = (t: number): number[] => {
    let s = sides.get(t);
    if (!s) sides.set(t, (s = areaNeighbours(lat, t, out)));
    return s;
  };
  let left = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    left = 0;
    for (const t of rivers.order) {
      const d = rivers.down[t]!;
      if (d < 0 || rivers.river[t] === LinearWater.DRY) continue;
      const up = beside(t);
      const below = beside(d);
      const need = mean(metres, below) + 1 - mean(metres, up);
      if (need <= 0) continue;
      const free = up.filter((a) => !below.includes(a) && drain.water[lat.areaOf[a]!] === Water.LAND);
      if (free.length === 0) {
        // A square map's edge inside the VERTEX below it (its tiles are two of the four):
        // lower the vertex's other two tiles instead, where they are land.
        const others = below.filter((a) => !up.includes(a) && drain.water[lat.areaOf[a]!] === Water.LAND);
        const r = Math.ceil(((need + 0.5) * below.length) / Math.max(1, others.length));
        for (const a of others) metres[a] = Math.max(1, metres[a]! - r);
        left++;
        continue;
      }
      // Raising `free` tiles by r raises the mean by r·free/up (rounded): enough, and a little more.
      const r = Math.ceil(((need + 0.5) * up.length) / free.length);
      for (const a of free) metres[a] = Math.min(32767, metres[a]! + r);
      left++;
    }
    if (left === 0) break;
  }
  return left === 0 ? 0 : cutUphill(rivers, metres, beside, terrain);
}

/** Dries every river tile upstream of (and at) an edge that is not above the edge below it. */
function cutUphill(rivers: LinearDrainage, metres: Int16Array, beside: (t: number) => number[], terrain: Uint8Array): number {
  const upstream = new Map<number, number[]>();
  for (const t of rivers.order) {
    const d = rivers.down[t]!;
    if (d >= 0 && rivers.river[t] !== LinearWater.DRY) upstream.set(d, [...(upstream.get(d) ?? []), t]);
  }
  let cut = 0;
  for (const t of rivers.order) {
    const d = rivers.down[t]!;
    if (d < 0 || rivers.river[t] === LinearWater.DRY) continue;
    if (mean(metres, beside(t)) > mean(metres, beside(d))) continue;
    const stack = [t];
    while (stack.length) {
      const u = stack.pop()!;
      if (rivers.river[u] === LinearWater.DRY) continue;
      rivers.river[u] = LinearWater.DRY;
      terrain[u] = 0;
      cut++;
      stack.push(...(upstream.get(u) ?? []));
    }
  }
  return cut;
}
