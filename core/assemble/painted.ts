/**
 * THE rule of "which vector tiles may stand on a painted cell" (issue 25 "the painted map is
 * the constraint"): the designer's painting — area terrain per cell, linear terrain on the
 * classic edges — restricts each cell's candidates before anything is placed, so assembly by
 * hand (fit.ts `fitsAt` / `placesOf`), automatic assembly (solver.ts, `allowed`) and the
 * checker (`checkPainting`) answer by one rule.
 *
 * The rule, per cell:
 *   - a cell with nothing painted (no area terrain, no painted side) is free;
 *   - AREA: a cell painted T takes a tile that DEPICTS T or a terrain the catalogue calls
 *     interchangeable with T (`interchangeable`, read both ways, not transitively). A tile
 *     depicts the area terrains its tags name (the library's categories: the designer's
 *     word); a tile without such a tag depicts its dominant ground (derive-terrain.ts
 *     `dominantAreaTerrain`), bare ground counting as `ground` (default `clear`). Its point
 *     features of an area terrain (a village's mark) depict that terrain too, and like a
 *     painted river they are the whole of it: a tile with a village stands only where a
 *     village (or an interchangeable terrain) is painted when the map paints villages
 *     anywhere (always, `strict`) — a village tile honours a painted village, not a clear cell;
 *   - LINEAR (classic maps): a side painted L must carry a line crossing of L (or of a
 *     terrain interchangeable with it, or of a terrain a composite L is made of: a painted
 *     river-bridge is honoured by the river or the road) on that edge;
 *   - UNPAINTED SIDES of a painted cell: a linear terrain the map paints anywhere is painted
 *     completely — it crosses only the sides painted with it, so realizing a river does not
 *     sprout a second one beside it. Terrains the map never paints are free (tiles may bring
 *     their own lanes) unless `strict`, where an unpainted side carries no line at all.
 * AL-FORM maps: the area rule on area tiles; what crosses between area tiles is the linear
 * tiles' business (laid from the painting: painted-linear.ts), so an area tile's edges carry
 * none of the linear terrains painted on the map's linear tiles (unless `strict`: none at all).
 *
 * Cells with the same shape class and painting share one candidate mask, so a map costs a
 * pass over its cells plus one pass over the candidates per distinct painting.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue } from '../terrain/catalogue.js';
import type { TerrainMap } from '../map/terrain-map.js';
import type { InstanceLayer } from '../map/instance-layer.js';
import type { VectorTile } from '../vector/types.js';
import type { AssemblyLibrary, ClassCandidates } from './library.js';
import { dominantAreaTerrain } from './derive-terrain.js';
import type { CandidateFilter } from './solver-types.js';
import type { Topology } from './topology.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import { isLinearTerrain, laidTerrain, paintedAlFormLinearKinds, paintedLinearClass } from './painted-linear.js';
import { LinearClass } from '../map/linear-layer.js';

export interface PaintedOptions {
  /** A tile's tags (library categories); those naming an area terrain say what it depicts. */
  readonly tags?: (tileId: string) => readonly string[];
  /** The terrain bare ground depicts (default `clear` where the catalogue has it). */
  readonly ground?: string;
  /**
   * Only what is painted: an unpainted side of a painted cell carries no line at all, and a
   * tile draws no area or mark of a terrain its cell is not painted with (default: only the
   * map's painted kinds are kept off it).
   */
  readonly strict?: boolean;
  /**
   * The instances already placed: a cell holding one is free (its terrain is what its instance
   * derives, no longer a painting), so placing and assembling around kept tiles read only the
   * cells still to fill. `checkPainting` leaves it out: there every painted cell is judged.
   */
  readonly instances?: InstanceLayer;
}


export interface PaintedConstraint extends CandidateFilter {
  /** Cells the painting constrains (area or a side painted), ascending. */
  readonly painted: readonly number[];
  /** Painted cells no candidate honours, with the reason in words, ascending. */
  readonly refused: readonly { readonly cell: number; readonly reason: string }[];
  /** What the cell's painting asks, in words ("hills tile with a road on edges 1 and 4"), or null when free. */
  describe(cell: number): string | null;
}

interface CellNeed {
  readonly area: string;
  /** Per edge slot the painted linear terrain ('' none; null: not a shared edge). */
  readonly sides: readonly (string | null)[];
  /** Per edge slot the map's grid direction (for naming edges). */
  readonly dirs: readonly number[];
}

