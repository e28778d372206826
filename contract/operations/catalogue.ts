/**
 * The terrain catalogue in use and its substitute maps (issue 13): read it, change it with
 * undo and redo, open a substitute map and save it back into its slot.
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */

import { SUBSTITUTE_LATTICES } from '../../core/map/meta.js';
import { s } from '../schema.js';
import { id, terrainId, type OperationTable } from './fields.js';
import type { MapPayload } from './maps.js';

/** A substitute-map slot of a terrain (SPEC §7): lattice and SCALE-RATIO. */
export interface SubstituteSlotRef {
  terrain: string;
  lattice: (typeof SUBSTITUTE_LATTICES)[number];
  ratio: number;
}

export interface SubstituteEntry extends SubstituteSlotRef {
  /** The library map in the slot. */
  mapId: string;
  name: string;
  /** The project map that is an open copy of it, if any. */
  openAs: string | null;
}

/** The catalogue in use (its JSON) and the catalogue's undo state. */
export interface CatalogueState {
  catalogue: unknown;
  canUndo: boolean;
  canRedo: boolean;
}

export const CATALOGUE_OPERATIONS = {
  /** The terrain catalogue in use: the app library's (node/services/user-library.ts), the shipped default until the designer edits it. */
  'catalogue.get': { args: s.object({}) },
  /** The catalogue in use with whether `catalogue.undo` / `catalogue.redo` have a step. */
  'catalogue.state': { args: s.object({}) },
  /**
   * Changes the catalogue in use: the whole catalogue JSON, or a list of edits
   * (core/terrain/edit-list.ts: addTerrain, updateTerrain, removeTerrain, addMode, updateMode,
   * removeMode). Validated by core, written in one library transaction, one undo step; open
   * maps and analysis follow (event `catalogue.changed`).
   */
  'catalogue.update': { args: s.object({ catalogue: s.optional(s.json()), edits: s.optional(s.array(s.json(), 1000)) }) },
  'catalogue.undo': { args: s.object({}) },
  'catalogue.redo': { args: s.object({}) },
  /** The substitute-map slots of the catalogue in use (of one terrain when `terrain` is given). */
  'catalogue.substitutes': { args: s.object({ terrain: s.optional(terrainId) }) },
  /** Opens a slot's substitute map as a map of the project (the copy already there, else a new one). */
  'catalogue.openSubstitute': { args: s.object({ terrain: terrainId, lattice: s.literal(...SUBSTITUTE_LATTICES), ratio: s.int(2, 1000) }) },
  /** Writes project map `id`, a substitute opened with catalogue.openSubstitute, back into its slot; derived maps that used it go stale. */
  'catalogue.saveSubstitute': { args: s.object({ id }) },
} as const satisfies OperationTable;

export interface CatalogueResults {
  'catalogue.get': unknown;
  'catalogue.state': CatalogueState;
  'catalogue.update': CatalogueState;
  'catalogue.undo': CatalogueState;
  'catalogue.redo': CatalogueState;
  'catalogue.substitutes': SubstituteEntry[];
  'catalogue.openSubstitute': MapPayload;
  /** `stale`: the project's derived maps that went stale by this change. */
  'catalogue.saveSubstitute': { slot: SubstituteEntry; stale: string[] };
}
