/**
 * An 18xx track tile as through-tile network contents (issue 26 item 5): the tile's
 * connections become core/map network codes and its junctions network junction records, so
 * a board is a map with a network layer (core/game/board-map.ts builds it).
 *
 * Sides. Track tiles number their sides 0…5 clockwise from the bottom (flat boards, Rails
 * "NS": S, SW, NW, N, NE, SE) or from the lower left (pointy boards, Rails "EW": SW, W, NW,
 * NE, E, SE) — 18xx.games' numbering, which core/formats/rails/tiles-xml.ts gives Rails' tiles
 * (Rails file side N is track point N + 3). Network side ports are the map grid's directions
 * (0 = +Y, clockwise): a tile side turned `rotation` steps faces direction
 * `sideToDirection((side + rotation) mod 6, orientation)` = side + rotation + 3 on flat
 * boards, + 2 on pointy ones (sides.ts).
 *
 * Junctions. A tile's only junction takes the centre port 8; with several, one drawn at the
 * centre (position toward null) takes 8 and the others 9, 10 … in tile order (at most 8 in
 * all). Their records carry type, token slots, revenue and `toward` turned like a side.
 *
 * Levels. Connections that cross without meeting (the X tiles, a through line past a town)
 * get levels ≥ 2 apart, connections meeting at a port levels within 1 (Rails `conn_level`,
 * seeds/001). Crossing is read from the tile's picture: sides and off-centre junctions as
 * points on the rim in side units, a centre junction in the middle; two rim chords cross
 * when their ends interleave.
 *
 * What the codes do not keep: gauge (every gauge is drawn with the kind given unless a
 * narrow kind is named), terminal arrows and lanes; `networkTrackPaths` reads them back as
 * normal single track.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { CENTRE, FIRST_JUNCTION, MAX_PORT, connectionKind, encodeConnection, isSidePort, portA, portB, sortedUnique } from '../map/network-code.js';
import type { NetworkJunction } from '../map/network-layer.js';
import { directionToSide, sideToDirection } from './sides.js';
import type { BoardOrientation, Connection, Gauge, TrackEnd, TrackTile } from './types.js';

/** Palette values the track is drawn with: one kind for every gauge, or one per gauge. */
export type TrackKinds = number | Readonly<Partial<Record<Gauge, number>> & { normal: number }>;

export interface TrackTileNetwork {
  /** The tile's connection codes, sorted. */
  readonly codes: number[];
  /** One record per junction, by port. */
  readonly junctions: NetworkJunction[];
  /** Junction id → its port. */
  readonly ports: ReadonlyMap<string, number>;
}

export interface TrackNetworkOptions {
  /** Revenue per junction (in tile order) when it differs from the printed one (phase revenues). */
  readonly revenues?: readonly number[];
  /** Names per junction (in tile order), e.g. the hex's city name. */
  readonly names?: readonly (string | undefined)[];
}

/** Ports of a tile's junctions: the only one, or the one drawn at the centre, at 8; the others 9, 10 … */
export function junctionPorts(tile: TrackTile): Map<string, number> {
  const js = tile.junctions;
  if (js.length > MAX_PORT - CENTRE + 1) throw new RangeError(`tile ${tile.id}: ${js.length} junctions, a network tile holds at most ${MAX_PORT - CENTRE + 1}`);
  const centre = js.length === 1 ? 0 : js.findIndex((j) => !j.position || j.position.toward === null);
  const out = new Map<string, number>();
  let next = FIRST_JUNCTION;
  js.forEach((j, i) => out.set(j.id, i === centre ? CENTRE : next++));
  return out;
}

function kindOf(kinds: TrackKinds, gauge: Gauge): number {
  return typeof kinds === 'number' ? kinds : (kinds[gauge] ?? kinds.normal);
}

/** The tile's track in one hex: codes and junction records, sides as the grid's directions. */
export function trackTileNetwork(tile: TrackTile, rotation: number, sides: BoardOrientation, kinds: TrackKinds, options: TrackNetworkOptions = {}): TrackTileNetwork {
  if (!Number.isInteger(rotation)) throw new RangeError(`tile ${tile.id}: rotation must be an integer, got ${rotation}`);
  const r = ((rotation % 6) + 6) % 6;
  const ports = junctionPorts(tile);
  const dir = (side: number) => sideToDirection((side + r) % 6, sides);
  const portOf = (e: TrackEnd): number => {
    if (e.kind === 'side') return dir(e.side);
    const p = ports.get(e.id);
    if (p === undefined) throw new Error(`tile ${tile.id}: a connection names junction ${JSON.stringify(e.id)}, which the tile does not have`);
    return p;
  };
  const conns = tile.connections.filter((c) => portOf(c.a) !== portOf(c.b));
  const levels = connectionLevels(tile, conns);
  const codes = sortedUnique(conns.map((c, i) => encodeConnection(portOf(c.a), portOf(c.b), kindOf(kinds, c.gauge), levels[i])));
  const junctions = tile.junctions.map((j, i): NetworkJunction => {
    const toward = j.position?.toward ?? null;
    const name = options.names?.[i];
    const rec: NetworkJunction = {
      port: ports.get(j.id)!,
      type: j.type,
      slots: j.slots,
      revenue: options.revenues?.[i] ?? j.revenue,
      toward: toward === null ? null : dir(Math.floor(toward)) + (toward % 1),
    };
    return name ? { ...rec, name } : rec;
  });
  return { codes, junctions: junctions.sort((x, y) => x.port - y.port), ports };
}

