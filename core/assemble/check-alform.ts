/**
 * The independent checker's AL-FORM part (check.ts calls it when given `alform`): like the
 * rest of the checker it shares no bookkeeping with the assembler or the rerouting — it
 * finds the area tile across each linear tile with core/alform's rule, rebuilds geometry
 * from the layers, and asks core/vector.
 *
 * - Area edges across a PASS-THRU or WITH-TERRAIN linear tile match (after snapping), using
 *   the rerouted geometry where there is one.
 * - Nothing but the `bridges` terrains meets a BLOCKING linear tile (`reroute`).
 * - Rerouted geometry is a valid tile (curves stay inside, areas keep their inside/uphill
 *   side: crossings alternate) and no two curves of one terrain (and height) cross (`reroute`).
 * - Linear tiles with terrain cross only edges to other linear tiles, and those match.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { areaAcross } from '../alform/adjoining.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import type { Grid } from '../grid/types.js';
import type { Cubic } from '../vector/bezier.js';
import { cubicIntersections, curveEnd, curveStart, segment, segmentCount } from '../vector/bezier.js';
import type { EdgeIndicators } from '../vector/indicators.js';
import { edgeIndicators, indicatorsOf } from '../vector/indicators.js';
import type { MatchOptions } from '../vector/match.js';
import { matchTiles } from '../vector/match.js';
import { snapAcross } from '../vector/snap.js';
import type { CurveElement, VectorTile } from '../vector/types.js';
import { validateTile } from '../vector/validate.js';
import { distance } from '../vector/vec2.js';
import { cellShapeOf, edgeDirections } from './cell-geometry.js';
import type { Violation } from './violation.js';
import type { LinearLayer } from '../map/linear-layer.js';
import { decodePlacement } from '../map/orientation-code.js';
import { placedTile } from './placed-tile.js';

export interface AlFormCheck {
  /** The linear tiles (default: all PASS-THRU). */
  readonly linear?: LinearLayer;
  /** Tiles the linear layer holds. */
  readonly linearTiles?: readonly VectorTile[];
  /** Area cell → rerouted geometry in the cell's frame (reroute.ts `tiles`). */
  readonly rerouted?: ReadonlyMap<number, VectorTile>;
  /** Terrains allowed to cross blocking tiles (bridges). */
  readonly bridges?: readonly string[];
}

type Placed = (c: number) => { tile: VectorTile; indicators: EdgeIndicators[] } | null;

const TOLERANCE = 1e-9;

/** Per area edge: the area across (or −1) and its edge facing back, and the linear tile between. */
export function alformAcross(grid: Grid, c: number, d: number): { n: number; e: number; linear: number } {
  const cls = tileClasses(grid);
  const l = grid.neighbor(c, d);
  if (l < 0 || cls[l] === TileClass.AREA) return { n: -1, e: -1, linear: l };
  const n = areaAcross(grid, cls, c, l, d, grid.kind === 'icosahedron', new Int32Array(8));
  if (n < 0) return { n, e: -1, linear: l };
  const o = (d + grid.directions / 2) % grid.directions;
  const e = grid.kind !== 'icosahedron' && grid.neighbor(n, o) === l ? o : edgeDirections(grid, n).find((k) => grid.neighbor(n, k) === l)!;
  return { n, e, linear: l };
}

/** Area–area edges across linear tiles, blocked edges and rerouted geometry. */
export function checkAlFormAreas(grid: Grid, placed: Placed, original: Placed, options: { match?: MatchOptions; boundary: 'closed' | 'open' | 'any'; alform: AlFormCheck }, out: Violation[]): void {
  const { linear, rerouted, bridges } = options.alform;
  const crossOK = new Set(bridges ?? []);
  const cls = tileClasses(grid);
  for (let c = 0; c < grid.tileCount; c++) {
    if (cls[c] !== TileClass.AREA) continue;
    const a = placed(c);
    if (!a) continue;
    for (const d of edgeDirections(grid, c)) {
      const { n, e, linear: l } = alformAcross(grid, c, d);
      const here = indicatorsOf(a.indicators, d).positions;
      if (l >= 0 && linear?.isBlocking(l)) {
        for (const p of here) {
          if (!crossOK.has(p.terrain)) out.push({ kind: 'reroute', where: `cell ${c} edge ${d}`, why: `"${p.element}" (${p.terrain}) runs into the blocking linear tile ${l} and was not rerouted` });
        }
        continue;
      }
      if (n < 0) {
        // Reroutes may leave the map (step 3); otherwise the outer-edge rule holds.
        const crossings = indicatorsOf(original(c)!.indicators, d).positions.length;
        if (options.boundary === 'closed' && crossings > 0) out.push({ kind: 'boundary', where: `cell ${c} edge ${d}`, why: `${crossings} crossing(s) on an outer edge required closed` });
        if (options.boundary === 'open' && here.length === 0) out.push({ kind: 'boundary', where: `cell ${c} edge ${d}`, why: 'nothing crosses an outer edge required open' });
        continue;
      }
      if (n < c) continue;
      const b = placed(n);
      if (!b) continue;
      matchEdge(a.tile, d, b.tile, e, `cell ${c} edge ${d} ↔ cell ${n} edge ${e} (across linear tile ${l})`, options.match, out);
    }
  }
  for (const [c, tile] of rerouted ?? []) {
    for (const issue of validateTile(tile)) out.push({ kind: 'reroute', where: `cell ${c}${issue.element ? ` element "${issue.element}"` : ''}`, why: issue.message });
    // Crossings the tile drew itself (a crossroads) stay; rerouting must add none.
    const before = original(c) ? sameTypeCrossings(original(c)!.tile).length : 0;
    const after = sameTypeCrossings(tile);
    if (after.length > before) {
      const [x, y, at] = after[after.length - 1]!;
      out.push({ kind: 'reroute', where: `cell ${c}`, why: `rerouting made curves of one terrain cross (${after.length} crossings, the tile draws ${before}), e.g. "${x}" and "${y}" near (${at[0].toFixed(3)}, ${at[1].toFixed(3)})` });
    }
  }
}

