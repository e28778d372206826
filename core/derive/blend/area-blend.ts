/**
 * The AREA blending function (SPEC §7; patent: overlapping substitutes blended "by an area
 * function over the unordered set of terrains"). Input: an AL-FORM window and, for every
 * area tile at a GLOBAL position, the unordered set of candidate terrains the overlapping
 * substitutes put there. Output: one terrain per area tile, and the transition edge
 * (beach, cliff) on the linear tiles between them.
 *
 * Natural terrain comes out organic, following seed 004's border treatment:
 *   1. choice — where candidates overlap, each terrain scores coherent noise of its own,
 *      the highest wins: overlaps become interlocking tongues, never a ruled line;
 *   2. displacement — a natural tile takes the terrain of a tile up to DISPLACE cells away,
 *      picked by high-frequency noise (seed 004 step 3), which wiggles every border;
 *   3. bands — near a border whose pair has a catalogue TransitionRule, tiles take the
 *      rule's band fill (weighted mix, by elevation for land ↔ water) over the rule's width
 *      of 2–4 tiles, jittered so the band is wider in places; water sides stay water;
 *   4. displacement again, so the bands' own edges wiggle too;
 *   5. straightening — seed 004 step 5: wherever 3 border tiles line up, the tile at a
 *      global-coordinate phase (every third along the axis) is pushed across the border,
 *      choosing the push that leaves fewest runs nearby; STRAIGHTEN_PASSES passes clear
 *      the runs the pushes themselves create (tests check no run > 2 on many seeds).
 * Human-curated terrain (fields, towns) is never displaced, banded or pushed, and natural
 * tiles never borrow it: its borders stay stark and straight.
 *
 * Every step reads a bounded neighbourhood, so the window is computed on a lattice padded
 * by PAD cells fed from the candidate source at global coordinates: two overlapping
 * windows agree exactly on their overlap, and the same inputs always give the same map.
 * Lattice cell (u, v) is the area tile at global tile (2u, 2v).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue, TransitionRule } from '../../terrain/types.js';
import { bandAt, findTerrain, findTransition } from '../../terrain/lookup.js';
import { MAX_PALETTE } from '../../map/terrain-map.js';
import { borderDisplacement, hash2, hashString, noise2, valueNoise } from './noise.js';
import type { BlendWindow } from './window.js';
import { windowSize } from './window.js';

/** Most candidates one area tile may have (the size of the buffer `at` writes into). */
export const MAX_CANDIDATES = 16;

/**
 * Where candidates come from: in derivation, the placed substitutes. Must itself be a
 * function of global coordinates (it is asked about tiles outside the window too).
 */
export interface AreaCandidates {
  /** Terrain ids; candidates are written as 1-based indices into it (0 is never written). */
  readonly palette: readonly string[];
  /** Writes the candidate terrains of the area tile at global (gx, gy) into `out`; returns how many (0 = no terrain). */
  at(gx: number, gy: number, out: Uint8Array): number;
  /** Ground elevation in metres at global tile (gx, gy), for elevation-dependent bands; 0 when absent. */
  elevation?(gx: number, gy: number): number;
}

export interface AreaBlendOptions {
  readonly catalogue: TerrainCatalogue;
  readonly seed: number;
  readonly candidates: AreaCandidates;
}

/** Border displacement amplitude, in lattice cells (= 2 tiles). */
const DISPLACE = 2;
/** Farthest a band reaches from its border, in lattice cells: half of the widest band (4); wider land ↔ water bands are capped here. */
const BAND_REACH = 2;
const STRAIGHTEN_PASSES = 12;
/** Every step reads a bounded neighbourhood; a straightening sub-pass decides from cells up to 5 away (runsAfter). */
export const PAD = 2 * DISPLACE + BAND_REACH + 4 * 5 * STRAIGHTEN_PASSES + 2;

const FLAG_NATURAL = 1;
const FLAG_WATER = 2;

