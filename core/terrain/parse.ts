/**
 * Reading a terrain catalogue from untyped JSON (SPEC §4, §7). Everything is validated —
 * shapes, ranges, ids, the rules that tie records together — and the first problem throws
 * a CatalogueError naming the JSONPath and what was expected. The result is deeply frozen.
 *
 * Must not depend on: DOM, Node (no file access: callers pass parsed JSON), Electron,
 * Three.js, Svelte.
 */

import {
  CATALOGUE_FORMAT,
  CATALOGUE_VERSION,
  LINEAR_WIDTHS,
  STREET_LAYOUTS,
  type BandFill,
  type StreetLayout,
  type ElevationStep,
  type LinearComposite,
  type LinearWidth,
  type ModeRule,
  type MovementMode,
  type Terrain,
  type TerrainCatalogue,
  type TerrainSide,
  type TransitionBand,
  type TransitionRule,
  type WeightedTerrain,
} from './types.js';
import {
  describe,
  expected,
  fail,
  isObject,
  prop,
  readArray,
  readBoolean,
  readColour,
  readId,
  readNumber,
  readObject,
  readString,
  type JsonObject,
} from './read.js';
import { checkCatalogue } from './check.js';
import { NETWORK_KEYS, parseNetworkFields } from './network.js';

export { checkCatalogue, linearRanks, pairKey } from './check.js';

const CATALOGUE_KEYS = ['format', 'version', 'name', 'description', 'modes', 'terrains', 'transitions', 'composites', 'linearPriority'];
const MODE_KEYS = ['id', 'name', 'description'];
const COMMON_TERRAIN_KEYS = [
  'id',
  'class',
  'name',
  'colour',
  'secondaryColour',
  'pattern',
  'humanCurated',
  'elevationOffset',
  'height',
  'cover',
  'concealment',
  'movement',
  'reorderable',
  'interchangeable',
];
const AREA_ONLY_KEYS = ['blocksSightThrough', 'streets'];
const LINEAR_ONLY_KEYS = ['width', 'blocksSightAcross', 'blocksSightAlong', ...NETWORK_KEYS];
const RULE_KEYS = ['cost', 'playable'];
const TRANSITION_KEYS = ['between', 'band', 'edge', 'width'];
const STEP_KEYS = ['below', 'terrain', 'edge'];
const WEIGHTED_KEYS = ['terrain', 'weight'];
const COMPOSITE_KEYS = ['pair', 'result'];

/** Transition bands are 2–4 tiles wide (SPEC §7). */
export const MIN_BAND_WIDTH = 2;
export const MAX_BAND_WIDTH = 4;

/**
 * Validate `json` (already parsed from text) as a terrain catalogue. `source` prefixes every
 * error message, typically the file name: `default.json: $.terrains[12].movement…`.
 */
export function parseCatalogue(json: unknown, source = 'catalogue'): TerrainCatalogue {
  const root = readObject(source, '$', json, CATALOGUE_KEYS, 'a terrain catalogue object');
  if (root.format !== CATALOGUE_FORMAT) expected(source, '$.format', `"${CATALOGUE_FORMAT}"`, root.format);
  if (root.version !== CATALOGUE_VERSION) {
    expected(source, '$.version', `${CATALOGUE_VERSION} (the catalogue version this build reads)`, root.version);
  }
  const name = readString(source, '$.name', root.name);
  const description = root.description === undefined ? undefined : readString(source, '$.description', root.description);

  const modes = readArray(source, '$.modes', root.modes, 1).map((m, i) => parseMovementMode(m, source, `$.modes[${i}]`));
  const modeIds = modes.map((m) => m.id);
  const terrains = readArray(source, '$.terrains', root.terrains).map((t, i) => parseTerrain(t, source, `$.terrains[${i}]`, modeIds));
  const transitions = optionalArray(source, '$.transitions', root.transitions).map((t, i) =>
    parseTransition(t, source, `$.transitions[${i}]`),
  );
  const composites = optionalArray(source, '$.composites', root.composites).map((c, i) =>
    parseComposite(c, source, `$.composites[${i}]`),
  );
  const linearPriority = optionalArray(source, '$.linearPriority', root.linearPriority).map((id, i) =>
    readId(source, `$.linearPriority[${i}]`, id),
  );

  const catalogue: TerrainCatalogue = Object.freeze({
    format: CATALOGUE_FORMAT,
    version: CATALOGUE_VERSION,
    name,
    ...(description === undefined ? {} : { description }),
    modes: Object.freeze(modes),
    terrains: Object.freeze(terrains),
    transitions: Object.freeze(transitions),
    composites: Object.freeze(composites),
    linearPriority: Object.freeze(linearPriority),
  });
  checkCatalogue(catalogue, source);
  return catalogue;
}

