/**
 * The per-terrain numbers line of sight reads, indexed by a map's layer value (0 = no
 * terrain, k = palette[k − 1]); core/terrain compiles them with `compileSight`. Heights and
 * offsets are metres.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte, or the catalogue's JSON shape
 * (only `sightTablesFor` reaches the catalogue, through core/terrain/compiled.ts).
 */
import type { TerrainMap } from '../map/terrain-map.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { compileSight } from '../terrain/compiled.js';

export interface SightTables {
  /** Metres added to the tile's ground elevation (negative for water). */
  readonly elevationOffset: Float32Array;
  /** Metres the feature stands above its ground: canopy, wall, ridge crest. */
  readonly height: Float32Array;
  /** Linear terrain that blocks a line of sight crossing it (hedgerow, wall, ridge). */
  readonly blocksAcross: Uint8Array;
  /** Linear terrain that blocks a line of sight running along it (tree line). */
  readonly blocksAlong: Uint8Array;
  /** Area terrain sight cannot pass through beyond its first tile (forest, town). */
  readonly blocksThrough: Uint8Array;
}

export function checkSightTables(map: TerrainMap, tables: SightTables): void {
  const need = map.palette.length + 1;
  for (const name of ['elevationOffset', 'height', 'blocksAcross', 'blocksAlong', 'blocksThrough'] as const) {
    const arr = tables[name];
    if (!arr || arr.length < need) throw new Error(`sight tables: ${name} has ${arr?.length ?? 0} entries; this map's palette needs ${need}`);
  }
}

/** Sight tables of `map`'s palette from `catalogue`. */
export function sightTablesFor(catalogue: TerrainCatalogue, map: TerrainMap): SightTables {
  return compileSight(catalogue, map.palette);
}
