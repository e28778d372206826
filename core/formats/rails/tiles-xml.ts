/**
 * Rails 18xx `Tiles.xml` → track tiles (SPEC §9; the Rails seed 001). Each
 * `<Tile colour id name>` holds `<Station id position slots type value>` junctions and
 * `<Track from to gauge>` connections whose ends are `sideN` (0…5) or a station id.
 *
 * Rails numbers `sideN` in the file from the top: Rails itself reads side N as track point
 * (N + 3) mod 6 (TrackPoint.parseTrackPointNumber), whose 0 is the bottom, and its tile
 * pictures show side 3 at the bottom. We turn every side of the file so, to the numbering
 * core/track/types.ts shares with 18xx.games (0 at the bottom, clockwise); tile 8's
 * `side3`–`side5` is our 0–2, as 18xx.games writes it.
 *
 * Station positions are Rails' three-digit codes: side × 100 (+50 for the corner after
 * that side), then a distance digit, sides numbered as in the file — "302" is toward file
 * side 3 (our 0) at level 2, "352" toward the corner between file sides 3 and 4 (our 0.5),
 * "0" the centre. A station value of −1 (off-map areas)
 * means "revenue printed on the board", so the tile's revenue is 0 and the board hex
 * carries it (Map.xml `value`).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from '../../util/input-error.js';
import type { XmlElement } from '../../util/xml.js';
import { XmlReader, parseXml } from '../../util/xml.js';
import type { Connection, Gauge, Junction, JunctionPosition, JunctionType, TrackEnd, TrackTile } from '../../track/types.js';
import { GAUGES } from '../../track/types.js';
import { readTrackTile } from '../../track/validate.js';
import { quoted } from '../../util/bounded.js';

const STATION_TYPES: Readonly<Record<string, JunctionType>> = {
  city: 'city',
  town: 'town',
  halt: 'town',
  offmapcity: 'offmap',
  pass: 'pass',
  junction: 'junction',
};

export interface RailsTiles {
  readonly tiles: TrackTile[];
  /** Things in the file that carry no meaning and were left out, with their place. */
  readonly warnings: string[];
}

/** Parses a whole Tiles.xml. Every tile is checked against the track model before it is returned. */
export function parseRailsTiles(text: string, source: string): RailsTiles {
  const root = parseXml(text, source);
  const r = new XmlReader(source);
  r.expectRoot(root, 'Tiles', 'a Rails tile file');
  const seen = new Map<string, XmlElement>();
  const tiles: TrackTile[] = [];
  const warnings: string[] = [];
  for (const el of root.elements('Tile')) {
    const tile = readRailsTile(el, r, source, warnings);
    const prev = seen.get(tile.id);
    if (prev) r.fail(el, 'id', `expected a unique tile id; ${quoted(tile.id)} is already used at line ${prev.line}`);
    seen.set(tile.id, el);
    tiles.push(tile);
  }
  return { tiles, warnings };
}

export function readRailsTile(el: XmlElement, r: XmlReader, source: string, warnings: string[]): TrackTile {
  const id = r.string(el, 'id').trim();
  if (!/^-?\d+$/.test(id)) r.fail(el, 'id', `expected an integer tile id, got ${JSON.stringify(id)}`);
  const colour = r.string(el, 'colour').trim().toLowerCase().replace(/^grey$/, 'gray');
  const junctions: Junction[] = [];
  const connections: Connection[] = [];
  const stations = new Set<string>();
  for (const s of el.elements('Station')) {
    const j = readStation(s, r);
    if (stations.has(j.id)) r.fail(s, 'id', `expected a station id unique within tile ${id}, ${quoted(j.id)} is used twice`);
    stations.add(j.id);
    junctions.push(j);
  }
  for (const t of el.elements('Track')) {
    const a = readEnd(t, 'from', r, stations);
    const b = readEnd(t, 'to', r, stations);
    const gauge = r.oneOf(t, 'gauge', GAUGES, 'normal') as Gauge;
    if (a.kind === 'junction' && b.kind === 'junction' && a.id === b.id) {
      // Rails' own data has one (tile -37001, a mine): a loop from a station to itself joins nothing.
      warnings.push(`${t.where()}: tile ${id}: track from ${a.id} to itself carries no connection; left out`);
      continue;
    }
    if (a.kind === 'side' && b.kind === 'side' && a.side === b.side) {
      r.fail(t, 'to', `expected a track between two different places, got from=${quoted(t.attr('from') ?? '')} to=${quoted(t.attr('to') ?? '')}`);
    }
    connections.push({ a, b, gauge });
  }
  const tile: TrackTile = { id, name: el.attr('name') ?? id, colour, junctions, connections, source: 'rails:Tiles.xml' };
  try {
    return readTrackTile(tile, source);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(source, el.where(), `tile ${id}: ${e.where}: ${e.expected}`);
    throw e;
  }
}

function readStation(el: XmlElement, r: XmlReader): Junction {
  const id = r.string(el, 'id').trim();
  if (id === '' || /^side\d$/.test(id)) r.fail(el, 'id', `expected a station id such as "city1" (not empty, not "sideN"), got ${JSON.stringify(id)}`);
  const typeText = r.string(el, 'type');
  const type = STATION_TYPES[typeText.toLowerCase()];
  if (!type) r.fail(el, 'type', `expected a station type City, Town, OffMapCity, Pass, Halt or Junction, got ${JSON.stringify(typeText)}`);
  const value = r.int(el, 'value', -1, 100_000, 0);
  // Rails leaves `slots` out for some cities on old tiles; a city holds at least one token.
  const slots = r.int(el, 'slots', 0, 12, type === 'city' ? 1 : 0);
  return { id, type, revenue: Math.max(0, value), slots, position: readPosition(el, r) };
}

/** Rails position code → JunctionPosition (see the module comment). */
export function railsPosition(code: string): JunctionPosition | null {
  if (!/^\d{1,3}$/.test(code)) return null;
  const n = Number(code);
  if (n === 0) return { toward: null, level: 0 };
  const side = Math.floor(n / 100);
  const rest = n % 100;
  const corner = rest >= 50;
  const level = rest % 50;
  if (side > 5 || level > 9) return null;
  return { toward: fileSide(side) + (corner ? 0.5 : 0), level };
}

/** A side as the file numbers it (0 at the top) → ours (0 at the bottom, as Rails reads it). */
const fileSide = (n: number) => (n + 3) % 6;

function readPosition(el: XmlElement, r: XmlReader): JunctionPosition | null {
  const code = el.attr('position');
  if (code === undefined) return null;
  const pos = railsPosition(code.trim());
  if (!pos) r.fail(el, 'position', `expected a Rails position code (side 0–5 × 100, +50 for a corner, + a level digit 0–9; "0" = centre), got ${JSON.stringify(code)}`);
  return pos;
}

function readEnd(el: XmlElement, attr: 'from' | 'to', r: XmlReader, stations: ReadonlySet<string>): TrackEnd {
  const v = r.string(el, attr).trim();
  const m = /^side(\d+)$/.exec(v);
  if (m) {
    const side = Number(m[1]);
    if (side > 5) r.fail(el, attr, `expected side0…side5, got ${JSON.stringify(v)}`);
    return { kind: 'side', side: fileSide(side) };
  }
  if (!stations.has(v)) {
    r.fail(el, attr, `expected side0…side5 or one of this tile's stations (${[...stations].join(', ') || 'it has none'}), got ${JSON.stringify(v)}`);
  }
  return { kind: 'junction', id: v };
}
