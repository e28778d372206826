/**
 * Maps of the open project: list, create, load, delete, paint tiles and edges, draw linear
 * strokes, undo and redo, convert to AL-FORM, the numbering and layers shown; what a loaded map and an
 * edit answer (MapPayload, EditResult), which the other groups answer too.
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */

import { GRID_KINDS, HEX_ORIENTATIONS } from '../../core/grid/types.js';
import type { MapJson } from '../../core/map/map-json.js';
import type { MapLabel } from '../../core/map/labels.js';
import type { VectorTileJson } from '../../core/vector/json.js';
import { NUMBERING_SYSTEMS, type NumberingSystem } from '../../core/map/meta.js';
import type { StoredViewLayers } from '../../core/map/view-layers.js';
import { s } from '../schema.js';
import { id, terrainId, tile, type OperationTable } from './fields.js';
import type { SubstituteSlotRef } from './catalogue.js';
import type { ProjectInfo } from './project.js';

export interface MapSummary {
  id: string;
  name: string;
  kind: string;
  size: string;
  alform: boolean;
  /** Hex maps drawn pointy-topped (rows of hexes); absent: flat-topped. `size` is still the grid's (core/grid/types.ts HexOrientation). */
  orientation?: 'pointy';
  tileCount: number;
  updatedAt: string;
  /** Present on maps derived by `maps.derive`. */
  derived?: DerivedSummary;
  /** Present on a substitute map opened from the catalogue (`catalogue.openSubstitute`): the slot it saves back to. */
  substitute?: SubstituteSlotRef;
}

/** What a derived map records about its origin. */
export interface DerivedSummary {
  /** The map it was derived from; null once that map was deleted (the derived map stays). */
  parent: string | null;
  ratio: number;
  seed: number;
  /** The parent's ground or a substitute changed since: deriving again would give other terrain. */
  stale: boolean;
}

export interface MapPayload {
  summary: MapSummary;
  /** The map in the native interchange form (core/map/map-json.ts). */
  map: MapJson;
  /** Whether the map's journal has a step to undo / redo (the journal outlives the session, so a reopened map keeps its history). */
  history: UndoState;
  /**
   * --- maps drawn as maps (issue 13): the vector tiles (core/vector JSON form) of the app
   * library that the map's instances name, so the view draws them; absent when it has none.
   */
  vectorTiles?: VectorTileJson[];
  /**
   * `maps.load` only: one line for the designer about what opening did to the map — its roads
   * drawn along tile edges converted to through-tile networks (one undo step), or why not
   * (node/services/network-open.ts). Absent when opening changed nothing.
   */
  notice?: string;
}

/** Whether map's journal holds a step to undo and one to redo. */
export interface UndoState {
  canUndo: boolean;
  canRedo: boolean;
}

/** A change to apply to the renderer's copy after paint/undo/redo: tile → new layer value. */
export interface TileChange {
  layer: 'terrain' | 'edges';
  index: number;
  value: number;
}

/** A tile's vector tile instance after an edit: tile id and placement code, or `vectorTile: null` for none. */
export interface InstancePatch {
  tile: number;
  vectorTile: string | null;
  placement: number;
}

/** A tile's through-tile network connections after an edit (core/map network-code.ts codes; empty: none left). */
export interface NetworkPatch {
  tile: number;
  codes: number[];
}

export interface EditResult {
  changes: TileChange[];
  /** Network connections changed by the edit, undo or redo (absent when it changed none). */
  networks?: NetworkPatch[];
  /** Instances placed or cleared by the edit (absent when it changed none). */
  instances?: InstancePatch[];
  /** The palette after the edit (new terrains may have been added). */
  palette: string[];
  canUndo: UndoState['canUndo'];
  canRedo: UndoState['canRedo'];
  /**
   * True when undo/redo also changed layers `changes` does not carry (a re-derived map's
   * elevation or vertices): load the map again (`maps.load`) instead of patching it.
   */
  reload?: boolean;
  /** The map's labels after an undo or redo that changed them (core/map/labels.ts): replace the renderer's list. */
  labels?: MapLabel[];
  /**
   * Undo and redo: the journal's name of the step they undid or redid ("Paint 12 hexes
   * forest"), for the renderer's "Undid: …" note; absent when there was nothing to undo.
   */
  label?: string;
}

