/**
 * The terrain catalogue (SPEC §4, §7): the one module other code imports. Terrains with
 * their sight and rendering properties and per-MOVEMENT-MODE rules, transition bands for
 * blending, linear composites and priority; reading, writing, looking up and editing them.
 * Records are documented in ./types.ts, whose header also states exactly what a movement
 * rule's cost means for area and linear, playable and unplayable terrain (patent rules
 * A–C) and how a tile with no terrain behaves. Hot loops use ./compiled.ts instead.
 *
 * Must not depend on: DOM, Node (callers read files and pass parsed JSON), Electron,
 * Three.js, Svelte.
 */

export * from './types.js';
export { parseCatalogue, MIN_BAND_WIDTH, MAX_BAND_WIDTH } from './parse.js';
export { serializeCatalogue, catalogueToJson } from './serialize.js';
export {
  findTerrain,
  getTerrain,
  hasTerrain,
  areaTerrains,
  linearTerrains,
  findMovementMode,
  getMovementMode,
  linearRank,
  findTransition,
  findComposite,
  bandAt,
  type BandChoice,
} from './lookup.js';
export { runsThrough, networkTerrains, networkCost, networkCrossing, type NetworkCrossingRule } from './network.js';
export { featureFamilies, sharesFeature, drawnOver } from './crossing.js';
export {
  addMovementMode,
  removeMovementMode,
  updateMovementMode,
  addTerrain,
  updateTerrain,
  removeTerrain,
  type NewModeRules,
  type TerrainPatch,
  type ModePatch,
} from './edit.js';
export { applyCatalogueEdits, CATALOGUE_EDIT_OPS, type CatalogueEdit } from './edit-list.js';
