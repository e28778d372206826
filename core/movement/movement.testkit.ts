/**
 * Test helpers for the movement engine: hand-written movement tables, seeded random maps
 * of every kind, and a deliberately naive reference (adjacency written straight from the
 * patent's rules A–C, Dijkstra by linear scan) that shares no code with graph.ts or
 * path-finder.ts. Test-only; excluded from core's production type check.
 */
import type { GridSize, Wrap } from '../grid/types.js';
import { hasVertices } from '../grid/capabilities.js';
import { TerrainMap } from '../map/terrain-map.js';
import { classifyTiles, TileClass } from '../alform/classify.js';
import type { Random } from '../util/random.js';
import type { MovementTables } from './tables.js';

export interface TerrainDef {
  readonly id: string;
  readonly linear: boolean;
  readonly playable: boolean;
  /** Entry cost (playable) or crossing cost (unplayable linear); Infinity allowed for unplayable. */
  readonly cost: number;
}

/** A palette and its tables: entry i of `defs` is layer value i + 1. */
export function tablesFor(defs: readonly TerrainDef[]): { palette: string[]; tables: MovementTables } {
  const n = defs.length + 1;
  const cost = new Float32Array(n).fill(Infinity);
  const playable = new Uint8Array(n);
  const isLinear = new Uint8Array(n);
  defs.forEach((d, i) => {
    cost[i + 1] = d.cost;
    playable[i + 1] = d.playable ? 1 : 0;
    isLinear[i + 1] = d.linear ? 1 : 0;
  });
  return { palette: defs.map((d) => d.id), tables: { cost, playable, isLinear } };
}

export interface MapCase {
  readonly label: string;
  readonly size: GridSize;
  readonly wrap?: Wrap;
  readonly alform: boolean;
}

/** Small maps of every kind, classic and AL-FORM, wrapped where the kind wraps. */
export function mapCases(): MapCase[] {
  return [
    { label: 'square 6x5 classic', size: { kind: 'square', width: 6, height: 5 }, alform: false },
    { label: 'square 9x7 AL-FORM', size: { kind: 'square', width: 9, height: 7 }, alform: true },
    { label: 'square 8x6 AL-FORM wrapped x,y', size: { kind: 'square', width: 8, height: 6 }, wrap: { x: true, y: true }, alform: true },
    { label: 'square 5x4 classic wrapped x', size: { kind: 'square', width: 5, height: 4 }, wrap: { x: true, y: false }, alform: false },
    { label: 'offset-square 6x5 classic', size: { kind: 'offset-square', width: 6, height: 5 }, alform: false },
    { label: 'offset-square 9x7 AL-FORM', size: { kind: 'offset-square', width: 9, height: 7 }, alform: true },
    { label: 'offset-square 8x6 AL-FORM wrapped x,y', size: { kind: 'offset-square', width: 8, height: 6 }, wrap: { x: true, y: true }, alform: true },
    { label: 'hex-rectangle 6x5 classic', size: { kind: 'hex-rectangle', width: 6, height: 5 }, alform: false },
    { label: 'hex-rectangle 6x5 classic wrapped x', size: { kind: 'hex-rectangle', width: 6, height: 5 }, wrap: { x: true, y: false }, alform: false },
    { label: 'hex-rectangle 9x7 AL-FORM', size: { kind: 'hex-rectangle', width: 9, height: 7 }, alform: true },
    { label: 'hex-rectangle 8x6 AL-FORM wrapped x,y', size: { kind: 'hex-rectangle', width: 8, height: 6 }, wrap: { x: true, y: true }, alform: true },
    { label: 'hex-hexagon 5 classic', size: { kind: 'hex-hexagon', diameter: 5 }, alform: false },
    { label: 'hex-hexagon 9 AL-FORM', size: { kind: 'hex-hexagon', diameter: 9 }, alform: true },
    { label: 'icosahedron 2 classic', size: { kind: 'icosahedron', side: 2 }, alform: false },
    { label: 'icosahedron 3 AL-FORM', size: { kind: 'icosahedron', side: 3 }, alform: true },
  ];
}

/**
 * Fills a map at random from `areaIds` / `linearIds` (layer values). Linear tiles are
 * left empty (index 0) with probability `emptyLinear`.
 */
