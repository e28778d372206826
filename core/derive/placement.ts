/**
 * Placed substitutes as a function of GLOBAL small-lattice coordinates (SPEC §7): for any
 * small tile, which large tiles' substitutes cover it and what each puts there. This is
 * what the blending functions read, for tiles inside the derived window and for the
 * margin around it alike, so it never depends on the window.
 *
 * - The large tile at lattice position P has its substitute centred on r·P + anchor; a
 *   small tile on a shared side is covered by both neighbours (by up to four at corners).
 * - An AREA tile's substitute is placed with an orientation picked from the lattice's
 *   symmetries by a hash of P (a forest never repeats the same way twice); human-curated
 *   ground (towns, fields) keeps the drawn orientation, so its streets run one way (but for
 *   organic street layouts, which turn like natural ground).
 * - A LINEAR tile's cell (the band between two area tiles) takes its area texture from the
 *   nearer of the area tiles beside it, by a noisy distance so the border between them
 *   wanders (it stays ruled when either side is human-curated); the linear feature itself
 *   is routed by ./linear-route.ts.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Orientation } from '../alform/classify.js';
import { TileClass } from '../alform/classify.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import type { SubstituteLattice } from '../map/meta.js';
import { latticeClass } from './geometry/substitute-shape.js';
import { latticeOrientations, orientationMatrix, orientPermutation } from './geometry/orient.js';
import { hash2, hashString, valueNoise } from './blend/noise.js';
import type { Substitute, SubstituteSource } from './types.js';
import { SUBSTITUTE_VARIANTS } from './types.js';
import type { StrategicView } from './strategic-view.js';
import { latticeSteps, pointKey, SubstituteFrame, unitPoint } from './substitute-frame.js';

export { latticeKind, latticeSteps, pointKey, SubstituteFrame, unitPoint } from './substitute-frame.js';

const even = (v: number): boolean => (v & 1) === 0;

export interface PlacementOptions {
  readonly view: StrategicView;
  readonly catalogue: TerrainCatalogue;
  readonly substitutes: SubstituteSource;
  readonly ratio: number;
  readonly seed: number;
  /** The ids candidate values index (1-based); must contain every terrain a substitute uses. */
  readonly palette: readonly string[];
}

/** A substitute turned and translated into the global palette. */
interface Placed {
  /** Global palette indices (1-based, 0 = transparent), in offsets order. */
  readonly cells: Uint8Array;
  /**
   * 1 where an area cell's patch (its terrain's cells joined side to side) reaches the
   * substitute's rim and covers at least a quarter of it: ground that runs on beyond the
   * drawing (a designer's half of sand), which the bands' borrowed copies continue; a copse,
   * a clearing or rough ground along a crest is 0.
   */
  readonly runsOn: Uint8Array;
}

export class Placement extends SubstituteFrame {
  readonly seed: number;
  /** Orientations that keep a substitute's area cells on area cells (and linear on linear). */
  readonly orientations: readonly Orientation[];
  readonly catalogue: TerrainCatalogue;
  private readonly substitutes: SubstituteSource;
  readonly palette: readonly string[];
  private readonly paletteIndex = new Map<string, number>();
  private readonly perms: Int32Array[];
  private readonly placed = new Map<string, Placed>();
  private readonly humanCurated: Uint8Array;
  private readonly isLinearTerrain: Uint8Array;

  constructor(options: PlacementOptions) {
    super(options.view, options.ratio);
    const { ratio } = options;
    this.seed = options.seed;
    this.catalogue = options.catalogue;
    this.substitutes = options.substitutes;
    this.palette = options.palette;
    options.palette.forEach((id, k) => this.paletteIndex.set(id, k + 1));
    this.humanCurated = new Uint8Array(options.palette.length + 1);
    this.isLinearTerrain = new Uint8Array(options.palette.length + 1);
    options.palette.forEach((id, k) => {
      const t = findTerrain(options.catalogue, id);
      if (t?.class === 'area' && t.humanCurated) this.humanCurated[k + 1] = 1;
      if (t?.class === 'linear') this.isLinearTerrain[k + 1] = 1;
    });
    const orientations: Orientation[] = [];
    const perms: Int32Array[] = [];
    for (const o of latticeOrientations(this.kind)) {
      const perm = orientPermutation(this.kind, ratio, o);
      let keeps = true;
      // Area cells must stay area cells; linear ones may change class (a 90° turn about a
      // vertex-centred square substitute swaps X- and Y-edges, which is the point of turning).
      for (let i = 0; i < perm.length && keeps; i++) keeps = (this.classes[perm[i]!] === TileClass.AREA) === (this.classes[i] === TileClass.AREA);
      if (keeps) {
        orientations.push(o);
        perms.push(perm);
      }
    }
    this.orientations = orientations;
    this.perms = perms;
  }

