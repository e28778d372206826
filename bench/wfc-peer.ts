/**
 * The assembly bench's peer: `wavefunctioncollapse` (kchapelier's JavaScript port of mxgmn's
 * WaveFunctionCollapse, its SimpleTiledModel), fed the same adjacency as core/assemble's solver.
 *
 * Translation (`peerTilesetOf`): the peer knows tiles with one of mxgmn's symmetry letters (X, I,
 * \, T, L, F — how many distinct variants a tile has under the square's 8 symmetries) and
 * "left/right" neighbour pairs of (tile, variant); it derives the vertical and mirrored pairs
 * itself by turning and mirroring each pair. Sandtable's library (core/assemble/library.ts) has,
 * per square tile, 8 candidates (4 clockwise rotations × mirror x) with integer edge signatures:
 * a candidate fits another across an edge when its signature there equals the other's WANT.
 * The peer's variant k of an F tile is its turn by k quarter turns (k < 4) or the mirror of
 * turn k − 4; `F_ORIENTATION` names the Sandtable orientation of each. Every horizontal pair
 * that the library says fits is given to the peer; since the library's relation is invariant
 * under the square's symmetries, the pairs the peer derives are exactly the library's too —
 * test/wfc-peer.test.ts checks the peer's compiled relation against the library, both ways.
 *
 * `merge`: a tile whose 8 candidates repeat (a symmetric drawing) is given the smallest
 * symmetry letter, and the pose of its variant 0, whose variants merge only candidates with
 * the same signatures on every edge, with its weight scaled so each tile still weighs the same in total: fewer variants
 * for the peer to carry, the same distribution. Without it every tile is F, candidate for
 * candidate what the solver has.
 */
import wfc from 'wavefunctioncollapse';
import type { SimpleTiledData, SimpleTiledModel } from 'wavefunctioncollapse';
import type { Orientation } from '../core/alform/classify.js';
import type { AssemblyLibrary } from '../core/assemble/library.js';
import { ShapeClass } from '../core/assemble/topology.js';
import { SQUARE_DIRECTIONS } from '../core/grid/square/square-grid.js';
import { encodePlacement } from '../core/map/orientation-code.js';
import { seededRandom } from '../core/util/random.js';

export { wfc };

/** mxgmn's symmetry letters: variants, the quarter turn `a` and the mirror `b` on variant indices. */
export const SYMMETRIES: Readonly<Record<string, { readonly count: number; readonly a: (i: number) => number; readonly b: (i: number) => number }>> = {
  X: { count: 1, a: (i) => i, b: (i) => i },
  I: { count: 2, a: (i) => 1 - i, b: (i) => i },
  '\\': { count: 2, a: (i) => 1 - i, b: (i) => 1 - i },
  T: { count: 4, a: (i) => (i + 1) % 4, b: (i) => (i % 2 === 0 ? i : 4 - i) },
  L: { count: 4, a: (i) => (i + 1) % 4, b: (i) => (i % 2 === 0 ? i + 1 : i - 1) },
  F: { count: 8, a: (i) => (i < 4 ? (i + 1) % 4 : 4 + ((i - 1) % 4)), b: (i) => (i < 4 ? i + 4 : i - 4) },
};
/** The letters tried by `merge`, fewest variants first. */
const MERGE_ORDER = ['X', 'I', '\\', 'T', 'L', 'F'];

/** Group element g (turn g, or mirror after turn g − 4) applied to variant `from` of a tile of this symmetry (the peer's `action`). */
export function orbit(symmetry: string, from = 0): number[] {
  const s = SYMMETRIES[symmetry] ?? SYMMETRIES.X!;
  const turns = [from, s.a(from), s.a(s.a(from)), s.a(s.a(s.a(from)))];
  return [...turns, ...turns.map((t) => s.b(t))];
}

/**
 * The Sandtable orientation of the peer's F variant k. The peer turns a tile by
 * (x, y) → (y, −x), which on Sandtable's square maps (direction 0 is y + 1, 2 is x + 1) is a
 * clockwise quarter turn; its mirror is x → −x, Sandtable's mirror x. Variant 4 + j mirrors
 * turn j: mirror-then-turn −j in Sandtable's canonical "mirror x, then turn" form.
 */