export function fillRandom(map: TerrainMap, random: Random, areaIds: readonly number[], linearIds: readonly number[], emptyLinear = 0.5): void {
  const pick = (ids: readonly number[]) => ids[Math.floor(random() * ids.length)]!;
  const t = map.layers.terrain;
  if (map.spec.alform) {
    const cls = classifyTiles(map.grid);
    for (let i = 0; i < t.length; i++) t[i] = cls[i] === TileClass.AREA ? pick(areaIds) : random() < emptyLinear ? 0 : pick(linearIds);
  } else {
    for (let i = 0; i < t.length; i++) t[i] = pick(areaIds);
    const e = map.layers.edges!;
    for (let i = 0; i < e.length; i++) e[i] = random() < emptyLinear ? 0 : pick(linearIds);
    const v = map.layers.vertices;
    if (v) for (let i = 0; i < v.length; i++) v[i] = random() < emptyLinear ? 0 : pick(linearIds);
  }
}

export function makeMap(c: MapCase, palette: readonly string[]): TerrainMap {
  return TerrainMap.create({ size: c.size, wrap: c.wrap, alform: c.alform, palette });
}

/**
 * Out-edges of every tile straight from the rules, by brute force over tile pairs (no
 * direction arithmetic): rule A joins area tiles u ≠ v that share an unplayable linear
 * neighbour l; on square maps through a VERTEX tile only when u, l, v lie on one diagonal
 * (v − l = l − u in coordinates, modulo wrapping — checked as "v is l's neighbour in the
 * direction u sees l", using the grid only to list neighbours).
 */
export function referenceEdges(map: TerrainMap, tables: MovementTables): [number, number][][] {
  const grid = map.grid;
  const n = grid.tileCount;
  const t = map.layers.terrain;
  const nbs: number[][] = [];
  const buf = new Int32Array(grid.directions);
  for (let i = 0; i < n; i++) {
    const deg = grid.neighbors(i, buf);
    nbs.push(Array.from(buf.subarray(0, deg)));
  }
  const playable = (i: number) => t[i] !== 0 && tables.playable[t[i]!] === 1;
  const enter = (i: number) => tables.cost[t[i]!]!;
  const out: [number, number][][] = Array.from({ length: n }, () => []);
  if (map.spec.alform) {
    const cls = classifyTiles(grid);
    const area = (i: number) => cls[i] === TileClass.AREA;
    for (let u = 0; u < n; u++) {
      if (!playable(u)) continue;
      for (let d = 0; d < nbs[u]!.length; d++) {
        const w = nbs[u]![d]!;
        if (w < 0) continue;
        if (playable(w)) out[u]!.push([w, enter(w)]); // B or C
        if (!area(u) || area(w) || playable(w)) continue;
        const cross = t[w] === 0 ? 0 : tables.cost[t[w]!]!;
        if (cross === Infinity) continue;
        for (let e = 0; e < nbs[w]!.length; e++) {
          const v = nbs[w]![e]!;
          if (v < 0 || v === u || !area(v) || !playable(v)) continue;
          if (cls[w] === TileClass.VERTEX && e !== d) continue;
          out[u]!.push([v, 2 * enter(v) + cross]);
        }
      }
    }
  } else {
    const vgrid = hasVertices(grid) ? grid : null;
    for (let u = 0; u < n; u++) {
      if (!playable(u)) continue;
      for (let d = 0; d < nbs[u]!.length; d++) {
        const v = nbs[u]![d]!;
        if (v < 0 || !playable(v)) continue;
        const slot = vgrid && d % 2 === 1 ? vgrid.vertexSlot(u, d) : grid.edgeSlot(u, d);
        const layer = grid.kind === 'square' && d % 2 === 1 ? map.layers.vertices! : map.layers.edges!;
        const k = slot < 0 ? 0 : layer[slot]!;
        const cross = k === 0 || tables.playable[k] ? 0 : tables.cost[k]!;
        if (cross === Infinity) continue;
        out[u]!.push([v, enter(v) + cross]);
      }
    }
  }
  return out;
}

/** Dijkstra by linear scan over reference edges: costs from `sources` to every tile. */
export function referenceDistances(edges: [number, number][][], sources: readonly number[], occupiable: (i: number) => boolean): Float64Array {
  const n = edges.length;
  const dist = new Float64Array(n).fill(Infinity);
  const done = new Uint8Array(n);
  for (const s of sources) if (occupiable(s)) dist[s] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && dist[i]! < Infinity && (u < 0 || dist[i]! < dist[u]!)) u = i;
    if (u < 0) return dist;
    done[u] = 1;
    for (const [v, c] of edges[u]!) if (dist[u]! + c < dist[v]!) dist[v] = dist[u]! + c;
  }
}
