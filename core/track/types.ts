/**
 * The 18xx track-tile model (SPEC §9; the Rails seed 001): track tiles with their junctions
 * (cities, towns, off-map areas, Lawson junctions, passes) and the connections between tile
 * sides and junctions, the upgrade relation, a game's tile manifest and its board of
 * preprinted hexes. Every importer (Rails XML, the 18xx.games DSL) produces these and the
 * library store persists them, so this file is kept small and stable: plain readonly data,
 * JSON-compatible, no classes.
 *
 * Sides. A tile's sides are numbered 0…5 clockwise from its reference side, the convention
 * of 18xx.games and of Rails' track points (Rails' Tiles.xml writes them from the top, side N
 * for track point N + 3; core/formats/rails/tiles-xml.ts turns them as Rails does): on a
 * flat-topped tile (Rails "NS") side 0 is the bottom (S),
 * then SW, NW, N, NE, SE; on a pointy-topped tile (Rails "EW") the picture is turned 30°
 * clockwise, so side 0 is SW, then W, NW, NE, E, SE. core/track/sides.ts maps sides to
 * Sandtable grid directions.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** Colour phases in upgrade order; other colours are off the upgrade ladder. */
export const COLOUR_PHASES = ['yellow', 'green', 'brown', 'gray'] as const;

/**
 * Colours the importers produce: the phases, `white` (empty or preprinted-plain hexes),
 * `red` (off-board areas), `fixed` (Rails' preprinted tiles that never change), `blue`
 * (water hexes), `none` (18xx.games' colourless tiles, off the upgrade ladder). A tile's
 * colour is any lower-case word; these are the ones with meaning.
 *
 * Two-colour tiles (18xx.games `GREENBROWN`, `BROWNGRAY`, `BROWNSEPIA`) are written with a
 * hyphen, `green-brown`: such a tile counts as each of its colours for upgrades (it may
 * replace a yellow tile as green and be replaced by a gray one as brown). `colourParts`
 * splits them.
 */
export const KNOWN_COLOURS = ['white', ...COLOUR_PHASES, 'red', 'fixed', 'blue', 'none', 'green-brown', 'brown-gray', 'brown-sepia'] as const;
export type TileColour = string;

/** The colours a tile counts as: one for most tiles, two for `green-brown` and the like. */
export function colourParts(colour: TileColour): string[] {
  return colour.split('-').map((c) => (c === 'grey' ? 'gray' : c));
}

export const JUNCTION_TYPES = ['city', 'town', 'offmap', 'junction', 'pass'] as const;
/**
 * `city`: token slots and revenue; `town`: revenue, no tokens (18xx.games `halt` is a town
 * of revenue 0); `offmap`: an off-board revenue area; `junction`: a Lawson-style centre
 * point with neither revenue nor tokens; `pass`: a mountain pass (Rails), a city that
 * scores nothing.
 */
export type JunctionType = (typeof JUNCTION_TYPES)[number];

export const GAUGES = ['normal', 'narrow', 'dual'] as const;
/** Track gauge: Rails `normal` = 18xx.games `broad`. */
export type Gauge = (typeof GAUGES)[number];

/** Revenue that changes with the game phase (18xx.games `yellow_40|green_50`). */
export interface PhaseRevenue {
  readonly phase: string;
  readonly value: number;
}

/**
 * Where a junction is drawn. `toward` is null for the tile centre, an integer k for
 * "toward side k", or k + 0.5 for "toward the corner between side k and side k+1"
 * (Rails codes k×100 and k×100+50). `level` is Rails' distance digit (1…9, larger is
 * further out), or null when the source gives none (18xx.games `loc:`).
 */
export interface JunctionPosition {
  readonly toward: number | null;
  readonly level: number | null;
}

export interface Junction {
  /** Unique within the tile: Rails station ids (`city1`), DSL indices (`_0`). */
  readonly id: string;
  readonly type: JunctionType;
  /** Revenue in the current (or only) phase; 0 where none is printed. */
  readonly revenue: number;
  /** Per-phase revenues when they differ by phase; `revenue` then holds the first. */
  readonly phaseRevenue?: readonly PhaseRevenue[];
  /** Token slots: ≥ 1 for cities, 0 for the other types. */
  readonly slots: number;
  readonly position: JunctionPosition | null;
  /** Route groups (18xx.games `groups:`): a route may visit one junction per group. */
  readonly groups?: readonly string[];
}

