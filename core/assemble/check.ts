/**
 * An independent checker of assembled maps, for tests and for maps assembled elsewhere: it
 * shares none of the solver's bookkeeping (no signatures, support counts or candidate
 * tables). It rebuilds each instance's geometry (placed-tile.ts), matches every shared edge
 * with core/vector's `matchTiles`, snaps it with `snapAcross` and matches again, checks the
 * map's outer edges, the user's fixed tiles and the quantity limits, and finds the network
 * of the chosen terrains with its own breadth-first search.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import { globeTileShape } from '../vector/globe-shape.js';
import type { EdgeIndicators } from '../vector/indicators.js';
import { edgeIndicators, indicatorsOf } from '../vector/indicators.js';
import type { MatchOptions } from '../vector/match.js';
import { matchTiles } from '../vector/match.js';
import type { TileShape } from '../vector/shape.js';
import { HEX, OFFSET_SQUARE, PENTAGON, SQUARE } from '../vector/shape.js';
import { snapAcross } from '../vector/snap.js';
import type { VectorTile } from '../vector/types.js';
import type { InstanceLayer } from '../map/instance-layer.js';
import { decodePlacement } from '../map/orientation-code.js';
import { placedTile } from './placed-tile.js';
import type { AlFormCheck } from './check-alform.js';
import { alformAcross, checkAlFormAreas, checkAlFormLinear } from './check-alform.js';
import type { Violation } from './violation.js';

export interface CheckOptions {
  readonly match?: MatchOptions;
  /** The map's outer edges: `closed` (nothing crosses), `open` (something crosses) or `any`. */
  readonly boundary?: 'closed' | 'open' | 'any';
  /** Cells that must hold an instance (default: none required). */
  readonly region?: ArrayLike<number>;
  /** Instances the user fixed, which must still be there. */
  readonly fixed?: readonly { readonly cell: number; readonly tile: string; readonly code: number }[];
  /** Instances per tile id: a number is the most allowed; `{ min, max }` bounds both ways. */
  readonly counts?: Readonly<Record<string, number | { readonly min?: number; readonly max?: number }>>;
  /** The network of these terrains must be one connected component. */
  readonly connectivity?: { readonly terrains: readonly string[] };
  /**
   * The map is AL-FORM: area instances meet across one linear tile (check-alform.ts), with
   * these linear tiles and this rerouted geometry. `instances` then holds the area tiles.
   */
  readonly alform?: AlFormCheck;
}

const TOLERANCE = 1e-9;

