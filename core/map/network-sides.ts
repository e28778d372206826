/**
 * Which area tile lies across each side of an area tile, and which of its sides faces back:
 * what joins one tile's network ports to the next tile's. Sides are grid directions (0 = +Y,
 * clockwise). On a classic map the tile across side d is the grid neighbour in d; on an
 * AL-FORM map it is the area tile across the linear tile in d (core/alform `areaAcross`,
 * the one home of that rule), and the linear tile between is what a crossing crosses. Flat
 * kinds are translation-invariant, so the side facing back is the opposite direction; the
 * globe's directions turn from sector to sector, so there it is looked up.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import { areaAcross } from '../alform/adjoining.js';
import type { TerrainMap } from './terrain-map.js';

export class NetworkSides {
  readonly grid: Grid;
  /** AL-FORM tile classes, or null on a classic map. */
  readonly classes: Uint8Array | null;
  private readonly globe: boolean;
  private readonly scratch: Int32Array;

  constructor(grid: Grid, alform: boolean) {
    this.grid = grid;
    this.classes = alform ? tileClasses(grid) : null;
    this.globe = grid.kind === 'icosahedron';
    this.scratch = new Int32Array(Math.max(8, grid.directions));
  }

  static of(map: TerrainMap): NetworkSides {
    return new NetworkSides(map.grid, map.spec.alform);
  }

  /** True for tiles that carry area terrain and so may hold a network (every tile of a classic map). */
  isGround(tile: number): boolean {
    return tile >= 0 && tile < this.grid.tileCount && (this.classes === null || this.classes[tile] === TileClass.AREA);
  }

  degree(tile: number): number {
    return this.grid.degree(tile);
  }

  /** The linear tile between `tile` and the tile across side `side` (AL-FORM), or −1 (classic, or off the map). */
  between(tile: number, side: number): number {
    if (this.classes === null) return -1;
    return this.grid.neighbor(tile, side);
  }

  /** The area tile across side `side`, or −1 when off the map. */
  across(tile: number, side: number): number {
    const l = this.grid.neighbor(tile, side);
    if (l < 0) return -1;
    if (this.classes === null) return l;
    const c = this.classes[l]!;
    if (c === TileClass.AREA) return -1;
    return areaAcross(this.grid, this.classes, tile, l, side, this.globe, this.scratch);
  }

  /** The side of `next` (across side `side` of `tile`) that faces back to `tile`, or −1. */
  backSide(tile: number, side: number, next: number): number {
    if (next < 0) return -1;
    if (!this.globe) {
      const deg = this.grid.directions;
      return (side + deg / 2) % deg;
    }
    const via = this.classes === null ? tile : this.grid.neighbor(tile, side);
    const deg = this.grid.neighbors(next, this.scratch);
    for (let e = 0; e < deg; e++) if (this.scratch[e] === via) return e;
    return -1;
  }

  /** The side of `from` that `to` lies across, or −1 when they do not adjoin. */
  sideToward(from: number, to: number): number {
    const deg = this.grid.degree(from);
    for (let d = 0; d < deg; d++) if (this.across(from, d) === to) return d;
    return -1;
  }
}
