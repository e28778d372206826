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
import { orientIndicators } from './orientation.js';
import type { VectorTile } from './types.js';

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

  /** Adds a tile in each of the given orientations (the tile class's allowed ones, SPEC §3). */
  add(tile: VectorTile, orientations: readonly Orientation[]): void {
    const base = edgeIndicators(tile);
    for (const o of orientations) {
      const id = this.candidates.length;
      this.candidates.push({ tile: tile.id, orientation: o });
      for (const ind of orientIndicators(tile.shape, base, o)) {
        const signature = edgeSignature(ind, this.options);
        const key = `${ind.dir} ${signature}`;
        const list = this.byEdge.get(key);
        if (list) list.push(id);
        else this.byEdge.set(key, [id]);
        this.rowList.push({ tile: tile.id, orientation: o, dir: ind.dir, signature });
      }
    }
  }

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
