/**
 * Validation of the track-tile model (core/track/types.ts), used twice: importers check
 * what they built, and the store reads rows and library packs back through the same code.
 * `read*` take untrusted JSON and return a fresh, checked model object; `validate*` check an
 * object that is already typed. Errors are InputErrors naming the JSON path of the first
 * problem (`$.connections[3].b.id`) and what was expected.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError, JsonReader } from '../util/input-error.js';
import type {
  Board,
  BoardHex,
  Border,
  Connection,
  GameManifest,
  Gauge,
  Junction,
  JunctionPosition,
  ManifestEntry,
  PhaseRevenue,
  TerrainCost,
  TrackEnd,
  TrackTile,
  Upgrade,
} from './types.js';
import { GAUGES, JUNCTION_TYPES } from './types.js';

const COLOUR_WORD = /^[a-z][a-z0-9-]*$/;
/** Hex names as 18xx boards print them: letters then a (possibly negative) number. */
/** A printed hex name; Rails boards use `@` for the row before A (1851's "@18"). */
export const HEX_NAME = /^(@|[A-Z]{1,2})-?\d{1,3}$/;
const MAX_SLOTS = 12;
const MAX_REVENUE = 100_000;
const MAX_COST = 1_000_000;

export function readTrackTile(value: unknown, source = 'tile'): TrackTile {
  const r = new JsonReader(source);
  const o = r.object(value, '$');
  r.onlyKeys(o, '$', ['id', 'name', 'colour', 'junctions', 'connections', 'label', 'costs', 'borders', 'source']);
  const id = nonEmpty(r, o.id, '$.id');
  const name = r.string(o.name, '$.name');
  const colour = r.string(o.colour, '$.colour');
  if (!COLOUR_WORD.test(colour)) r.fail('$.colour', 'a lower-case colour word such as "yellow"', colour);
  const junctions = r.array(o.junctions, '$.junctions').map((j, k) => readJunction(r, j, `$.junctions[${k}]`));
  const ids = new Set<string>();
  junctions.forEach((j, k) => {
    if (ids.has(j.id)) throw new InputError(source, `$.junctions[${k}].id`, `junction id "${j.id}" is used twice on tile "${id}"`);
    ids.add(j.id);
  });
  const connections = r.array(o.connections, '$.connections').map((c, k) => readConnection(r, c, `$.connections[${k}]`, ids));
  const tile: { -readonly [K in keyof TrackTile]: TrackTile[K] } = { id, name, colour, junctions, connections };
  if (o.label !== undefined) tile.label = nonEmpty(r, o.label, '$.label');
  if (o.costs !== undefined) tile.costs = r.array(o.costs, '$.costs').map((c, k) => readCost(r, c, `$.costs[${k}]`));
  if (o.borders !== undefined) {
    const seen = new Set<number>();
    tile.borders = r.array(o.borders, '$.borders').map((b, k) => {
      const border = readBorder(r, b, `$.borders[${k}]`);
      if (seen.has(border.side)) throw new InputError(source, `$.borders[${k}].side`, `side ${border.side} has two borders`);
      seen.add(border.side);
      return border;
    });
  }
  if (o.source !== undefined) tile.source = r.string(o.source, '$.source');
  return tile;
}

export function validateTrackTile(tile: TrackTile, source = 'tile'): void {
  readTrackTile(tile, source);
}

function readJunction(r: JsonReader, value: unknown, path: string): Junction {
  const o = r.object(value, path);
  r.onlyKeys(o, path, ['id', 'type', 'revenue', 'phaseRevenue', 'slots', 'position', 'groups']);
  const type = r.oneOf(o.type, `${path}.type`, JUNCTION_TYPES);
  const slots = r.integer(o.slots, `${path}.slots`, 0, MAX_SLOTS);
  const j: { -readonly [K in keyof Junction]: Junction[K] } = {
    id: nonEmpty(r, o.id, `${path}.id`),
    type,
    revenue: r.integer(o.revenue, `${path}.revenue`, 0, MAX_REVENUE),
    slots,
    position: o.position === null ? null : readPosition(r, o.position, `${path}.position`),
  };
  if (type === 'city' && slots < 1) r.fail(`${path}.slots`, 'at least 1 token slot for a city', slots);
  if (o.phaseRevenue !== undefined) {
    j.phaseRevenue = r.array(o.phaseRevenue, `${path}.phaseRevenue`).map((p, k): PhaseRevenue => {
      const at = `${path}.phaseRevenue[${k}]`;
      const po = r.object(p, at);
      r.onlyKeys(po, at, ['phase', 'value']);
      return { phase: nonEmpty(r, po.phase, `${at}.phase`), value: r.integer(po.value, `${at}.value`, 0, MAX_REVENUE) };
    });
  }
  if (o.groups !== undefined) j.groups = r.array(o.groups, `${path}.groups`).map((g, k) => nonEmpty(r, g, `${path}.groups[${k}]`));
  return j;
}

