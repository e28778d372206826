/**
 * Locked layers (issue 27 "editable and regenerable"): a designer keeps the rivers and/or the
 * settlements of a map — painted, edited or generated before — and the world is regenerated
 * around them: kept rivers replace the drained ones (their heights are made to fall toward
 * their mouths; networks bridge them and keep their exclusion zones), kept settlements hold
 * their tiles and count toward the settlement total, the new ones spaced from them.
 * The locked map must have the generated map's kind, size and form.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import { classicToAlform } from '../map/alform-transfer.js';
import { InputError } from '../util/input-error.js';
import { formatSize } from '../grid/size.js';
import type { GridSize } from '../grid/types.js';
import type { AreaLattice } from './lattice.js';
import { LinearWater, type LinearDrainage } from './rivers.js';
import { Water, type AreaDrainage } from './drainage.js';
import type { Settlement } from './settlements.js';

export const LOCKABLE = ['rivers', 'settlements'] as const;
export type Lockable = (typeof LOCKABLE)[number];

export interface WorldLocks {
  /** The map whose layers are kept (classic or AL-FORM, as the generated one). */
  readonly map: TerrainMap;
  readonly keep: readonly Lockable[];
}

/** The locked map as AL-FORM, checked against the generated world's spec. */
export function lockedAlform(locks: WorldLocks, spec: { readonly size: GridSize; readonly alform: boolean }): TerrainMap {
  const m = locks.map;
  const form = (kind: string, size: GridSize, alform: boolean): string => `${kind} ${formatSize(size)}${alform ? ' AL-FORM' : ''}`;
  if (m.spec.alform !== spec.alform || m.spec.kind !== spec.size.kind || formatSize(m.spec.size) !== formatSize(spec.size)) {
    throw new InputError('locked map', form(m.spec.kind, m.spec.size, m.spec.alform), `must be the generated world's ${form(spec.size.kind, spec.size, spec.alform)}`);
  }
  return m.spec.alform ? m : classicToAlform(m);
}

/**
 * The kept rivers in place of the drained ones: river/stream terrain of the locked map's
 * linear tiles, flowing from the tiles beside water or the map's edge upstream (breadth
 * first), placed first in the flood order so heights fall toward the mouths.
 */
export function keepRivers(lat: AreaLattice, locked: TerrainMap, lin: LinearDrainage): LinearDrainage {
  const n = lat.grid.tileCount;
  const river = new Uint8Array(n);
  const id = (t: number): string => locked.terrainAt(t);
  for (let t = 0; t < n; t++) {
    if (lat.classes[t] === 0 || lin.wet[t] === 1) continue;
    const k = id(t);
    if (k === 'river') river[t] = LinearWater.RIVER;
    else if (k === 'stream') river[t] = LinearWater.STREAM;
  }
  const down = Int32Array.from(lin.down);
  const order: number[] = [];
  const seen = new Uint8Array(n);
  for (let t = 0; t < n; t++) {
    if (river[t] !== 0 && lin.outlet[t] === 1) {
      seen[t] = 1;
      down[t] = -1;
      order.push(t);
    }
  }
  const out = new Int32Array(8);
  for (let h = 0; h < order.length; h++) {
    const t = order[h]!;
    const d = lat.grid.neighbors(t, out);
    for (let k = 0; k < d; k++) {
      const m = out[k]!;
      if (m < 0 || river[m] === 0 || seen[m] === 1) continue;
      seen[m] = 1;
      down[m] = t;
      order.push(m);
    }
  }
  // Kept rivers with no mouth stay where they are (check-world reports them).
  for (let t = 0; t < n; t++) {
    if (river[t] !== 0 && seen[t] === 0) {
      seen[t] = 1;
      down[t] = -1;
      order.push(t);
    }
  }
  for (const t of lin.order) if (seen[t] === 0) order.push(t);
  return { ...lin, river, down, order: Int32Array.from(order) };
}

/**
 * The kept settlements: each village tile one village; each connected group of urban tiles a
 * town (one or two tiles) or a city. Those now on water are dropped (returned apart).
 */
export function keepSettlements(lat: AreaLattice, locked: TerrainMap, drain: AreaDrainage): { kept: Settlement[]; dropped: number } {
  const n = lat.tiles.length;
  const kind = (a: number): string => locked.terrainAt(lat.tiles[a]!);
  const done = new Uint8Array(n);
  const kept: Settlement[] = [];
  let dropped = 0;
  for (let a = 0; a < n; a++) {
    const k = kind(a);
    if (done[a] === 1 || (k !== 'village' && k !== 'urban')) continue;
    const tiles = [a];
    done[a] = 1;
    if (k === 'urban') {
      for (let h = 0; h < tiles.length; h++) {
        for (let s = 0; s < lat.slots; s++) {
          const b = lat.nbr[tiles[h]! * lat.slots + s]!;
          if (b >= 0 && done[b] === 0 && kind(b) === 'urban') {
            done[b] = 1;
            tiles.push(b);
          }
        }
      }
    }
    const land = tiles.filter((t) => drain.water[t] === Water.LAND);
    if (land.length === 0) {
      dropped++;
      continue;
    }
    kept.push({ at: land[0]!, size: k === 'village' ? 'village' : land.length >= 3 ? 'city' : 'town', tiles: land });
  }
  const rank = { city: 0, town: 1, village: 2 } as const;
  kept.sort((p, q) => rank[p.size] - rank[q.size] || p.at - q.at);
  return { kept, dropped };
}
