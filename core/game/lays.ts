/**
 * Legal tile lays (issue 28 item 2), by the rules Rails and 18xx.games both apply. A tile may
 * go on a hex when
 *
 * 1. its colour is allowed in the phase (a two-colour tile when either colour is);
 * 2. it upgrades the hex's current tile: the manifest lists the upgrade (and the hex is not
 *    excluded from it); a hex with no tile takes tiles the track rule lets replace an empty
 *    white hex (core/track/upgrades.ts);
 * 3. it carries the hex's label (the current tile's label, else the board's), or none where
 *    the hex has none — except an unlabelled tile in a game whose upgrades are listed (Rails
 *    labels hexes, not tiles, and its lists say what each labelled hex takes);
 * 4. a copy is left: the manifest's count less the copies on the board;
 *
 * and, for a rotation,
 *
 * 5. every new exit (a side with track the old tile lacks) meets a neighbour: not off the
 *    board, not across an impassable hexside, not a blank edge (a tile that can never be
 *    upgraded — red, gray, fixed — with no track on the facing side);
 * 6. every old path is kept and cities keep their tokens (tile-fit.ts);
 * 7. a new path touches a side or node the company reaches (reach.ts).
 *
 * Rotations that give the same track as a smaller rotation (a straight turned 180°) are left
 * out. Each tile gets its legal rotations, or the reason it has none; each illegal rotation
 * its own reason.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TrackTile } from '../track/types.js';
import { colourParts } from '../track/types.js';
import { trackSides } from '../track/sides.js';
import { upgradesTo } from '../track/upgrades.js';
import type { GameSession } from './session.js';
import type { HexReach } from './reach.js';
import { connectedHexes } from './reach.js';
import { fitTile } from './tile-fit.js';
import { oppositeSide } from './topology.js';

export interface RotationVerdict {
  readonly rotation: number;
  readonly reason: string;
}

export interface TileOption {
  readonly tile: string;
  /** Legal rotations, ascending (duplicates of a smaller rotation left out). */
  readonly rotations: number[];
  /** Why the tile cannot go here at all (rules 1–4), or why no rotation works. */
  readonly reason?: string;
  /** Each rotation that is not legal, with why (rules 5–7); empty when the tile fails rules 1–4. */
  readonly refused: RotationVerdict[];
  /** Terrain cost of laying here. */
  readonly cost: number;
}

export interface LayOptions {
  readonly hex: string;
  readonly company: string;
  readonly current: { readonly tile: string | null; readonly rotation: number };
  readonly tiles: TileOption[];
}

const EMPTY_WHITE: TrackTile = { id: '', name: '', colour: 'white', junctions: [], connections: [] };
const UPGRADABLE = new Set(['white', 'yellow', 'green', 'brown']);
const COLOUR_RANK = ['white', 'yellow', 'green', 'brown', 'gray'];

/** Context shared by every hex of one query (legal lays everywhere). */
export interface LayContext {
  readonly reach: Map<number, HexReach>;
  readonly onBoard: Map<string, number>;
}

export function layContext(session: GameSession, company: string): LayContext {
  return { reach: connectedHexes(session.graph(company)), onBoard: tilesOnBoard(session) };
}

/** Copies of each tile laid on the board now (an upgraded tile goes back to the supply). */
function tilesOnBoard(session: GameSession): Map<string, number> {
  const onBoard = new Map<string, number>();
  for (const t of session.net.hexTiles) if (t.laid && t.tileId !== undefined) onBoard.set(t.tileId, (onBoard.get(t.tileId) ?? 0) + 1);
  return onBoard;
}

/** Copies left in the supply of every manifest tile in the box. */
export function tilesLeft(session: GameSession): Record<string, number | 'unlimited'> {
  const onBoard = tilesOnBoard(session);
  const out: Record<string, number | 'unlimited'> = {};
  for (const e of session.game.manifest.tiles) if (e.quantity !== 0) out[e.tileId] = e.quantity === 'unlimited' ? 'unlimited' : e.quantity - (onBoard.get(e.tileId) ?? 0);
  return out;
}