/** The terrains a blend works with: the candidates' palette, then band terrains as met. */
class WorkPalette {
  readonly ids: string[] = [''];
  readonly flags: number[] = [0];
  readonly seeds: number[] = [0];
  private readonly byId = new Map<string, number>();
  constructor(
    private readonly catalogue: TerrainCatalogue,
    private readonly seed: number,
  ) {}
  indexOf(id: string): number {
    const k = this.byId.get(id);
    if (k !== undefined) return k;
    if (this.ids.length > MAX_PALETTE) throw new Error(`a blend handles at most ${MAX_PALETTE} distinct terrains; cannot add "${id}"`);
    const t = findTerrain(this.catalogue, id);
    let flags = 0;
    if (t !== undefined && t.class === 'area' && !t.humanCurated) flags |= FLAG_NATURAL;
    if (t !== undefined && t.elevationOffset < 0) flags |= FLAG_WATER;
    this.ids.push(id);
    this.flags.push(flags);
    this.seeds.push(hashString(this.seed, id));
    this.byId.set(id, this.ids.length - 1);
    return this.ids.length - 1;
  }
}

/** A padded lattice of terrain indices in global lattice coordinates. */
interface Lattice {
  readonly u0: number;
  readonly v0: number;
  readonly w: number;
  readonly h: number;
}

/**
 * Blends every area tile of the window's map, and writes the transition edges (or no
 * terrain) on its edge linear tiles; vertex tiles are cleared. Mutates `window.map`.
 */
export function blendArea(window: BlendWindow, options: AreaBlendOptions): void {
  const { width, height } = windowSize(window);
  const { catalogue, seed, candidates } = options;
  const work = new WorkPalette(catalogue, seed);
  for (const id of candidates.palette) work.indexOf(id);
  if (work.ids.length !== candidates.palette.length + 1) throw new Error('candidate palette lists a terrain id twice');

  const lat: Lattice = {
    u0: window.originX / 2 - PAD,
    v0: window.originY / 2 - PAD,
    w: (width + 1) / 2 + 2 * PAD,
    h: (height + 1) / 2 + 2 * PAD,
  };
  const base = chooseCandidates(lat, work, candidates);
  // Displacing before the bands wiggles the borders the bands follow; displacing again
  // after wiggles the bands' own edges (seed 004 layers two distortions the same way).
  const banded = addBands(lat, displace(lat, base, work, seed), work, options);
  const displaced = displace(lat, banded, work, seed ^ 0x6a09e667);
  let field = displaced;
  for (let pass = 0; pass < STRAIGHTEN_PASSES; pass++) field = straighten(lat, field, work, seed, pass);
  writeWindow(window, width, height, lat, field, work, options);
}

function chooseCandidates(lat: Lattice, work: WorkPalette, source: AreaCandidates): Uint8Array {
  const out = new Uint8Array(lat.w * lat.h);
  const buf = new Uint8Array(MAX_CANDIDATES);
  const limit = source.palette.length;
  for (let j = 0; j < lat.h; j++) {
    const v = lat.v0 + j;
    for (let i = 0; i < lat.w; i++) {
      const u = lat.u0 + i;
      const n = source.at(2 * u, 2 * v, buf);
      if (!Number.isInteger(n) || n < 0 || n > MAX_CANDIDATES) {
        throw new Error(`candidate source must return a count 0…${MAX_CANDIDATES} at (${2 * u}, ${2 * v}), got ${n}`);
      }
      let best = 0;
      let bestScore = -1;
      for (let k = 0; k < n; k++) {
        const c = buf[k]!;
        if (c < 1 || c > limit) throw new Error(`candidate at (${2 * u}, ${2 * v}) must be a palette index 1…${limit}, got ${c}`);
        if (n === 1) {
          best = c;
          break;
        }
        // Scores depend on the terrain and the place only, never on the order of the set.
        const s = work.seeds[c]!;
        const score = valueNoise(s, u, v, 3) + 0.35 * noise2(s ^ 0x3c6ef372, u, v);
        if (score > bestScore || (score === bestScore && c < best)) {
          best = c;
          bestScore = score;
        }
      }
      out[j * lat.w + i] = best;
    }
  }
  return out;
}

