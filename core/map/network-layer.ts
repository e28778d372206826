/**
 * The through-tile network layer (issue 26): per area tile, the connections of each network
 * (road, railroad, trail, street … — linear terrains the catalogue runs through tiles) between
 * the tile's sides, its centre and its junctions (towns, cities with token slots), in the
 * compact codes of network-code.ts. Sparse: only tiles a network passes through have an
 * entry, a sorted list of codes (kinds are palette values, so the map's palette names them).
 * Junction records (what stands at the centre or at ports 9…15) sit beside, also sparse.
 *
 * Edits go through `NetworkTileChange`s (before/after codes of one tile), which the store's
 * journal keeps for undo and which network-edit.ts plans; `apply` plays them either way.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { CENTRE, MAX_PORT, isConnectionCode, sortedUnique } from './network-code.js';

/** What stands at a junction port; the names are core/track's JUNCTION_TYPES, plus `centre`. */
export const NETWORK_JUNCTION_TYPES = ['centre', 'city', 'town', 'offmap', 'junction', 'pass'] as const;
export type NetworkJunctionType = (typeof NETWORK_JUNCTION_TYPES)[number];

export interface NetworkJunction {
  /** 8 (the centre) … 15. */
  readonly port: number;
  readonly type: NetworkJunctionType;
  /** Token slots (cities ≥ 1), 0 otherwise. */
  readonly slots: number;
  /** Revenue printed (18xx), 0 where none. */
  readonly revenue: number;
  /**
   * Where it is drawn: null at the centre, k toward side k, k + 0.5 toward the corner after
   * side k (core/track's JunctionPosition.toward); turns with the tile.
   */
  readonly toward: number | null;
  readonly name?: string;
}

/** One tile's codes changing: what the journal stores and undo replays. */
export interface NetworkTileChange {
  readonly tile: number;
  readonly before: readonly number[];
  readonly after: readonly number[];
}

const NONE: readonly number[] = Object.freeze([]);

export class NetworkLayer {
  private readonly codes = new Map<number, readonly number[]>();
  private readonly junctionRecs = new Map<number, readonly NetworkJunction[]>();

  constructor(readonly tileCount: number) {
    if (!Number.isInteger(tileCount) || tileCount < 1) throw new RangeError(`a network layer covers ≥ 1 tile, got ${tileCount}`);
  }

  /** The tile's codes, sorted (empty when no network passes through it). */
  at(tile: number): readonly number[] {
    return this.codes.get(tile) ?? NONE;
  }

  /** Replaces the tile's codes (sorted and deduplicated here; empty removes the entry). */
  set(tile: number, codes: readonly number[]): void {
    this.checkTile(tile);
    for (const c of codes) if (!isConnectionCode(c)) throw new RangeError(`tile ${tile}: ${String(c)} is not a network connection code`);
    if (codes.length === 0) this.codes.delete(tile);
    else this.codes.set(tile, Object.freeze(sortedUnique(codes)));
  }

  junctionsAt(tile: number): readonly NetworkJunction[] {
    return this.junctionRecs.get(tile) ?? [];
  }

  /** Replaces the tile's junction records (one per port, ports 8…15). */
  setJunctions(tile: number, junctions: readonly NetworkJunction[]): void {
    this.checkTile(tile);
    const seen = new Set<number>();
    for (const j of junctions) {
      if (!Number.isInteger(j.port) || j.port < CENTRE || j.port > MAX_PORT) throw new RangeError(`tile ${tile}: a junction's port is ${CENTRE}…${MAX_PORT}, got ${j.port}`);
      if (seen.has(j.port)) throw new RangeError(`tile ${tile}: two junctions at port ${j.port}`);
      if (!(NETWORK_JUNCTION_TYPES as readonly string[]).includes(j.type)) throw new RangeError(`tile ${tile}: junction type ${String(j.type)} is not one of ${NETWORK_JUNCTION_TYPES.join(', ')}`);
      if (!Number.isInteger(j.slots) || j.slots < 0 || j.slots > 16) throw new RangeError(`tile ${tile}: junction slots must be 0…16, got ${j.slots}`);
      seen.add(j.port);
    }
    if (junctions.length === 0) this.junctionRecs.delete(tile);
    else this.junctionRecs.set(tile, Object.freeze([...junctions].sort((x, y) => x.port - y.port)));
  }

  /** Tiles holding connections, ascending. */
  tiles(): number[] {
    return [...this.codes.keys()].sort((a, b) => a - b);
  }

  /** Tiles holding junction records, ascending. */
  junctionTiles(): number[] {
    return [...this.junctionRecs.keys()].sort((a, b) => a - b);
  }

  /** Number of tiles holding connections. */
  get size(): number {
    return this.codes.size;
  }

  get isEmpty(): boolean {
    return this.codes.size === 0 && this.junctionRecs.size === 0;
  }

  /** Plays changes forward (`after`) or back (`before`, in reverse order). */
  apply(changes: readonly NetworkTileChange[], direction: 'forward' | 'back' = 'forward'): void {
    if (direction === 'forward') for (const c of changes) this.set(c.tile, c.after);
    else for (let k = changes.length - 1; k >= 0; k--) this.set(changes[k]!.tile, changes[k]!.before);
  }

  clone(): NetworkLayer {
    const out = new NetworkLayer(this.tileCount);
    for (const [t, c] of this.codes) out.codes.set(t, c);
    for (const [t, j] of this.junctionRecs) out.junctionRecs.set(t, j);
    return out;
  }

  private checkTile(tile: number): void {
    if (!Number.isInteger(tile) || tile < 0 || tile >= this.tileCount) throw new RangeError(`tile index ${tile} is outside the map (0…${this.tileCount - 1})`);
  }
}
