/**
 * The compact form of one through-tile connection (issue 26; the Rails tile database of
 * seeds/001: `edge_conn`, `junc_edge_conn`, `conn_level`): one integer per connection of a
 * network inside one area tile, so a tile's network is a short sorted list of integers and a
 * map's network a sparse table of them, never an object per connection.
 *
 *   bits 0…3    port a    (the smaller port)
 *   bits 4…7    port b    (a < b, a ≠ b)
 *   bits 8…9    level     0…3: drawing order of connections that cross (seeds/001: levels of
 *                         connections meeting at a point are within 1; crossing ones ≥ 2 apart)
 *   bits 10…17  kind      the network's terrain as the map's palette value 1…255 (a linear
 *                         terrain the catalogue runs through tiles: road, railroad, trail …)
 *
 * Ports: 0…7 are the tile's sides, numbered as the grid numbers directions (0 = +Y,
 * clockwise; 8 on square maps with the diagonals, 6 on hex kinds, 5 on a globe pentagon);
 * 8 is the tile's centre; 9…15 are further junctions (towns, cities with token slots) whose
 * records sit beside the codes (network-layer.ts). A road drawn centre to centre is a set of
 * "spokes" side → centre; 18xx track that bypasses the centre is side → side.
 *
 * Rotating and mirroring a tile turns its side ports only (junction ports keep their number;
 * their drawn position turns with `rotateSide`), as Rails' bitmaps turn with the tile.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** Sides a tile may have: 8 on square maps (the diagonals), 6 on hex kinds, 5 on pentagons. */
export const MAX_SIDES = 8;
/** The tile's centre port. */
export const CENTRE = 8;
/** The first further junction port; junctions are 9…15. */
export const FIRST_JUNCTION = 9;
export const MAX_PORT = 15;
export const MAX_LEVEL = 3;

export interface NetworkConnection {
  /** The smaller port. */
  readonly a: number;
  readonly b: number;
  readonly level: number;
  /** The network's palette value (1…255). */
  readonly kind: number;
}

export function isSidePort(port: number): boolean {
  return port >= 0 && port < MAX_SIDES;
}

export function isJunctionPort(port: number): boolean {
  return port >= CENTRE && port <= MAX_PORT;
}

/** The code of a connection; ports in either order. Throws a RangeError naming the bad field. */
export function encodeConnection(a: number, b: number, kind: number, level = 0): number {
  for (const [name, p] of [['port a', a], ['port b', b]] as const) {
    if (!Number.isInteger(p) || p < 0 || p > MAX_PORT) throw new RangeError(`connection ${name} must be 0…${MAX_PORT}, got ${p}`);
  }
  if (a === b) throw new RangeError(`a connection joins two different ports, got ${a} twice`);
  if (!Number.isInteger(level) || level < 0 || level > MAX_LEVEL) throw new RangeError(`connection level must be 0…${MAX_LEVEL}, got ${level}`);
  if (!Number.isInteger(kind) || kind < 1 || kind > 255) throw new RangeError(`connection kind must be a palette value 1…255, got ${kind}`);
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return lo | (hi << 4) | (level << 8) | (kind << 10);
}

export function decodeConnection(code: number): NetworkConnection {
  return { a: portA(code), b: portB(code), level: connectionLevel(code), kind: connectionKind(code) };
}

export const portA = (code: number): number => code & 15;
export const portB = (code: number): number => (code >> 4) & 15;
export const connectionLevel = (code: number): number => (code >> 8) & 3;
export const connectionKind = (code: number): number => (code >> 10) & 255;

/** True when a decoded-looking code is well formed (ports ordered and distinct, kind ≥ 1). */
export function isConnectionCode(code: unknown): code is number {
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 0 || code >= 1 << 18) return false;
  return portA(code) < portB(code) && connectionKind(code) >= 1;
}

export function touchesPort(code: number, port: number): boolean {
  return portA(code) === port || portB(code) === port;
}

/** The other end of a connection that touches `port`. */
export function otherPort(code: number, port: number): number {
  return portA(code) === port ? portB(code) : portA(code);
}

/** Side `side` of a tile with `degree` sides after turning the tile `steps` sides clockwise. */
export function rotateSide(side: number, steps: number, degree: number): number {
  return (((side + steps) % degree) + degree) % degree;
}

/** Side `side` mirrored across the axis through side 0 (directions run clockwise from +Y). */
export function mirrorSide(side: number, degree: number): number {
  return (degree - side) % degree;
}

function mapPorts(code: number, side: (s: number) => number): number {
  const a = portA(code);
  const b = portB(code);
  const a2 = isSidePort(a) ? side(a) : a;
  const b2 = isSidePort(b) ? side(b) : b;
  return encodeConnection(a2, b2, connectionKind(code), connectionLevel(code));
}

function checkDegree(codes: readonly number[], degree: number): void {
  if (!Number.isInteger(degree) || degree < 3 || degree > MAX_SIDES) throw new RangeError(`a tile has 3…${MAX_SIDES} sides, got ${degree}`);
  for (const c of codes) {
    for (const p of [portA(c), portB(c)]) if (isSidePort(p) && p >= degree) throw new RangeError(`connection to side ${p} on a tile of ${degree} sides`);
  }
}

/** A tile's codes turned `steps` sides clockwise (negative: counter-clockwise), sorted. */
export function rotateConnections(codes: readonly number[], steps: number, degree: number): number[] {
  checkDegree(codes, degree);
  return sortedUnique(codes.map((c) => mapPorts(c, (s) => rotateSide(s, steps, degree))));
}

/** A tile's codes mirrored across the axis through side 0, sorted. */
export function mirrorConnections(codes: readonly number[], degree: number): number[] {
  checkDegree(codes, degree);
  return sortedUnique(codes.map((c) => mapPorts(c, (s) => mirrorSide(s, degree))));
}

export function sortedUnique(codes: readonly number[]): number[] {
  const out = [...new Set(codes)].sort((x, y) => x - y);
  return out;
}

/**
 * Seeds/001's `edge_conn` for one kind: bit (a·degree + b) per side-to-side pair a < b, for
 * tiles up to 6 sides (Rails' hex tiles) — what a 18xx importer or exporter compares.
 */
export function edgeConnBits(codes: readonly number[], kind: number, degree: number): number {
  if (degree > 6) throw new RangeError(`edge_conn bitmaps cover tiles of at most 6 sides, got ${degree}`);
  let bits = 0;
  for (const c of codes) {
    if (connectionKind(c) !== kind) continue;
    const a = portA(c);
    const b = portB(c);
    if (b < degree) bits |= 1 << (a * degree + b);
  }
  return bits >>> 0;
}