  /**
   * Global palette index of a terrain id (0 for ''); throws for ids outside the palette.
   * (`override` only because the name is Object's: a derived class must say so.)
   */
  override valueOf(id: string): number {
    if (id === '') return 0;
    const k = this.paletteIndex.get(id);
    if (k === undefined) throw new Error(`terrain "${id}" is not in the derivation's catalogue "${this.catalogue.name}"`);
    return k;
  }

  /** The terrain id of a global palette value. */
  idOf(value: number): string {
    return value === 0 ? '' : this.palette[value - 1]!;
  }

  isHumanCurated(value: number): boolean {
    return this.humanCurated[value] === 1;
  }

  isLinear(value: number): boolean {
    return this.isLinearTerrain[value] === 1;
  }

  /** Global palette value on the large tile at (px, py) (0 off the map or empty); memoized per position. */
  largeValue(px: number, py: number): number {
    const key = pointKey(px, py);
    let v = this.values.get(key);
    if (v === undefined) {
      const t = this.view.tileAt(px, py);
      v = t < 0 ? 0 : this.valueOf(this.view.map.terrainOf(this.view.map.layers.terrain[t]!));
      this.values.set(key, v);
    }
    return v;
  }
  private readonly values = new Map<number, number>();

  /** The terrain id on the large tile at (px, py) ('' off the map or empty). */
  largeTerrain(px: number, py: number): string {
    return this.idOf(this.largeValue(px, py));
  }

  /** The orientation index an instance at (px, py) uses among `allowed` (a hash of the position). */
  pickOrientation(px: number, py: number, allowed: readonly number[]): number {
    if (allowed.length === 0) return 0;
    return allowed[hash2(this.seed ^ 0x0e1e7a7e, px, py) % allowed.length]!;
  }

  /** Orientation indices (into `orientations`) for a large tile of class `cls`. */
  orientationsFor(cls: number): readonly number[] {
    let cached = this.orientationCache.get(cls);
    if (cached !== undefined) return cached;
    if (cls === TileClass.AREA) cached = this.orientations.map((_, k) => k);
    else {
      // A linear substitute is drawn for the large tile at (0, 1); keep orientations that carry it onto this class.
      const matching: number[] = [];
      this.orientations.forEach((o, k) => {
        const m = orientationMatrix(this.kind, o);
        if (latticeClass(this.lattice, m[1], m[3]) === cls) matching.push(k);
      });
      // No turn of the canonical tile gives this class (a square VERTEX, an offset-square
      // half edge): the route does not depend on it, so any orientation will do.
      cached = matching.length > 0 ? matching : this.orientations.map((_, k) => k);
    }
    this.orientationCache.set(cls, cached);
    return cached;
  }
  private readonly orientationCache = new Map<number, readonly number[]>();

  /**
   * The substitute of `terrain` turned by orientation `k`, in global palette indices; null
   * when the source has none (the caller falls back to the plain terrain).
   */
  placedSubstitute(terrain: string, k: number, variant = 0): Placed | null {
    const key = `${terrain}\u0000${k}\u0000${variant}`;
    let p = this.placed.get(key);
    if (p !== undefined) return p;
    const sub = this.substitutes.get(terrain, this.lattice, this.ratio, variant);
    if (sub === undefined) return null;
    checkSubstitute(sub, terrain, this.lattice, this.ratio, this.classes.length);
    const toGlobal = sub.palette.map((id) => this.valueOf(id));
    const perm = this.perms[k] ?? this.perms[0]!;
    const cells = new Uint8Array(sub.cells.length);
    for (let i = 0; i < cells.length; i++) {
      const v = sub.cells[i]!;
      cells[perm[i]!] = v === 0 ? 0 : toGlobal[v - 1]!;
    }
    p = { cells, runsOn: this.patchesAtRim(cells) };
    this.placed.set(key, p);
    return p;
  }

  /** Placed.runsOn for the cells of one placed substitute. */
  private patchesAtRim(cells: Uint8Array): Uint8Array {
    const steps = latticeSteps(this.lattice).filter(([a, b]) => this.lattice !== 'square' || a === 0 || b === 0);
    const all = latticeSteps(this.lattice);
    const out = new Uint8Array(cells.length);
    const seen = new Uint8Array(cells.length);
    const at = (i: number): [number, number] => [this.offsets[2 * i]!, this.offsets[2 * i + 1]!];
    let areaCount = 0;
    for (let i = 0; i < cells.length; i++) if (this.classes[i] === TileClass.AREA) areaCount++;
    for (let s0 = 0; s0 < cells.length; s0++) {
      if (seen[s0] || this.classes[s0] !== TileClass.AREA || cells[s0] === 0 || this.isLinear(cells[s0]!)) continue;
      const group = [s0];
      seen[s0] = 1;
      let rim = false;
      for (let h = 0; h < group.length; h++) {
        const [x, y] = at(group[h]!);
        if (all.some(([a, b]) => this.offsetIndex(x + a, y + b) < 0)) rim = true;
        for (const [a, b] of steps) {
          const j = this.offsetIndex(x + 2 * a, y + 2 * b);
          if (j >= 0 && !seen[j] && cells[j] === cells[s0]) {
            seen[j] = 1;
            group.push(j);
          }
        }
      }
      if (rim && group.length >= areaCount / 4) for (const i of group) out[i] = 1;
    }
    return out;
  }

