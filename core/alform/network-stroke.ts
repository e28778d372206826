/**
 * A freehand stroke with the linear tool for a THROUGH-TILE terrain (a road, a railway: issue
 * 26) becomes ONE chain of ground tiles, centre to centre: the one home of "pointer samples →
 * chain of adjoining area tiles", used by the renderer (preview while dragging) and tests.
 *
 * Each sample names the area tile whose drawn polygon holds the pointer (./area-pick.ts, so
 * a pointer over a hexside means the hex it is drawn in). From the chain's end to that tile
 * the stroke lays the brush's line of adjoining ground (./brush.ts `brushLine`: the area
 * tiles the straight segment between the two centres passes, each adjoining the next), so a
 * fast drag still leaves an unbroken chain. Going back over one of the chain's last few
 * tiles retracts the chain to it (a wobble leaves no spur); a tile further back is a loop,
 * kept. Samples off the map are skipped; the chain resumes, connected, when the pointer
 * comes back.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import type { StrokeSample } from './linear-stroke.js';
import { extendChain } from './linear-stroke.js';
import { areaTileAt } from './area-pick.js';
import { brushLine } from './brush.js';
import { adjoiningGround } from './adjoining.js';

/** How many of the chain's last tiles a sample may go back to, retracting the chain. */
const RETRACT = 3;

export class NetworkStroke {
  private readonly chain: number[] = [];

  /** `classes`: the AL-FORM class per tile (core/alform/tile-classes.ts), null on a classic map. */
  constructor(
    private readonly grid: Grid,
    private readonly classes: Uint8Array | null,
  ) {}

  /** The chain so far, in stroke order: ground tiles, each adjoining the next. */
  get tiles(): readonly number[] {
    return this.chain;
  }

  /** Adds a pointer sample; true when the chain changed. */
  add(sample: StrokeSample): boolean {
    const target = areaTileAt(this.grid, this.classes, sample.tile, sample.point);
    if (target < 0) return false;
    return extendChain(this.chain, target, RETRACT, (end) => brushLine(this.grid, this.classes, end, target, 'area'));
  }

}

/** The index of the first tile of `chain` that does not adjoin the one before it, or −1 when the chain is unbroken. */
export function groundChainBreak(grid: Grid, classes: Uint8Array | null, chain: ArrayLike<number>): number {
  for (let k = 1; k < chain.length; k++) {
    if (!adjoiningGround(grid, classes, chain[k - 1]!).includes(chain[k]!)) return k;
  }
  return -1;
}
