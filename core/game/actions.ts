/**
 * The two moves: lay a tile, place a token. Each checks the rules first and is refused, with
 * the reason, when they do not hold; a refused move changes nothing.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GameSession } from './session.js';
import { checkRotation, layContext, legalLays } from './lays.js';
import { connectedHexes, tokenRefusal } from './reach.js';

/** A move the rules do not allow; `message` is the reason, one line. */
export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleError';
  }
}

export function layTile(session: GameSession, company: string, hex: string, tile: string, rotation: number): void {
  if (!Number.isInteger(rotation) || rotation < 0 || rotation > 5) throw new RuleError(`a rotation is 0…5 (60° steps clockwise), got ${rotation}`);
  session.company(company);
  if (!session.net.hexIndex.has(hex)) throw new RuleError(`hex ${hex} is not on the board`);
  if (!session.game.manifest.tiles.some((e) => e.tileId === tile)) throw new RuleError(`tile ${tile} is not in the game's manifest`);
  const ctx = layContext(session, company);
  const option = legalLays(session, company, hex, tile, ctx).tiles[0]!;
  if (option.reason && !option.refused.length) throw new RuleError(`${tile} on ${hex}: ${option.reason}`);
  // A rotation left out as a duplicate is as good as the one kept: check it directly.
  const v = checkRotation(session, session.net.hex(hex), tile, rotation, ctx);
  if ('reason' in v) throw new RuleError(`${tile} on ${hex} at rotation ${rotation}: ${v.reason}`);
  session.applyLay({ hex, tile, rotation, company }, v.map);
}

export function placeToken(session: GameSession, company: string, hex: string, city: number): void {
  session.company(company);
  if (!session.net.hexIndex.has(hex)) throw new RuleError(`hex ${hex} is not on the board`);
  const k = session.net.hex(hex);
  const node = session.net.cityNode(k, city);
  if (!node) throw new RuleError(`hex ${hex} has no city ${city}`);
  const why = tokenRefusal(session, company, node.id);
  if (why) throw new RuleError(why);
  const home = session.company(company).homes.some((h) => h.hex === hex && (h.city === undefined || h.city === city));
  if (!home && !connectedHexes(session.graph(company)).get(k)?.nodes.has(node.id)) throw new RuleError(`${company} does not reach city ${city} of ${hex}`);
  session.applyToken({ company, hex, city });
}
