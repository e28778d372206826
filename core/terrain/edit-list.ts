/**
 * A list of catalogue edits applied as one change (the app's catalogue editor, the
 * `catalogue.update` operation): untrusted JSON in, a validated catalogue out, or a
 * CatalogueError naming the edit (`edits[2] updateTerrain`) and the JSONPath into the
 * catalogue the edit would break (`$.terrains[4].movement.wheeled.cost`). Each edit is one
 * of edit.ts's functions, so an edited catalogue is as valid as a loaded one and the rules
 * live there alone; the list is all or nothing, as the input is never modified.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import {
  addMovementMode,
  addTerrain,
  removeMovementMode,
  removeTerrain,
  updateMovementMode,
  updateTerrain,
  type ModePatch,
  type NewModeRules,
  type TerrainPatch,
} from './edit.js';
import { parseMovementMode, parseTerrain } from './parse.js';
import { fail, isObject, readArray, readString, type JsonObject } from './read.js';
import { CatalogueError, type MovementMode, type Terrain, type TerrainCatalogue } from './types.js';

export type CatalogueEdit =
  | { readonly op: 'addTerrain'; readonly terrain: Terrain }
  | { readonly op: 'updateTerrain'; readonly id: string; readonly patch: TerrainPatch }
  | { readonly op: 'removeTerrain'; readonly id: string }
  | { readonly op: 'addMode'; readonly mode: MovementMode; readonly rules: NewModeRules }
  | { readonly op: 'updateMode'; readonly id: string; readonly patch: ModePatch }
  | { readonly op: 'removeMode'; readonly id: string };

export const CATALOGUE_EDIT_OPS = ['addTerrain', 'updateTerrain', 'removeTerrain', 'addMode', 'updateMode', 'removeMode'] as const;

/** The longest edit list one change may carry (a whole catalogue is sent as a catalogue instead). */
export const MAX_CATALOGUE_EDITS = 1000;

const KEYS: Record<CatalogueEdit['op'], readonly string[]> = {
  addTerrain: ['op', 'terrain'],
  updateTerrain: ['op', 'id', 'patch'],
  removeTerrain: ['op', 'id'],
  addMode: ['op', 'mode', 'rules'],
  updateMode: ['op', 'id', 'patch'],
  removeMode: ['op', 'id'],
};

/** Applies `edits` in order to `catalogue`; the first one that fails throws, and nothing is applied. */
export function applyCatalogueEdits(catalogue: TerrainCatalogue, edits: unknown, source = 'edits'): TerrainCatalogue {
  const list = readArray(source, '$', edits, 1);
  if (list.length > MAX_CATALOGUE_EDITS) fail(source, '$', `expected at most ${MAX_CATALOGUE_EDITS} edits, got ${list.length}`);
  let next = catalogue;
  list.forEach((raw, i) => {
    const where = `${source}[${i}]`;
    try {
      next = applyOne(next, readEdit(raw, where));
    } catch (e) {
      // Keep the path into the catalogue (where the editor shows the message); name the edit in the source.
      if (e instanceof CatalogueError && e.source !== where) throw new CatalogueError(`${where} ${e.source}`, e.path, detailOf(e));
      throw e;
    }
  });
  return next;
}

function detailOf(e: CatalogueError): string {
  const prefix = `${e.source}: ${e.path}: `;
  return e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
}

/**
 * An edit as read from JSON: its op and fields are checked, its values are not yet — each
 * edit function parses what it is given (a patch or rules object is merged, then parsed).
 */
type EditJson =
  | { readonly op: 'addTerrain'; readonly terrain: unknown }
  | { readonly op: 'updateTerrain'; readonly id: string; readonly patch: JsonObject }
  | { readonly op: 'removeTerrain'; readonly id: string }
  | { readonly op: 'addMode'; readonly mode: unknown; readonly rules: JsonObject | undefined }
  | { readonly op: 'updateMode'; readonly id: string; readonly patch: JsonObject }
  | { readonly op: 'removeMode'; readonly id: string };

/** The edit's shape: which op and which fields; the values are checked by the edit function. */
function readEdit(raw: unknown, where: string): EditJson {
  if (!isObject(raw)) fail(where, '$', 'expected an edit object {"op", …}');
  const op = raw.op;
  if (typeof op !== 'string' || !isEditOp(op)) {
    fail(where, '$.op', `expected one of ${CATALOGUE_EDIT_OPS.join(', ')}, got ${JSON.stringify(op) ?? 'nothing'}`);
  }
  const allowed = KEYS[op];
  for (const key of Object.keys(raw)) if (!allowed.includes(key)) fail(where, `$.${key}`, `not a field of a ${op} edit (fields: ${allowed.join(', ')})`);
  const id = allowed.includes('id') ? readString(where, '$.id', raw.id) : '';
  const patch = (): JsonObject => (isObject(raw.patch) ? raw.patch : fail(where, '$.patch', 'expected an object of the fields to change'));
  switch (op) {
    case 'addTerrain':
      return { op, terrain: raw.terrain };
    case 'updateTerrain':
      return { op, id, patch: patch() };
    case 'addMode':
      if (raw.rules !== undefined && !isObject(raw.rules)) fail(where, '$.rules', 'expected {"default", "byTerrain"}');
      return { op, mode: raw.mode, rules: raw.rules };
    case 'updateMode':
      return { op, id, patch: patch() };
    case 'removeTerrain':
    case 'removeMode':
      return { op, id };
  }
}

function isEditOp(op: string): op is CatalogueEdit['op'] {
  return (CATALOGUE_EDIT_OPS as readonly string[]).includes(op);
}

function applyOne(catalogue: TerrainCatalogue, edit: EditJson): TerrainCatalogue {
  switch (edit.op) {
    case 'addTerrain':
      // The parse addTerrain begins with (same source and path, so the same errors), done here to hand it a Terrain.
      return addTerrain(catalogue, parseTerrain(edit.terrain, 'addTerrain', '$.terrain', catalogue.modes.map((m) => m.id)));
    case 'updateTerrain':
      return updateTerrain(catalogue, edit.id, edit.patch);
    case 'removeTerrain':
      return removeTerrain(catalogue, edit.id);
    case 'addMode':
      // Likewise the parse addMovementMode begins with.
      return addMovementMode(catalogue, parseMovementMode(edit.mode, 'addMovementMode', '$.mode'), edit.rules ?? {});
    case 'updateMode':
      return updateMovementMode(catalogue, edit.id, edit.patch);
    case 'removeMode':
      return removeMovementMode(catalogue, edit.id);
  }
}