function readPosition(r: JsonReader, value: unknown, path: string): JunctionPosition {
  const o = r.object(value, path);
  r.onlyKeys(o, path, ['toward', 'level']);
  let toward: number | null = null;
  if (o.toward !== null) {
    toward = r.number(o.toward, `${path}.toward`, 0, 5.5);
    if (!Number.isInteger(toward * 2)) r.fail(`${path}.toward`, 'a side 0…5 or a corner 0.5…5.5', toward);
  }
  const level = o.level === null ? null : r.integer(o.level, `${path}.level`, 0, 9);
  return { toward, level };
}

function readConnection(r: JsonReader, value: unknown, path: string, junctions: ReadonlySet<string>): Connection {
  const o = r.object(value, path);
  r.onlyKeys(o, path, ['a', 'b', 'gauge', 'terminal', 'lanes']);
  const a = readEnd(r, o.a, `${path}.a`, junctions);
  const b = readEnd(r, o.b, `${path}.b`, junctions);
  if (sameEnd(a, b)) r.fail(`${path}.b`, 'an end different from a (a connection joins two places)', describeEnd(b));
  const c: { -readonly [K in keyof Connection]: Connection[K] } = { a, b, gauge: r.oneOf(o.gauge, `${path}.gauge`, GAUGES) as Gauge };
  if (o.terminal !== undefined) c.terminal = r.boolean(o.terminal, `${path}.terminal`);
  if (o.lanes !== undefined) c.lanes = r.integer(o.lanes, `${path}.lanes`, 1, 6);
  return c;
}

function readEnd(r: JsonReader, value: unknown, path: string, junctions: ReadonlySet<string>): TrackEnd {
  const o = r.object(value, path);
  const kind = r.oneOf(o.kind, `${path}.kind`, ['side', 'junction'] as const);
  if (kind === 'side') {
    r.onlyKeys(o, path, ['kind', 'side']);
    return { kind, side: r.integer(o.side, `${path}.side`, 0, 5) };
  }
  r.onlyKeys(o, path, ['kind', 'id']);
  const id = r.string(o.id, `${path}.id`);
  if (!junctions.has(id)) {
    r.fail(`${path}.id`, junctions.size ? `one of this tile's junctions (${[...junctions].join(', ')})` : 'a junction, but this tile has none', id);
  }
  return { kind, id };
}

function sameEnd(a: TrackEnd, b: TrackEnd): boolean {
  return a.kind === 'side' ? b.kind === 'side' && a.side === b.side : b.kind === 'junction' && a.id === b.id;
}

function describeEnd(e: TrackEnd): string {
  return e.kind === 'side' ? `side ${e.side}` : `junction ${e.id}`;
}

function readCost(r: JsonReader, value: unknown, path: string): TerrainCost {
  const o = r.object(value, path);
  r.onlyKeys(o, path, ['cost', 'terrain']);
  return {
    cost: r.integer(o.cost, `${path}.cost`, 0, MAX_COST),
    terrain: r.array(o.terrain, `${path}.terrain`).map((t, k) => nonEmpty(r, t, `${path}.terrain[${k}]`)),
  };
}

function readBorder(r: JsonReader, value: unknown, path: string): Border {
  const o = r.object(value, path);
  r.onlyKeys(o, path, ['side', 'type', 'cost']);
  const b: { -readonly [K in keyof Border]: Border[K] } = {
    side: r.integer(o.side, `${path}.side`, 0, 5),
    type: r.oneOf(o.type, `${path}.type`, ['impassable', 'mountain', 'water', 'plain'] as const),
  };
  if (o.cost !== undefined) b.cost = r.integer(o.cost, `${path}.cost`, 0, MAX_COST);
  return b;
}