/** Where an end is drawn: a rim angle in side units (0…6), or null for the centre. */
function endPoint(tile: TrackTile, e: TrackEnd): number | null {
  if (e.kind === 'side') return e.side;
  const j = tile.junctions.find((x) => x.id === e.id)!;
  if (!j.position || j.position.toward === null) return null;
  return j.position.toward;
}

const endKey = (e: TrackEnd): string => (e.kind === 'side' ? `s${e.side}` : `j${e.id}`);

/** Whether the drawn lines of two connections that share no end cross. */
function cross(p: readonly [number | null, number | null], q: readonly [number | null, number | null]): boolean {
  const [a, b] = p;
  const [c, d] = q;
  if (a === null || b === null) return c !== null && d !== null && spokeCrossesChord(a ?? b!, c, d);
  if (c === null || d === null) return spokeCrossesChord(c ?? d!, a, b);
  const inside = (x: number) => Math.min(a, b) < x && x < Math.max(a, b);
  const within = [c, d].filter((x) => x !== a && x !== b).map(inside);
  return within.length === 2 && within[0] !== within[1];
}

/** A spoke from the centre to rim point s crosses chord (a, b) when s lies strictly on the chord's short side, or the chord runs through the centre. */
function spokeCrossesChord(s: number, a: number, b: number): boolean {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  const span = hi - lo;
  if (s === a || s === b) return false;
  if (span === 3) return true;
  const inside = lo < s && s < hi;
  return span < 3 ? inside : !inside;
}

/**
 * Levels 0…3 for the connections: crossing pairs ≥ 2 apart, pairs meeting at an end within
 * 1 — the smallest levels found by a short search (tiles have a dozen connections at most);
 * where no such levels exist, crossing pairs only are kept apart.
 */
function connectionLevels(tile: TrackTile, conns: readonly Connection[]): number[] {
  const n = conns.length;
  const pts = conns.map((c) => [endPoint(tile, c.a), endPoint(tile, c.b)] as const);
  const keys = conns.map((c) => [endKey(c.a), endKey(c.b)]);
  const crossing: [number, number][] = [];
  const meeting: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (keys[i]!.some((k) => keys[j]!.includes(k))) meeting.push([i, j]);
      else if (cross(pts[i]!, pts[j]!)) crossing.push([i, j]);
    }
  }
  if (crossing.length === 0) return new Array<number>(n).fill(0);
  return searchLevels(n, crossing, meeting) ?? searchLevels(n, crossing, []) ?? new Array<number>(n).fill(0);
}

function searchLevels(n: number, crossing: readonly [number, number][], meeting: readonly [number, number][]): number[] | null {
  const levels = new Array<number>(n).fill(-1);
  const ok = (i: number): boolean => {
    for (const [x, y] of crossing) if ((x === i || y === i) && levels[x]! >= 0 && levels[y]! >= 0 && Math.abs(levels[x]! - levels[y]!) < 2) return false;
    for (const [x, y] of meeting) if ((x === i || y === i) && levels[x]! >= 0 && levels[y]! >= 0 && Math.abs(levels[x]! - levels[y]!) > 1) return false;
    return true;
  };
  const place = (i: number): boolean => {
    if (i === n) return true;
    for (let l = 0; l <= 3; l++) {
      levels[i] = l;
      if (ok(i) && place(i + 1)) return true;
    }
    levels[i] = -1;
    return false;
  };
  return place(0) ? levels : null;
}

/** One track path read back from network codes: ends in tile sides and junction ports. */
export interface NetworkTrackPath {
  readonly a: TrackEnd;
  readonly b: TrackEnd;
}

/**
 * The inverse of `trackTileNetwork`: the codes of `kind` (every kind when absent) as track
 * paths of the tile at rotation 0 — side ports turned back into tile sides, junction ports
 * into junction ends whose id is the port (`"8"`, `"9"` …); `junctions` must hold a record for
 * every junction port the codes use.
 */
export function networkTrackPaths(codes: readonly number[], junctions: readonly NetworkJunction[], sides: BoardOrientation, rotation = 0, kind?: number): NetworkTrackPath[] {
  const r = ((rotation % 6) + 6) % 6;
  const known = new Set(junctions.map((j) => j.port));
  const end = (port: number): TrackEnd => {
    if (isSidePort(port)) {
      if (port > 5) throw new RangeError(`network port ${port} is not a hex side`);
      return { kind: 'side', side: (directionToSide(port, sides) + 6 - r) % 6 };
    }
    if (!known.has(port)) throw new Error(`network connection to junction port ${port}, which has no junction record`);
    return { kind: 'junction', id: String(port) };
  };
  return codes.filter((c) => kind === undefined || connectionKind(c) === kind).map((c) => ({ a: end(portA(c)), b: end(portB(c)) }));
}

/** A path as a key independent of its direction, junction ids mapped through `ids` (for comparing paths as sets). */
export function trackPathKey(p: { readonly a: TrackEnd; readonly b: TrackEnd }, ids: (id: string) => string = (id) => id): string {
  const k = (e: TrackEnd) => (e.kind === 'side' ? `side ${e.side}` : `junction ${ids(e.id)}`);
  return [k(p.a), k(p.b)].sort().join(' – ');
}
