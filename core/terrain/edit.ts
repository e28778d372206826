/**
 * Editing a terrain catalogue: each function returns a new frozen catalogue and leaves its
 * input untouched (immutable records, as tldraw's store; unchanged terrains are shared).
 * Every result passes the same validation as a loaded file, so an editor can never produce
 * a catalogue that would fail to load; a rejected edit throws a CatalogueError whose source
 * is the function's name and whose path points into the catalogue or the argument.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

import { checkCatalogue } from './check.js';
import { parseModeRule, parseMovementMode, parseTerrain } from './parse.js';
import { fail, isObject, prop } from './read.js';
import type { AreaTerrain, LinearTerrain, ModeRule, MovementMode, Terrain, TerrainCatalogue } from './types.js';

/** Rules for a new mode: one per terrain in `byTerrain`, and `default` for the others. */
export interface NewModeRules {
  readonly default?: ModeRule;
  readonly byTerrain?: Readonly<Record<string, ModeRule>>;
}

type Editable<T> = Omit<T, 'id' | 'class' | 'movement'>;

/**
 * Fields to change on a terrain. `movement` is merged mode by mode; a field set to
 * `undefined` is removed (only the optional ones may be). Ids and classes never change:
 * maps refer to terrains by id and paint them on tiles of one class.
 */
export type TerrainPatch = Partial<Editable<AreaTerrain>> &
  Partial<Editable<LinearTerrain>> & { readonly movement?: Readonly<Record<string, ModeRule>> };

function rebuild(catalogue: TerrainCatalogue, changes: Partial<TerrainCatalogue>, source: string): TerrainCatalogue {
  const next: TerrainCatalogue = Object.freeze({ ...catalogue, ...changes });
  checkCatalogue(next, source);
  return next;
}

export function addMovementMode(catalogue: TerrainCatalogue, mode: MovementMode, rules: NewModeRules): TerrainCatalogue {
  const source = 'addMovementMode';
  const parsed = parseMovementMode(mode, source, '$.mode');
  if (catalogue.modes.some((m) => m.id === parsed.id)) fail(source, '$.mode.id', `movement mode "${parsed.id}" already exists`);
  const byTerrain = rules.byTerrain ?? {};
  if (!isObject(byTerrain)) fail(source, '$.rules.byTerrain', 'expected an object keyed by terrain id');
  for (const id of Object.keys(byTerrain)) {
    if (!catalogue.terrains.some((t) => t.id === id)) fail(source, prop('$.rules.byTerrain', id), `unknown terrain "${id}"`);
  }
  const missing = catalogue.terrains.filter((t) => byTerrain[t.id] === undefined).map((t) => `"${t.id}"`);
  if (missing.length > 0 && rules.default === undefined) {
    fail(source, '$.rules', `no rule for terrain${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (give each a byTerrain entry, or a default)`);
  }
  const terrains = catalogue.terrains.map((t) => {
    const own = byTerrain[t.id];
    const path = own === undefined ? '$.rules.default' : prop('$.rules.byTerrain', t.id);
    const rule = parseModeRule(own ?? rules.default, source, path, t.class === 'area');
    return Object.freeze({ ...t, movement: Object.freeze({ ...t.movement, [parsed.id]: rule }) });
  });
  return rebuild(catalogue, { modes: Object.freeze([...catalogue.modes, parsed]), terrains: Object.freeze(terrains) }, source);
}

/** Fields of a mode a designer may change; its id never changes (analysis and rules refer to it). */
export interface ModePatch {
  readonly name?: string;
  /** `null` removes the description. */
  readonly description?: string | null;
}

/** Renames a movement mode or changes its description. */
export function updateMovementMode(catalogue: TerrainCatalogue, modeId: string, patch: ModePatch): TerrainCatalogue {
  const source = 'updateMovementMode';
  const at = catalogue.modes.findIndex((m) => m.id === modeId);
  if (at < 0) fail(source, '$.modes', `no movement mode "${modeId}" to update`);
  if (!isObject(patch)) fail(source, '$.patch', 'expected an object {"name", "description"}');
  const old = catalogue.modes[at]!;
  const newId = (patch as Record<string, unknown>).id;
  if (newId !== undefined && newId !== old.id) {
    fail(source, '$.patch.id', `a movement mode's id never changes (terrain rules and analysis refer to it); got ${JSON.stringify(newId)} for "${modeId}"`);
  }
  const merged: Record<string, unknown> = { ...old, ...patch, id: old.id };
  if (merged.description === null || merged.description === undefined) delete merged.description;
  const parsed = parseMovementMode(merged, source, `$.modes[${at}]`);
  const modes = catalogue.modes.slice();
  modes[at] = parsed;
  return rebuild(catalogue, { modes: Object.freeze(modes) }, source);
}