/** The painting's restriction of `library`'s candidates on every cell of `map` (topology: its classic or AL-FORM one). */
export function paintedConstraint(map: TerrainMap, topology: Topology, library: AssemblyLibrary, catalogue: TerrainCatalogue, options: PaintedOptions = {}): PaintedConstraint {
  const rule = new PaintRule(catalogue, library, options);
  const areaOnly = map.spec.alform ? tileClasses(map.grid) : null;
  const blocks = areaOnly ? blockingPainted(map, catalogue) : null;
  const cellNeeds = Array.from({ length: topology.cellCount }, (_, c) => (options.instances?.has(c) || (areaOnly && areaOnly[c] !== TileClass.AREA) ? null : cellNeed(map, topology, c, options.instances, blocks)));
  const paintedKinds = options.strict ? null : map.spec.alform ? paintedAlFormLinearKinds(map, catalogue) : options.instances ? kindsOf(cellNeeds) : paintedLinearKinds(map);
  const paintedAreas = options.strict ? null : new Set(cellNeeds.map((n) => n?.area ?? '').filter((t) => t !== ''));
  const keyOf = new Int32Array(topology.cellCount).fill(-1);
  const masks: Uint8Array[] = [];
  const needs: CellNeed[] = [];
  const keys = new Map<string, number>();
  const painted: number[] = [];
  const refused: { cell: number; reason: string }[] = [];
  for (let c = 0; c < topology.cellCount; c++) {
    const need = cellNeeds[c];
    if (!need) continue;
    painted.push(c);
    const cls = topology.shapeClass[c]!;
    const key = `${cls}|${need.area}|${need.sides.map((s) => s ?? '-').join('|')}`;
    let k = keys.get(key);
    if (k === undefined) {
      keys.set(key, (k = masks.length));
      masks.push(rule.mask(library.classes[cls]!, need, paintedKinds, paintedAreas));
      needs.push(need);
    }
    keyOf[c] = k;
    if (!masks[k]!.includes(1)) refused.push({ cell: c, reason: rule.reason(library.classes[cls]!, need, paintedKinds, paintedAreas) });
  }
  return {
    painted,
    refused,
    allows: (cell, a) => keyOf[cell]! < 0 || masks[keyOf[cell]!]![a] === 1,
    describe: (cell) => (keyOf[cell]! < 0 ? null : rule.words(needs[keyOf[cell]!]!, needs[keyOf[cell]!]!.dirs)),
  };
}

/**
 * The area terrain and painted sides of a cell, or null when nothing of it is painted. A side
 * shared with a placed instance (`instances`) is not painting: its terrain is derived, and the
 * instance's edge is matched anyway.
 */
function cellNeed(map: TerrainMap, topology: Topology, c: number, instances?: InstanceLayer, blocks?: ((cell: number) => boolean) | null): CellNeed | null {
  const area = map.terrainAt(c);
  const E = topology.maxSlots;
  const sides: (string | null)[] = [];
  const dirs: number[] = [];
  let any = area !== '';
  for (let s = 0; s < topology.slotCount[c]!; s++) {
    const dir = topology.slotDirection(c, s);
    dirs.push(dir);
    const across = topology.neighbour[c * E + s]!;
    if (instances?.has(across)) {
      sides.push(null);
      continue;
    }
    if (map.spec.alform) {
      // What crosses between area tiles is the linear tile's (painted-linear.ts): the area
      // tile's own edge carries none of the map's painted linear kinds, on the rim too (a
      // river leaving the map there would be one nobody painted). An edge on a painted
      // blocking tile (a river) carries no line at all: a road over it would need a bridge
      // nobody painted.
      const l = map.grid.neighbor(c, dir);
      sides.push(l >= 0 && blocks?.(l) ? NO_LINE : '');
      continue;
    }
    if (across < 0) {
      sides.push(null);
      continue;
    }
    const t = map.edgeTerrainAt(c, dir);
    if (t !== '') any = true;
    sides.push(t);
  }
  return any ? { area, sides, dirs } : null;
}

/** A side that carries no line at all (AL-FORM: an area edge on a painted blocking linear tile). */
const NO_LINE = '\u0000no-line';

/** Whether a linear tile of an AL-FORM map is painted with a terrain laid BLOCKING (painted-linear.ts). */
function blockingPainted(map: TerrainMap, catalogue: TerrainCatalogue): (cell: number) => boolean {
  const byTerrain = new Map<string, boolean>();
  return (cell) => {
    const t = map.terrainAt(cell);
    if (!isLinearTerrain(catalogue, t)) return false;
    let b = byTerrain.get(t);
    if (b === undefined) byTerrain.set(t, (b = paintedLinearClass(catalogue, laidTerrain(catalogue, t)) === LinearClass.BLOCKING));
    return b;
  };
}

/** The linear terrains painted on some edge of a classic map: painted completely (the module header). */
export function paintedLinearKinds(map: TerrainMap): Set<string> {
  const out = new Set<string>();
  const edges = map.layers.edges;
  if (!edges) return out;
  const seen = new Uint8Array(256);
  for (let i = 0; i < edges.length; i++) seen[edges[i]!] = 1;
  for (let v = 1; v < 256; v++) if (seen[v]) out.add(map.terrainOf(v));
  return out;
}

