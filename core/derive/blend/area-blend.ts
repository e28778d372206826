/**
 * The AREA blending function (SPEC §7; patent: overlapping substitutes blended "by an area
 * function over the unordered set of terrains"). Input: an AL-FORM window and, for every
 * area tile at a GLOBAL position, the unordered set of candidate terrains the overlapping
 * substitutes put there. Output: one terrain per area tile, and the transition edge
 * (beach, cliff) on the linear tiles between them.
 *
 * It works on the lattice of area tiles (lattice.ts: square, or 120° axial on hex and
 * offset-square windows), on two fields: the GROUND (the strategic terrain each cell stands
 * for) and the DETAIL (what the substitutes draw there: the ground itself, clearings,
 * copses, knolls). Transitions belong to the ground only: uniform strategic ground keeps
 * its substitutes' detail as drawn, and a forest's clearing never grows a forest-edge band
 * (the issue "tactical maps that look like ground"). Natural terrain comes out organic,
 * following seed 004's border treatment:
 *   1. choice — where candidates overlap, each ground terrain scores coherent noise of its
 *      own, the highest wins: overlaps become interlocking tongues, never a ruled line;
 *   2. displacement — a natural cell on a ground border takes the ground of a cell up to
 *      DISPLACE steps away, picked by high-frequency noise (seed 004 step 3), which wiggles
 *      every border (inside uniform ground it changes nothing);
 *   3. bands — near a ground border whose pair has a catalogue TransitionRule, cells take
 *      the rule's band fill (weighted mix, by elevation for land ↔ water) over the rule's
 *      width of 2–4 tiles by lattice distance, jittered so the band is wider in places;
 *      water sides stay water. Everywhere else a cell shows its detail (where displacement
 *      moved the ground, the plain ground terrain);
 *   4. displacement again, of band cells only, so the bands' own edges wiggle too;
 *   5. despeckling — a natural cell the substitutes did not draw, whose terrain none of its
 *      neighbours share, takes its neighbours' commonest terrain (no speckle);
 *   6. straightening (straighten.ts) — seed 004 step 5: the plane is cut into small tiles
 *      placed so that every possible straight run crosses one, and each tile's natural
 *      cells take one terrain: no run longer than 2 tiles is left, guaranteed in one step.
 * Human-curated terrain (fields, towns) is never displaced, banded or straightened, and
 * natural cells never borrow it: its borders stay stark and straight.
 *
 * Every step reads a bounded neighbourhood, so the window is computed on a plane padded by
 * blendPad(lattice) cells, fed from the candidate source at global coordinates: two
 * overlapping windows agree exactly on their overlap, and the same inputs always give the
 * same map. Each step is computed only on the box the later steps still read (it shrinks
 * by the step's reach).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue, TransitionRule } from '../../terrain/types.js';
import { bandAt } from '../../terrain/lookup.js';
import { borderDisplacement, noise2, valueNoise } from './noise.js';
import { FLAG_NATURAL, FLAG_WATER, transitionLookup, WorkPalette } from './work-palette.js';
import type { BlendWindow, WindowTiles } from './window.js';
import { windowTiles } from './window.js';
import type { Box, LatticeGeometry, LatticeKind, Plane } from './lattice.js';
import { growBox, latticeGeometry } from './lattice.js';
import { straighten, straightenReach } from './straighten.js';

/** Most candidates one area tile may have (the size of the buffer `at` writes into). */
export const MAX_CANDIDATES = 16;

/**
 * Where candidates come from: in derivation, the placed substitutes. Must itself be a
 * function of global coordinates (it is asked about tiles outside the window too).
 */
export interface AreaCandidates {
  /** Terrain ids; candidates are written as 1-based indices into it (0 is never written). */
  readonly palette: readonly string[];
  /**
   * Writes the candidate terrains of the area tile at global (gx, gy) into `out`; returns
   * how many (0 = no terrain). Where `ground` is given, a source that knows it writes there,
   * at the same index, the STRATEGIC terrain each candidate stands for (the large tile whose
   * substitute put it there): a forest's clearing is detail of forest ground. A source that
   * leaves it 0 makes each candidate its own ground.
   */
  at(gx: number, gy: number, out: Uint8Array, ground?: Uint8Array): number;
  /** Ground elevation in metres at global tile (gx, gy), for elevation-dependent bands; 0 when absent. */
  elevation?(gx: number, gy: number): number;
}

