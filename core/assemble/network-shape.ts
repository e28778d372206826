/**
 * How an assembled map reads as a map (issue 25): its line networks per terrain and the
 * patches of its area terrains, measured from the instances alone (like check.ts, none of the
 * solver's bookkeeping), on every grid kind including the globe.
 *
 * Per network terrain (network-ends.ts roles):
 *   cells       cells whose tile draws the terrain as a line
 *   ends        termini inside tiles; of them `mouths` (at water), `sources` (a watercourse's
 *               ends not at water), `deadEnds` (unexplained ends not in a border
 *               cell — a border cell is one with an outer edge or an empty neighbour, where
 *               the line may run on beyond what was assembled)
 *   exits       crossings of the terrain on a border side (off the map or to an empty cell)
 *   loops       independent cycles of the network graph (cells as nodes, shared sides both
 *               crossing the terrain as edges): edges − nodes + components
 *   components  the network's connected pieces
 * Per area terrain (each cell's dominant ground, derive-terrain.ts; bare ground not counted):
 *   patches (connected pieces over shared sides), `singles` (patches of one cell), `largest`,
 *   `sizes` (every patch's size, largest first).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import type { InstanceLayer } from '../map/instance-layer.js';
import { decodePlacement } from '../map/orientation-code.js';
import type { EdgeIndicators } from '../vector/indicators.js';
import { edgeIndicators, indicatorsOf } from '../vector/indicators.js';
import type { VectorTile } from '../vector/types.js';
import { cellShapeOf, edgeDirections } from './cell-geometry.js';
import { dominantAreaTerrain } from './derive-terrain.js';
import type { NetworkRoles, Terminus } from './network-ends.js';
import { isNetworkTerrain, terminiOf } from './network-ends.js';
import { placedTile } from './placed-tile.js';

export interface LineNetworkFigures {
  readonly terrain: string;
  readonly role: 'watercourse' | 'route';
  readonly cells: number;
  readonly ends: number;
  readonly sources: number;
  readonly mouths: number;
  readonly deadEnds: number;
  readonly exits: number;
  readonly loops: number;
  readonly components: number;
}

export interface PatchFigures {
  readonly terrain: string;
  readonly cells: number;
  readonly patches: number;
  readonly singles: number;
  readonly largest: number;
  readonly sizes: readonly number[];
}

export interface NetworkShape {
  readonly lines: readonly LineNetworkFigures[];
  readonly patches: readonly PatchFigures[];
  /** Sums over the terrains: what `check --json` leads with and the tests want at 0. */
  readonly totals: { readonly sources: number; readonly mouths: number; readonly loops: number; readonly deadEnds: number; readonly singlePatches: number };
}

interface TileFacts {
  readonly termini: readonly Terminus[];
  readonly lines: ReadonlySet<string>;
  readonly ground: string;
}

/** Measures the networks and patches of `instances` (tiles by id from `library`). */
export function networkShape(grid: Grid, instances: InstanceLayer, library: readonly VectorTile[], roles: NetworkRoles): NetworkShape {
  const byId = new Map(library.map((t) => [t.id, t]));
  const facts = new Map<string, TileFacts>();
  const factsOf = (id: string): TileFacts => {
    let f = facts.get(id);
    if (!f) {
      const tile = byId.get(id);
      if (!tile) throw new RangeError(`the map places tile "${id}", which the library does not have`);
      const lines = new Set(tile.elements.filter((e) => e.kind === 'line' && isNetworkTerrain(roles, e.terrain)).map((e) => e.terrain));
      facts.set(id, (f = { termini: terminiOf(tile, roles), lines, ground: dominantAreaTerrain(tile) }));
    }
    return f;
  };
  const sides = new SideView(grid, instances, byId);
  const terrains = new Set<string>();
  for (let c = 0; c < grid.tileCount; c++) {
    const p = instances.get(c);
    if (p) for (const t of factsOf(p.tile).lines) terrains.add(t);
  }
  const lines = [...terrains].sort().map((t) => lineFigures(grid, instances, t, roles, factsOf, sides));
  const patches = patchFigures(grid, instances, factsOf);
  const sum = (k: 'sources' | 'mouths' | 'loops' | 'deadEnds'): number => lines.reduce((n, l) => n + l[k], 0);
  return { lines, patches, totals: { sources: sum('sources'), mouths: sum('mouths'), loops: sum('loops'), deadEnds: sum('deadEnds'), singlePatches: patches.reduce((n, p) => n + p.singles, 0) } };
}

/** The placed instances' edge indicators (rebuilt from the tiles, cached per placement on flat maps). */
class SideView {
  private readonly cache = new Map<string, readonly EdgeIndicators[]>();
  constructor(
    private readonly grid: Grid,
    private readonly instances: InstanceLayer,
    private readonly byId: ReadonlyMap<string, VectorTile>,
  ) {}

