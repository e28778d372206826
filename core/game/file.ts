/**
 * The game file (docs/game-format.md): one JSON object,
 * `{ format: "sandtable-game", version: 1, name, board, tiles, manifest, upgradesFrom,
 * phases, companies, state }`. Reading checks everything a session relies on — tiles the
 * manifest, board and lays name exist, phases and companies are well formed, lays and tokens
 * name real hexes — and says what and where in one line (InputError with a JSON path).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError, JsonReader } from '../util/input-error.js';
import { parseJsonText } from '../util/json-text.js';
import { readBoard, readManifest, readTrackTile } from '../track/validate.js';
import type { TrackTile } from '../track/types.js';
import type { Company, Game, GamePhase, GameState, Home, Lay, Token } from './types.js';
import { GAME_FORMAT, GAME_VERSION } from './types.js';

const MAX_ITEMS = 100_000;

export function parseGame(text: string, source: string): Game {
  return readGame(parseJsonText(text, source), source);
}

export function writeGame(game: Game): string {
  return `${JSON.stringify({ format: GAME_FORMAT, version: GAME_VERSION, ...game }, null, 1)}\n`;
}

/** Re-throws a nested reader's error with its path under `prefix`. */
function nested<T>(source: string, prefix: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof InputError) throw new InputError(source, e.where.replace(/^\$/, prefix), e.expected);
    throw e;
  }
}

export function readGame(value: unknown, source: string): Game {
  const r = new JsonReader(source);
  const o = r.object(value, '$');
  r.onlyKeys(o, '$', ['format', 'version', 'name', 'board', 'tiles', 'manifest', 'upgradesFrom', 'phases', 'companies', 'state']);
  if (o.format !== GAME_FORMAT) r.fail('$.format', `"${GAME_FORMAT}"`, o.format);
  r.integer(o.version, '$.version', GAME_VERSION, GAME_VERSION);
  const name = r.string(o.name, '$.name');
  const tilesIn = r.array(o.tiles, '$.tiles');
  if (tilesIn.length > MAX_ITEMS) r.fail('$.tiles', `at most ${MAX_ITEMS} tiles`, tilesIn);
  const tiles: TrackTile[] = tilesIn.map((t, k) => nested(source, `$.tiles[${k}]`, () => readTrackTile(t, source)));
  const ids = new Set<string>();
  tiles.forEach((t, k) => {
    if (ids.has(t.id)) throw new InputError(source, `$.tiles[${k}].id`, `tile "${t.id}" appears twice`);
    ids.add(t.id);
  });
  const manifest = nested(source, '$.manifest', () => readManifest(o.manifest, source, ids));
  const board = nested(source, '$.board', () => readBoard(o.board, source));
  board.hexes.forEach((h, k) => {
    if (h.tileId !== undefined && !ids.has(h.tileId)) r.fail(`$.board.hexes[${k}].tileId`, 'the id of one of the game\'s tiles', h.tileId);
  });
  const upgradesFrom = r.oneOf(o.upgradesFrom, '$.upgradesFrom', ['listed', 'inferred'] as const);
  const phases = r.array(o.phases, '$.phases').map((p, k) => readPhase(r, p, `$.phases[${k}]`));
  if (!phases.length) r.fail('$.phases', 'at least one phase', o.phases);
  const hexes = new Set(board.hexes.map((h) => h.name));
  const companies = r.array(o.companies, '$.companies').map((c, k) => readCompany(r, c, `$.companies[${k}]`, hexes));
  const cids = new Set<string>();
  companies.forEach((c, k) => {
    if (cids.has(c.id)) r.fail(`$.companies[${k}].id`, 'a company id used once', c.id);
    cids.add(c.id);
  });
  const state = readState(r, o.state, { ids, hexes, cids, phases });
  return { name, board, tiles, manifest, upgradesFrom, phases, companies, state };
}

