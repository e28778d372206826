/**
 * The 18xx.games tile language (tobymao/18xx, TILES.md) ↔ track tiles:
 *
 *   city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;label=OO;upgrade=cost:80,terrain:water
 *
 * Parts are separated by ";", a part's properties by ",", list values by "|". Revenue
 * centres (`city`, `town`, `halt`, `offboard`, `junction`, `pass`) are numbered in the order
 * they appear, and paths refer to them as `_0`, `_1` …; plain integers are tile edges 0…5.
 * Revenue may be per phase (`yellow_40|green_50`). `track:broad` is Rails' `normal` gauge.
 * `slots:` is read on every revenue centre (Rails has off-map areas with token slots).
 * Drawing-only parts (`icon`, `frame`, `partition`, `stub`, `future_label`, …) and
 * drawing-only properties (`loc` aside, `hide`, `style`, lane placement) have no place in the
 * track model; they are listed in `ignored` rather than dropped silently.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from '../util/input-error.js';
import type { Border, Connection, Gauge, Junction, JunctionPosition, JunctionType, PhaseRevenue, TerrainCost, TrackEnd, TrackTile } from '../track/types.js';
import { readTrackTile } from '../track/validate.js';

export interface TileDslInput {
  /** Library id of the tile (the DSL itself carries no name). */
  readonly id: string;
  readonly name?: string;
  /** Colour comes from the game config, not the DSL string (TILES.md). */
  readonly colour: string;
  /** For errors: the file, and where in it the string is. */
  readonly source?: string;
}

export interface TileDslResult {
  readonly tile: TrackTile;
  /** Parts and properties that were understood but not modelled, e.g. `icon=image:port`. */
  readonly ignored: readonly string[];
}

const NODE_PARTS: Readonly<Record<string, JunctionType>> = {
  city: 'city',
  town: 'town',
  halt: 'town',
  offboard: 'offmap',
  junction: 'junction',
  pass: 'pass',
};
const DRAWING_PARTS = new Set(['icon', 'frame', 'stripes', 'partition', 'stub', 'future_label', 'assignment', 'blocker', 'reservation']);
const GAUGE_OF: Readonly<Record<string, Gauge>> = { broad: 'normal', normal: 'normal', narrow: 'narrow', dual: 'dual' };

export function parseTileDsl(code: string, input: TileDslInput): TileDslResult {
  const source = input.source ?? `tile ${input.id}`;
  const junctions: Junction[] = [];
  const connections: Connection[] = [];
  const costs: TerrainCost[] = [];
  const borders: Border[] = [];
  const ignored: string[] = [];
  let label: string | undefined;
  const parts = code
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const paths: Part[] = [];
  parts.forEach((text, k) => {
    const where = `part ${k + 1} (${JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text)})`;
    const fail = failIn(source, where);
    const eq = text.indexOf('=');
    const type = (eq < 0 ? text : text.slice(0, eq)).trim();
    const body = eq < 0 ? '' : text.slice(eq + 1);
    if (!/^[a-z_]+$/.test(type)) fail(`expected a part name such as city, town, path, label, upgrade, got ${JSON.stringify(type)}`);
    if (type === 'label') {
      if (body.trim() === '') fail('expected label=TEXT');
      label = body.trim();
      return;
    }
    const part = readPart(type, body, fail);
    const nodeType = NODE_PARTS[type];
    if (nodeType) junctions.push(readJunction(part, nodeType, junctions.length, ignored));
    else if (type === 'path') paths.push(part);
    else if (type === 'upgrade') costs.push(readUpgrade(part, ignored));
    else if (type === 'border') borders.push(readBorder(part, borders));
    else if (DRAWING_PARTS.has(type)) ignored.push(text);
    else fail(`expected a known part (city, town, halt, offboard, junction, pass, path, label, upgrade, border, or a drawing part), got ${JSON.stringify(type)}`);
  });

  // Paths last: they may name any revenue centre of the tile (TILES.md says "defined earlier"; we accept any order).
  for (const part of paths) connections.push(readPath(part, junctions.length, ignored));

  const tile: { -readonly [K in keyof TrackTile]: TrackTile[K] } = {
    id: input.id,
    name: input.name ?? input.id,
    colour: input.colour,
    junctions,
    connections,
    source: '18xx.games',
  };
  if (label !== undefined) tile.label = label;
  if (costs.length) tile.costs = costs;
  if (borders.length) tile.borders = borders;
  return { tile: readTrackTile(tile, source), ignored };
}

/** One part of a tile string past its name: its properties, and how to fail naming it. */
interface Part {
  readonly type: string;
  readonly props: Map<string, string>;
  readonly fail: (expected: string) => never;
  /** Integer property `key` in min…max (`fallback` when absent, else an error). */
  int(key: string, min: number, max: number, fallback?: number): number;
}

