/**
 * What moving ALONG a through-tile network costs one MOVEMENT-MODE (issue 26, item 3: the
 * classic road-movement rule): per palette value, the network's rate per TILE-SPACING, and
 * per (crossed linear terrain, network) pair, what the crossing costs — a river crossed on
 * the road's bridge costs the bridge's cost (the catalogue's composite of the two: river +
 * road → river-bridge, river + trail → river-ford).
 *
 * The rules, charged on a hop from ground tile u to the ground tile v across side d when a
 * network of kind k leaves u by side d and enters v by the side facing back (a connected
 * road; a road that stops at the hexside does not help):
 *  - AL-FORM (2 spacings, across linear tile l): l empty → 2 × rate; l carries terrain T and
 *    the catalogue composes T with k into C (a bridge, a ford): C playable for the mode →
 *    cost(C) + rate (half the hop is on the bridge), C unplayable → 2 × rate + crossing cost
 *    of C, C impassable → the network does not help there; no composite → T as it is
 *    (playable: cost(T) + rate, unplayable: 2 × rate + crossing cost of T).
 *  - Classic (1 spacing, across the shared edge, or the vertex on square diagonals): the
 *    same, with half of each: edge empty → rate; composite playable → (cost(C) + rate) / 2;
 *    otherwise rate + crossing cost.
 * The network's edge replaces the terrain's only where it is cheaper; entering or leaving the
 * network (a hop not joined at both ends) pays the terrain as always.
 *
 * The rate: the catalogue's `networkCost` for the mode (core/terrain/network.ts; a mode not
 * listed gains nothing from the network: +Infinity here, so the terrain is paid). A
 * catalogue written before networks has no `networkCost`: its terrain's own rule then, when
 * playable (the old road: foot 0.5).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue, Terrain } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import { networkCrossing } from '../terrain/network.js';

export interface NetworkMovementTables {
  /** Per palette value: cost per TILE-SPACING along that network for the mode; +Infinity: the mode cannot use it. */
  readonly rate: Float32Array;
  /**
   * Per crossed linear palette value j and network palette value k, at `j · size + k`: what a
   * hop over the crossing costs beyond the network (see the header); NaN where the network does not help.
   */
  readonly alform: Float32Array;
  readonly classic: Float32Array;
  /** Palette size + 1 (the stride of `alform` and `classic`). */
  readonly size: number;
}

/** The rate of terrain `t` as a network for `modeId` (see the header); +Infinity where the mode gains nothing. */
export function networkRate(t: Terrain, modeId: string): number {
  if (t.class === 'linear' && t.networkCost) {
    const c = t.networkCost[modeId];
    return c === undefined || c === 'impassable' ? Infinity : c;
  }
  const rule = t.movement[modeId];
  if (!rule || !rule.playable || rule.cost === 'impassable') return Infinity;
  return rule.cost;
}

function ruleOf(t: Terrain | undefined, modeId: string): { cost: number; playable: boolean } {
  const rule = t?.movement[modeId];
  if (!rule) return { cost: Infinity, playable: false };
  return { cost: rule.cost === 'impassable' ? Infinity : rule.cost, playable: rule.playable };
}

/** The network tables of `palette` (layer value k ↔ palette[k − 1]) for one mode. */
export function compileNetworkMovement(catalogue: TerrainCatalogue, palette: readonly string[], modeId: string): NetworkMovementTables {
  const size = palette.length + 1;
  const terrains = palette.map((id) => findTerrain(catalogue, id));
  const rate = new Float32Array(size).fill(Infinity);
  terrains.forEach((t, i) => {
    if (t?.class === 'linear') rate[i + 1] = networkRate(t, modeId);
  });
  const alform = new Float32Array(size * size).fill(NaN);
  const classic = new Float32Array(size * size).fill(NaN);
  for (let k = 1; k < size; k++) {
    const r = rate[k]!;
    if (r === Infinity) continue;
    // An empty crossing (j = 0): the network alone.
    alform[k] = 2 * r;
    classic[k] = r;
    for (let j = 1; j < size; j++) {
      const crossed = terrains[j - 1];
      if (crossed?.class !== 'linear') continue;
      const crossing = networkCrossing(catalogue, palette[j - 1]!, palette[k - 1]!);
      const over = crossing ? ruleOf(findTerrain(catalogue, crossing.terrain), modeId) : ruleOf(crossed, modeId);
      if (over.cost === Infinity) continue;
      alform[j * size + k] = over.playable ? over.cost + r : 2 * r + over.cost;
      classic[j * size + k] = over.playable ? (over.cost + r) / 2 : r + over.cost;
    }
  }
  return { rate, alform, classic, size };
}