/** Linear tiles with terrain: they cross only edges to linear tiles, and those edges match. */
export function checkAlFormLinear(grid: Grid, alform: AlFormCheck, match: MatchOptions | undefined, out: Violation[]): void {
  const linear = alform.linear;
  if (!linear) return;
  const tiles = new Map((alform.linearTiles ?? []).map((t) => [t.id, t]));
  const cls = tileClasses(grid);
  const cache = new Map<number, VectorTile | null>();
  const geom = (c: number): VectorTile | null => {
    if (cache.has(c)) return cache.get(c)!;
    const inst = linear.get(c);
    let t: VectorTile | null = null;
    if (inst) {
      const tile = tiles.get(inst.tile);
      if (!tile) throw new RangeError(`linear cell ${c} holds tile "${inst.tile}", which the linear tile set does not have`);
      t = placedTile(tile, decodePlacement(inst.code), cellShapeOf(grid, c, true));
    }
    cache.set(c, t);
    return t;
  };
  for (let c = 0; c < grid.tileCount; c++) {
    const t = geom(c);
    if (!t) continue;
    const ind = edgeIndicators(t);
    for (const d of edgeDirections(grid, c)) {
      const crossing = indicatorsOf(ind, d).positions;
      const n = grid.neighbor(c, d);
      if (n < 0) continue;
      if (cls[n] === TileClass.AREA) {
        if (crossing.length) out.push({ kind: 'mismatch', where: `linear cell ${c} edge ${d}`, why: `"${crossing[0]!.element}" crosses an edge to area tile ${n}; linear terrain crosses only edges to other linear tiles` });
        continue;
      }
      const other = geom(n);
      if (!other) {
        if (crossing.length) out.push({ kind: 'mismatch', where: `linear cell ${c} edge ${d}`, why: `"${crossing[0]!.element}" runs into linear tile ${n}, which has no terrain to continue it` });
        continue;
      }
      if (n < c) continue;
      const e = edgeDirections(grid, n).find((k) => grid.neighbor(n, k) === c)!;
      matchEdge(t, d, other, e, `linear cell ${c} edge ${d} ↔ linear cell ${n} edge ${e}`, match, out);
    }
  }
}

/** One shared edge: a's edge d against b's edge e, matched, snapped and matched again (check.ts uses it too). */
export function matchEdge(a: VectorTile, d: number, b: VectorTile, e: number, where: string, match: MatchOptions | undefined, out: Violation[]): void {
  const m = matchTiles(a, d, b, e, match);
  if (!m.ok) {
    out.push({ kind: 'mismatch', where, why: m.message });
    return;
  }
  const snapped = snapAcross(a, d, b, e, m.pairs);
  const again = matchTiles(snapped.a, d, snapped.b, e, match);
  if (!again.ok) {
    out.push({ kind: 'mismatch', where, why: `after snapping: ${again.message}` });
    return;
  }
  for (const p of again.pairs) {
    if (Math.abs(p.a.t - (1 - p.b.t)) > TOLERANCE) out.push({ kind: 'mismatch', where, why: `after snapping "${p.a.element}" and "${p.b.element}" meet the edge at ${p.a.t} and ${1 - p.b.t}` });
  }
}

/** Pairs of curves of one terrain (and height) that cross, apart from where they merely share an end; each crossing point once per pair. */
export function sameTypeCrossings(tile: VectorTile): [string, string, readonly [number, number]][] {
  const curves = tile.elements.filter((e): e is CurveElement => e.kind !== 'point');
  const type = (e: CurveElement): string => `${e.kind}:${e.terrain}@${e.kind === 'area' ? (e.height ?? '') : ''}`;
  const out: [string, string, readonly [number, number]][] = [];
  const cubics = (e: CurveElement): Cubic[] => Array.from({ length: segmentCount(e.curve) }, (_, i) => segment(e.curve, i));
  for (let i = 0; i < curves.length; i++) {
    for (let j = i + 1; j < curves.length; j++) {
      const x = curves[i]!, y = curves[j]!;
      if (type(x) !== type(y)) continue;
      const ends = [curveStart(x.curve), curveEnd(x.curve), curveStart(y.curve), curveEnd(y.curve)];
      const seen: (readonly [number, number])[] = [];
      for (const p of cubics(x)) {
        for (const q of cubics(y)) {
          for (const h of cubicIntersections(p, q, 1e-6)) {
            if (ends.some((k) => distance(k, h) < 1e-3) || seen.some((k) => distance(k, h) < 1e-3)) continue;
            seen.push(h);
            out.push([x.id, y.id, h]);
          }
        }
      }
    }
  }
  return out;
}
