/**
 * The per-terrain numbers the movement engine reads for one MOVEMENT-MODE, indexed by a
 * map's layer value (0 = no terrain, k = palette[k − 1]) (core/terrain compiles them from the catalogue with
 * `compileMovement(catalogue, palette, modeId)`; tests may write them by hand).
 *
 * What `cost` means follows the catalogue's contract (core/terrain/types.ts, SPEC §4):
 * on a playable terrain it is the cost of entering one of its tiles per TILE-SPACING; on an
 * unplayable linear terrain it is the extra cost of crossing the tile (+Infinity: cannot be
 * crossed); an unplayable area terrain cannot be entered. Palette index 0 ("no terrain") is
 * decided by the tile, not the table: an empty area tile cannot be entered, an empty linear
 * tile is the plain border between two areas (unplayable, crossing cost 0).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte, or the catalogue's JSON shape
 * (only `movementTablesFor` reaches the catalogue, through core/terrain/compiled.ts).
 */
import type { TerrainMap } from '../map/terrain-map.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { compileMovement } from '../terrain/compiled.js';
import { compileNetworkMovement, type NetworkMovementTables } from './network-tables.js';

export interface MovementTables {
  /** Per palette index: entry cost per TILE-SPACING (playable) or crossing cost (unplayable linear). */
  readonly cost: Float32Array;
  /** Per palette index: 1 if a unit of this mode may occupy tiles of the terrain. */
  readonly playable: Uint8Array;
  /** Per palette index: 1 for linear terrain, 0 for area terrain. */
  readonly isLinear: Uint8Array;
  /** What moving along the map's through-tile networks costs (network-tables.ts); absent: networks are not used. */
  readonly network?: NetworkMovementTables;
}

/** Throws unless the tables cover every palette index of `map` with sensible values. */
export function checkMovementTables(map: TerrainMap, tables: MovementTables): void {
  const need = map.palette.length + 1;
  for (const [name, arr] of [
    ['cost', tables.cost],
    ['playable', tables.playable],
    ['isLinear', tables.isLinear],
  ] as const) {
    if (arr.length < need) throw new Error(`movement tables: ${name} has ${arr.length} entries; this map's palette needs ${need}`);
  }
  for (let k = 1; k < need; k++) {
    const c = tables.cost[k]!;
    if (Number.isNaN(c) || c < 0) throw new Error(`movement tables: cost[${k}] (${map.palette[k - 1]}) must be ≥ 0 or +Infinity, got ${c}`);
    if (tables.playable[k] && c === Infinity) {
      throw new Error(`movement tables: ${map.palette[k - 1]} is playable, so its cost must be finite, got Infinity`);
    }
  }
}

/** Movement tables of `map`'s palette (layer value k ↔ palette[k − 1]) for one mode of `catalogue`. */
export function movementTablesFor(catalogue: TerrainCatalogue, map: TerrainMap, modeId: string): MovementTables {
  const tables = compileMovement(catalogue, map.palette, modeId);
  return map.networks && !map.networks.isEmpty ? { ...tables, network: compileNetworkMovement(catalogue, map.palette, modeId) } : tables;
}
