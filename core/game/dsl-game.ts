/**
 * A game from 18xx.games data (issue 28 item 1): the map's hexes by colour, each with its
 * DSL code (`city=revenue:0`, `offboard=revenue:yellow_30|brown_60;path=a:0,b:_0`), and the
 * tile counts. Every distinct (colour, code) of the map becomes one preprinted tile, named
 * after the first hex that shows it (`@F3`); the board hex points at it. 18xx.games decides
 * upgrades by rule, not by list, so the upgrades are inferred from track
 * (core/track/upgrades.ts), preprinted tiles included. Impassable borders on a hex's code
 * become impassable sides of the hex and of its neighbour.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Board, BoardHex, ManifestEntry, TrackTile } from '../track/types.js';
import { inferUpgrades } from '../track/upgrades.js';
import { parseTileDsl } from '../formats/tile-dsl.js';
import { InputError } from '../util/input-error.js';
import type { Company, Game, GamePhase } from './types.js';
import { DEFAULT_PHASES } from './types.js';
import { boardNeighbours, oppositeSide } from './topology.js';

export interface DslHexGroup {
  readonly colour: string;
  readonly names: readonly string[];
  readonly code: string;
  /** "line N" of the source, for errors. */
  readonly where: string;
}

export interface DslGameInput {
  readonly name: string;
  readonly source: string;
  readonly layout: 'flat' | 'pointy';
  readonly hexes: readonly DslHexGroup[];
  /** The game's tiles with how many are in the box. */
  readonly tiles: readonly { readonly tile: TrackTile; readonly count: number | 'unlimited' }[];
  readonly locationNames?: Readonly<Record<string, string>>;
  readonly companies?: readonly Company[];
  readonly phases?: readonly GamePhase[];
}

const NAME = /^(@|[A-Z]{1,2})(-?\d{1,3})$/;

export function buildDslGame(input: DslGameInput): Game {
  const preprinted = new Map<string, TrackTile>();
  const hexes: { -readonly [K in keyof BoardHex]: BoardHex[K] }[] = [];
  const seen = new Set<string>();
  let parity: number | null = null;
  for (const g of input.hexes) {
    const key = `${g.colour}|${g.code}`;
    let tile = preprinted.get(key);
    for (const name of g.names) {
      const m = NAME.exec(name);
      if (!m) throw new InputError(input.source, g.where, `expected hex names such as "F3", got ${JSON.stringify(name)}`);
      if (seen.has(name)) throw new InputError(input.source, g.where, `hex ${name} is given twice`);
      seen.add(name);
      let letter = 0;
      for (const ch of m[1]!) letter = letter * 26 + (ch.charCodeAt(0) - 64);
      parity ??= (letter - 1 + Number(m[2])) & 1;
      if (!tile) {
        tile = parseTileDsl(g.code, { id: `@${name}`, name: '', colour: g.colour, source: `${input.source} ${g.where}` }).tile;
        preprinted.set(key, tile);
      }
      const hex: { -readonly [K in keyof BoardHex]: BoardHex[K] } = { name, tileId: tile.id, rotation: 0, impassableSides: [] };
      const cost = (tile.costs ?? []).reduce((a, c) => a + c.cost, 0);
      if (cost) hex.cost = cost;
      if (tile.label) hex.label = tile.label;
      const city = input.locationNames?.[name];
      if (city) hex.city = city;
      hexes.push(hex);
    }
  }
  if (!hexes.length) throw new InputError(input.source, 'HEXES', 'expected at least one hex');
  const board: Board = {
    orientation: input.layout === 'flat' ? 'NS' : 'EW',
    letterOrientation: input.layout === 'flat' ? 'horizontal' : 'vertical',
    even: parity === 0 ? 'A' : 'B',
    hexes,
  };
  markBorders(board, hexes, preprinted);
  const boxed = input.tiles.map((t) => t.tile);
  const tiles = [...preprinted.values(), ...boxed.filter((t) => !preprinted.has(t.id))];
  const entries: ManifestEntry[] = input.tiles.map((t) => ({ tileId: t.tile.id, quantity: t.count }));
  // Upgrades: from any tile (printed or boxed) to a boxed tile.
  const upgrades = inferUpgrades(tiles).filter((u) => boxed.some((b) => b.id === u.to));
  return {
    name: input.name,
    board,
    tiles,
    manifest: { game: input.name, tiles: entries, upgrades },
    upgradesFrom: 'inferred',
    phases: input.phases ?? DEFAULT_PHASES,
    companies: input.companies ?? [],
    state: { phase: (input.phases ?? DEFAULT_PHASES)[0]!.name, lays: [], tokens: [] },
  };
}

/** Impassable borders of the printed tiles → impassable sides of both hexes of the side. */
function markBorders(board: Board, hexes: readonly { name: string; tileId?: string; impassableSides: readonly number[] }[], preprinted: ReadonlyMap<string, TrackTile>): void {
  const byId = new Map([...preprinted.values()].map((t) => [t.id, t]));
  const nb = boardNeighbours(board);
  const at = new Map(hexes.map((h) => [h.name, h]));
  const add = (name: string, side: number) => {
    const h = at.get(name)!;
    if (!h.impassableSides.includes(side)) h.impassableSides = [...h.impassableSides, side].sort((a, b) => a - b);
  };
  for (const h of hexes) {
    for (const b of byId.get(h.tileId!)?.borders ?? []) {
      if (b.type !== 'impassable') continue;
      add(h.name, b.side);
      const other = nb.get(h.name)![b.side];
      if (other) add(other, oppositeSide(b.side));
    }
  }
}