export interface AreaBlendOptions {
  readonly catalogue: TerrainCatalogue;
  readonly seed: number;
  readonly candidates: AreaCandidates;
}

/** Border displacement amplitude, in lattice steps (= 2 tiles). */
const DISPLACE = 2;
/** Farthest a band reaches from its border, in lattice steps: half of the widest band (4); wider land ↔ water bands are capped here. */
const BAND_REACH = 2;
/**
 * How many lattice cells beyond the window a blend reads (box distance |du|, |dv|): the sum
 * of the reaches of its steps. Nothing farther away can change the window.
 */
export function blendPad(kind: LatticeKind): number {
  return 2 * DISPLACE + BAND_REACH + DESPECKLE_REACH + straightenReach(latticeGeometry(kind));
}

/** Despeckling reads the cell's neighbours. */
const DESPECKLE_REACH = 1;

/**
 * Blends every area tile of the window's map, and writes the transition edges (or no
 * terrain) on its edge linear tiles; vertex tiles are cleared. Mutates `window.map`.
 */
export function blendArea(window: BlendWindow, options: AreaBlendOptions): void {
  const tiles = windowTiles(window);
  const { catalogue, seed, candidates } = options;
  const work = new WorkPalette(catalogue, seed);
  for (const id of candidates.palette) work.indexOf(id);
  if (work.ids.length !== candidates.palette.length + 1) throw new Error('candidate palette lists a terrain id twice');

  const geo = latticeGeometry(tiles.lattice);
  const pad = blendPad(tiles.lattice);
  // Cells the window's tiles touch: an edge tile at odd global x lies between cells
  // ⌊x/2⌋ and ⌈x/2⌉ (likewise y), so the cell box spans ⌊min/2⌋ … ⌈max/2⌉.
  const cu0 = Math.floor(tiles.minX / 2);
  const cv0 = Math.floor(tiles.minY / 2);
  const cw = Math.ceil(tiles.maxX / 2) - cu0 + 1;
  const ch = Math.ceil(tiles.maxY / 2) - cv0 + 1;
  const plane: Plane = { geo, u0: cu0 - pad, v0: cv0 - pad, w: cw + 2 * pad, h: ch + 2 * pad };
  const final: Box = { i0: pad, j0: pad, i1: pad + cw, j1: pad + ch };

  const straightenBox = growBox(final, straightenReach(geo));
  const despeckleBox = growBox(straightenBox, DESPECKLE_REACH);
  const bandBox = growBox(despeckleBox, DISPLACE);
  const displaceBox = growBox(bandBox, BAND_REACH);
  const { ground, detail } = chooseCandidates(plane, work, candidates);
  // Displacing before the bands wiggles the borders the bands follow; displacing the band
  // cells again after wiggles the bands' own edges (seed 004 layers two distortions the same way).
  const moved = displace(plane, ground, null, work, seed, displaceBox);
  const band = addBands(plane, moved, work, options, bandBox);
  const shown = new Uint8Array(plane.w * plane.h);
  for (let c = 0; c < shown.length; c++) shown[c] = band[c] !== 0 ? band[c]! : moved[c] === ground[c] ? detail[c]! : moved[c]!;
  const wiggled = displace(plane, shown, band, work, seed ^ 0x6a09e667, despeckleBox);
  const clean = despeckle(plane, wiggled, detail, work, straightenBox);
  const field = straighten(plane, clean, work.natural(), work.seeds, final);
  writeWindow(window, tiles, plane, field, work, options);
}