export const F_ORIENTATION: readonly Orientation[] = [0, 1, 2, 3, 4, 5, 6, 7].map((k) =>
  k < 4 ? { rotation: 90 * k, mirror: 'none' } : { rotation: (360 - 90 * (k - 4)) % 360, mirror: 'x' },
);

/** Sandtable's square slot facing each of the peer's directions (the peer's DX/DY against SQUARE_DIRECTIONS). */
export function peerSlots(model: Pick<SimpleTiledModel, 'DX' | 'DY'>): number[] {
  return model.DX.map((dx, d) => {
    const slot = [0, 1, 2, 3].find((s) => SQUARE_DIRECTIONS[2 * s]![0] === dx && SQUARE_DIRECTIONS[2 * s]![1] === model.DY[d]);
    if (slot === undefined) throw new Error(`the peer's direction ${d} (${dx}, ${model.DY[d]}) is no square edge`);
    return slot;
  });
}
export const PEER_SLOTS = peerSlots(wfc.SimpleTiledModel.prototype);

/** The library's fit rule on square cells: candidate a's edge at slot s against candidate b across it. */
export function fitsAcross(lib: AssemblyLibrary, a: number, s: number, b: number): boolean {
  const k = lib.classes[ShapeClass.SQUARE]!;
  return k.sig[a * 4 + s] === k.want[b * 4 + ((s + 2) % 4)];
}

/** The square candidate of a tile for the peer's F variant k. */
export function candidateOfVariant(lib: AssemblyLibrary, tile: string, k: number): number {
  const c = lib.candidateOf(ShapeClass.SQUARE, tile, encodePlacement({ orientation: F_ORIENTATION[k]! }));
  if (c < 0) throw new Error(`tile "${tile}" has no square candidate for ${JSON.stringify(F_ORIENTATION[k])}`);
  return c;
}

/**
 * Each peer variant (in the peer's order) as a library candidate, for tiles of these
 * symmetries whose variant 0 is the peer's F variant `base` (default 0): mxgmn's letters
 * assume a pose (an L tile's mirror is its next turn), which a drawing may take turned.
 */
export function variantCandidates(lib: AssemblyLibrary, tiles: readonly { readonly name: string; readonly symmetry: string; readonly base?: number }[]): number[] {
  const out: number[] = [];
  for (const t of tiles) {
    const o = orbit(t.symmetry);
    const fromBase = orbit('F', t.base ?? 0);
    for (let v = 0; v < (SYMMETRIES[t.symmetry] ?? SYMMETRIES.X!).count; v++) out.push(candidateOfVariant(lib, t.name, fromBase[o.indexOf(v)]!));
  }
  return out;
}

export interface PeerTranslation {
  readonly data: SimpleTiledData;
  /** Peer variant (the model's tile index) → library candidate of the square class. */
  readonly candidates: readonly number[];
}

/** A 1×1 bitmap: the peer needs one per tile, the bench never draws. */
const PIXEL = [0, 0, 0, 255];