  /** Whether cell c's tile crosses its side d with a line of `terrain`. */
  crosses(c: number, d: number, terrain: string): boolean {
    return indicatorsOf(this.indicators(c), d).positions.some((p) => p.kind === 'line' && p.terrain === terrain);
  }

  private indicators(c: number): readonly EdgeIndicators[] {
    const p = this.instances.get(c)!;
    const globe = this.grid.kind === 'icosahedron';
    const key = globe ? `${c}` : `${p.tile} ${p.code} ${this.grid.isPentagon(c) ? 5 : 0}`;
    let ind = this.cache.get(key);
    if (!ind) this.cache.set(key, (ind = edgeIndicators(placedTile(this.byId.get(p.tile)!, decodePlacement(p.code), cellShapeOf(this.grid, c, false)))));
    return ind;
  }
}

/** Whether cell c is at the border of what is assembled: an outer edge, or a neighbour with no instance. */
export function isBorderCell(grid: Grid, instances: InstanceLayer, c: number): boolean {
  return edgeDirections(grid, c).some((d) => {
    const n = grid.neighbor(c, d);
    return n < 0 || !instances.has(n);
  });
}

function lineFigures(grid: Grid, instances: InstanceLayer, terrain: string, roles: NetworkRoles, factsOf: (id: string) => TileFacts, sides: SideView): LineNetworkFigures {
  const parent = new Int32Array(grid.tileCount).fill(-1);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]!]!;
    return x;
  };
  // The network's tallies: cells on it (nodes), shared sides it crosses (edges), and its ends.
  const n = { nodes: 0, edges: 0, components: 0, ends: 0, sources: 0, mouths: 0, deadEnds: 0, exits: 0 };
  const on = (c: number): boolean => {
    const p = instances.get(c);
    return !!p && factsOf(p.tile).lines.has(terrain);
  };
  for (let c = 0; c < grid.tileCount; c++) {
    if (!on(c)) continue;
    parent[c] = c;
    n.nodes++;
  }
  n.components = n.nodes;
  for (let c = 0; c < grid.tileCount; c++) {
    if (parent[c]! < 0) continue;
    for (const t of factsOf(instances.get(c)!.tile).termini) {
      if (t.terrain !== terrain) continue;
      n.ends++;
      if (t.kind === 'mouth') n.mouths++;
      if (roles.watercourses.has(terrain) && (t.kind === 'source' || t.kind === 'dead-end')) n.sources++;
      if (t.kind === 'dead-end' && !isBorderCell(grid, instances, c)) n.deadEnds++;
    }
    for (const d of edgeDirections(grid, c)) {
      if (!sides.crosses(c, d, terrain)) continue;
      const m = grid.neighbor(c, d);
      if (m < 0 || !instances.has(m)) {
        n.exits++;
        continue;
      }
      // Each shared side once: from its lower cell (a cell wrapped onto itself counts its side once too).
      if (m < c || parent[m]! < 0) continue;
      const back = edgeDirections(grid, m).find((e) => grid.neighbor(m, e) === c && (m !== c || e !== d));
      if (back === undefined || !sides.crosses(m, back, terrain)) continue;
      n.edges++;
      const a = find(c);
      const b = find(m);
      if (a === b) continue;
      parent[a] = b;
      n.components--;
    }
  }
  const role = roles.watercourses.has(terrain) ? 'watercourse' : 'route';
  return { terrain, role, cells: n.nodes, ends: n.ends, sources: n.sources, mouths: n.mouths, deadEnds: n.deadEnds, exits: n.exits, loops: n.edges - n.nodes + n.components, components: n.components };
}

function patchFigures(grid: Grid, instances: InstanceLayer, factsOf: (id: string) => TileFacts): PatchFigures[] {
  const ground = (c: number): string => {
    const p = instances.get(c);
    return p ? factsOf(p.tile).ground : '';
  };
  const seen = new Uint8Array(grid.tileCount);
  const sizes = new Map<string, number[]>();
  for (let s = 0; s < grid.tileCount; s++) {
    const t = ground(s);
    if (seen[s] || t === '') continue;
    seen[s] = 1;
    const queue = [s];
    for (let head = 0; head < queue.length; head++) {
      const c = queue[head]!;
      for (const d of edgeDirections(grid, c)) {
        const n = grid.neighbor(c, d);
        if (n < 0 || seen[n] || ground(n) !== t) continue;
        seen[n] = 1;
        queue.push(n);
      }
    }
    let list = sizes.get(t);
    if (!list) sizes.set(t, (list = []));
    list.push(queue.length);
  }
  return [...sizes.keys()].sort().map((terrain) => {
    const list = sizes.get(terrain)!.sort((a, b) => b - a);
    return { terrain, cells: list.reduce((n, v) => n + v, 0), patches: list.length, singles: list.filter((v) => v === 1).length, largest: list[0]!, sizes: list };
  });
}
