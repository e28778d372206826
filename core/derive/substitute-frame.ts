/**
 * The small lattice under placed substitutes, without their content: the lattice helpers
 * (grid kind, neighbour steps, unit-frame points, point keys) and SubstituteFrame, where the
 * substitute of each large tile lies. Split from placement.ts, which re-exports all of it;
 * coverage.ts and dependency.ts need only this.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridKind } from '../grid/types.js';
import { AXIAL120_DIRECTIONS } from '../grid/hex/axial.js';
import { SQUARE_DIRECTIONS } from '../grid/square/square-grid.js';
import type { SubstituteLattice } from '../map/meta.js';
import { anchor, latticeClass, substituteClasses, substituteOffsets } from './geometry/substitute-shape.js';
import type { StrategicView } from './strategic-view.js';

/** The grid kind of a lattice's small maps. */
export function latticeKind(lattice: SubstituteLattice): GridKind {
  return lattice === 'hex' ? 'hex-rectangle' : lattice;
}

/** Neighbour steps of the large lattice: all grid directions (8 on square, 6 on the axial lattices). */
export function latticeSteps(lattice: SubstituteLattice): readonly (readonly [number, number])[] {
  return lattice === 'square' ? SQUARE_DIRECTIONS : AXIAL120_DIRECTIONS;
}

/** Unit-frame position of a lattice point (for distances): cartesian, brick, or flat-top hex. */
export function unitPoint(lattice: SubstituteLattice, x: number, y: number): [number, number] {
  if (lattice === 'square') return [x, y];
  if (lattice === 'offset-square') return [x, y - x / 2];
  return [0.8660254037844386 * x, y - x / 2];
}

/** A key for a pair of global integer coordinates (exact in a double for |x|, |y| < 2^20). */
export function pointKey(x: number, y: number): number {
  return (x + 0x100000) * 0x200000 + (y + 0x100000);
}

/**
 * The geometry of placed substitutes without their content: where the substitute of the large
 * tile at P lies (centred on r·P + anchor), which large tiles cover a small tile, and the
 * strategic view's tiles. The selection's shape (./coverage.ts) and the dependency rule
 * (./dependency.ts) need only this; Placement adds the substitutes themselves.
 */
export class SubstituteFrame {
  readonly lattice: SubstituteLattice;
  readonly kind: GridKind;
  readonly ratio: number;
  readonly anchor: readonly [number, number];
  /** Substitute offsets, interleaved (see substituteOffsets). */
  readonly offsets: Int32Array;
  /** AL-FORM class of each substitute tile (independent of the large tile: r·P is even). */
  readonly classes: Uint8Array;
  readonly view: StrategicView;
  private readonly lookup: Int32Array;
  private readonly side: number;

  constructor(view: StrategicView, ratio: number) {
    this.view = view;
    this.lattice = view.lattice;
    this.kind = latticeKind(view.lattice);
    this.ratio = ratio;
    this.anchor = anchor(this.kind, ratio);
    this.offsets = substituteOffsets(this.kind, ratio);
    this.classes = substituteClasses(this.kind, ratio);
    this.side = 2 * ratio + 1;
    this.lookup = new Int32Array(this.side * this.side).fill(-1);
    for (let i = 0; i < this.classes.length; i++) this.lookup[this.boxIndex(this.offsets[2 * i]!, this.offsets[2 * i + 1]!)] = i;
  }

  private boxIndex(dx: number, dy: number): number {
    return (dx + this.ratio) * this.side + dy + this.ratio;
  }

  /** Index into the substitute offsets of small offset (dx, dy) from a substitute centre; −1 outside the shape. */
  offsetIndex(dx: number, dy: number): number {
    const r = this.ratio;
    if (dx < -r || dx > r || dy < -r || dy > r) return -1;
    return this.lookup[this.boxIndex(dx, dy)]!;
  }

  /** Small global coordinates of the centre of the large tile at (px, py). */
  centreX(px: number): number {
    return this.ratio * px + this.anchor[0];
  }
  centreY(py: number): number {
    return this.ratio * py + this.anchor[1];
  }

  /** Large-lattice class of position (px, py) (area tiles at even, even). */
  largeClass(px: number, py: number): number {
    return latticeClass(this.lattice, px, py);
  }

  /**
   * Writes into `out` (pairs px, py) the large positions whose substitute contains small
   * global (gx, gy); returns how many. The nearest centre rounds each axis, and every shape
   * lies within one large step of it on each axis (see substitute-shape.ts bounds).
   */
  covering(gx: number, gy: number, out: Int32Array): number {
    const r = this.ratio;
    const cx = Math.round((gx - this.anchor[0]) / r);
    const cy = Math.round((gy - this.anchor[1]) / r);
    let n = 0;
    for (let px = cx - 1; px <= cx + 1; px++) {
      for (let py = cy - 1; py <= cy + 1; py++) {
        if (this.offsetIndex(gx - this.centreX(px), gy - this.centreY(py)) < 0) continue;
        out[2 * n] = px;
        out[2 * n + 1] = py;
        n++;
      }
    }
    return n;
  }
}
