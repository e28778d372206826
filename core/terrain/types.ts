/**
 * The terrain catalogue's records (SPEC §4, §7): terrains, MOVEMENT-MODEs, transition
 * bands for blending, and linear composites. Plain, frozen data shaped exactly like the
 * JSON file, so `serializeCatalogue(parseCatalogue(x))` needs no mapping layer.
 *
 * What a mode rule means (the movement engine relies on this; SPEC §4, patent CLAIM 1
 * rules A–C). Costs are per unit of TILE-SPACING and are charged on the tile being
 * entered ("cost to enter", as in classic hex-and-counter games):
 *   • area terrain, playable: `cost` is what entering one of its tiles costs per unit of
 *     TILE-SPACING. Rule A (area → area across an unplayable linear tile, distance 2)
 *     costs 2 × cost(destination) + crossing cost of the linear tile; rule B
 *     (linear → area, distance 1) costs 1 × cost(destination).
 *   • area terrain, unplayable: its tiles cannot be entered at all, by any rule; its cost
 *     is always "impassable" (validation enforces it).
 *   • linear terrain, unplayable: the tile is *crossed* between the two area tiles either
 *     side (rule A); `cost` is the extra cost of crossing it, added to the rule A base;
 *     "impassable" means it cannot be crossed.
 *   • linear terrain, playable: the tile can be occupied and moved along; `cost` is what
 *     entering it costs per unit of TILE-SPACING, from an area tile (rule B) or from another
 *     playable linear tile (rule C). A playable terrain never has cost "impassable".
 * A map tile with no terrain (palette index 0) is, on an area tile, unplayable; on a
 * linear tile, the plain border between two areas: unplayable with crossing cost 0.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

export const CATALOGUE_FORMAT = 'sandtable-terrain-catalogue';
export const CATALOGUE_VERSION = 1;

export type TerrainClass = 'area' | 'linear';
/** Rendering width class of a linear tile's polygon (SPEC §5 (B): narrow, wide, or a transition). */
export type LinearWidth = 'narrow' | 'medium' | 'wide';
export const LINEAR_WIDTHS: readonly LinearWidth[] = ['narrow', 'medium', 'wide'];

export type MovementCost = number | 'impassable';

/** One terrain's rule for one MOVEMENT-MODE; see the module header for what `cost` means. */
export interface ModeRule {
  readonly cost: MovementCost;
  readonly playable: boolean;
}

/** A MOVEMENT-MODE: data, not code, so a designer can add their own (SPEC §4). */
export interface MovementMode {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
}

interface TerrainBase {
  /** Stable kebab-case id; maps store it in their palette, so it never changes. */
  readonly id: string;
  readonly name: string;
  /** `#rrggbb`, lower case. */
  readonly colour: string;
  readonly secondaryColour?: string;
  /** Name of a fill or stroke pattern the renderer knows (kebab-case). */
  readonly pattern?: string;
  /** Human-curated terrain (fields, towns, roads, walls…) stays stark when blended (SPEC §7). */
  readonly humanCurated: boolean;
  /** Metres added to the ground elevation of the tile (negative for water). */
  readonly elevationOffset: number;
  /** Metres the feature stands above the ground: forest canopy, wall, ridge crest. */
  readonly height: number;
  /** 0–1 */
  readonly cover: number;
  /** 0–1 */
  readonly concealment: number;
  /** One rule per mode of the catalogue, keyed by mode id. */
  readonly movement: Readonly<Record<string, ModeRule>>;
  /**
   * Vector tiles (core/vector): this terrain's edge crossings may be reordered when two tiles
   * are matched, because it passes over or under other terrain there (a road on a bridge).
   * Absent means false.
   */
  readonly reorderable?: boolean;
  /**
   * Terrain ids of the same class a vector tile may depict where this terrain is painted
   * (core/assemble painted.ts: a `plains` cell takes a `clear` tile). Read both ways, not
   * transitively. Absent: only this terrain itself.
   */
  readonly interchangeable?: readonly string[];
}

/** How a built-up area's streets run at tactical scale: a regular grid, or winding lanes. */
export type StreetLayout = 'grid' | 'organic';
export const STREET_LAYOUTS: readonly StreetLayout[] = ['grid', 'organic'];

export interface AreaTerrain extends TerrainBase {
  readonly class: 'area';
  /** Forest, jungle, towns: sight does not pass through beyond the edge of the tiles. */
  readonly blocksSightThrough: boolean;
  /**
   * Built-up terrain (towns, villages): derived as blocks of its own tiles between streets
   * laid out this way (core/derive/substitutes). Absent: no street network.
   */
  readonly streets?: StreetLayout;
}