/** Every manifest tile on `hex` for `company`: legal rotations, or why not. `only` limits it to one tile. */
export function legalLays(session: GameSession, company: string, hex: string, only?: string, ctx = layContext(session, company)): LayOptions {
  const net = session.net;
  const k = net.hex(hex);
  const cur = net.hexTiles[k]!;
  const entries = session.game.manifest.tiles.filter((e) => e.quantity !== 0 && (only === undefined || e.tileId === only));
  if (only !== undefined && !entries.length) throw new Error(`tile ${JSON.stringify(only)} is not in the game's manifest`);
  const tiles = entries.map((e) => tileOption(session, k, e.tileId, e.quantity, ctx));
  return { hex, company, current: { tile: cur.tileId ?? null, rotation: cur.rotation }, tiles };
}

function tileOption(session: GameSession, k: number, tileId: string, quantity: number | 'unlimited', ctx: LayContext): TileOption {
  const cost = layCost(session, k);
  const reason = tileRefusal(session, k, tileId, quantity, ctx);
  if (reason) return { tile: tileId, rotations: [], reason, refused: [], cost };
  const rotations: number[] = [];
  const refused: RotationVerdict[] = [];
  const seen = new Set<string>();
  for (let r = 0; r < 6; r++) {
    const sig = trackSignature(session.net.rotatedTile(tileId, r));
    if (seen.has(sig)) continue;
    seen.add(sig);
    const v = checkRotation(session, k, tileId, r, ctx);
    if ('reason' in v) refused.push({ rotation: r, reason: v.reason });
    else rotations.push(r);
  }
  const out: TileOption = { tile: tileId, rotations, refused, cost };
  return rotations.length ? out : { ...out, reason: `no rotation fits: ${refused.map((v) => `${v.rotation}: ${v.reason}`).join('; ')}` };
}

/** Rules 1–4 for the tile, or null when they hold. */
function tileRefusal(session: GameSession, k: number, tileId: string, quantity: number | 'unlimited', ctx: LayContext): string | null {
  const net = session.net;
  const tile = net.tiles.get(tileId);
  if (!tile) return `tile ${tileId} is not one of the game's tiles`;
  const phase = session.phase;
  if (!colourParts(tile.colour).some((c) => phase.colours.includes(c))) return `${tile.colour} tiles are not allowed in phase ${phase.name} (${phase.colours.join(', ')})`;
  const cur = net.hexTiles[k]!;
  const hexName = net.hexNames[k]!;
  if (cur.tileId === undefined) {
    if (!upgradesTo(EMPTY_WHITE, tile)) return `tile ${tileId} cannot go on an empty hex`;
  } else {
    const ok = session.game.manifest.upgrades.some(
      (u) => u.from === cur.tileId && u.to === tileId && (!u.onlyHexes || u.onlyHexes.includes(hexName)) && !(u.exceptHexes ?? []).includes(hexName),
    );
    if (!ok) return `tile ${tileId} is not an upgrade of tile ${cur.tileId}${session.game.upgradesFrom === 'inferred' ? ' (upgrades inferred from track)' : ''}`;
  }
  const label = cur.tile.label ?? session.game.board.hexes[k]!.label;
  // Rails prints labels on hexes, not tiles, and lists each labelled hex's upgrades: there an unlabelled tile follows the list.
  const listedUnlabelled = session.game.upgradesFrom === 'listed' && tile.label === undefined;
  if (!listedUnlabelled && (tile.label ?? '') !== (label ?? '')) return label ? `hex ${hexName} takes only tiles labelled ${label}` : `tile ${tileId} is labelled ${tile.label} and ${hexName} has no label`;
  if (quantity !== 'unlimited' && (ctx.onBoard.get(tileId) ?? 0) >= quantity) return `all ${quantity} copies of tile ${tileId} are on the board`;
  return null;
}