/** `knownTiles`, when given, must contain every tile the manifest names. */
export function readManifest(value: unknown, source = 'manifest', knownTiles?: ReadonlySet<string>): GameManifest {
  const r = new JsonReader(source);
  const o = r.object(value, '$');
  r.onlyKeys(o, '$', ['game', 'tiles', 'upgrades']);
  const game = nonEmpty(r, o.game, '$.game');
  const seen = new Set<string>();
  const known = (id: string, path: string) => {
    if (knownTiles && !knownTiles.has(id)) r.fail(path, 'the id of a tile in the library', id);
  };
  const tiles = r.array(o.tiles, '$.tiles').map((t, k): ManifestEntry => {
    const path = `$.tiles[${k}]`;
    const to = r.object(t, path);
    r.onlyKeys(to, path, ['tileId', 'quantity', 'printedAs']);
    const tileId = nonEmpty(r, to.tileId, `${path}.tileId`);
    if (seen.has(tileId)) throw new InputError(source, `${path}.tileId`, `tile "${tileId}" is listed twice in the manifest of ${game}`);
    seen.add(tileId);
    known(tileId, `${path}.tileId`);
    const quantity = to.quantity === 'unlimited' ? 'unlimited' : quantityOf(r, to.quantity, `${path}.quantity`);
    const entry: { -readonly [K in keyof ManifestEntry]: ManifestEntry[K] } = { tileId, quantity };
    if (to.printedAs !== undefined) entry.printedAs = nonEmpty(r, to.printedAs, `${path}.printedAs`);
    return entry;
  });
  const upgrades = r.array(o.upgrades, '$.upgrades').map((u, k): Upgrade => {
    const path = `$.upgrades[${k}]`;
    const uo = r.object(u, path);
    r.onlyKeys(uo, path, ['from', 'to', 'onlyHexes', 'exceptHexes']);
    const from = nonEmpty(r, uo.from, `${path}.from`);
    const to = nonEmpty(r, uo.to, `${path}.to`);
    if (from === to) r.fail(`${path}.to`, `a tile other than "${from}" (a tile does not upgrade to itself)`, to);
    known(from, `${path}.from`);
    known(to, `${path}.to`);
    const up: { -readonly [K in keyof Upgrade]: Upgrade[K] } = { from, to };
    if (uo.onlyHexes !== undefined) up.onlyHexes = hexList(r, uo.onlyHexes, `${path}.onlyHexes`);
    if (uo.exceptHexes !== undefined) up.exceptHexes = hexList(r, uo.exceptHexes, `${path}.exceptHexes`);
    return up;
  });
  return { game, tiles, upgrades };
}

export function validateManifest(manifest: GameManifest, source = 'manifest', knownTiles?: ReadonlySet<string>): void {
  readManifest(manifest, source, knownTiles);
}

function quantityOf(r: JsonReader, value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 10_000) r.fail(path, 'a count 0…10000 or "unlimited"', value);
  return value;
}

function hexList(r: JsonReader, value: unknown, path: string): string[] {
  return r.array(value, path).map((h, k) => hexName(r, h, `${path}[${k}]`));
}

function hexName(r: JsonReader, value: unknown, path: string): string {
  const name = r.string(value, path);
  if (!HEX_NAME.test(name)) r.fail(path, 'a hex name such as "A19" or "G-1"', name);
  return name;
}

export function readBoard(value: unknown, source = 'board'): Board {
  const r = new JsonReader(source);
  const o = r.object(value, '$');
  r.onlyKeys(o, '$', ['orientation', 'letterOrientation', 'even', 'hexes']);
  const seen = new Set<string>();
  const hexes = r.array(o.hexes, '$.hexes').map((h, k): BoardHex => {
    const path = `$.hexes[${k}]`;
    const ho = r.object(h, path);
    r.onlyKeys(ho, path, ['name', 'tileId', 'rotation', 'impassableSides', 'cost', 'costs', 'label', 'city', 'revenues']);
    const name = hexName(r, ho.name, `${path}.name`);
    if (seen.has(name)) throw new InputError(source, `${path}.name`, `hex ${name} appears twice on the board`);
    seen.add(name);
    const sides = r.array(ho.impassableSides, `${path}.impassableSides`).map((s, i) => r.integer(s, `${path}.impassableSides[${i}]`, 0, 5));
    if (new Set(sides).size !== sides.length) r.fail(`${path}.impassableSides`, 'each side at most once', sides.join(','));
    const hex: { -readonly [K in keyof BoardHex]: BoardHex[K] } = { name, rotation: r.integer(ho.rotation, `${path}.rotation`, 0, 5), impassableSides: sides };
    if (ho.tileId !== undefined) hex.tileId = nonEmpty(r, ho.tileId, `${path}.tileId`);
    if (ho.cost !== undefined) hex.cost = r.integer(ho.cost, `${path}.cost`, 0, MAX_COST);
    if (ho.costs !== undefined) hex.costs = r.array(ho.costs, `${path}.costs`).map((v, i) => r.integer(v, `${path}.costs[${i}]`, 0, MAX_COST));
    if (ho.label !== undefined) hex.label = nonEmpty(r, ho.label, `${path}.label`);
    if (ho.city !== undefined) hex.city = nonEmpty(r, ho.city, `${path}.city`);
    if (ho.revenues !== undefined) hex.revenues = r.array(ho.revenues, `${path}.revenues`).map((v, i) => r.integer(v, `${path}.revenues[${i}]`, 0, MAX_REVENUE));
    return hex;
  });
  return {
    orientation: r.oneOf(o.orientation, '$.orientation', ['NS', 'EW'] as const),
    letterOrientation: r.oneOf(o.letterOrientation, '$.letterOrientation', ['vertical', 'horizontal'] as const),
    even: r.oneOf(o.even, '$.even', ['A', 'B'] as const),
    hexes,
  };
}

export function validateBoard(board: Board, source = 'board'): void {
  readBoard(board, source);
}

function nonEmpty(r: JsonReader, value: unknown, path: string): string {
  const s = r.string(value, path);
  if (s.trim() === '') r.fail(path, 'a non-empty string', s);
  return s;
}