function optionalArray(source: string, path: string, value: unknown): readonly unknown[] {
  return value === undefined ? [] : readArray(source, path, value);
}

export function parseMovementMode(json: unknown, source: string, path: string): MovementMode {
  const o = readObject(source, path, json, MODE_KEYS, 'a movement mode object');
  const id = readId(source, prop(path, 'id'), o.id);
  const name = readString(source, prop(path, 'name'), o.name);
  if (o.description === undefined) return Object.freeze({ id, name });
  return Object.freeze({ id, name, description: readString(source, prop(path, 'description'), o.description) });
}

/**
 * One mode rule. `isArea` matters because an unplayable area terrain cannot be entered at
 * all, so any cost other than "impassable" would be a contradiction (see types.ts).
 */
export function parseModeRule(json: unknown, source: string, path: string, isArea: boolean): ModeRule {
  const o = readObject(source, path, json, RULE_KEYS, 'a movement rule {"cost", "playable"}');
  const cost = o.cost === 'impassable' ? 'impassable' : readNumber(source, prop(path, 'cost'), o.cost, { min: 0, what: 'a number ≥ 0 or "impassable"' });
  const playable = readBoolean(source, prop(path, 'playable'), o.playable);
  if (playable && cost === 'impassable') {
    fail(source, prop(path, 'cost'), 'expected a number ≥ 0 for a playable terrain (its tiles are entered or moved along), got "impassable"');
  }
  if (isArea && !playable && cost !== 'impassable') {
    fail(source, prop(path, 'cost'), `expected "impassable" for an unplayable area terrain (it cannot be entered), got ${describe(cost)}`);
  }
  return Object.freeze({ cost, playable });
}

/** One terrain; `modeIds` are the catalogue's modes, each of which it must define. */
export function parseTerrain(json: unknown, source: string, path: string, modeIds: readonly string[]): Terrain {
  const raw = readObject(source, path, json, [...COMMON_TERRAIN_KEYS, ...AREA_ONLY_KEYS, ...LINEAR_ONLY_KEYS], 'a terrain object');
  const cls = raw.class;
  if (cls !== 'area' && cls !== 'linear') expected(source, prop(path, 'class'), '"area" or "linear"', cls);
  rejectOtherClassKeys(raw, source, path, cls);

  const id = readId(source, prop(path, 'id'), raw.id);
  const name = readString(source, prop(path, 'name'), raw.name);
  const colour = readColour(source, prop(path, 'colour'), raw.colour);
  const secondaryColour = raw.secondaryColour === undefined ? undefined : readColour(source, prop(path, 'secondaryColour'), raw.secondaryColour);
  const pattern = raw.pattern === undefined ? undefined : readId(source, prop(path, 'pattern'), raw.pattern);
  const humanCurated = readBoolean(source, prop(path, 'humanCurated'), raw.humanCurated);
  const elevationOffset = readNumber(source, prop(path, 'elevationOffset'), raw.elevationOffset, { what: 'a number of metres' });
  const height = readNumber(source, prop(path, 'height'), raw.height, { min: 0 });
  const cover = readNumber(source, prop(path, 'cover'), raw.cover, { min: 0, max: 1 });
  const concealment = readNumber(source, prop(path, 'concealment'), raw.concealment, { min: 0, max: 1 });
  const movement = parseMovement(raw.movement, source, prop(path, 'movement'), id, modeIds, cls === 'area');
  const reorderable = raw.reorderable === undefined ? undefined : readBoolean(source, prop(path, 'reorderable'), raw.reorderable);
  const interchangeable = raw.interchangeable === undefined ? undefined : readInterchangeable(source, prop(path, 'interchangeable'), raw.interchangeable, id);

  const base = {
    id,
    class: cls,
    name,
    colour,
    ...(secondaryColour === undefined ? {} : { secondaryColour }),
    ...(pattern === undefined ? {} : { pattern }),
    humanCurated,
    elevationOffset,
    height,
    cover,
    concealment,
    ...(reorderable === undefined ? {} : { reorderable }),
    ...(interchangeable === undefined ? {} : { interchangeable }),
  };
  if (cls === 'area') {
    const blocksSightThrough = readBoolean(source, prop(path, 'blocksSightThrough'), raw.blocksSightThrough);
    if (raw.streets !== undefined && !(STREET_LAYOUTS as readonly unknown[]).includes(raw.streets)) {
      expected(source, prop(path, 'streets'), '"grid" or "organic"', raw.streets);
    }
    const streets = raw.streets as StreetLayout | undefined;
    return Object.freeze({ ...base, class: cls, blocksSightThrough, ...(streets === undefined ? {} : { streets }), movement });
  }
  if (!(LINEAR_WIDTHS as readonly unknown[]).includes(raw.width)) {
    expected(source, prop(path, 'width'), '"narrow", "medium" or "wide"', raw.width);
  }
  const width = raw.width as LinearWidth;
  const blocksSightAcross = readBoolean(source, prop(path, 'blocksSightAcross'), raw.blocksSightAcross);
  const blocksSightAlong = readBoolean(source, prop(path, 'blocksSightAlong'), raw.blocksSightAlong);
  const network = parseNetworkFields(raw, source, path, modeIds);
  return Object.freeze({ ...base, class: cls, width, blocksSightAcross, blocksSightAlong, ...network, movement });
}

