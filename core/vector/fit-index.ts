/**
 * "What fits here" (SPEC §6 assembly by hand; patent MAP ASSEMBLY): for a map position, the
 * tiles and orientations whose indicators match every placed neighbour, answered from an
 * index rather than by matching every tile.
 *
 * Each (tile, orientation, edge) has a canonical signature string (match.ts
 * `edgeSignature`); a neighbour's facing edge gives the signature that edge must have
 * (`acrossSignature`). Two edges match exactly when those strings are equal, so one hash map
 * from (edge direction, signature) to candidates answers each neighbour, and a query
 * intersects the answers, smallest first. `rows()` lists the entries flat — (tile,
 * orientation, dir, signature) — for a store to keep in an indexed table.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Orientation } from '../alform/classify.js';
import type { EdgeIndicators } from './indicators.js';
import { edgeIndicators } from './indicators.js';
import type { MatchOptions } from './match.js';
import { acrossSignature, edgeSignature } from './match.js';
import { edgeMap, isMirroring, orientIndicators } from './orientation.js';
import type { VectorTile } from './types.js';
import type { TileShape } from './shape.js';

interface Turn {
  readonly sources: readonly (readonly [number, number])[];
  readonly mirrored: boolean;
  readonly mirror: Orientation;
  readonly mirrorMap: ReadonlyMap<number, number>;
}

export interface FitCandidate {
  readonly tile: string;
  readonly orientation: Orientation;
}

export interface FitRow extends FitCandidate {
  readonly dir: number;
  readonly signature: string;
}

/** A placed neighbour: across our edge `dir` lies an edge whose (oriented) indicators are `facing`. */
export interface FitConstraint {
  readonly dir: number;
  readonly facing: EdgeIndicators;
}

export class FitIndex {
  private readonly candidates: FitCandidate[] = [];
  private readonly byEdge = new Map<string, number[]>();
  private readonly rowList: FitRow[] = [];

  constructor(private readonly options: MatchOptions = {}) {}

  /**
   * Adds a tile in each of the given orientations (the tile class's allowed ones, SPEC §3).
   * Turning a tile only moves its edges to other directions, and a mirror reverses each edge's
   * positions, so an edge's signature is one of two per edge of the tile (plain, mirrored):
   * 12 signatures a hex tile rather than 72, and each orientation's edge map found once per
   * shape (issue 30: building the index for 100 k tiles took 32 s).
   */
  add(tile: VectorTile, orientations: readonly Orientation[]): void {
    const base = edgeIndicators(tile);
    const plain = base.map((ind) => edgeSignature(ind, this.options));
    let mirrored: string[] | null = null;
    for (const o of orientations) {
      const turn = this.turnOf(tile.shape, o);
      if (turn.mirrored && mirrored === null) {
        // The tile mirrored once (orientIndicators sorts the mirrored positions): its edges' signatures, by the base edge they came from.
        const flipped = orientIndicators(tile.shape, base, turn.mirror);
        mirrored = base.map((ind) => edgeSignature(flipped.find((f) => f.dir === turn.mirrorMap.get(ind.dir))!, this.options));
      }
      const signatures = turn.mirrored ? mirrored! : plain;
      const id = this.candidates.length;
      this.candidates.push({ tile: tile.id, orientation: o });
      for (const [dir, from] of turn.sources) {
        const k = base.findIndex((ind) => ind.dir === from);
        const signature = signatures[k]!;
        const key = `${dir} ${signature}`;
        const list = this.byEdge.get(key);
        if (list) list.push(id);
        else this.byEdge.set(key, [id]);
        this.rowList.push({ tile: tile.id, orientation: o, dir, signature });
      }
    }
  }

  /** Per shape and orientation: each edge direction (in the shape's order) and the base edge that lands there; whether it mirrors. */
  private turnOf(shape: TileShape, o: Orientation): Turn {
    let byShape = this.turns.get(shape);
    if (byShape === undefined) this.turns.set(shape, (byShape = new Map()));
    const key = `${o.rotation} ${o.mirror}`;
    let turn = byShape.get(key);
    if (turn === undefined) {
      const map = edgeMap(shape, o);
      const mirror: Orientation = { rotation: 0, mirror: 'x' };
      const sources = shape.edges.map((e): [number, number] => [e.dir, [...map].find(([, to]) => to === e.dir)![0]]);
      turn = { sources, mirrored: isMirroring(o), mirror, mirrorMap: edgeMap(shape, mirror) };
      byShape.set(key, turn);
    }
    return turn;
  }
  private readonly turns = new Map<TileShape, Map<string, Turn>>();

  get size(): number {
    return this.candidates.length;
  }

  /** Candidates matching every constraint; all candidates when there is none. */
  query(constraints: readonly FitConstraint[]): FitCandidate[] {
    if (constraints.length === 0) return [...this.candidates];
    const lists = constraints.map((c) => this.byEdge.get(`${c.dir} ${acrossSignature(c.facing, this.options)}`) ?? []);
    lists.sort((a, b) => a.length - b.length);
    let ids = new Set(lists[0]);
    for (const l of lists.slice(1)) {
      const next = new Set(l);
      ids = new Set([...ids].filter((i) => next.has(i)));
      if (ids.size === 0) break;
    }
    return [...ids].sort((a, b) => a - b).map((i) => this.candidates[i]!);
  }

  rows(): readonly FitRow[] {
    return this.rowList;
  }
}