export function checkAssembly(map: Grid | { readonly grid: Grid }, instances: InstanceLayer, library: readonly VectorTile[], options: CheckOptions = {}): Violation[] {
  const grid = 'grid' in map ? map.grid : map;
  const out: Violation[] = [];
  const tiles = new Map(library.map((t) => [t.id, t]));
  const geometry = new Map<number, { tile: VectorTile; indicators: EdgeIndicators[] }>();
  const shapeOf = (c: number): TileShape => {
    if (grid instanceof IcosahedronGrid) return globeTileShape(grid, c);
    if (grid.kind === 'square') return SQUARE;
    if (grid.kind === 'offset-square') return OFFSET_SQUARE;
    return grid.isPentagon(c) ? PENTAGON : HEX;
  };
  const rerouted = new Map<number, { tile: VectorTile; indicators: EdgeIndicators[] }>();
  for (const [c, t] of options.alform?.rerouted ?? []) rerouted.set(c, { tile: t, indicators: edgeIndicators(t) });
  const placed = (c: number): { tile: VectorTile; indicators: EdgeIndicators[] } | null => rerouted.get(c) ?? original(c);
  const original = (c: number): { tile: VectorTile; indicators: EdgeIndicators[] } | null => {
    const inst = instances.get(c);
    if (!inst) return null;
    let g = geometry.get(c);
    if (!g) {
      const tile = tiles.get(inst.tile);
      if (!tile) throw new RangeError(`cell ${c} holds tile "${inst.tile}", which the library does not have`);
      const t = placedTile(tile, decodePlacement(inst.code), shapeOf(c));
      geometry.set(c, (g = { tile: t, indicators: edgeIndicators(t) }));
    }
    return g;
  };
  const edgeDirs = (c: number): number[] => (grid.kind === 'square' ? [0, 2, 4, 6] : Array.from({ length: grid.degree(c) }, (_, d) => d));
  // Across an edge: the classic neighbour, or on an AL-FORM map the area tile across the linear tile.
  const across = (c: number, d: number): { n: number; e: number } =>
    options.alform ? alformAcross(grid, c, d) : (() => { const n = grid.neighbor(c, d); return { n, e: n < 0 ? -1 : backDir(c, d, n) }; })();
  const backDir = (c: number, d: number, n: number): number => {
    if (grid.kind !== 'icosahedron') {
      const o = (d + grid.directions / 2) % grid.directions;
      if (grid.neighbor(n, o) === c) return o;
    }
    return edgeDirs(n).find((e) => grid.neighbor(n, e) === c)!;
  };

  if (options.region) {
    for (let i = 0; i < options.region.length; i++) {
      const c = options.region[i]!;
      if (!instances.has(c)) out.push({ kind: 'missing', where: `cell ${c}`, why: 'the region cell holds no instance' });
    }
  }

  const boundary = options.boundary ?? 'any';
  if (options.alform) {
    checkAlFormAreas(grid, placed, original, { ...(options.match ? { match: options.match } : {}), boundary, alform: options.alform }, out);
    checkAlFormLinear(grid, options.alform, options.match, out);
  }
  for (let c = 0; c < grid.tileCount && !options.alform; c++) {
    const a = placed(c);
    if (!a) continue;
    for (const d of edgeDirs(c)) {
      const n = grid.neighbor(c, d);
      if (n < 0) {
        const crossings = indicatorsOf(a.indicators, d).positions.length;
        if (boundary === 'closed' && crossings > 0) out.push({ kind: 'boundary', where: `cell ${c} edge ${d}`, why: `${crossings} crossing(s) on an outer edge required closed` });
        if (boundary === 'open' && crossings === 0) out.push({ kind: 'boundary', where: `cell ${c} edge ${d}`, why: 'nothing crosses an outer edge required open' });
        continue;
      }
      if (n < c) continue;
      const b = placed(n);
      if (!b) continue;
      const e = backDir(c, d, n);
      const m = matchTiles(a.tile, d, b.tile, e, options.match);
      if (!m.ok) {
        out.push({ kind: 'mismatch', where: `cell ${c} edge ${d} ↔ cell ${n} edge ${e}`, why: m.message });
        continue;
      }
      const snapped = snapAcross(a.tile, d, b.tile, e, m.pairs);
      const again = matchTiles(snapped.a, d, snapped.b, e, options.match);
      if (!again.ok) {
        out.push({ kind: 'mismatch', where: `cell ${c} edge ${d} ↔ cell ${n} edge ${e}`, why: `after snapping: ${again.message}` });
        continue;
      }
      for (const p of again.pairs) {
        if (Math.abs(p.a.t - (1 - p.b.t)) > TOLERANCE) {
          out.push({ kind: 'mismatch', where: `cell ${c} edge ${d} ↔ cell ${n} edge ${e}`, why: `after snapping "${p.a.element}" and "${p.b.element}" meet the edge at ${p.a.t} and ${1 - p.b.t}` });
        }
      }
    }
  }

  for (const f of options.fixed ?? []) {
    const inst = instances.get(f.cell);
    if (!inst || inst.tile !== f.tile || inst.code !== f.code) {
      out.push({ kind: 'fixed', where: `cell ${f.cell}`, why: `fixed tile "${f.tile}" (placement ${f.code}) replaced by ${inst ? `"${inst.tile}" (placement ${inst.code})` : 'nothing'}` });
    }
  }

  if (options.counts) {
    const tally = new Map<string, number>();
    for (let c = 0; c < grid.tileCount; c++) {
      const inst = instances.get(c);
      if (inst) tally.set(inst.tile, (tally.get(inst.tile) ?? 0) + 1);
    }
    for (const [id, spec] of Object.entries(options.counts)) {
      const n = tally.get(id) ?? 0;
      const { min, max } = typeof spec === 'number' ? { min: undefined, max: spec } : spec;
      if (max !== undefined && n > max) out.push({ kind: 'count', where: `tile "${id}"`, why: `${n} instances, at most ${max} allowed` });
      if (min !== undefined && n < min) out.push({ kind: 'count', where: `tile "${id}"`, why: `${n} instances, at least ${min} required` });
    }
  }

  if (options.connectivity) {
    const terrains = new Set(options.connectivity.terrains);
    const isNode = (c: number): boolean => {
      const g = placed(c);
      return g !== null && g.tile.elements.some((e) => terrains.has(e.terrain));
    };
    const crosses = (c: number, d: number): boolean => indicatorsOf(placed(c)!.indicators, d).positions.some((p) => terrains.has(p.terrain));
    const component = new Int32Array(grid.tileCount).fill(-1);
    const sizes: number[] = [];
    for (let s = 0; s < grid.tileCount; s++) {
      if (component[s]! >= 0 || !isNode(s)) continue;
      const id = sizes.length;
      let size = 0;
      const queue = [s];
      component[s] = id;
      for (let head = 0; head < queue.length; head++) {
        const c = queue[head]!;
        size++;
        for (const d of edgeDirs(c)) {
          const { n, e } = across(c, d);
          if (n < 0 || component[n]! >= 0 || !isNode(n)) continue;
          if (!crosses(c, d) || !crosses(n, e)) continue;
          component[n] = id;
          queue.push(n);
        }
      }
      sizes.push(size);
    }
    if (sizes.length > 1) out.push({ kind: 'connectivity', where: `${sizes.length} components`, why: `the ${[...terrains].join(', ')} network falls apart into pieces of ${sizes.join(', ')} cells` });
  }
  return out;
}
