/**
 * The linear tool on a CLASSIC map, whose linear terrain lives on tile edges: the stroke is
 * built by the same rule as on an AL-FORM map (./linear-stroke.ts) on the map's AL-FORM
 * IMAGE — the grid ./transfer.ts maps it onto losslessly, where every classic edge is one
 * linear tile — and read back as edge slots. So a freehand stroke gives one connected run of
 * edges on classic maps too, through the corners where the kind needs them (square vertex
 * tiles carry no edge and are left out: the edges on either side meet at that corner).
 *
 * The image's model space is the classic one scaled by 2 on flat kinds (area tiles are two
 * linear tiles apart) and the same sphere on the globe.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid, ModelPoint } from '../grid/types.js';
import { createGrid } from '../grid/create.js';
import { alformSizeOf } from '../grid/alform-size.js';
import { correspondence } from './correspondence.js';
import { tileClasses } from './tile-classes.js';
import { TileClass } from './classify.js';
import { LinearStroke, linearAdjacent, type StrokeSample } from './linear-stroke.js';
import { oncePer } from '../util/once-per.js';

/** A classic grid's AL-FORM image and the edge slot each of its linear tiles stands for. */
export interface ClassicImage {
  readonly grid: Grid;
  readonly classes: Uint8Array;
  /** Image tile → classic edge slot, or −1 (area and vertex tiles). */
  readonly edgeOf: Int32Array;
  /** Classic edge slot → image tile, or −1 (unused slots). */
  readonly tileOfEdge: Int32Array;
  /** Image tile → the classic tile it stands for, or −1 (linear tiles). */
  readonly classicOf: Int32Array;
  /** Image model units per classic model unit (2 on flat kinds, 1 on the globe). */
  readonly scale: number;
}

/** The AL-FORM image of a classic grid (built once per grid: grids are immutable). */
export const classicImage: (classic: Grid) => ClassicImage = oncePer(buildClassicImage);

function buildClassicImage(classic: Grid): ClassicImage {
  const grid = createGrid({ size: alformSizeOf(classic.size, classic.wrap), wrap: classic.wrap, alform: true });
  const corr = correspondence(classic, grid);
  const edgeOf = new Int32Array(grid.tileCount).fill(-1);
  corr.edge.forEach((t, slot) => {
    if (t >= 0) edgeOf[t] = slot;
  });
  const classicOf = new Int32Array(grid.tileCount).fill(-1);
  corr.tile.forEach((t, i) => (classicOf[t] = i));
  return { grid, classes: tileClasses(grid), edgeOf, tileOfEdge: corr.edge, classicOf, scale: classic.modelDimensions === 3 ? 1 : 2 };
}

/** A stroke in progress on a classic map: feed it samples of the classic map, read its edge slots. */
export class ClassicLinearStroke {
  readonly image: ClassicImage;
  private readonly stroke: LinearStroke;

  constructor(classic: Grid) {
    this.image = classicImage(classic);
    this.stroke = new LinearStroke(this.image.grid, this.image.classes);
  }

  /** Adds a pointer sample (a classic model-space point); true when the chain changed. */
  add(sample: Pick<StrokeSample, 'point'> & { tile: number }): boolean {
    if (sample.tile < 0) return false;
    const point: ModelPoint = sample.point.map((v) => v * this.image.scale);
    return this.stroke.add({ tile: this.image.grid.pick(point), point });
  }

  /** The chain on the image (its linear tiles, vertex tiles included). */
  get imageTiles(): readonly number[] {
    return this.stroke.tiles;
  }

  /** The edge slots along the chain, in stroke order. */
  get edges(): number[] {
    const out: number[] = [];
    for (const t of this.stroke.tiles) {
      const slot = this.image.edgeOf[t]!;
      if (slot >= 0) out.push(slot);
    }
    return out;
  }
}

/** The two classic tiles an edge slot lies between. */
export function tilesOfEdge(classic: Grid, slot: number): number[] {
  const { grid, tileOfEdge, classicOf } = classicImage(classic);
  const t = tileOfEdge[slot] ?? -1;
  if (t < 0) return [];
  const nb = new Int32Array(grid.directions);
  const out: number[] = [];
  const deg = grid.neighbors(t, nb);
  for (let d = 0; d < deg; d++) if (nb[d]! >= 0 && classicOf[nb[d]!]! >= 0 && !out.includes(classicOf[nb[d]!]!)) out.push(classicOf[nb[d]!]!);
  return out;
}

/**
 * Where a list of classic edge slots stops being one connected run: the index of the first
 * slot that is not an edge of the map or does not meet the one before it (directly, or at a
 * square corner through the VERTEX tile between), or −1.
 */
export function edgeChainBreak(classic: Grid, slots: ArrayLike<number>): number {
  const image = classicImage(classic);
  const { grid, classes, tileOfEdge } = image;
  const nb = new Int32Array(grid.directions);
  for (let k = 0; k < slots.length; k++) {
    const s = slots[k]!;
    const t = Number.isInteger(s) && s >= 0 && s < tileOfEdge.length ? tileOfEdge[s]! : -1;
    if (t < 0) return k;
    if (k === 0 || slots[k - 1] === s) continue;
    const prev = tileOfEdge[slots[k - 1]!]!;
    if (linearAdjacent(grid, classes, prev, t)) continue;
    // Square maps: two edges meet at a corner when one VERTEX tile joins both.
    let viaVertex = false;
    const deg = grid.neighbors(prev, nb);
    for (let d = 0; d < deg && !viaVertex; d++) {
      const v = nb[d]!;
      viaVertex = v >= 0 && classes[v] === TileClass.VERTEX && linearAdjacent(grid, classes, prev, v) && linearAdjacent(grid, classes, v, t);
    }
    if (!viaVertex) return k;
  }
  return -1;
}