/** `interchangeable`: distinct terrain ids other than the terrain's own (checkCatalogue checks they exist, of the same class). */
function readInterchangeable(source: string, path: string, value: unknown, own: string): readonly string[] {
  const ids = readArray(source, path, value).map((v, i) => readId(source, `${path}[${i}]`, v));
  ids.forEach((id, i) => {
    if (id === own) fail(source, `${path}[${i}]`, `a terrain is always interchangeable with itself; list only others`);
    if (ids.indexOf(id) !== i) fail(source, `${path}[${i}]`, `"${id}" is listed twice`);
  });
  return Object.freeze(ids);
}

/** Sight and width properties belong to one class; say which, rather than "unknown property". */
function rejectOtherClassKeys(raw: JsonObject, source: string, path: string, cls: 'area' | 'linear'): void {
  const foreign = cls === 'area' ? LINEAR_ONLY_KEYS : AREA_ONLY_KEYS;
  for (const key of foreign) {
    if (raw[key] === undefined) continue;
    const hint =
      key === 'blocksSightThrough'
        ? 'linear terrain blocks sight across or along it: use blocksSightAcross / blocksSightAlong'
        : key === 'width'
          ? 'only linear tiles have a width class'
          : key === 'streets'
            ? 'only built-up area terrain has a street layout'
            : NETWORK_KEYS.includes(key)
              ? 'only linear terrain runs along or through tiles'
              : 'area terrain blocks sight through it: use blocksSightThrough';
    fail(source, prop(path, key), `not allowed on ${cls} terrain (${hint})`);
  }
}

function parseMovement(
  json: unknown,
  source: string,
  path: string,
  terrainId: string,
  modeIds: readonly string[],
  isArea: boolean,
): Readonly<Record<string, ModeRule>> {
  if (!isObject(json)) expected(source, path, 'an object with one rule per movement mode', json);
  const o = json;
  for (const key of Object.keys(o)) {
    if (!modeIds.includes(key)) fail(source, prop(path, key), `unknown movement mode "${key}" (catalogue modes: ${modeIds.join(', ')})`);
  }
  const missing = modeIds.filter((m) => o[m] === undefined);
  if (missing.length > 0) {
    fail(
      source,
      path,
      `terrain "${terrainId}" lacks movement mode${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')} ` +
        `(every terrain must define every mode of the catalogue: ${modeIds.join(', ')})`,
    );
  }
  const movement: Record<string, ModeRule> = {};
  for (const m of modeIds) movement[m] = parseModeRule(o[m], source, prop(path, m), isArea);
  return Object.freeze(movement);
}

function parseSide(json: unknown, source: string, path: string): TerrainSide {
  if (typeof json === 'string') return readId(source, path, json);
  if (!Array.isArray(json) || json.length === 0) expected(source, path, 'a terrain id or a non-empty array of terrain ids', json);
  const ids = json.map((id, i) => readId(source, `${path}[${i}]`, id));
  const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (dup >= 0) fail(source, `${path}[${dup}]`, `"${ids[dup]}" is listed twice`);
  return Object.freeze(ids);
}

