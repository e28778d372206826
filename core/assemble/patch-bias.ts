/**
 * The solver's patch bias (issue 25 "forests, hills and fields form patches of several tiles,
 * not per-tile vignettes"; `assemble`'s `patches`): a soft preference in the choice of a
 * candidate (choice.ts), not a constraint. A candidate's weight is multiplied by
 * 1 + patches × n, n the decided neighbours (or fixed instances) whose tile has the same
 * dominant area terrain as the candidate's (derive-terrain.ts `dominantAreaTerrain`, what
 * network-shape.ts counts patches of; bare ground neither gives nor takes a bonus). So a
 * forest tile placed makes forest likelier beside it and patches grow. Deterministic: it only
 * reweights the one seeded draw.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { dominantAreaTerrain } from './derive-terrain.js';
import type { CellDomains } from './domains.js';
import type { AssemblyLibrary } from './library.js';

export class PatchBias {
  /** Per tile of the library: an id of its dominant area terrain, −1 for bare ground. */
  private readonly ground: Int32Array;
  /** Per cell: a fixed instance's tile (outside the region), else −1. */
  private readonly fixedTile: Int32Array;
  /** Ground ids of the decided neighbours of the cell being chosen for (`prepare`). */
  private readonly around: number[] = [];

  constructor(
    private readonly st: CellDomains,
    lib: AssemblyLibrary,
    private readonly strength: number,
  ) {
    const ids = new Map<string, number>();
    this.ground = Int32Array.from(lib.tiles, (t) => {
      const g = dominantAreaTerrain(t);
      if (g === '') return -1;
      if (!ids.has(g)) ids.set(g, ids.size);
      return ids.get(g)!;
    });
    this.fixedTile = new Int32Array(st.cellCount).fill(-1);
  }

  /** An instance outside the region (setup). */
  fixed(c: number, a: number): void {
    this.fixedTile[c] = this.st.classes[this.st.cls[c]!]!.tile[a]!;
  }

  /** Reads cell c's decided neighbours; false when none has area terrain (every factor is 1). */
  prepare(c: number): boolean {
    const st = this.st;
    const E = st.maxSlots;
    this.around.length = 0;
    for (let s = 0; s < st.slotCount[c]!; s++) {
      const m = st.neighbour[c * E + s]!;
      if (m < 0) continue;
      const t = st.active[m] ? (st.size[m] === 1 ? st.classes[st.cls[m]!]!.tile[st.single(m)]! : -1) : this.fixedTile[m]!;
      const g = t < 0 ? -1 : this.ground[t]!;
      if (g >= 0) this.around.push(g);
    }
    return this.around.length > 0;
  }

  /** The factor of candidate a of the cell last prepared. */
  factor(c: number, a: number): number {
    const g = this.ground[this.st.classes[this.st.cls[c]!]!.tile[a]!]!;
    if (g < 0) return 1;
    let n = 0;
    for (const h of this.around) if (h === g) n++;
    return 1 + this.strength * n;
  }
}
