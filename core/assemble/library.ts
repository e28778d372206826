/**
 * A tile set compiled for assembly: for each cell shape class (topology.ts) the candidate
 * (tile, placement) pairs a cell of that class may take, and for each candidate and edge slot
 * a small integer SIGNATURE id. Two candidates fit across a shared edge exactly when the
 * signature of one's edge equals the WANT (across-signature) of the other's — core/vector's
 * `edgeSignature` / `acrossSignature` (the FitIndex's strings: presence, reversed positions,
 * reorderable terrains by count), interned to ids, so the solver compares integers.
 *
 * Candidates per class (SPEC §3 `allowedOrientations` for an area tile):
 *   square          square tiles, 4 rotations × mirrors
 *   offset-square   offset-square tiles, 4 orientations
 *   hex             hexagon tiles, 6 rotations × mirrors (globe hexagons take them through the
 *                   1:1 warp, which keeps edge parameters and so the signatures)
 *   pentagon        pentagon tiles, 5 rotations × mirrors; and hexagon tiles warped onto the
 *                   pentagon (12 hexagon orientations choose the dropped sector) × 5 pentagon
 *                   rotations, their indicators computed from the warped geometry
 *
 * Per candidate, typed arrays; per (slot, signature) the candidates having it (CSR lists),
 * which is what support counting needs (solver.ts).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Orientation } from '../alform/classify.js';
import { TileClass, allowedOrientations } from '../alform/classify.js';
import type { EdgeIndicators } from '../vector/indicators.js';
import { edgeIndicators } from '../vector/indicators.js';
import type { MatchOptions } from '../vector/match.js';
import { acrossSignature, edgeSignature } from '../vector/match.js';
import { orientIndicators } from '../vector/orientation.js';
import { PENTAGON } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import { warpHexTile } from '../vector/warp.js';
import { orientTile } from '../vector/orientation.js';
import type { Placement } from '../map/orientation-code.js';
import { encodePlacement } from '../map/orientation-code.js';
import { CLASS_SHAPES, SHAPE_CLASS_COUNT, ShapeClass } from './topology.js';

export interface LibraryOptions {
  readonly match?: MatchOptions;
  /** Relative weight per tile id (default 1); a tile's weight is shared by its candidates. */
  readonly weights?: Readonly<Record<string, number>>;
  /** A further factor per candidate from its oriented indicators (geomorph: fewer solid sides). */
  readonly candidateWeight?: (tile: VectorTile, indicators: readonly EdgeIndicators[]) => number;
  /** Orientations per class instead of every one the area class allows (geomorph: rotations only). */
  readonly orientations?: (shapeClass: number) => readonly Orientation[];
  /**
   * The cell shape classes to compile candidates for (default all): a map's own
   * (`shapeClassesOf(topology)`), so a flat hexagon map does not warp every hexagon tile
   * onto the globe's pentagons (60 candidates a tile, most of a hexagon set's compile time).
   */
  readonly shapeClasses?: readonly number[];
}

/** Compressed lists: items[start[k] … start[k+1]). */
export interface Lists {
  readonly start: Int32Array;
  readonly items: Int32Array;
}

export interface ClassCandidates {
  readonly count: number;
  readonly slots: number;
  readonly tile: Int32Array;
  readonly code: Uint8Array;
  readonly weight: Float64Array;
  /** [cand * slots + slot] → signature id of the candidate's edge. */
  readonly sig: Int32Array;
  /** [cand * slots + slot] → signature id an edge across must have. */
  readonly want: Int32Array;
  /** Key slot * signatureCount + id → candidates whose `sig` there is id. */
  readonly bySig: Lists;
  /** Key slot * signatureCount + id → candidates whose `want` there is id. */
  readonly byWant: Lists;
  /** `${tile index} ${code}` → candidate. */
  readonly lookup: ReadonlyMap<string, number>;
}

interface Raw {
  tile: number;
  code: number;
  weight: number;
  indicators: readonly EdgeIndicators[];
}

export class AssemblyLibrary {
  readonly tiles: readonly VectorTile[];
  readonly tileIndex: ReadonlyMap<string, number>;
  /** Signature id → the edge's indicators (one representative). */
  readonly signatureEdges: EdgeIndicators[] = [];
  readonly classes: readonly ClassCandidates[];
  readonly match: MatchOptions;
  private readonly signatureIds = new Map<string, number>();

  constructor(tiles: readonly VectorTile[], options: LibraryOptions = {}) {
    this.tiles = tiles;
    this.match = options.match ?? {};
    const index = new Map<string, number>();
    tiles.forEach((t, i) => {
      if (index.has(t.id)) throw new Error(`the tile set lists tile "${t.id}" twice`);
      index.set(t.id, i);
    });
    this.tileIndex = index;
    const raws: Raw[][] = [];
    const wanted = options.shapeClasses ? new Set(options.shapeClasses) : null;
    for (let cls = 0; cls < SHAPE_CLASS_COUNT; cls++) raws.push(wanted && !wanted.has(cls) ? [] : this.candidatesOf(cls, options));
    // Intern both signatures of every edge first, so the lists below know the id count.
    const interned = raws.map((list) =>
      list.map((r) => r.indicators.map((ind) => [this.intern(edgeSignature(ind, this.match), ind), this.intern(acrossSignature(ind, this.match), null)] as const)),
    );
    this.classes = raws.map((list, cls) => this.compile(list, interned[cls]!, CLASS_SHAPES[cls]!.edges.length));
  }

