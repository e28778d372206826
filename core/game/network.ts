/**
 * The board's track as one network (the seed 001's "connectivity between junctions", kept as
 * a cache): every tile on the board turned to its rotation, cut into paths — one per track
 * connection — whose two ends are either an edge point (a hex side, shared with the
 * neighbour's matching side) or a node (a junction: city, town, off-board area …). Paths are
 * what routes use and what the company graphs (graph.ts) walk; a lay replaces one hex's
 * paths and nodes and says how the old ones map to the new (`LayChange`), so the graphs
 * update locally.
 *
 * Ends are integers: an edge point is `hexIndex * 6 + side` (≥ 0), a node `-(nodeId + 1)`.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Junction, TrackEnd, TrackTile } from '../track/types.js';
import { rotateTrackTile } from '../track/sides.js';
import type { Game } from './types.js';
import { boardNeighbours, oppositeSide } from './topology.js';

export interface NetPath {
  readonly hexIndex: number;
  readonly ends: readonly [number, number];
  alive: boolean;
}

export interface NetNode {
  readonly id: number;
  readonly hexIndex: number;
  readonly junction: Junction;
  /** Index among the tile's cities (0-based), −1 for other junctions. */
  readonly cityIndex: number;
  /** Companies with a token here, in order placed. */
  readonly tokens: string[];
  /** Companies whose home reserves a slot here (until they token it). */
  readonly reserved: string[];
  alive: boolean;
}

/** What one lay changed: the paths and nodes of the hex before and after, and how the old map to the new. */
export interface LayChange {
  readonly hexIndex: number;
  readonly oldPaths: readonly number[];
  readonly newPaths: readonly number[];
  /** Old path id → [new path id, whether its ends swapped]; absent when the old path is gone. */
  readonly pathMap: ReadonlyMap<number, readonly [number, boolean]>;
  /** Old node id → new node id. */
  readonly nodeMap: ReadonlyMap<number, number>;
}

export const nodeEnd = (nodeId: number): number => -(nodeId + 1);
export const endNode = (end: number): number => -end - 1;

export interface HexTile {
  readonly tileId: string | undefined;
  readonly rotation: number;
  /** The tile turned to its rotation (an empty tile where the hex has none). */
  readonly tile: TrackTile;
  /** Whether a lay put it there (false: printed on the board). */
  readonly laid: boolean;
}

const EMPTY: TrackTile = { id: '', name: '', colour: 'white', junctions: [], connections: [] };

export class Network {
  readonly hexNames: string[];
  readonly hexIndex = new Map<string, number>();
  /** Neighbour hex index across side s of hex h at h * 6 + s; −1 off the board. */
  readonly neighbour: Int32Array;
  readonly hexTiles: HexTile[];
  readonly hexPaths: number[][];
  readonly hexNodes: number[][];
  readonly paths: NetPath[] = [];
  readonly nodes: NetNode[] = [];
  /** Paths with an end at each edge point. */
  readonly edgePaths = new Map<number, number[]>();
  /** Paths with an end at each node. */
  readonly nodePaths = new Map<number, number[]>();
  readonly tiles: ReadonlyMap<string, TrackTile>;
  private readonly rotated = new Map<string, TrackTile>();

  constructor(readonly game: Game) {
    this.tiles = new Map(game.tiles.map((t) => [t.id, t]));
    const hexes = game.board.hexes;
    this.hexNames = hexes.map((h) => h.name);
    hexes.forEach((h, k) => this.hexIndex.set(h.name, k));
    this.neighbour = new Int32Array(hexes.length * 6).fill(-1);
    const nb = boardNeighbours(game.board);
    hexes.forEach((h, k) => nb.get(h.name)!.forEach((n, s) => (this.neighbour[k * 6 + s] = n === null ? -1 : this.hexIndex.get(n)!)));
    this.hexTiles = hexes.map((h) => this.hexTile(h.tileId, h.rotation, false));
    this.hexPaths = hexes.map(() => []);
    this.hexNodes = hexes.map(() => []);
    hexes.forEach((_, k) => this.build(k));
  }

  /** The tile `tileId` turned `rotation` steps, cached. */
  rotatedTile(tileId: string, rotation: number): TrackTile {
    const key = `${rotation}|${tileId}`;
    let t = this.rotated.get(key);
    if (!t) {
      const base = this.tiles.get(tileId);
      if (!base) throw new Error(`tile ${JSON.stringify(tileId)} is not one of the game's tiles`);
      t = rotateTrackTile(base, rotation);
      this.rotated.set(key, t);
    }
    return t;
  }

  private hexTile(tileId: string | undefined, rotation: number, laid: boolean): HexTile {
    return { tileId, rotation, tile: tileId === undefined ? EMPTY : this.rotatedTile(tileId, rotation), laid };
  }