function failIn(source: string, where: string): (expected: string) => never {
  return (expected) => {
    throw new InputError(source, where, expected);
  };
}

function readPart(type: string, body: string, fail: (expected: string) => never): Part {
  const props = new Map<string, string>();
  if (body.trim() !== '') {
    for (const prop of body.split(',')) {
      const colon = prop.indexOf(':');
      if (colon < 0) fail(`expected properties written key:value, got ${JSON.stringify(prop)}`);
      const key = prop.slice(0, colon).trim();
      if (props.has(key)) fail(`expected property ${key} once`);
      props.set(key, prop.slice(colon + 1).trim());
    }
  }
  const int = (key: string, min: number, max: number, fallback?: number): number => {
    const v = props.get(key);
    if (v === undefined) {
      if (fallback !== undefined) return fallback;
      fail(`expected property ${key}`);
    }
    if (!/^-?\d+$/.test(v) || Number(v) < min || Number(v) > max) fail(`expected ${key} to be an integer ${min}…${max}, got ${JSON.stringify(v)}`);
    return Number(v);
  };
  return { type, props, fail, int };
}

/** A revenue centre, numbered `_index`. */
function readJunction(part: Part, nodeType: JunctionType, index: number, ignored: string[]): Junction {
  const { type, props, fail, int } = part;
  const j: { -readonly [K in keyof Junction]: Junction[K] } = { id: `_${index}`, type: nodeType, revenue: 0, slots: 0, position: null };
  const revenue = props.get('revenue');
  if (revenue !== undefined) {
    const phases = parseRevenue(revenue, fail);
    j.revenue = phases[0]!.value;
    if (phases.length > 1 || phases[0]!.phase !== '') j.phaseRevenue = phases;
  } else if (nodeType === 'city' || nodeType === 'town' || nodeType === 'offmap') {
    if (type !== 'halt') fail(`expected revenue:N on a ${type}`);
  }
  // Cities hold one token unless told otherwise; passes and off-map areas may hold some (Rails' OffMapCity slots).
  if (nodeType === 'city' || nodeType === 'pass') j.slots = int('slots', nodeType === 'city' ? 1 : 0, 12, 1);
  else j.slots = int('slots', 0, 12, 0);
  const groups = props.get('groups');
  if (groups !== undefined) j.groups = groups.split('|').map((g) => g.trim()).filter((g) => g !== '');
  const loc = props.get('loc');
  if (loc !== undefined) j.position = parseLoc(loc, fail);
  for (const key of props.keys()) {
    if (!['revenue', 'slots', 'groups', 'loc'].includes(key)) ignored.push(`${type} ${j.id}: ${key}:${props.get(key)}`);
  }
  return j;
}

function readUpgrade(part: Part, ignored: string[]): TerrainCost {
  const { props, int } = part;
  const terrain = props.get('terrain');
  const cost = { cost: int('cost', 0, 1_000_000), terrain: terrain ? terrain.split('|').map((t) => t.trim()).filter((t) => t !== '') : [] };
  for (const key of props.keys()) if (key !== 'cost' && key !== 'terrain') ignored.push(`upgrade: ${key}:${props.get(key)}`);
  return cost;
}

function readBorder(part: Part, borders: readonly Border[]): Border {
  const { props, fail, int } = part;
  const side = int('edge', 0, 5);
  if (borders.some((b) => b.side === side)) fail(`expected one border per edge; edge ${side} already has one`);
  const t = props.get('type') ?? 'plain';
  if (!['impassable', 'mountain', 'water', 'plain'].includes(t)) fail(`expected border type impassable, mountain or water, got ${JSON.stringify(t)}`);
  const border: { -readonly [K in keyof Border]: Border[K] } = { side, type: t as Border['type'] };
  if (props.has('cost')) border.cost = int('cost', 0, 1_000_000);
  return border;
}