function displace(lat: Lattice, base: Uint8Array, work: WorkPalette, seed: number): Uint8Array {
  const out = base.slice();
  const s = seed ^ 0x7f4a7c15;
  for (let j = 0; j < lat.h; j++) {
    for (let i = 0; i < lat.w; i++) {
      const c = j * lat.w + i;
      if ((work.flags[base[c]!]! & FLAG_NATURAL) === 0) continue;
      const u = lat.u0 + i;
      const v = lat.v0 + j;
      const si = i + borderDisplacement(s, u, v, DISPLACE, 0);
      const sj = j + borderDisplacement(s, u, v, DISPLACE, 1);
      if (si < 0 || sj < 0 || si >= lat.w || sj >= lat.h) continue;
      const t = base[sj * lat.w + si]!;
      if ((work.flags[t]! & FLAG_NATURAL) !== 0) out[c] = t;
    }
  }
  return out;
}

function addBands(lat: Lattice, field: Uint8Array, work: WorkPalette, options: AreaBlendOptions): Uint8Array {
  const { catalogue, seed, candidates } = options;
  const out = field.slice();
  const rules = new Map<number, TransitionRule | null>();
  const ruleFor = (a: number, b: number): TransitionRule | null => {
    const key = a < b ? a * 256 + b : b * 256 + a;
    let r = rules.get(key);
    if (r === undefined) {
      r = findTransition(catalogue, work.ids[a]!, work.ids[b]!) ?? null;
      rules.set(key, r);
    }
    return r;
  };
  const sReach = seed ^ 0x51ed270b;
  const sFill = seed ^ 0x2f8b1d3a;
  for (let j = 0; j < lat.h; j++) {
    for (let i = 0; i < lat.w; i++) {
      const c = j * lat.w + i;
      const a = field[c]!;
      const fa = work.flags[a]!;
      if ((fa & FLAG_NATURAL) === 0 || (fa & FLAG_WATER) !== 0) continue;
      // Nearest differing natural terrain with a rule, by 4-neighbour (Manhattan) distance.
      let bestD = BAND_REACH + 1;
      let bestRule: TransitionRule | null = null;
      let bestWater = false;
      for (let dj = -BAND_REACH; dj <= BAND_REACH; dj++) {
        const nj = j + dj;
        if (nj < 0 || nj >= lat.h) continue;
        for (let di = -BAND_REACH; di <= BAND_REACH; di++) {
          const d = Math.abs(di) + Math.abs(dj);
          if (d === 0 || d >= bestD) continue;
          const ni = i + di;
          if (ni < 0 || ni >= lat.w) continue;
          const b = field[nj * lat.w + ni]!;
          if (b === a || (work.flags[b]! & FLAG_NATURAL) === 0) continue;
          const r = ruleFor(a, b);
          if (r === null) continue;
          bestD = d;
          bestRule = r;
          bestWater = (work.flags[b]! & FLAG_WATER) !== 0;
        }
      }
      if (bestRule === null) continue;
      const u = lat.u0 + i;
      const v = lat.v0 + j;
      // Land ↔ water: the whole band lies on land. Otherwise it straddles the border, half
      // each side; the jitter makes it wider in places and narrower in others.
      const half = bestWater ? bestRule.width : bestRule.width / 2;
      const reach = Math.max(1, Math.floor(half + valueNoise(sReach, u, v, 3) - 0.3));
      if (bestD > reach) continue;
      const elevation = candidates.elevation?.(2 * u, 2 * v) ?? 0;
      const { fill } = bandAt(bestRule, elevation);
      // Coherent noise clumps a mixed band's terrains instead of speckling them.
      out[c] = work.indexOf(pickWeighted(fill, valueNoise(sFill, u, v, 2)));
    }
  }
  return out;
}