  /**
   * Which drawing of `terrain` the area tile at (px, py) shows: natural ground picks one of
   * the SUBSTITUTE_VARIANTS by a hash of P, so copses and crests do not repeat as wallpaper.
   * Towns do too: their street grid repeats with the lattice in every drawing (parcels.ts),
   * only which blocks stay open differs. Other human-curated ground (fields, orchards) keeps
   * drawing 0, so its boundaries line up from tile to tile.
   */
  variantAt(px: number, py: number, terrain: string): number {
    const t = findTerrain(this.catalogue, terrain);
    if (t?.class === 'area' && t.humanCurated === true && t.streets === undefined) return 0;
    return hash2(this.seed ^ 0x7a21a7, px, py) % SUBSTITUTE_VARIANTS;
  }

  /** The orientation-picked substitute of the area tile at (px, py) (null when empty or without one); memoized per position. */
  areaSubstitute(px: number, py: number): Placed | null {
    const key = pointKey(px, py);
    let placed = this.areaPlaced.get(key);
    if (placed === undefined) {
      const terrain = this.largeTerrain(px, py);
      // Human-curated ground keeps its substitute's own orientation, so a town's blocks and a
      // farm's field boundaries run the same way from tile to tile (one street grid, not a patchwork).
      const t = findTerrain(this.catalogue, terrain);
      const fixed = this.isHumanCurated(this.largeValue(px, py)) && !(t?.class === 'area' && t.streets === 'organic');
      const k = fixed ? 0 : this.pickOrientation(px, py, this.orientationsFor(TileClass.AREA));
      placed = terrain === '' ? null : this.placedSubstitute(terrain, k, this.variantAt(px, py, terrain));
      this.areaPlaced.set(key, placed);
    }
    return placed;
  }
  private readonly areaPlaced = new Map<number, Placed | null>();

  /**
   * The area tile whose texture fills small (gx, gy) inside the cell of the LINEAR large tile
   * at (px, py): the nearest of the area tiles beside it, by a distance scaled with seeded
   * coherent noise (so the border between two textures wanders); exact when either of the
   * two nearest holds human-curated terrain. Returns the position index into `near` or −1.
   */
  bandOwner(px: number, py: number, gx: number, gy: number, near: Int32Array): number {
    const steps = latticeSteps(this.lattice);
    const [ux, uy] = unitPoint(this.lattice, gx, gy);
    let n = 0;
    let best = -1;
    let bestScore = Infinity;
    let exact = -1;
    let exactD2 = Infinity;
    const period = Math.max(2, Math.round(this.ratio / 3));
    for (const [dx, dy] of steps) {
      const qx = px + dx;
      const qy = py + dy;
      if (!even(qx) || !even(qy) || this.largeValue(qx, qy) === 0) continue;
      const [cx, cy] = unitPoint(this.lattice, this.centreX(qx), this.centreY(qy));
      const d2 = ((ux - cx) ** 2 + (uy - cy) ** 2) / (this.ratio * this.ratio);
      const wobble = valueNoise(hash2(this.seed ^ 0x5bd1e995, qx, qy), gx, gy, period) - 0.5;
      const score = d2 * (1 + 0.9 * wobble);
      near[2 * n] = qx;
      near[2 * n + 1] = qy;
      if (d2 < exactD2) {
        exactD2 = d2;
        exact = n;
      }
      if (score < bestScore) {
        bestScore = score;
        best = n;
      }
      n++;
    }
    if (n === 0 || best === exact) return best;
    // Ruled borders for human-curated ground: the exact nearest wins where either side is curated.
    const a = this.largeValue(near[2 * exact]!, near[2 * exact + 1]!);
    const b = this.largeValue(near[2 * best]!, near[2 * best + 1]!);
    return this.isHumanCurated(a) || this.isHumanCurated(b) ? exact : best;
  }

  /** Hash of a terrain id with the seed (per-terrain noise fields). */
  terrainSeed(id: string): number {
    return hashString(this.seed, id);
  }
}

function checkSubstitute(sub: Substitute, terrain: string, lattice: SubstituteLattice, ratio: number, count: number): void {
  if (sub.lattice !== lattice || sub.ratio !== ratio || sub.cells.length !== count) {
    throw new Error(
      `substitute of "${terrain}" must be a ${lattice} substitute of ratio ${ratio} with ${count} cells; got ${sub.lattice} ratio ${sub.ratio} with ${sub.cells.length} cells`,
    );
  }
  for (let i = 0; i < sub.cells.length; i++) {
    if (sub.cells[i]! > sub.palette.length) {
      throw new Error(`substitute of "${terrain}": cell ${i} holds palette index ${sub.cells[i]}, but the palette has ${sub.palette.length} terrains`);
    }
  }
}