/** The linear terrains painted on the sides of these cells (placed instances' derived edges left out). */
function kindsOf(needs: readonly (CellNeed | null)[]): Set<string> {
  const out = new Set<string>();
  for (const n of needs) for (const s of n?.sides ?? []) if (s) out.add(s);
  return out;
}

/** The rule's parts over one library: what tiles depict, what each painted terrain accepts, what candidates cross. */
class PaintRule {
  private readonly depicts: (readonly string[])[];
  /** Per tile the area terrains of its point features (a village's mark). */
  private readonly points: (readonly string[])[];
  /** Per tile the area terrains its area elements draw (a copse, a pond): `strict` keeps them to what is painted. */
  private readonly areas: (readonly string[])[];
  private readonly accepts = new Map<string, Set<string>>();
  /** Per painted area terrain, per tile: 1 honours it, 0 not (a mask is built per distinct painting; tiles repeat across placements). */
  private readonly areaByTile = new Map<string, Uint8Array>();
  /** Per painted side ('' unpainted), per signature id: 1 carries what it asks, 0 not, 255 not yet known. */
  private readonly sideBySig = new Map<string, Uint8Array>();
  /** Per signature id the line terrains crossing that edge. */
  private readonly lines: (readonly string[])[];

  constructor(
    private readonly catalogue: TerrainCatalogue,
    library: AssemblyLibrary,
    options: PaintedOptions,
  ) {
    const areaIds = new Set(catalogue.terrains.filter((t) => t.class === 'area').map((t) => t.id));
    const ground = options.ground ?? (areaIds.has('clear') ? 'clear' : '');
    this.depicts = library.tiles.map((tile) => depictedTerrains(tile, options.tags?.(tile.id) ?? [], areaIds, ground));
    this.points = library.tiles.map((tile) => [...new Set(tile.elements.filter((e) => e.kind === 'point' && areaIds.has(e.terrain)).map((e) => e.terrain))]);
    this.areas = library.tiles.map((tile) => [...new Set(tile.elements.filter((e) => e.kind === 'area' && areaIds.has(e.terrain)).map((e) => e.terrain))]);
    this.lines = library.signatureEdges.map((e) => [...new Set(e.positions.filter((p) => p.kind === 'line').map((p) => p.terrain))]);
  }

  /** Terrains that honour painted `t`: itself, the interchangeable ones (both ways), a composite's parts. */
  accepted(t: string): Set<string> {
    let out = this.accepts.get(t);
    if (out) return out;
    out = new Set([t]);
    for (const x of this.catalogue.terrains) {
      if (x.id === t) for (const y of x.interchangeable ?? []) out.add(y);
      else if (x.interchangeable?.includes(t)) out.add(x.id);
    }
    for (const c of this.catalogue.composites) if (c.result === t) for (const p of c.pair) out.add(p);
    this.accepts.set(t, out);
    return out;
  }

  mask(k: ClassCandidates, need: CellNeed, paintedKinds: ReadonlySet<string> | null, paintedAreas: ReadonlySet<string> | null): Uint8Array {
    const out = new Uint8Array(k.count);
    for (let a = 0; a < k.count; a++) out[a] = this.areaOk(k, a, need, paintedAreas) && this.sidesOk(k, a, need, paintedKinds) ? 1 : 0;
    return out;
  }

  /** The tile depicts the painted terrain (or, by a point feature, marks it), and marks no other terrain the map paints. */
  private areaOk(k: ClassCandidates, a: number, need: CellNeed, paintedAreas: ReadonlySet<string> | null): boolean {
    if (need.area === '') return true;
    let byTile = this.areaByTile.get(need.area);
    if (!byTile) {
      const ok = this.accepted(need.area);
      byTile = Uint8Array.from(this.depicts, (depicts, tile) => {
        const points = this.points[tile]!;
        if (points.some((t) => !ok.has(t) && (paintedAreas === null || paintedAreas.has(t)))) return 0;
        // Only what is painted: no copse or pond of another terrain on the cell either.
        if (paintedAreas === null && this.areas[tile]!.some((t) => !ok.has(t))) return 0;
        return depicts.some((t) => ok.has(t)) || points.some((t) => ok.has(t)) ? 1 : 0;
      });
      this.areaByTile.set(need.area, byTile);
    }
    return byTile[k.tile[a]!] === 1;
  }

  private sidesOk(k: ClassCandidates, a: number, need: CellNeed, paintedKinds: ReadonlySet<string> | null): boolean {
    for (let s = 0; s < need.sides.length; s++) {
      const side = need.sides[s];
      if (side === null || side === undefined) continue;
      let bySig = this.sideBySig.get(side);
      if (!bySig) this.sideBySig.set(side, (bySig = new Uint8Array(this.lines.length).fill(255)));
      const sig = k.sig[a * k.slots + s]!;
      if (bySig[sig] === 255) bySig[sig] = this.sideCarries(side, this.lines[sig]!, paintedKinds) ? 1 : 0;
      if (bySig[sig] === 0) return false;
    }
    return true;
  }