function pickWeighted(fill: readonly { terrain: string; weight: number }[], r: number): string {
  let total = 0;
  for (const f of fill) total += f.weight;
  let x = r * total;
  for (const f of fill) {
    x -= f.weight;
    if (x < 0) return f.terrain;
  }
  return fill[fill.length - 1]!.terrain;
}

/**
 * One straightening pass: a border tile on a straight run of 3 or more, at the pass's
 * phase along its axis, has one of its two area tiles take the other's terrain. The phase
 * comes from global coordinates, so every run of 3 is hit once and windows agree. A pass
 * is four sub-passes — north–south borders of columns u ≡ r (mod 2), then east–west borders
 * of rows v ≡ r — so no two flips of one sub-pass write the same tile (two flips undoing
 * each other left runs standing).
 */
function straighten(lat: Lattice, input: Uint8Array, work: WorkPalette, seed: number, pass: number): Uint8Array {
  let field = input;
  const { w, h } = lat;
  const flags = work.flags;
  const sPhase = seed ^ Math.imul(pass + 1, 0x632be5ab);
  const sSide = seed ^ Math.imul(pass + 1, 0x1d8e4e27);
  const mod3 = (x: number): number => ((x % 3) + 3) % 3;
  for (let r = 0; r < 2; r++) {
    for (let axis = 0; axis < 2; axis++) {
      const out = field.slice();
      const f = field;
      const border = (p: number, q: number): boolean => {
        const a = f[p]!;
        const b = f[q]!;
        return a !== b && (flags[a]! & FLAG_NATURAL) !== 0 && (flags[b]! & FLAG_NATURAL) !== 0;
      };
      // axis 0: borders between (i, j) and (i + 1, j), runs along j; axis 1: transposed.
      const across = axis === 0 ? 1 : w;
      const along = axis === 0 ? w : 1;
      const lines = axis === 0 ? w - 1 : h - 1;
      const length = axis === 0 ? h : w;
      const line0 = axis === 0 ? lat.u0 : lat.v0;
      const pos0 = axis === 0 ? lat.v0 : lat.u0;
      for (let k = 0; k < lines; k++) {
        const line = line0 + k;
        if ((line & 1) !== r) continue;
        const phase = hash2(sPhase, line, axis) % 3;
        for (let m = 2; m < length - 2; m++) {
          const pos = pos0 + m;
          if (mod3(pos + phase) !== 0) continue;
          const c = axis === 0 ? m * w + k : k * w + m;
          if (!border(c, c + across)) continue;
          const before = border(c - along, c + across - along);
          const after = border(c + along, c + across + along);
          const onRun =
            (before && after) || (before && border(c - 2 * along, c + across - 2 * along)) || (after && border(c + 2 * along, c + across + 2 * along));
          if (!onRun) continue;
          // Of the two pushes, take the one leaving fewer runs of 3 around it, then the one
          // its other neighbours agree with (it smooths rather than speckles), then a coin.
          const a = f[c]!;
          const b = f[c + across]!;
          const runsA = runsAfter(f, c, b, w, h, flags);
          const runsB = runsAfter(f, c + across, a, w, h, flags);
          const gainA = agree(f, c, c + across, b, w, h);
          const gainB = agree(f, c + across, c, a, w, h);
          const coin = noise2(sSide ^ axis, line, pos) < 0.5;
          const pushA = runsA !== runsB ? runsA < runsB : gainA !== gainB ? gainA > gainB : coin;
          if (pushA) out[c] = b;
          else out[c + across] = a;
        }
      }
      field = out;
    }
  }
  return field;
}

/**
 * Runs of 3 border tiles (either axis) that pass within 2 cells of `c` if `c` held `t`;
 * `f` is restored before returning.
 */