function readPhase(r: JsonReader, value: unknown, path: string): GamePhase {
  const o = r.object(value, path);
  r.onlyKeys(o, path, ['name', 'colours', 'offboardStep']);
  const colours = r.array(o.colours, `${path}.colours`).map((c, i) => r.string(c, `${path}.colours[${i}]`));
  return { name: r.string(o.name, `${path}.name`), colours, offboardStep: r.integer(o.offboardStep, `${path}.offboardStep`, 0, 99) };
}

function readCompany(r: JsonReader, value: unknown, path: string, hexes: ReadonlySet<string>): Company {
  const o = r.object(value, path);
  r.onlyKeys(o, path, ['id', 'name', 'homes', 'tokens', 'colour']);
  const id = r.string(o.id, `${path}.id`);
  if (!id.trim()) r.fail(`${path}.id`, 'a non-empty company id', id);
  const homes = r.array(o.homes, `${path}.homes`).map((h, i): Home => {
    const hp = `${path}.homes[${i}]`;
    const ho = r.object(h, hp);
    r.onlyKeys(ho, hp, ['hex', 'city']);
    const hex = r.string(ho.hex, `${hp}.hex`);
    if (!hexes.has(hex)) r.fail(`${hp}.hex`, 'a hex on the board', hex);
    return ho.city === undefined ? { hex } : { hex, city: r.integer(ho.city, `${hp}.city`, 0, 9) };
  });
  const c: { -readonly [K in keyof Company]: Company[K] } = { id, homes };
  if (o.name !== undefined) c.name = r.string(o.name, `${path}.name`);
  if (o.tokens !== undefined) c.tokens = r.integer(o.tokens, `${path}.tokens`, 0, 99);
  if (o.colour !== undefined) {
    c.colour = r.string(o.colour, `${path}.colour`);
    if (!/^#[0-9a-fA-F]{6}$/.test(c.colour)) r.fail(`${path}.colour`, 'a colour such as "#1f6f3a"', c.colour);
  }
  return c;
}

interface Known {
  readonly ids: ReadonlySet<string>;
  readonly hexes: ReadonlySet<string>;
  readonly cids: ReadonlySet<string>;
  readonly phases: readonly GamePhase[];
}

function readState(r: JsonReader, value: unknown, known: Known): GameState {
  const o = r.object(value, '$.state');
  r.onlyKeys(o, '$.state', ['phase', 'lays', 'tokens']);
  const phase = r.string(o.phase, '$.state.phase');
  if (!known.phases.some((p) => p.name === phase)) r.fail('$.state.phase', `one of the phases (${known.phases.map((p) => p.name).join(', ')})`, phase);
  const hex = (v: unknown, path: string) => {
    const h = r.string(v, path);
    if (!known.hexes.has(h)) r.fail(path, 'a hex on the board', h);
    return h;
  };
  const company = (v: unknown, path: string) => {
    const c = r.string(v, path);
    if (!known.cids.has(c)) r.fail(path, 'one of the game\'s companies', c);
    return c;
  };
  const lays = r.array(o.lays, '$.state.lays').map((l, k): Lay => {
    const p = `$.state.lays[${k}]`;
    const lo = r.object(l, p);
    r.onlyKeys(lo, p, ['hex', 'tile', 'rotation', 'company']);
    const tile = r.string(lo.tile, `${p}.tile`);
    if (!known.ids.has(tile)) r.fail(`${p}.tile`, "one of the game's tiles", tile);
    const lay: Lay = { hex: hex(lo.hex, `${p}.hex`), tile, rotation: r.integer(lo.rotation, `${p}.rotation`, 0, 5) };
    return lo.company === undefined ? lay : { ...lay, company: company(lo.company, `${p}.company`) };
  });
  const tokens = r.array(o.tokens, '$.state.tokens').map((t, k): Token => {
    const p = `$.state.tokens[${k}]`;
    const to = r.object(t, p);
    r.onlyKeys(to, p, ['company', 'hex', 'city']);
    return { company: company(to.company, `${p}.company`), hex: hex(to.hex, `${p}.hex`), city: r.integer(to.city, `${p}.city`, 0, 9) };
  });
  return { phase, lays, tokens };
}