/** One layer's setting in `maps.setLayers` (core/map/view-layers.ts). */
const layer = s.optional(s.object({ visible: s.boolean(), opacity: s.number(0, 1) }));

export const MAPS_OPERATIONS = {
  /** Maps of the open project. */
  'maps.list': { args: s.object({}) },
  'maps.create': {
    args: s.object({
      name: s.string({ min: 1, max: 200 }),
      kind: s.literal(...GRID_KINDS),
      size: s.string({ min: 1, max: 20, pattern: /^\d+(x\d+)?$/ }),
      wrap: s.optional(s.literal('none', 'x', 'y', 'x,y')),
      alform: s.boolean(),
      /** Hex kinds: flat-topped columns (the default) or pointy-topped rows; `size` is the grid's (a pointy W×H rows map: H×W). */
      orientation: s.optional(s.literal(...HEX_ORIENTATIONS)),
      fill: s.optional(terrainId),
    }),
  },
  'maps.load': { args: s.object({ id }) },
  'maps.delete': { args: s.object({ id }) },
  /** Paint: set the terrain of tiles (AL-FORM class rules are checked). One undo step. */
  'maps.paint': { args: s.object({ id, tiles: s.array(tile, 1_000_000), terrain: terrainId }) },
  /** Classic maps: terrain on the edge between a tile and its neighbour in `dir`. */
  'maps.paintEdge': { args: s.object({ id, tile, dir: s.int(0, 7), terrain: terrainId }) },
  'maps.undo': { args: s.object({ id }) },
  'maps.redo': { args: s.object({ id }) },
  /** Classic → AL-FORM: a new map in the project. */
  'maps.convert': { args: s.object({ id }) },
  'maps.setNumbering': { args: s.object({ id, numbering: s.nullable(s.literal(...NUMBERING_SYSTEMS)) }) },
  /** The layers' visibility and opacity shown for the map (core/map/view-layers.ts), stored with it; not an undo step. */
  'maps.setLayers': {
    args: s.object({
      id,
      layers: s.object({ terrain: layer, linear: layer, vector: layer, grid: layer, numbers: layer, labels: layer, analysis: layer }),
    }),
  },
  /**
   * AL-FORM maps: a drawn stroke's chain of linear tiles (stroke order, each joined to the
   * next: core/alform/linear-stroke.ts) in linear `terrain`; crossings become the catalogue's
   * composites (core/map/draw-linear.ts). One undo step.
   */
  'maps.drawLinear': { args: s.object({ id, tiles: s.array(tile, 1_000_000), terrain: terrainId }) },
  /** Classic maps: the same along a run of tile edges (edge slots in stroke order: core/alform/classic-stroke.ts). One undo step. */
  'maps.drawEdges': { args: s.object({ id, slots: s.array(tile, 1_000_000), terrain: terrainId }) },
  /** AL-FORM maps: the whole linear feature through `tile`, through its crossings, becomes linear `terrain` (core/map/feature-fill.ts). One undo step. */
  'maps.fillFeature': { args: s.object({ id, tile, terrain: terrainId }) },
} as const satisfies OperationTable;

export interface MapsResults {
  'maps.list': MapSummary[];
  'maps.create': MapPayload;
  'maps.load': MapPayload;
  'maps.delete': ProjectInfo;
  'maps.paint': EditResult;
  'maps.paintEdge': EditResult;
  'maps.undo': EditResult;
  'maps.redo': EditResult;
  'maps.convert': MapPayload;
  /** The numbering now stored with the map (null: none). */
  'maps.setNumbering': { numbering: NumberingSystem | null };
  /** The layer settings now stored with the map. */
  'maps.setLayers': { layers: StoredViewLayers };
  'maps.drawLinear': EditResult;
  'maps.drawEdges': EditResult;
  'maps.fillFeature': EditResult;
}