function runsAfter(f: Uint8Array, c: number, t: number, w: number, h: number, flags: readonly number[]): number {
  const old = f[c]!;
  f[c] = t;
  const i0 = c % w;
  const j0 = (c - i0) / w;
  const border = (p: number, q: number): boolean => {
    const a = f[p]!;
    const b = f[q]!;
    return a !== b && (flags[a]! & FLAG_NATURAL) !== 0 && (flags[b]! & FLAG_NATURAL) !== 0;
  };
  let n = 0;
  for (let i = Math.max(0, i0 - 2); i <= Math.min(w - 2, i0 + 1); i++) {
    for (let j = Math.max(0, j0 - 4); j <= Math.min(h - 3, j0 + 2); j++) {
      const p = j * w + i;
      if (border(p, p + 1) && border(p + w, p + w + 1) && border(p + 2 * w, p + 2 * w + 1)) n++;
    }
  }
  for (let j = Math.max(0, j0 - 2); j <= Math.min(h - 2, j0 + 1); j++) {
    for (let i = Math.max(0, i0 - 4); i <= Math.min(w - 3, i0 + 2); i++) {
      const p = j * w + i;
      if (border(p, p + w) && border(p + 1, p + w + 1) && border(p + 2, p + w + 2)) n++;
    }
  }
  f[c] = old;
  return n;
}

/** How many 4-neighbours of `c`, other than `skip`, hold terrain `t`. */
function agree(f: Uint8Array, c: number, skip: number, t: number, w: number, h: number): number {
  const i = c % w;
  let n = 0;
  if (i > 0 && c - 1 !== skip && f[c - 1] === t) n++;
  if (i < w - 1 && c + 1 !== skip && f[c + 1] === t) n++;
  if (c >= w && c - w !== skip && f[c - w] === t) n++;
  if (c + w < w * h && c + w !== skip && f[c + w] === t) n++;
  return n;
}

function writeWindow(
  window: BlendWindow,
  width: number,
  height: number,
  lat: Lattice,
  field: Uint8Array,
  work: WorkPalette,
  options: AreaBlendOptions,
): void {
  const { map, originX, originY } = window;
  const { catalogue, candidates } = options;
  const toMap = new Int16Array(work.ids.length).fill(-1);
  const mapValue = (k: number): number => {
    if (toMap[k]! < 0) toMap[k] = map.terrainIndex(work.ids[k]!);
    return toMap[k]!;
  };
  const edgeCache = new Map<number, TransitionRule | null>();
  const edgeBetween = (a: number, b: number, gx: number, gy: number): number => {
    if (a === b || (work.flags[a]! & FLAG_NATURAL) === 0 || (work.flags[b]! & FLAG_NATURAL) === 0) return 0;
    const key = a < b ? a * 256 + b : b * 256 + a;
    let rule = edgeCache.get(key);
    if (rule === undefined) {
      rule = findTransition(catalogue, work.ids[a]!, work.ids[b]!) ?? null;
      edgeCache.set(key, rule);
    }
    if (rule === null) return 0;
    const edge = bandAt(rule, candidates.elevation?.(gx, gy) ?? 0).edge;
    return edge === undefined ? 0 : map.terrainIndex(edge);
  };
  const t = map.layers.terrain;
  const cell = (gx: number, gy: number): number => field[(gy / 2 - lat.v0) * lat.w + (gx / 2 - lat.u0)]!;
  for (let y = 0; y < height; y++) {
    const gy = originY + y;
    for (let x = 0; x < width; x++) {
      const gx = originX + x;
      const oddX = (x & 1) === 1;
      const oddY = (y & 1) === 1;
      let value = 0;
      if (!oddX && !oddY) value = mapValue(cell(gx, gy));
      else if (oddX && !oddY) value = edgeBetween(cell(gx - 1, gy), cell(gx + 1, gy), gx, gy);
      else if (!oddX && oddY) value = edgeBetween(cell(gx, gy - 1), cell(gx, gy + 1), gx, gy);
      t[y * width + x] = value;
    }
  }
}

