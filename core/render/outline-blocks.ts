/**
 * Outlines (C), (D) and barriers of a large flat map in spatial blocks (issue 30: a one-tile
 * edit's repaint at 1 M tiles held to 16 ms on the CPU side): the map's AL coordinates cut
 * into squares of `side` tiles; each block's outlines are those of the area pieces of its
 * tiles and the linear pieces of its features, with the coverage filed by the linear pieces of
 * the block and a margin round it (a strip covers area edges at most a few AL steps away).
 * After an edit only the blocks within `EDIT_REACH` of the edited coordinates are worked out
 * again (`blocksNear`); the rest keep their buffers, and the renderer draws one chunk per
 * block, so it replaces only those chunks.
 *
 * Wrapping maps are not cut into blocks (a strip at the seam covers edges across it):
 * map-geometry.ts draws them in one block, as small maps.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { FlatFrame } from './flat-frame.js';
import type { FlatLinearSource } from './linear-flat.js';
import type { MeshBuffers } from './pieces.js';
import { EdgeCoverage } from './edge-coverage.js';
import type { FlatOutlinePieces } from './outlines.js';

/** Side of a block, in tiles: ~4 k tiles a block, a millisecond or so to outline. */
export const OUTLINE_BLOCK_TILES = 64;
/** Maps with more tiles than this are outlined in blocks; smaller ones in one pass (a few ms), drawn in one chunk. */
export const BLOCKED_OUTLINE_TILES = 40_000;
/**
 * How far, in AL steps, a linear piece files coverage from its feature's coordinates: along
 * its own feature and past a junction along a partner's (two steps), onto the area tiles
 * beside those (two more); one spare.
 */
const FILING_REACH = 6;
/**
 * How far an edit at AL (x, y) changes outlines: the strips rebuilt about it (junction
 * partners, two steps), the coverage they file (FILING_REACH), the area neighbours whose
 * shared edge is drawn once (two steps); with spare.
 */
export const EDIT_REACH = 12;

/** Compressed lists: items of group g are `items[starts[g] … starts[g + 1])`. */
interface Lists {
  readonly starts: Int32Array;
  readonly items: Int32Array;
}

export class FlatOutlineBlocks {
  /** Blocks across x and y; `count` = nx × ny. */
  readonly nx: number;
  readonly ny: number;
  readonly count: number;
  private readonly minX: number;
  private readonly minY: number;
  /** Block side in AL steps. */
  private readonly step: number;
  private readonly tiles: Lists;
  private readonly owners: Lists;
  private readonly filing: Lists;
  /** One coverage reused by every block (cleared per block). */
  private readonly cov: EdgeCoverage;

  constructor(frame: FlatFrame, source: FlatLinearSource, area: MeshBuffers, alform: boolean, side = OUTLINE_BLOCK_TILES) {
    const { xs, ys } = frame;
    const f = alform ? 1 : 2;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < frame.tileCount; i++) {
      minX = Math.min(minX, f * xs[i]!);
      maxX = Math.max(maxX, f * xs[i]!);
      minY = Math.min(minY, f * ys[i]!);
      maxY = Math.max(maxY, f * ys[i]!);
    }
    this.minX = minX;
    this.minY = minY;
    this.step = f * side;
    this.nx = Math.max(1, Math.ceil((maxX - minX + 1) / this.step));
    this.ny = Math.max(1, Math.ceil((maxY - minY + 1) / this.step));
    this.count = this.nx * this.ny;
    this.tiles = group(frame.tileCount, this.count, (i, add) => add(this.blockAt(f * xs[i]!, f * ys[i]!)));
    const xy = new Int32Array(2);
    this.owners = group(source.ownerCount, this.count, (o, add) => {
      source.coordsOf(o, xy);
      add(this.blockAt(xy[0]!, xy[1]!));
    });
    this.filing = group(source.ownerCount, this.count, (o, add) => {
      source.coordsOf(o, xy);
      this.forBlocksAbout(xy[0]!, xy[1]!, FILING_REACH, add);
    });
    this.cov = new EdgeCoverage(area.pieceCount * area.verticesPerPiece);
  }

  /** The block holding AL coordinates (x, y) (clamped to the map's blocks). */
  blockAt(x: number, y: number): number {
    const bx = Math.min(this.nx - 1, Math.max(0, Math.floor((x - this.minX) / this.step)));
    const by = Math.min(this.ny - 1, Math.max(0, Math.floor((y - this.minY) / this.step)));
    return by * this.nx + bx;
  }

  /** Adds to `out` the blocks whose outlines an edit at AL (x, y) may change. */
  blocksNear(x: number, y: number, out: Set<number>): void {
    this.forBlocksAbout(x, y, EDIT_REACH, (b) => out.add(b));
  }

  /** What `flatOutlines` reads for block `b`, from the meshes as they are now. */
  pieces(b: number, area: MeshBuffers, linear: MeshBuffers): FlatOutlinePieces {
    if (!Number.isInteger(b) || b < 0 || b >= this.count) throw new RangeError(`outline block ${b} is outside 0…${this.count - 1}`);
    return { area: chained(area, this.tiles, b), linear: chained(linear, this.owners, b), filing: chained(linear, this.filing, b), cov: this.cov };
  }

  /** Calls `visit` once for each block the square of half-side `r` about (x, y) touches. */
  private forBlocksAbout(x: number, y: number, r: number, visit: (b: number) => void): void {
    const lo = this.blockAt(x - r, y - r);
    const hi = this.blockAt(x + r, y + r);
    const nx = this.nx;
    for (let by = Math.floor(lo / nx); by <= Math.floor(hi / nx); by++) {
      for (let bx = lo % nx; bx <= hi % nx; bx++) visit(by * nx + bx);
    }
  }
}

/** Groups items 0…n−1 into `groups` lists; `place(i, add)` calls add(g) for each group item i joins (counted, then filled). */
function group(n: number, groups: number, place: (i: number, add: (g: number) => void) => void): Lists {
  const starts = new Int32Array(groups + 1);
  for (let i = 0; i < n; i++) place(i, (g) => starts[g + 1]!++);
  for (let g = 0; g < groups; g++) starts[g + 1]! += starts[g]!;
  const items = new Int32Array(starts[groups]!);
  const next = starts.slice(0, groups);
  for (let i = 0; i < n; i++) place(i, (g) => (items[next[g]!++] = i));
  return { starts, items };
}

/** The pieces of the owners in list `g`, each owner's in its chain order. */
function chained(mesh: MeshBuffers, lists: Lists, g: number): number[] {
  const out: number[] = [];
  for (let k = lists.starts[g]!; k < lists.starts[g + 1]!; k++) {
    for (let p = mesh.firstPiece[lists.items[k]!]!; p >= 0; p = mesh.nextPiece[p]!) out.push(p);
  }
  return out;
}