/** One end of a connection: a tile side (0…5) or a junction of the same tile. */
export type TrackEnd = { readonly kind: 'side'; readonly side: number } | { readonly kind: 'junction'; readonly id: string };

export interface Connection {
  readonly a: TrackEnd;
  readonly b: TrackEnd;
  readonly gauge: Gauge;
  /** Track that ends at a junction and cannot be run through (off-board arrows). */
  readonly terminal?: boolean;
  /** Parallel tracks along this connection (double track = 2); 1 when absent. */
  readonly lanes?: number;
}

/** A cost printed on a hex to lay or upgrade a tile there (river, mountain…). */
export interface TerrainCost {
  readonly cost: number;
  readonly terrain: readonly string[];
}

/** A marked tile side: impassable, or crossing costs (18xx.games `border=`). */
export interface Border {
  readonly side: number;
  readonly type: 'impassable' | 'mountain' | 'water' | 'plain';
  readonly cost?: number;
}

export interface TrackTile {
  /** Unique in a library: the Rails id (`57`, `-10`), or the DSL name. */
  readonly id: string;
  /** The number or name printed on the tile. */
  readonly name: string;
  readonly colour: TileColour;
  readonly junctions: readonly Junction[];
  readonly connections: readonly Connection[];
  /** Large letters such as `OO`, `B`, `NY` that restrict upgrades to matching hexes. */
  readonly label?: string;
  readonly costs?: readonly TerrainCost[];
  readonly borders?: readonly Border[];
  /** Where the tile came from (`rails:Tiles.xml`, `18xx.games`), for the library browser. */
  readonly source?: string;
}

/** `from` may be upgraded to `to`; optionally only on (or never on) the listed hexes. */
export interface Upgrade {
  readonly from: string;
  readonly to: string;
  readonly onlyHexes?: readonly string[];
  readonly exceptHexes?: readonly string[];
}

export interface ManifestEntry {
  readonly tileId: string;
  /** Tiles in the box; 0 = only preprinted on the board. */
  readonly quantity: number | 'unlimited';
  /** The number printed on the tile in this game when it differs from the tile id (Rails `extId`). */
  readonly printedAs?: string;
}

/** A game's tile manifest: what is in the box and what upgrades to what. */
export interface GameManifest {
  readonly game: string;
  readonly tiles: readonly ManifestEntry[];
  readonly upgrades: readonly Upgrade[];
}

/**
 * Board orientation as Rails names it: `NS` hexes have flat north and south sides
 * (flat-topped), `EW` hexes have flat east and west sides (pointy-topped).
 */
export type BoardOrientation = 'NS' | 'EW';

export interface BoardHex {
  /** The printed name, e.g. `A19`, `G-1`. */
  readonly name: string;
  /** Preprinted tile, if any. */
  readonly tileId?: string;
  /** Rotation of the preprinted tile in 60° clockwise steps, 0…5. */
  readonly rotation: number;
  /** Sides (0…5, the tile side numbering) that track may not cross. */
  readonly impassableSides: readonly number[];
  /** Cost to lay the first tile here. */
  readonly cost?: number;
  /**
   * Costs by the colour of the tile already on the hex (Rails `cost="80,80,80"`: index 0 the
   * empty hex, 1 yellow, 2 green …); present only when the file gives more than one. `cost`
   * is its first entry.
   */
  readonly costs?: readonly number[];
  readonly label?: string;
  /** Location name printed on the hex (`Boston`). */
  readonly city?: string;
  /** Off-board revenues by phase group as printed (`30,50`). */
  readonly revenues?: readonly number[];
}

export interface Board {
  readonly orientation: BoardOrientation;
  /** `vertical`: letters name rows (A at the top); `horizontal`: letters name columns. */
  readonly letterOrientation: 'vertical' | 'horizontal';
  /** The letter whose hexes carry even numbers (Rails `even`; 1830: "B", so A9, B10 …). */
  readonly even: 'A' | 'B';
  readonly hexes: readonly BoardHex[];
}
