/**
 * "Fits the selected position" for the library panel (issue 13): what a map tile's placed
 * neighbours ask of the tile placed there, as constraints for the library's fit index
 * (node/store/vector-store.ts `fit`): per edge of the cell with a placed neighbour, the
 * neighbour's edge indicators on its facing edge, computed by core (core/assemble/fit.ts
 * neighbourConstraints, the step assembly by hand uses). Classic flat maps (core/assemble/topology.ts).
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { buildTopology } from '../../core/assemble/topology.js';
import { neighbourConstraints } from '../../core/assemble/fit.js';
import type { VectorTile } from '../../core/vector/types.js';
import { DRAWN_SHAPES, type DrawnShapeName } from '../../core/vector/shape.js';
import type { VectorFitConstraint } from '../store/index.js';

export interface PlaceConstraints {
  readonly shape: DrawnShapeName;
  readonly constraints: VectorFitConstraint[];
}

/** The constraints at `cell` of `map`; `tileOf` gives the geometry of the tiles placed around it (the app library's). */
export function placeConstraints(map: TerrainMap, cell: number, tileOf: (id: string) => VectorTile | null): PlaceConstraints {
  if (map.spec.alform) throw new Error('fits: the library filter works on classic maps (AL-FORM maps place tiles on their area tiles through maps.assemble)');
  if (map.grid.kind === 'icosahedron') throw new Error('fits: the library filter works on flat maps (globe cells are warped: place from the map instead)');
  if (!Number.isInteger(cell) || cell < 0 || cell >= map.grid.tileCount) throw new Error(`fits: tile ${cell} is not on this map (0…${map.grid.tileCount - 1})`);
  const topology = buildTopology(map.grid);
  const shape = topology.cellShape(cell);
  if (!(DRAWN_SHAPES as readonly string[]).includes(shape.name)) throw new Error(`fits: a ${shape.name} cell takes no library tile`);
  const constraints: VectorFitConstraint[] = map.instances ? neighbourConstraints(topology, map.instances, cell, tileOf) : [];
  return { shape: shape.name as DrawnShapeName, constraints };
}