/** The library's square tiles as the peer's tile set: symmetries, weights and every horizontal pair that fits. */
export function peerTilesetOf(lib: AssemblyLibrary, merge: boolean): PeerTranslation {
  const k = lib.classes[ShapeClass.SQUARE]!;
  const key = (c: number): string => `${Array.from(k.sig.subarray(c * 4, c * 4 + 4)).join(',')}|${Array.from(k.want.subarray(c * 4, c * 4 + 4)).join(',')}`;
  const tiles: { name: string; symmetry: string; base: number; weight: number; bitmap: number[] }[] = [];
  for (const tile of lib.tiles) {
    if (tile.shape.name !== 'square') continue;
    const cands = [0, 1, 2, 3, 4, 5, 6, 7].map((v) => candidateOfVariant(lib, tile.id, v));
    // Does the letter, with F variant `base` as its variant 0, keep apart only candidates with different edges?
    const keeps = (letter: string, base: number): boolean => {
      const o = orbit(letter);
      const fromBase = orbit('F', base);
      return o.every((v, g) => key(cands[fromBase[g]!]!) === key(cands[fromBase[o.indexOf(v)]!]!));
    };
    let symmetry = 'F', base = 0;
    for (const letter of merge ? MERGE_ORDER : []) {
      const b = [0, 1, 2, 3, 4, 5, 6, 7].find((r) => keeps(letter, r));
      if (b !== undefined) {
        [symmetry, base] = [letter, b];
        break;
      }
    }
    // The library's weight of a tile is shared by its 8 candidates; the peer's is per variant.
    const total = cands.reduce((w, c) => w + k.weight[c]!, 0);
    tiles.push({ name: tile.id, symmetry, base, weight: total / SYMMETRIES[symmetry]!.count, bitmap: PIXEL });
  }
  const candidates = variantCandidates(lib, tiles);
  const names: string[] = tiles.flatMap((t) => Array.from({ length: SYMMETRIES[t.symmetry]!.count }, (_, v) => `${t.name} ${v}`));
  const neighbors: { left: string; right: string }[] = [];
  const east = PEER_SLOTS[2]!; // the peer's direction 2 is x + 1: `right` sits there
  candidates.forEach((a, p) => candidates.forEach((b, q) => {
    if (fitsAcross(lib, a, east, b)) neighbors.push({ left: names[p]!, right: names[q]! });
  }));
  return { data: { tilesize: 1, tiles, neighbors }, candidates };
}

/** Pairs (direction, variant, variant) where the peer's compiled relation and the library disagree. */
export function relationMismatches(model: SimpleTiledModel, lib: AssemblyLibrary, candidates: readonly number[]): string[] {
  const out: string[] = [];
  for (let d = 0; d < 4; d++) {
    for (let p = 0; p < model.T; p++) {
      const allowed = new Set(model.propagator[d]![p]);
      for (let q = 0; q < model.T; q++) {
        if (allowed.has(q) !== fitsAcross(lib, candidates[p]!, PEER_SLOTS[d]!, candidates[q]!)) out.push(`direction ${d}: ${p} → ${q} peer ${allowed.has(q)}`);
      }
    }
  }
  return out;
}

export interface PeerRun {
  readonly ok: boolean;
  readonly ms: number;
  /** Generations started (a contradiction restarts with the same random stream, as the peer's users do). */
  readonly attempts: number;
  /** Adjacent cells of the finished map whose candidates the library says do not fit (0 when right). */
  readonly violations: number | null;
}

/** The peer on a width × height map (not periodic: nothing asked of the map's edge), restarting on contradiction until `budgetMs`. */
export function runPeer(t: PeerTranslation, lib: AssemblyLibrary, width: number, height: number, seed: number, budgetMs: number): PeerRun {
  const start = performance.now();
  const model = new wfc.SimpleTiledModel(t.data, null, width, height, false);
  const random = seededRandom(seed);
  for (let attempts = 1; ; attempts++) {
    if (attempts > 1) model.clear();
    let alive = true;
    while (alive && !model.isGenerationComplete() && performance.now() - start < budgetMs) alive = model.iterate(64, random);
    const ms = performance.now() - start;
    if (model.isGenerationComplete()) return { ok: true, ms, attempts, violations: violationsOf(model.observed!, t.candidates, lib, width, height) };
    if (ms >= budgetMs) return { ok: false, ms, attempts, violations: null };
  }
}

/** Adjacent pairs of a finished map (variant per cell, x + y·width) that the library refuses. */
export function violationsOf(variants: ArrayLike<number>, candidates: readonly number[], lib: AssemblyLibrary, width: number, height: number): number {
  let bad = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = candidates[variants[x + y * width]!]!;
      if (x + 1 < width && !fitsAcross(lib, a, PEER_SLOTS[2]!, candidates[variants[x + 1 + y * width]!]!)) bad++;
      if (y + 1 < height && !fitsAcross(lib, a, PEER_SLOTS[1]!, candidates[variants[x + (y + 1) * width]!]!)) bad++;
    }
  }
  return bad;
}