/** A path between two edges or revenue centres (of the tile's `junctionCount`). */
function readPath(part: Part, junctionCount: number, ignored: string[]): Connection {
  const props = part.props;
  const fail: (expected: string) => never = part.fail;
  const end = (key: 'a' | 'b'): TrackEnd => {
    const v = props.get(key);
    if (v === undefined) fail(`expected ${key}:EDGE or ${key}:_N`);
    if (/^[0-5]$/.test(v)) return { kind: 'side', side: Number(v) };
    const m = /^_(\d+)$/.exec(v);
    if (!m) fail(`expected ${key} to be an edge 0…5 or _N (a revenue centre), got ${JSON.stringify(v)}`);
    const n = Number(m[1]);
    if (n >= junctionCount) fail(`expected ${key}:_${n} to name one of the tile's ${junctionCount} revenue centres (_0…_${junctionCount - 1})`);
    return { kind: 'junction', id: `_${n}` };
  };
  const a = end('a');
  const b = end('b');
  if (a.kind === b.kind && JSON.stringify(a) === JSON.stringify(b)) fail('expected a path between two different places');
  const track = props.get('track') ?? 'broad';
  const gauge = GAUGE_OF[track];
  if (!gauge) fail(`expected track:broad, narrow or dual, got ${JSON.stringify(track)}`);
  const c: { -readonly [K in keyof Connection]: Connection[K] } = { a, b, gauge };
  const terminal = props.get('terminal');
  if (terminal !== undefined) {
    if (terminal !== '1' && terminal !== '2') fail(`expected terminal:1 or terminal:2, got ${JSON.stringify(terminal)}`);
    c.terminal = true;
  }
  const lanes = props.get('lanes');
  if (lanes !== undefined) {
    if (!/^[1-6]$/.test(lanes)) fail(`expected lanes:1…6, got ${JSON.stringify(lanes)}`);
    if (lanes !== '1') c.lanes = Number(lanes);
  }
  for (const key of props.keys()) {
    if (!['a', 'b', 'track', 'terminal', 'lanes'].includes(key)) ignored.push(`path ${props.get('a')}–${props.get('b')}: ${key}:${props.get(key)}`);
  }
  return c;
}

function parseRevenue(text: string, fail: (e: string) => never): PhaseRevenue[] {
  if (/^\d+$/.test(text)) return [{ phase: '', value: Number(text) }];
  return text.split('|').map((item) => {
    const m = /^([A-Za-z][A-Za-z0-9]*|#[0-9A-Fa-f]{6})_(\d+)$/.exec(item.trim());
    if (!m) fail(`expected revenue:N or per-phase revenue such as yellow_40|green_50, got ${JSON.stringify(text)}`);
    return { phase: m[1]!, value: Number(m[2]) };
  });
}

function parseLoc(text: string, fail: (e: string) => never): JunctionPosition {
  if (text === 'center') return { toward: null, level: null };
  const n = Number(text);
  if (!/^\d(\.5)?$/.test(text) || n > 5.5) fail(`expected loc:center, an edge 0…5 or a corner such as 2.5, got ${JSON.stringify(text)}`);
  return { toward: n, level: null };
}

const DSL_PART: Readonly<Record<JunctionType, string>> = { city: 'city', town: 'town', offmap: 'offboard', junction: 'junction', pass: 'pass' };
const DSL_GAUGE: Readonly<Record<Gauge, string>> = { normal: 'broad', narrow: 'narrow', dual: 'dual' };

/**
 * A track tile in the 18xx.games language (colour and name are not part of it). Revenue
 * centres are written in junction order; parsing the result gives back the same junctions
 * (renamed `_0`, `_1` …), connections, label, costs and borders.
 */
export function trackTileToDsl(tile: TrackTile): string {
  const parts: string[] = [];
  const index = new Map<string, number>();
  tile.junctions.forEach((j, k) => {
    index.set(j.id, k);
    const props: string[] = [];
    if (j.type !== 'junction') {
      const revenue = j.phaseRevenue?.length ? j.phaseRevenue.map((p) => (p.phase ? `${p.phase}_${p.value}` : String(p.value))).join('|') : String(j.revenue);
      if (j.type !== 'pass' || j.revenue) props.push(`revenue:${revenue}`);
    }
    if (j.type === 'city' || j.slots) props.push(`slots:${j.slots}`);
    if (j.groups?.length) props.push(`groups:${j.groups.join('|')}`);
    if (j.position) props.push(`loc:${j.position.toward === null ? 'center' : j.position.toward}`);
    parts.push(props.length ? `${DSL_PART[j.type]}=${props.join(',')}` : DSL_PART[j.type]);
  });
  const end = (e: TrackEnd) => (e.kind === 'side' ? String(e.side) : `_${index.get(e.id)}`);
  for (const c of tile.connections) {
    const props = [`a:${end(c.a)}`, `b:${end(c.b)}`];
    if (c.terminal) props.push('terminal:1');
    if (c.lanes && c.lanes > 1) props.push(`lanes:${c.lanes}`);
    if (c.gauge !== 'normal') props.push(`track:${DSL_GAUGE[c.gauge]}`);
    parts.push(`path=${props.join(',')}`);
  }
  if (tile.label !== undefined) parts.push(`label=${tile.label}`);
  for (const c of tile.costs ?? []) parts.push(`upgrade=cost:${c.cost}${c.terrain.length ? `,terrain:${c.terrain.join('|')}` : ''}`);
  for (const b of tile.borders ?? []) parts.push(`border=edge:${b.side}${b.type !== 'plain' ? `,type:${b.type}` : ''}${b.cost !== undefined ? `,cost:${b.cost}` : ''}`);
  return parts.join(';');
}