  get signatureCount(): number {
    return this.signatureEdges.length;
  }

  /** The candidate of a class for (tile id, placement), or −1. */
  candidateOf(shapeClass: number, tile: string, code: number): number {
    const t = this.tileIndex.get(tile);
    return t === undefined ? -1 : (this.classes[shapeClass]!.lookup.get(`${t} ${code}`) ?? -1);
  }

  /** Signature ids whose edge has a crossing of one of these terrains. */
  crossingSignatures(terrains: ReadonlySet<string>): Uint8Array {
    const out = new Uint8Array(this.signatureCount);
    this.signatureEdges.forEach((e, v) => {
      if (e.positions.some((p) => terrains.has(p.terrain))) out[v] = 1;
    });
    return out;
  }

  /** Signature ids with no crossing at all: a closed edge. */
  closedSignatures(): Uint8Array {
    return Uint8Array.from(this.signatureEdges, (e) => (e.positions.length === 0 ? 1 : 0));
  }

  private intern(signature: string, ind: EdgeIndicators | null): number {
    let id = this.signatureIds.get(signature);
    if (id === undefined) {
      id = this.signatureEdges.length;
      this.signatureIds.set(signature, id);
      // An across-signature with no edge of its own yet: filled when such an edge turns up.
      this.signatureEdges.push(ind ?? { dir: -1, positions: [], presence: [] });
    } else if (ind && this.signatureEdges[id]!.dir < 0) this.signatureEdges[id] = ind;
    return id;
  }

  private candidatesOf(cls: number, options: LibraryOptions): Raw[] {
    const shape = CLASS_SHAPES[cls]!;
    const out: Raw[] = [];
    const weightOf = (tile: VectorTile, ind: readonly EdgeIndicators[]): number => (options.candidateWeight ? options.candidateWeight(tile, ind) : 1);
    const own = options.orientations?.(cls) ?? defaultOrientations(cls);
    this.tiles.forEach((tile, t) => {
      const mine: Raw[] = [];
      if (tile.shape.name === shape.name) {
        const base = edgeIndicators(tile);
        for (const o of own) {
          const indicators = orientIndicators(shape, base, o);
          mine.push({ tile: t, code: encodePlacement({ orientation: o }), weight: weightOf(tile, indicators), indicators });
        }
      } else if (cls === ShapeClass.PENTAGON && tile.shape.name === 'hex') {
        const hexOrientations = options.orientations?.(ShapeClass.HEX) ?? defaultOrientations(ShapeClass.HEX);
        for (const o of hexOrientations) {
          const warped = warpHexTile(orientTile(tile, o), PENTAGON, 5).tile;
          const base = edgeIndicators(warped);
          for (let s = 0; s < 5; s++) {
            const indicators = orientIndicators(PENTAGON, base, { rotation: 72 * s, mirror: 'none' });
            const placement: Placement = { orientation: o, pentagonRotation: s };
            mine.push({ tile: t, code: encodePlacement(placement), weight: weightOf(tile, indicators), indicators });
          }
        }
      }
      const w = options.weights?.[tile.id] ?? 1;
      if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`weight of tile "${tile.id}" must be a finite number ≥ 0, got ${w}`);
      for (const r of mine) out.push({ ...r, weight: (r.weight * w) / mine.length });
    });
    return out;
  }

  private compile(list: Raw[], sigs: (readonly (readonly [number, number])[])[], slots: number): ClassCandidates {
    const k = list.length;
    const S = this.signatureCount;
    const sig = new Int32Array(k * slots);
    const want = new Int32Array(k * slots);
    const lookup = new Map<string, number>();
    list.forEach((r, c) => {
      for (let s = 0; s < slots; s++) {
        sig[c * slots + s] = sigs[c]![s]![0];
        want[c * slots + s] = sigs[c]![s]![1];
      }
      lookup.set(`${r.tile} ${r.code}`, c);
    });
    return {
      count: k,
      slots,
      tile: Int32Array.from(list, (r) => r.tile),
      code: Uint8Array.from(list, (r) => r.code),
      weight: Float64Array.from(list, (r) => r.weight),
      sig,
      want,
      bySig: groupBy(sig, k, slots, S),
      byWant: groupBy(want, k, slots, S),
      lookup,
    };
  }
}

function defaultOrientations(cls: number): readonly Orientation[] {
  switch (cls) {
    case ShapeClass.SQUARE:
      return allowedOrientations('square', TileClass.AREA);
    case ShapeClass.OFFSET_SQUARE:
      return allowedOrientations('offset-square', TileClass.AREA);
    case ShapeClass.HEX:
      return allowedOrientations('hex-rectangle', TileClass.AREA);
    default:
      return allowedOrientations('icosahedron', TileClass.AREA, true);
  }
}

function groupBy(values: Int32Array, k: number, slots: number, S: number): Lists {
  const start = new Int32Array(slots * S + 1);
  for (let c = 0; c < k; c++) for (let s = 0; s < slots; s++) start[s * S + values[c * slots + s]! + 1]!++;
  for (let i = 1; i < start.length; i++) start[i]! += start[i - 1]!;
  const fill = start.slice(0, -1);
  const items = new Int32Array(k * slots);
  for (let c = 0; c < k; c++) for (let s = 0; s < slots; s++) items[fill[s * S + values[c * slots + s]!]!++] = c;
  return { start, items };
}