export interface LinearTerrain extends TerrainBase {
  readonly class: 'linear';
  readonly width: LinearWidth;
  /** A hedgerow, wall or ridge blocks a line of sight that crosses it. */
  readonly blocksSightAcross: boolean;
  /** A tree line blocks a line of sight that runs along it. */
  readonly blocksSightAlong: boolean;
  /**
   * Where the feature runs (issue 26): `along` the linear tiles / tile edges between area
   * tiles (rivers, walls, ridges, hedges), or `through` area tiles from centre to centre as a
   * network (roads, railroads, trails, streets: core/map network-layer.ts). Absent: `along`,
   * so catalogues written before networks read unchanged.
   */
  readonly runs?: LinearRuns;
  /**
   * `through` terrains only: per movement mode, what moving along the network from one
   * connected tile to the next costs per unit of TILE-SPACING, instead of the terrain entered
   * (the classic road-movement rule). A mode not listed gains nothing from the network (it
   * pays the terrain). "impassable" forbids moving along it in that mode.
   */
  readonly networkCost?: Readonly<Record<string, MovementCost>>;
  /**
   * On the result of a composite of an `along` feature and a `through` network (river +
   * road → river-bridge): how the network crosses the feature there — drawn as a `bridge`
   * (deck, parapets, the feature running under) or a `ford`. The composite's result terrain
   * is the crossing's movement cost. Absent: not a crossing (or drawn as the terrain is).
   */
  readonly crossing?: CrossingKind;
}

/** How a linear terrain runs: along linear tiles / edges, or through area tiles as a network. */
export type LinearRuns = 'along' | 'through';
export const LINEAR_RUNS: readonly LinearRuns[] = ['along', 'through'];
/** How a network crosses an `along` feature (a composite result's `crossing`). */
export type CrossingKind = 'bridge' | 'ford';
export const CROSSING_KINDS: readonly CrossingKind[] = ['bridge', 'ford'];

export type Terrain = AreaTerrain | LinearTerrain;

/** One or more area terrain ids on one side of a transition. */
export type TerrainSide = string | readonly string[];

export interface WeightedTerrain {
  readonly terrain: string;
  readonly weight: number;
}

/** A single area terrain, or a weighted mix of them, filling the band's tiles. */
export type BandFill = string | readonly WeightedTerrain[];

/**
 * One elevation step of a band: applies where the ground is below `below` metres (the
 * last step has no `below` and takes everything higher). `edge` is the linear terrain put
 * on the border itself (beach, cliff).
 */
export interface ElevationStep {
  readonly below?: number;
  readonly terrain: BandFill;
  readonly edge?: string;
}

export type TransitionBand = BandFill | { readonly byElevation: readonly ElevationStep[] };

/**
 * Where area terrains of `between[0]` meet those of `between[1]`, blending lays a band
 * `width` tiles wide (2–4, SPEC §7) of `band`, and `edge` on the border's linear tiles.
 * Each unordered pair of terrains is covered by at most one rule, so the order of rules
 * never matters.
 */
export interface TransitionRule {
  readonly between: readonly [TerrainSide, TerrainSide];
  readonly band: TransitionBand;
  readonly edge?: string;
  readonly width: number;
}

/**
 * Two linear terrains meeting on one tile become `result` (river + road → river-bridge).
 * `pair` is written in linear priority order: higher-priority terrain first.
 */
export interface LinearComposite {
  readonly pair: readonly [string, string];
  readonly result: string;
}

export interface TerrainCatalogue {
  readonly format: typeof CATALOGUE_FORMAT;
  readonly version: typeof CATALOGUE_VERSION;
  readonly name: string;
  readonly description?: string;
  readonly modes: readonly MovementMode[];
  readonly terrains: readonly Terrain[];
  readonly transitions: readonly TransitionRule[];
  readonly composites: readonly LinearComposite[];
  /**
   * Linear terrain ids, highest priority first (rivers > railroads > roads, SPEC §8). When
   * two linear terrains meet on a tile and no composite covers them, the higher one is
   * kept. Linear terrains not listed rank below all listed ones, in catalogue order.
   */
  readonly linearPriority: readonly string[];
}

/** A validation failure: `path` is a JSONPath into the input (`$.terrains[3].movement`). */
export class CatalogueError extends Error {
  readonly source: string;
  readonly path: string;
  constructor(source: string, path: string, detail: string) {
    super(`${source}: ${path}: ${detail}`);
    this.name = 'CatalogueError';
    this.source = source;
    this.path = path;
  }
}
