/**
 * Which GROUND tiles adjoin: the one home of "area tiles adjoining across a linear tile".
 * Ground tiles are the tiles that carry area terrain — the AREA tiles of an AL-FORM map,
 * every tile of a classic map. Movement (core/movement/graph.ts rule A), the derive
 * selection (./selection.ts) and flood fill (core/map/flood-fill.ts) all ask here.
 *
 * The rule is the patent's (CLAIM 1, "In a PATH-FINDING or MOVEMENT context any two TILES of
 * an AL-FORM-MAP are adjacent if … (A) Both TILES are AREA-TILES … and both adjoin the same
 * … LINEAR-TILE"), with "adjoin" meaning the grid's fixed transformation set (SPEC §2).
 *
 * The square diagonal, decided once: the square set has eight entries, four of them
 * diagonal, and a square VERTEX linear tile (both coordinates odd) adjoins four area tiles
 * through them (SPEC §3: it "touches four area tiles by vertex"; patent: "VERTEX-LINEAR-TILE
 * (since it shares vertices with four AREA-TILES)"). Two area tiles touching only at a
 * corner therefore adjoin the same linear tile and ARE adjoining ground, exactly as the
 * movement graph lets a unit cross the vertex diagonally. A classic square map agrees: the
 * patent counts all eight neighbours as adjoining ("A square tile has eight neighbors; four
 * share an edge and four share only a vertex"), and its AL-FORM image (classicToAlform)
 * puts a diagonal pair on either side of one vertex tile. Through a VERTEX tile only the
 * diagonally opposite area tile is across: the orthogonal pairs around it already share
 * the EDGE tile between them.
 *
 * The one caller that must not cross corners says so (`corners: false`): flood fill, where
 * a region is what a designer sees as one patch and must not leak through a single point.
 *
 * Typed arrays and caller scratch only: these run inside fills and graph builds of
 * millions of tiles.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { TileClass } from './classify.js';

/**
 * The area tile on the far side of linear tile `l`, seen from area tile `u` (l is u's
 * neighbour in direction `d`), or −1. Flat kinds are translation-invariant, so it is l's
 * neighbour in direction d — on square maps that also picks, of a VERTEX tile's four area
 * tiles, the one diagonally opposite u. The globe's directions turn from sector to sector,
 * so there it is l's other area neighbour (every linear tile there adjoins exactly two).
 */
export function areaAcross(grid: Grid, cls: Uint8Array, u: number, l: number, d: number, globe: boolean, scratch: Int32Array): number {
  if (!globe) {
    const v = grid.neighbor(l, d);
    return v >= 0 && v !== u && cls[v] === TileClass.AREA ? v : -1;
  }
  const deg = grid.neighbors(l, scratch);
  for (let e = 0; e < deg; e++) {
    const w = scratch[e]!;
    if (w >= 0 && w !== u && cls[w] === TileClass.AREA) return w;
  }
  return -1;
}

export interface AdjoiningOptions {
  /**
   * Whether ground touching only at a square corner adjoins (default true, the patent's
   * rule; see the header). Only square maps have such corners.
   */
  readonly corners?: boolean;
}

/**
 * The ground tiles adjoining a ground tile, for loops over many tiles: `of(tile)` writes
 * them to `out` in direction order, each once, and returns how many. `classes` is the
 * AL-FORM class per tile (core/alform/tile-classes.ts), or null for a classic map.
 */
export class GroundNeighbours {
  readonly out: Int32Array;
  private readonly nb: Int32Array;
  private readonly nb2: Int32Array;
  private readonly corners: boolean;
  private readonly square: boolean;
  private readonly globe: boolean;

  constructor(
    private readonly grid: Grid,
    private readonly classes: Uint8Array | null,
    options: AdjoiningOptions = {},
  ) {
    this.out = new Int32Array(grid.directions);
    this.nb = new Int32Array(grid.directions);
    this.nb2 = new Int32Array(grid.directions);
    this.corners = options.corners ?? true;
    this.square = grid.kind === 'square';
    this.globe = grid.kind === 'icosahedron';
  }

  of(tile: number): number {
    const { grid, classes, nb, out } = this;
    const deg = grid.neighbors(tile, nb);
    let n = 0;
    for (let d = 0; d < deg; d++) {
      const u = nb[d]!;
      if (u < 0) continue;
      let v: number;
      if (classes === null) {
        if (this.square && !this.corners && (d & 1) === 1) continue;
        v = u;
      } else {
        const c = classes[u]!;
        if (c === TileClass.AREA || (c === TileClass.VERTEX && !this.corners)) continue;
        v = areaAcross(grid, classes, tile, u, d, this.globe, this.nb2);
        if (v < 0) continue;
      }
      if (!contains(out, n, v)) out[n++] = v;
    }
    return n;
  }
}

function contains(a: Int32Array, n: number, v: number): boolean {
  for (let k = 0; k < n; k++) if (a[k] === v) return true;
  return false;
}

/** The ground tiles adjoining `tile`, as a fresh array: for tools and tests, not hot loops (use GroundNeighbours). */
export function adjoiningGround(grid: Grid, classes: Uint8Array | null, tile: number, options: AdjoiningOptions = {}): number[] {
  const g = new GroundNeighbours(grid, classes, options);
  return Array.from(g.out.subarray(0, g.of(tile)));
}