/** Per cell: the winning ground terrain, and the detail its substitute draws there. */
function chooseCandidates(plane: Plane, work: WorkPalette, source: AreaCandidates): { ground: Uint8Array; detail: Uint8Array } {
  const ground = new Uint8Array(plane.w * plane.h);
  const detail = new Uint8Array(plane.w * plane.h);
  const buf = new Uint8Array(MAX_CANDIDATES);
  const under = new Uint8Array(MAX_CANDIDATES);
  const limit = source.palette.length;
  const scoreOf = (c: number, u: number, v: number): number => {
    // Scores depend on the terrain and the place only, never on the order of the set.
    const s = work.seeds[c]!;
    return valueNoise(s, u, v, 3) + 0.35 * noise2(s ^ 0x3c6ef372, u, v);
  };
  for (let j = 0; j < plane.h; j++) {
    const v = plane.v0 + j;
    for (let i = 0; i < plane.w; i++) {
      const u = plane.u0 + i;
      under.fill(0);
      const n = source.at(2 * u, 2 * v, buf, under);
      if (!Number.isInteger(n) || n < 0 || n > MAX_CANDIDATES) {
        throw new Error(`candidate source must return a count 0…${MAX_CANDIDATES} at (${2 * u}, ${2 * v}), got ${n}`);
      }
      let bestGround = 0;
      let bestDetail = 0;
      let bestScore = -1;
      for (let k = 0; k < n; k++) {
        const c = buf[k]!;
        if (c < 1 || c > limit) throw new Error(`candidate at (${2 * u}, ${2 * v}) must be a palette index 1…${limit}, got ${c}`);
        const g = under[k]! >= 1 && under[k]! <= limit ? under[k]! : c;
        if (n === 1) {
          bestGround = g;
          bestDetail = c;
          break;
        }
        // The ground's score picks the strategic owner; among candidates of one ground, the detail's own score.
        const score = scoreOf(g, u, v) * 4 + scoreOf(c, u, v);
        if (score > bestScore || (score === bestScore && (g < bestGround || (g === bestGround && c < bestDetail)))) {
          bestGround = g;
          bestDetail = c;
          bestScore = score;
        }
      }
      ground[j * plane.w + i] = bestGround;
      detail[j * plane.w + i] = bestDetail;
    }
  }
  return { ground, detail };
}

/** The offset (as an index step) a cell's displacement reads, within DISPLACE steps. */
function displacementStep(plane: Plane, s: number, u: number, v: number): number {
  const du = borderDisplacement(s, u, v, DISPLACE, 0);
  let dv = borderDisplacement(s, u, v, DISPLACE, 1);
  // On axial lattices the offset is folded into the hexagon of radius DISPLACE, so the wiggle has no preferred diagonal.
  if (plane.geo.kind !== 'square' && plane.geo.distance(du, dv) > DISPLACE) dv += du;
  return du + dv * plane.w;
}

/**
 * A natural cell takes what the natural cell at a noise-picked offset within DISPLACE steps
 * shows, so borders between grounds wiggle while uniform ground stays as it is. With `band`,
 * only where the cell or the one it copies is a band cell (the band edges wiggle; detail
 * inside uniform ground is left as drawn).
 */
function displace(plane: Plane, shown: Uint8Array, band: Uint8Array | null, work: WorkPalette, seed: number, box: Box): Uint8Array {
  const { w } = plane;
  const out = shown.slice();
  const s = seed ^ 0x7f4a7c15;
  const flags = work.flags;
  for (let j = box.j0; j < box.j1; j++) {
    const v = plane.v0 + j;
    for (let i = box.i0; i < box.i1; i++) {
      const c = j * w + i;
      if ((flags[shown[c]!]! & FLAG_NATURAL) === 0) continue;
      const from = c + displacementStep(plane, s, plane.u0 + i, v);
      if (band !== null && band[c] === 0 && band[from] === 0) continue;
      const t = shown[from]!;
      if ((flags[t]! & FLAG_NATURAL) !== 0) out[c] = t;
    }
  }
  return out;
}

/**
 * Minimum feature size: a natural cell whose terrain none of its neighbours share takes
 * their commonest natural terrain (ties: the lower terrain seed), unless it shows what its
 * substitute draws there (a designer's single tree stays).
 */
function despeckle(plane: Plane, field: Uint8Array, detail: Uint8Array, work: WorkPalette, box: Box): Uint8Array {
  const { w, geo } = plane;
  const out = field.slice();
  const flags = work.flags;
  const steps = Int32Array.from(geo.dirs, ([du, dv]) => du + dv * w);
  const counts = new Map<number, number>();
  for (let j = box.j0; j < box.j1; j++) {
    for (let i = box.i0; i < box.i1; i++) {
      const c = j * w + i;
      const t = field[c]!;
      if ((flags[t]! & FLAG_NATURAL) === 0 || t === detail[c]) continue;
      let alone = true;
      for (const d of steps) if (field[c + d] === t) alone = false;
      if (!alone) continue;
      counts.clear();
      for (const d of steps) {
        const n = field[c + d]!;
        if ((flags[n]! & FLAG_NATURAL) !== 0) counts.set(n, (counts.get(n) ?? 0) + 1);
      }
      let best = 0;
      let most = 0;
      for (const [n, k] of counts) {
        if (k > most || (k === most && work.seeds[n]! < work.seeds[best]!)) {
          best = n;
          most = k;
        }
      }
      if (best !== 0) out[c] = best;
    }
  }
  return out;
}