  hex(name: string): number {
    const k = this.hexIndex.get(name);
    if (k === undefined) throw new Error(`hex ${JSON.stringify(name)} is not on the board`);
    return k;
  }

  /** The node of city `city` (0-based) on a hex, or undefined. */
  cityNode(hexIndex: number, city: number): NetNode | undefined {
    return this.hexNodes[hexIndex]!.map((id) => this.nodes[id]!).find((n) => n.cityIndex === city);
  }

  /** The path's end entered first when walked in direction `j` (0: from ends[0]). */
  pathEnds(pathId: number): readonly [number, number] {
    return this.paths[pathId]!.ends;
  }

  /** Cuts hex k's current tile into nodes and paths and indexes them. */
  private build(k: number): void {
    const tile = this.hexTiles[k]!.tile;
    const byJunction = new Map<string, number>();
    let city = 0;
    for (const j of tile.junctions) {
      const id = this.nodes.length;
      this.nodes.push({ id, hexIndex: k, junction: j, cityIndex: j.type === 'city' ? city++ : -1, tokens: [], reserved: [], alive: true });
      byJunction.set(j.id, id);
      this.hexNodes[k]!.push(id);
    }
    const end = (e: TrackEnd): number => (e.kind === 'side' ? k * 6 + e.side : nodeEnd(byJunction.get(e.id)!));
    for (const c of tile.connections) {
      const id = this.paths.length;
      const ends: [number, number] = [end(c.a), end(c.b)];
      this.paths.push({ hexIndex: k, ends, alive: true });
      this.hexPaths[k]!.push(id);
      for (const e of ends) index(e >= 0 ? this.edgePaths : this.nodePaths, e >= 0 ? e : endNode(e), id);
    }
  }

  /** The edge point across from edge point `e` (the neighbour's matching side), or −1 off the board. */
  across(e: number): number {
    const h = Math.floor(e / 6);
    const s = e % 6;
    const n = this.neighbour[h * 6 + s]!;
    return n < 0 ? -1 : n * 6 + oppositeSide(s);
  }

  /**
   * Replaces hex k's tile. `junctionMap` maps each old junction id to the new tile's junction
   * id it becomes (lays.ts finds it); tokens and reservations move with it.
   */
  replaceTile(k: number, tileId: string, rotation: number, junctionMap: ReadonlyMap<string, string>): LayChange {
    const oldPaths = this.hexPaths[k]!;
    const oldNodes = this.hexNodes[k]!;
    const oldKeys = oldPaths.map((p) => this.paths[p]!.ends);
    for (const p of oldPaths) {
      this.paths[p]!.alive = false;
      for (const e of this.paths[p]!.ends) unindex(e >= 0 ? this.edgePaths : this.nodePaths, e >= 0 ? e : endNode(e), p);
    }
    for (const n of oldNodes) this.nodes[n]!.alive = false;
    this.hexTiles[k] = this.hexTile(tileId, rotation, true);
    this.hexPaths[k] = [];
    this.hexNodes[k] = [];
    this.build(k);
    const newByJunction = new Map(this.hexNodes[k]!.map((n) => [this.nodes[n]!.junction.id, n]));
    const nodeMap = new Map<number, number>();
    for (const n of oldNodes) {
      const to = junctionMap.get(this.nodes[n]!.junction.id);
      const m = to === undefined ? undefined : newByJunction.get(to);
      if (m === undefined) continue;
      nodeMap.set(n, m);
      this.nodes[m]!.tokens.push(...this.nodes[n]!.tokens);
      this.nodes[m]!.reserved.push(...this.nodes[n]!.reserved);
    }
    const mapEnd = (e: number) => (e >= 0 ? e : nodeEnd(nodeMap.get(endNode(e)) ?? -2));
    const newKey = new Map<string, number>();
    for (const p of this.hexPaths[k]!) {
      const [a, b] = this.paths[p]!.ends;
      newKey.set(`${a},${b}`, p);
    }
    const pathMap = new Map<number, readonly [number, boolean]>();
    oldPaths.forEach((p, i) => {
      const [a, b] = oldKeys[i]!.map(mapEnd) as [number, number];
      const same = newKey.get(`${a},${b}`);
      if (same !== undefined) pathMap.set(p, [same, false]);
      else {
        const swapped = newKey.get(`${b},${a}`);
        if (swapped !== undefined) pathMap.set(p, [swapped, true]);
      }
    });
    return { hexIndex: k, oldPaths, newPaths: this.hexPaths[k]!, pathMap, nodeMap };
  }
}

function index(map: Map<number, number[]>, key: number, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

function unindex(map: Map<number, number[]>, key: number, id: number): void {
  const list = map.get(key);
  if (!list) return;
  const i = list.indexOf(id);
  if (i >= 0) list.splice(i, 1);
  if (!list.length) map.delete(key);
}
