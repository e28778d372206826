/**
 * The hops a through-tile network makes cheaper (network-tables.ts has the rules): for each
 * tile a network passes through, the sides each usable network kind leaves it by, so the
 * graph build asks one sparse lookup per tile and a bit test per side. A hop from u across
 * side d to v is ON the network when one kind leaves u by d and enters v by the side facing
 * back: a road that stops at the hexside, or a railroad for a unit on foot, does not count.
 * Inside a tile every port of a kind is taken as joined (a road's spokes meet at the centre).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { NetworkLayer } from '../map/network-layer.js';
import type { NetworkSides } from '../map/network-sides.js';
import { connectionKind, isSidePort, portA, portB } from '../map/network-code.js';
import type { NetworkMovementTables } from './network-tables.js';

export class NetworkHops {
  /** Per tile: kind, side mask, kind, side mask … of the kinds this mode may use. */
  private readonly masks = new Map<number, number[]>();

  constructor(
    layer: NetworkLayer,
    private readonly sides: NetworkSides,
    private readonly tables: NetworkMovementTables,
  ) {
    for (const tile of layer.tiles()) {
      const out: number[] = [];
      for (const code of layer.at(tile)) {
        const kind = connectionKind(code);
        if (kind >= tables.size || tables.rate[kind] === Infinity) continue;
        let mask = 0;
        for (const p of [portA(code), portB(code)]) if (isSidePort(p)) mask |= 1 << p;
        if (mask === 0) continue;
        let k = 0;
        while (k < out.length && out[k] !== kind) k += 2;
        if (k === out.length) out.push(kind, mask);
        else out[k + 1]! |= mask;
      }
      if (out.length) this.masks.set(tile, out);
    }
  }

  /** Whether any usable network passes through `tile` (the graph build skips the rest). */
  has(tile: number): boolean {
    return this.masks.has(tile);
  }

  /**
   * The cost of the hop from `u` across side `d` to `v` along a connected network over a
   * crossing carrying palette value `crossed` (0: none), or +Infinity when no network joins them.
   */
  cost(u: number, d: number, v: number, crossed: number, alform: boolean): number {
    const from = this.masks.get(u);
    const to = from && v >= 0 ? this.masks.get(v) : undefined;
    if (!from || !to) return Infinity;
    const back = this.sides.backSide(u, d, v);
    if (back < 0) return Infinity;
    const table = alform ? this.tables.alform : this.tables.classic;
    let best = Infinity;
    for (let i = 0; i < from.length; i += 2) {
      if (!(from[i + 1]! & (1 << d))) continue;
      const kind = from[i]!;
      for (let j = 0; j < to.length; j += 2) {
        if (to[j] !== kind || !(to[j + 1]! & (1 << back))) continue;
        const c = table[crossed * this.tables.size + kind]!;
        if (c < best) best = c; // NaN (the network does not help here) never compares less
      }
    }
    return best;
  }
}