/** Offsets within BAND_REACH, nearest first (scan order within one distance), as [index offset, distance]. */
function bandOffsets(geo: LatticeGeometry, w: number): Int32Array {
  const list: [number, number, number][] = [];
  for (let dv = -BAND_REACH; dv <= BAND_REACH; dv++) {
    for (let du = -BAND_REACH; du <= BAND_REACH; du++) {
      const d = geo.distance(du, dv);
      if (d > 0 && d <= BAND_REACH) list.push([du + dv * w, d, list.length]);
    }
  }
  list.sort((a, b) => a[1] - b[1] || a[2] - b[2]);
  return Int32Array.from(list.flatMap(([o, d]) => [o, d]));
}

/** The band fill of every cell near a ground border with a transition rule; 0 elsewhere. */
function addBands(plane: Plane, field: Uint8Array, work: WorkPalette, options: AreaBlendOptions, box: Box): Uint8Array {
  const { catalogue, seed, candidates } = options;
  const out = new Uint8Array(field.length);
  const ruleFor = transitionLookup(catalogue, work);
  const offsets = bandOffsets(plane.geo, plane.w);
  const flags = work.flags;
  const sReach = seed ^ 0x51ed270b;
  const sFill = seed ^ 0x2f8b1d3a;
  for (let j = box.j0; j < box.j1; j++) {
    for (let i = box.i0; i < box.i1; i++) {
      const c = j * plane.w + i;
      const a = field[c]!;
      const fa = flags[a]!;
      if ((fa & FLAG_NATURAL) === 0 || (fa & FLAG_WATER) !== 0) continue;
      // Nearest differing natural terrain with a rule, by lattice distance.
      let bestD = 0;
      let bestRule: TransitionRule | null = null;
      let bestWater = false;
      for (let k = 0; k < offsets.length; k += 2) {
        const b = field[c + offsets[k]!]!;
        if (b === a || (flags[b]! & FLAG_NATURAL) === 0) continue;
        const r = ruleFor(a, b);
        if (r === null) continue;
        bestD = offsets[k + 1]!;
        bestRule = r;
        bestWater = (flags[b]! & FLAG_WATER) !== 0;
        break;
      }
      if (bestRule === null) continue;
      const u = plane.u0 + i;
      const v = plane.v0 + j;
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
 * Area tiles take their cell's terrain; an edge tile (global 2p + d) takes the transition
 * edge of the rule between cells p and p + d, if any; square VERTEX tiles take nothing.
 */
function writeWindow(window: BlendWindow, tiles: WindowTiles, plane: Plane, field: Uint8Array, work: WorkPalette, options: AreaBlendOptions): void {
  const { map } = window;
  const { catalogue, candidates } = options;
  const toMap = new Int16Array(work.ids.length).fill(-1);
  const mapValue = (k: number): number => {
    if (toMap[k]! < 0) toMap[k] = map.terrainIndex(work.ids[k]!);
    return toMap[k]!;
  };
  const ruleFor = transitionLookup(catalogue, work);
  const edgeBetween = (a: number, b: number, gx: number, gy: number): number => {
    if (a === b || (work.flags[a]! & FLAG_NATURAL) === 0 || (work.flags[b]! & FLAG_NATURAL) === 0) return 0;
    const rule = ruleFor(a, b);
    if (rule === null) return 0;
    const edge = bandAt(rule, candidates.elevation?.(gx, gy) ?? 0).edge;
    return edge === undefined ? 0 : map.terrainIndex(edge);
  };
  const square = plane.geo.kind === 'square';
  const t = map.layers.terrain;
  for (let n = 0; n < tiles.count; n++) {
    const gx = tiles.gx[n]!;
    const gy = tiles.gy[n]!;
    const ox = gx & 1;
    const oy = gy & 1;
    // Cell p = ((gx − ox)/2, (gy − oy)/2); the edge's other cell is p + (ox, oy).
    const c = ((gy - oy) / 2 - plane.v0) * plane.w + ((gx - ox) / 2 - plane.u0);
    if (ox === 0 && oy === 0) t[n] = mapValue(field[c]!);
    else if (square && ox === 1 && oy === 1) t[n] = 0;
    else t[n] = edgeBetween(field[c]!, field[c + ox + oy * plane.w]!, gx, gy);
  }
}
