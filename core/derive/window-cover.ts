/**
 * The derived map's extent (SPEC §7): the smallest AL-FORM map of the small lattice's kind
 * that covers a set of small global tiles, placed so its classes line up with the global
 * lattice. Square: origin even, odd width and height. Offset-square and hex-rectangle (the
 * 'alform' column shape): column X of a map holds 120° axial y from Y0(X), which repeats
 * every 4 columns, so the origin's x is a multiple of 4 and its y even; the "rectangle" is
 * the staggered one those maps have.
 *
 *
 * Origins are multiples of 4 on both axes (not just even), so a derived map's own AL-FORM
 * positions plus origin ÷ 2 keep area tiles on even positions: a derived map derives again
 * on the same global lattice as its siblings.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridSize } from '../grid/types.js';
import { columnStart } from '../grid/hex/column-grid.js';
import type { SubstituteLattice } from '../map/meta.js';
import { latticeKind } from './placement.js';

export interface WindowCover {
  readonly originX: number;
  readonly originY: number;
  readonly size: GridSize;
}

/** Per global column x: the lowest and highest y that must be covered. */
export type ColumnSpans = Map<number, { min: number; max: number }>;

export function addSpan(spans: ColumnSpans, x: number, y: number): void {
  const s = spans.get(x);
  if (s === undefined) spans.set(x, { min: y, max: y });
  else {
    if (y < s.min) s.min = y;
    if (y > s.max) s.max = y;
  }
}

const floorTo = (v: number, step: number): number => Math.floor(v / step) * step;
const odd = (v: number): number => (v % 2 === 0 ? v + 1 : v);

export function coverWindow(lattice: SubstituteLattice, spans: ColumnSpans): WindowCover {
  if (spans.size === 0) throw new Error('nothing to cover: the selection places no small tiles');
  const xs = [...spans.keys()];
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const kind = latticeKind(lattice);
  if (kind === 'square') {
    let minY = Infinity;
    let maxY = -Infinity;
    for (const s of spans.values()) {
      minY = Math.min(minY, s.min);
      maxY = Math.max(maxY, s.max);
    }
    const originX = floorTo(minX, 4);
    const originY = floorTo(minY, 4);
    return { originX, originY, size: { kind: 'square', width: odd(maxX - originX + 1), height: odd(maxY - originY + 1) } };
  }
  const originX = floorTo(minX, 4);
  let low = Infinity;
  for (const [x, s] of spans) low = Math.min(low, s.min - columnStart('alform', x - originX));
  const originY = floorTo(low, 4);
  let high = 0;
  for (const [x, s] of spans) high = Math.max(high, s.max - originY - columnStart('alform', x - originX));
  return { originX, originY, size: { kind: kind as 'offset-square' | 'hex-rectangle', width: odd(maxX - originX + 1), height: odd(high + 1) } };
}

/** Large-lattice positions bounding a window, for the routes and the networks it reads. */
export interface LargeBox {
  readonly px0: number;
  readonly px1: number;
  readonly py0: number;
  readonly py1: number;
}

/**
 * The box of large positions whose substitutes (reaching r small tiles from their centres)
 * may touch the window, grown by `pad` large steps; the staggered kinds' columns rise by up
 * to half the width.
 */
export function largeBox(frame: { readonly ratio: number; readonly anchor: readonly [number, number]; readonly lattice: SubstituteLattice }, cover: WindowCover, pad = 0): LargeBox {
  const r = frame.ratio;
  const { width, height } = cover.size as { width: number; height: number };
  const rise = frame.lattice === 'square' ? 0 : Math.ceil(width / 2) + 1;
  return {
    px0: Math.floor((cover.originX - r - frame.anchor[0]) / r) - pad,
    px1: Math.ceil((cover.originX + width + r - frame.anchor[0]) / r) + pad,
    py0: Math.floor((cover.originY - r - frame.anchor[1]) / r) - pad,
    py1: Math.ceil((cover.originY + height + rise + r - frame.anchor[1]) / r) + pad,
  };
}