  /** An edge crossed by `crossing` honours painted `side`: one of its terrains, or ('' unpainted) none the map paints. */
  private sideCarries(side: string, crossing: readonly string[], paintedKinds: ReadonlySet<string> | null): boolean {
    if (side === NO_LINE) return crossing.length === 0;
    if (side === '') return !crossing.some((t) => paintedKinds === null || paintedKinds.has(t));
    const ok = this.accepted(side);
    return crossing.some((t) => ok.has(t));
  }

  /** Why no candidate honours the painting: the area alone, or the area with its sides. */
  reason(k: ClassCandidates, need: CellNeed, paintedKinds: ReadonlySet<string> | null, paintedAreas: ReadonlySet<string> | null): string {
    let areaAlone = false;
    for (let a = 0; a < k.count && !areaAlone; a++) areaAlone = this.areaOk(k, a, need, paintedAreas);
    if (!areaAlone) return need.area === '' ? 'the tile set has no tile of this cell\'s shape' : `no tile of the set depicts ${this.name(need.area)}`;
    const others = need.sides.includes(NO_LINE) ? 'no line where it meets a painted river or wall' : !need.sides.includes('') ? '' : paintedKinds === null ? 'no line' : paintedKinds.size ? `no ${[...paintedKinds].map((t) => this.name(t)).join(' or ')}` : '';
    return `no ${this.words(need, need.dirs)}${others ? ` and ${others} on its other edges` : ''}`;
  }

  /** "hills tile with a road on edges 1 and 4" (edges numbered from 1 in the grid's direction order). */
  words(need: CellNeed, dirs: readonly number[]): string {
    const bySide = new Map<string, number[]>();
    need.sides.forEach((s, i) => {
      if (s && s !== NO_LINE) bySide.set(s, [...(bySide.get(s) ?? []), dirs[i]! + 1]);
    });
    const parts = [...bySide].map(([t, e]) => `a ${this.name(t)} on edge${e.length > 1 ? 's' : ''} ${e.length > 1 ? `${e.slice(0, -1).join(', ')} and ${e[e.length - 1]}` : e[0]}`);
    const what = need.area === '' ? 'tile' : `${this.name(need.area)} tile`;
    return parts.length ? `${what} with ${parts.join(' and ')}` : what;
  }

  private name(id: string): string {
    const t = this.catalogue.terrains.find((x) => x.id === id);
    return t ? t.name.toLowerCase() : id;
  }
}

/** The area terrains a tile depicts: those its tags name, else its dominant ground (bare ground: `ground`). */
export function depictedTerrains(tile: VectorTile, tags: readonly string[], areaIds: ReadonlySet<string>, ground: string): readonly string[] {
  const tagged = tags.filter((t) => areaIds.has(t));
  if (tagged.length) return tagged;
  const d = dominantAreaTerrain(tile, ground);
  return d === '' ? [] : [d];
}

/** What `checkPainting` finds: the painted cells, how many honour the painting, and each that does not with why. */
export interface PaintingCheck {
  readonly painted: number;
  readonly honoured: number;
  readonly violations: readonly { readonly cell: number; readonly why: string }[];
}

/**
 * Whether the instances of `layer` honour the painting of `map` by `paintedConstraint`'s rule:
 * every painted cell holds an instance the rule allows. A painted cell without an instance,
 * or with one the rule refuses, is a violation saying what the painting asks.
 */
export function checkPainting(map: TerrainMap, topology: Topology, layer: InstanceLayer, library: AssemblyLibrary, catalogue: TerrainCatalogue, options: PaintedOptions = {}): PaintingCheck {
  const rule = paintedConstraint(map, topology, library, catalogue, options);
  const refused = new Map(rule.refused.map((r) => [r.cell, r.reason]));
  const violations: { cell: number; why: string }[] = [];
  for (const c of rule.painted) {
    const p = layer.get(c);
    const wants = rule.describe(c)!;
    if (!p) {
      violations.push({ cell: c, why: `nothing placed; the painting asks for a ${wants}${refused.has(c) ? ` (${refused.get(c)!})` : ''}` });
      continue;
    }
    const a = library.candidateOf(topology.shapeClass[c]!, p.tile, p.code);
    if (a < 0 || !rule.allows(c, a)) violations.push({ cell: c, why: `tile "${p.tile.slice(0, 80)}" does not honour the painting: it asks for a ${wants}` });
  }
  return { painted: rule.painted.length, honoured: rule.painted.length - violations.length, violations };
}