/** Rules 5–7 for one rotation: the junction map, or why not. */
export function checkRotation(session: GameSession, k: number, tileId: string, r: number, ctx: LayContext): { map: ReadonlyMap<string, string> } | { reason: string } {
  const net = session.net;
  const oldT = net.hexTiles[k]!.tile;
  const newT = net.rotatedTile(tileId, r);
  const oldSides = new Set(trackSides(oldT));
  const hex = session.game.board.hexes[k]!;
  for (const s of trackSides(newT)) {
    if (oldSides.has(s)) continue;
    const nb = net.neighbour[k * 6 + s]!;
    if (nb < 0) return { reason: `the track to side ${s} runs off the board` };
    if (hex.impassableSides.includes(s)) return { reason: `the track to side ${s} crosses an impassable hexside` };
    const nt = net.hexTiles[nb]!;
    const permanent = nt.tileId !== undefined && !nt.tile.colour.split('-').some((c) => UPGRADABLE.has(c));
    if (permanent && !trackSides(nt.tile).includes(oppositeSide(s))) return { reason: `the track to side ${s} runs into a blank edge of ${net.hexNames[nb]}` };
  }
  const tokens = new Map<string, number>();
  for (const n of net.hexNodes[k]!) tokens.set(net.nodes[n]!.junction.id, net.nodes[n]!.tokens.length);
  const fit = fitTile(oldT, newT, tokens);
  if ('reason' in fit) return fit;
  const reach = ctx.reach.get(k);
  if (!reach) return { reason: `${session.game.companies.length ? 'the company' : 'no company'} reaches no side or city of ${net.hexNames[k]}` };
  const reachedJunctions = new Set([...reach.nodes].map((n) => fit.map.get(net.nodes[n]!.junction.id)));
  const connects = newT.connections.some(
    (c, i) => !fit.keptConnections.has(i) && [c.a, c.b].some((e) => (e.kind === 'side' ? reach.sides.has(e.side) : reachedJunctions.has(e.id))),
  );
  if (!connects) return { reason: 'no new track connects to the company’s track' };
  return { map: fit.map };
}

/** The track a rotated tile shows — each junction with its sides, and the side-to-side paths — to spot rotations that look the same. */
function trackSignature(t: TrackTile): string {
  const sides = new Map(t.junctions.map((j) => [j.id, [] as string[]]));
  const plain: string[] = [];
  for (const c of t.connections) {
    const [a, b] = [c.a, c.b];
    if (a.kind === 'side' && b.kind === 'side') plain.push([a.side, b.side].sort().join('-') + c.gauge);
    else if (a.kind === 'junction' && b.kind === 'junction') plain.push(`link${c.gauge}`);
    else {
      const j = a.kind === 'junction' ? a : (b as { kind: 'junction'; id: string });
      const side = a.kind === 'side' ? a.side : (b as { kind: 'side'; side: number }).side;
      sides.get(j.id)?.push(`${side}${c.gauge}`);
    }
  }
  const nodes = t.junctions.map((j) => `${j.type}@${j.position?.toward ?? 'c'}:${sides.get(j.id)!.sort().join(',')}`);
  return [...nodes.sort(), ...plain.sort()].join('|');
}

/** Cost to lay on hex k now: by the colour already there where the board lists several, else the printed cost on the first lay. */
export function layCost(session: GameSession, k: number): number {
  const hex = session.game.board.hexes[k]!;
  const cur = session.net.hexTiles[k]!;
  if (hex.costs) return hex.costs[Math.max(0, COLOUR_RANK.indexOf(cur.tile.colour.split('-')[0]!))] ?? 0;
  if (cur.laid) return 0;
  return hex.cost ?? (cur.tile.costs ?? []).reduce((a, c) => a + c.cost, 0);
}