function parseFill(json: unknown, source: string, path: string): BandFill {
  if (typeof json === 'string') return readId(source, path, json);
  if (!Array.isArray(json) || json.length === 0) {
    expected(source, path, 'a terrain id or a non-empty array of {"terrain", "weight"}', json);
  }
  const fill: WeightedTerrain[] = json.map((w, i) => {
    const p = `${path}[${i}]`;
    const o = readObject(source, p, w, WEIGHTED_KEYS, 'a weighted terrain {"terrain", "weight"}');
    const terrain = readId(source, prop(p, 'terrain'), o.terrain);
    const weight = readNumber(source, prop(p, 'weight'), o.weight, { what: 'a number > 0' });
    if (weight <= 0) expected(source, prop(p, 'weight'), 'a number > 0', weight);
    return Object.freeze({ terrain, weight });
  });
  const dup = fill.findIndex((w, i) => fill.findIndex((v) => v.terrain === w.terrain) !== i);
  if (dup >= 0) fail(source, `${path}[${dup}].terrain`, `"${fill[dup]!.terrain}" is listed twice`);
  return Object.freeze(fill);
}

function parseBand(json: unknown, source: string, path: string): TransitionBand {
  if (typeof json === 'string' || Array.isArray(json)) return parseFill(json, source, path);
  const o = readObject(source, path, json, ['byElevation'], 'a terrain id, a weighted list, or {"byElevation": [...]}');
  const stepsPath = prop(path, 'byElevation');
  const raw = readArray(source, stepsPath, o.byElevation, 1);
  const steps: ElevationStep[] = [];
  let previous = -Infinity;
  raw.forEach((s, i) => {
    const p = `${stepsPath}[${i}]`;
    const so = readObject(source, p, s, STEP_KEYS, 'an elevation step {"below", "terrain", "edge"}');
    const last = i === raw.length - 1;
    let below: number | undefined;
    if (last) {
      if (so.below !== undefined) {
        fail(source, prop(p, 'below'), `the last step must omit "below" so that every elevation has a band, got ${describe(so.below)}`);
      }
    } else {
      if (so.below === undefined) expected(source, prop(p, 'below'), 'a number of metres (only the last step may omit it)', so.below);
      below = readNumber(source, prop(p, 'below'), so.below, { what: 'a number of metres' });
      if (below <= previous) expected(source, prop(p, 'below'), `a number greater than the previous step's ${previous}`, below);
      previous = below;
    }
    const terrain = parseFill(so.terrain, source, prop(p, 'terrain'));
    const edge = so.edge === undefined ? undefined : readId(source, prop(p, 'edge'), so.edge);
    steps.push(Object.freeze({ ...(below === undefined ? {} : { below }), terrain, ...(edge === undefined ? {} : { edge }) }));
  });
  return Object.freeze({ byElevation: Object.freeze(steps) });
}

export function parseTransition(json: unknown, source: string, path: string): TransitionRule {
  const o = readObject(source, path, json, TRANSITION_KEYS, 'a transition rule {"between", "band", "width"}');
  const betweenPath = prop(path, 'between');
  if (!Array.isArray(o.between) || o.between.length !== 2) expected(source, betweenPath, 'an array of two sides', o.between);
  const between = Object.freeze([parseSide(o.between[0], source, `${betweenPath}[0]`), parseSide(o.between[1], source, `${betweenPath}[1]`)] as const);
  const band = parseBand(o.band, source, prop(path, 'band'));
  const edge = o.edge === undefined ? undefined : readId(source, prop(path, 'edge'), o.edge);
  if (edge !== undefined && typeof band === 'object' && 'byElevation' in band) {
    fail(source, prop(path, 'edge'), 'not allowed with a "byElevation" band (give each elevation step its own "edge")');
  }
  const width = readNumber(source, prop(path, 'width'), o.width, { min: MIN_BAND_WIDTH, max: MAX_BAND_WIDTH, integer: true });
  return Object.freeze({ between, band, ...(edge === undefined ? {} : { edge }), width });
}

export function parseComposite(json: unknown, source: string, path: string): LinearComposite {
  const o = readObject(source, path, json, COMPOSITE_KEYS, 'a linear composite {"pair", "result"}');
  const pairPath = prop(path, 'pair');
  if (!Array.isArray(o.pair) || o.pair.length !== 2) expected(source, pairPath, 'an array of two linear terrain ids', o.pair);
  const pair = Object.freeze([readId(source, `${pairPath}[0]`, o.pair[0]), readId(source, `${pairPath}[1]`, o.pair[1])] as const);
  const result = readId(source, prop(path, 'result'), o.result);
  return Object.freeze({ pair, result });
}