export function removeMovementMode(catalogue: TerrainCatalogue, modeId: string): TerrainCatalogue {
  const source = 'removeMovementMode';
  if (!catalogue.modes.some((m) => m.id === modeId)) fail(source, '$.modes', `no movement mode "${modeId}" to remove`);
  if (catalogue.modes.length === 1) fail(source, '$.modes', `cannot remove "${modeId}": a catalogue needs at least one movement mode`);
  const terrains = catalogue.terrains.map((t) => {
    const movement = { ...t.movement };
    delete movement[modeId];
    if (t.class === 'linear' && t.networkCost?.[modeId] !== undefined) {
      // The network's rate for the mode goes with the mode.
      const networkCost = { ...t.networkCost };
      delete networkCost[modeId];
      return Object.freeze({ ...t, movement: Object.freeze(movement), networkCost: Object.freeze(networkCost) });
    }
    return Object.freeze({ ...t, movement: Object.freeze(movement) });
  });
  return rebuild(
    catalogue,
    { modes: Object.freeze(catalogue.modes.filter((m) => m.id !== modeId)), terrains: Object.freeze(terrains) },
    source,
  );
}

export function addTerrain(catalogue: TerrainCatalogue, terrain: Terrain): TerrainCatalogue {
  const source = 'addTerrain';
  const parsed = parseTerrain(terrain, source, '$.terrain', catalogue.modes.map((m) => m.id));
  const existing = catalogue.terrains.findIndex((t) => t.id === parsed.id);
  if (existing >= 0) fail(source, '$.terrain.id', `terrain "${parsed.id}" already exists (at $.terrains[${existing}])`);
  return rebuild(catalogue, { terrains: Object.freeze([...catalogue.terrains, parsed]) }, source);
}

export function updateTerrain(catalogue: TerrainCatalogue, id: string, patch: TerrainPatch): TerrainCatalogue {
  const source = 'updateTerrain';
  const at = catalogue.terrains.findIndex((t) => t.id === id);
  if (at < 0) fail(source, '$.terrains', `no terrain "${id}" to update`);
  const old = catalogue.terrains[at]!;
  for (const key of ['id', 'class'] as const) {
    const value = (patch as Record<string, unknown>)[key];
    if (value !== undefined && value !== old[key]) {
      fail(source, `$.patch.${key}`, `a terrain's ${key} never changes (maps refer to it); got ${JSON.stringify(value)} for "${id}"`);
    }
  }
  const merged: Record<string, unknown> = { ...old, ...patch, movement: { ...old.movement, ...patch.movement } };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  const updated = parseTerrain(merged, source, `$.terrains[${at}]`, catalogue.modes.map((m) => m.id));
  const terrains = catalogue.terrains.slice();
  terrains[at] = updated;
  return rebuild(catalogue, { terrains: Object.freeze(terrains) }, source);
}

/** Refused while a transition or composite names the terrain; it leaves linearPriority silently. */
export function removeTerrain(catalogue: TerrainCatalogue, id: string): TerrainCatalogue {
  const source = 'removeTerrain';
  if (!catalogue.terrains.some((t) => t.id === id)) fail(source, '$.terrains', `no terrain "${id}" to remove`);
  const reference = findReference(catalogue, id);
  if (reference !== undefined) {
    fail(source, reference.path, `cannot remove terrain "${id}" while ${reference.what} refers to it (change or remove that first)`);
  }
  return rebuild(
    catalogue,
    {
      terrains: Object.freeze(catalogue.terrains.filter((t) => t.id !== id)),
      linearPriority: Object.freeze(catalogue.linearPriority.filter((p) => p !== id)),
    },
    source,
  );
}

function findReference(catalogue: TerrainCatalogue, id: string): { path: string; what: string } | undefined {
  for (const [i, c] of catalogue.composites.entries()) {
    const what = `the composite ${c.pair[0]} + ${c.pair[1]} → ${c.result}`;
    if (c.pair[0] === id) return { path: `$.composites[${i}].pair[0]`, what };
    if (c.pair[1] === id) return { path: `$.composites[${i}].pair[1]`, what };
    if (c.result === id) return { path: `$.composites[${i}].result`, what };
  }
  for (const [i, rule] of catalogue.transitions.entries()) {
    const what = 'a transition rule';
    const path = `$.transitions[${i}]`;
    for (const s of [0, 1] as const) {
      const side = rule.between[s];
      if (side === id) return { path: `${path}.between[${s}]`, what };
      if (typeof side !== 'string' && side.includes(id)) return { path: `${path}.between[${s}][${side.indexOf(id)}]`, what };
    }
    if (rule.edge === id) return { path: `${path}.edge`, what };
    const band = rule.band;
    const places =
      typeof band === 'object' && 'byElevation' in band
        ? band.byElevation.map((step, k) => ({ fill: step.terrain, edge: step.edge, at: `${path}.band.byElevation[${k}]`, fillAt: `${path}.band.byElevation[${k}].terrain` }))
        : [{ fill: band, edge: undefined, at: `${path}.band`, fillAt: `${path}.band` }];
    for (const { fill, edge, at, fillAt } of places) {
      if (fill === id) return { path: fillAt, what };
      if (typeof fill !== 'string') {
        const w = fill.findIndex((x) => x.terrain === id);
        if (w >= 0) return { path: `${fillAt}[${w}].terrain`, what };
      }
      if (edge === id) return { path: `${at}.edge`, what };
    }
  }
  return undefined;
}
