/**
 * Assembly by hand (SPEC §6 "the library offers only tiles and orientations that match the
 * already placed neighbours"; patent MAP ASSEMBLY): what fits a cell on any map kind (globe
 * pentagons too, through the warp), ranked by weight, and placing with the curves snapped to
 * the neighbours' (step 4).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { EdgeIndicators } from '../vector/indicators.js';
import { edgeIndicators, indicatorsOf } from '../vector/indicators.js';
import { matchTiles } from '../vector/match.js';
import { snapAcross } from '../vector/snap.js';
import type { VectorTile } from '../vector/types.js';
import type { InstanceLayer } from '../map/instance-layer.js';
import type { AssemblyLibrary, ClassCandidates } from './library.js';
import type { Placement } from '../map/orientation-code.js';
import { decodePlacement } from '../map/orientation-code.js';
import { placedTile } from './placed-tile.js';
import type { BoundaryRule, CandidateFilter } from './solver-types.js';
import type { Topology } from './topology.js';

export interface FitOption {
  readonly tile: string;
  readonly code: number;
  readonly placement: Placement;
  readonly weight: number;
}

export interface FitQuery {
  readonly boundary?: BoundaryRule;
  /** Candidates each cell may take (painted.ts: the painting); absent: every candidate. */
  readonly allowed?: CandidateFilter;
}

/** A placed neighbour of a cell, across the cell's edge slot `slot`. */
export interface PlacedNeighbour {
  readonly slot: number;
  readonly neighbour: number;
  /** The shared edge's direction on the cell's side. */
  readonly dir: number;
  /** The shared edge's direction on the neighbour's side. */
  readonly back: number;
}

/** THE neighbour step of assembly by hand: every edge slot of `cell` whose neighbour holds an instance in `layer`, in slot order. */
export function placedNeighbours(topology: Topology, layer: InstanceLayer, cell: number): PlacedNeighbour[] {
  const E = topology.maxSlots;
  const out: PlacedNeighbour[] = [];
  for (let s = 0; s < topology.slotCount[cell]!; s++) {
    const m = topology.neighbour[cell * E + s]!;
    if (m < 0 || !layer.has(m)) continue;
    out.push({ slot: s, neighbour: m, dir: topology.slotDirection(cell, s), back: topology.slotDirection(m, topology.backSlot[cell * E + s]!) });
  }
  return out;
}

/** What a placed neighbour asks of the tile placed in the cell: the indicators of the neighbour's edge facing the cell's edge `dir`. */
export interface NeighbourConstraint {
  readonly dir: number;
  readonly facing: EdgeIndicators;
}

/**
 * The constraints the placed neighbours of `cell` put on a tile placed there, for a library
 * search by edge indicators (node's "fits the selected position"). `tileOf` gives a placed
 * tile's geometry; a neighbour whose tile it does not know (it left the library) constrains nothing.
 */
export function neighbourConstraints(topology: Topology, layer: InstanceLayer, cell: number, tileOf: (id: string) => VectorTile | null): NeighbourConstraint[] {
  const out: NeighbourConstraint[] = [];
  for (const n of placedNeighbours(topology, layer, cell)) {
    const inst = layer.get(n.neighbour)!;
    const tile = tileOf(inst.tile);
    if (!tile) continue;
    const placed = placedTile(tile, decodePlacement(inst.code), topology.cellShape(n.neighbour));
    out.push({ dir: n.dir, facing: indicatorsOf(edgeIndicators(placed), n.back) });
  }
  return out;
}

/**
 * What each edge slot of `cell` asks of a candidate's edge signature: −1 anything (no placed
 * neighbour, or an open boundary rule), −2 a closed edge, −3 an open edge, −4 nothing (the
 * neighbour's instance is not in the tile set), else the signature id the neighbour wants.
 */
function edgeNeeds(topology: Topology, layer: InstanceLayer, library: AssemblyLibrary, cell: number, boundary: BoundaryRule): Int32Array {
  const k = library.classes[topology.shapeClass[cell]!]!;
  const E = topology.maxSlots;
  const need = new Int32Array(k.slots);
  for (let s = 0; s < k.slots; s++) {
    const m = topology.neighbour[cell * E + s]!;
    if (m < 0) need[s] = boundary === 'any' ? -1 : boundary === 'closed' ? -2 : -3;
    else if (!layer.has(m)) need[s] = -1;
    else {
      const p = layer.get(m)!;
      const km = library.classes[topology.shapeClass[m]!]!;
      const a = library.candidateOf(topology.shapeClass[m]!, p.tile, p.code);
      need[s] = a < 0 ? -4 : km.want[a * km.slots + topology.backSlot[cell * E + s]!]!;
    }
  }
  return need;
}

/** THE fit rule of assembly by hand: candidate `a` of the cell's class meets every need. */
function meets(k: ClassCandidates, a: number, need: Int32Array, closed: Uint8Array): boolean {
  for (let s = 0; s < k.slots; s++) {
    const v = k.sig[a * k.slots + s]!;
    const n = need[s]!;
    if (!(n === -1 || (n === -2 ? closed[v] === 1 : n === -3 ? closed[v] === 0 : n === v))) return false;
  }
  return true;
}

/** Candidates of the cell that match every placed neighbour, heaviest first (then tile id, code). */
export function fitsAt(topology: Topology, layer: InstanceLayer, library: AssemblyLibrary, cell: number, query: FitQuery = {}): FitOption[] {
  const k = library.classes[topology.shapeClass[cell]!]!;
  const closed = library.closedSignatures();
  const need = edgeNeeds(topology, layer, library, cell, query.boundary ?? 'any');
  const out: FitOption[] = [];
  for (let a = 0; a < k.count; a++) {
    if (meets(k, a, need, closed) && (!query.allowed || query.allowed.allows(cell, a))) out.push({ tile: library.tiles[k.tile[a]!]!.id, code: k.code[a]!, placement: decodePlacement(k.code[a]!), weight: k.weight[a]! });
  }
  return out.sort((x, y) => y.weight - x.weight || (x.tile < y.tile ? -1 : x.tile > y.tile ? 1 : x.code - y.code));
}

/** A cell where a chosen tile fits, with the placement codes it fits in (ascending). */
export interface TilePlaces {
  readonly cell: number;
  readonly codes: readonly number[];
}

/**
 * Every cell of `cells` (ascending) where tile `tileId` fits in at least one placement, by
 * the same rule as `fitsAt` (the tile's candidates only, so a pass over a map costs
 * cells × the tile's placements). Stops after `limit` cells; `next` is where to go on from
 * (the index into `cells`), −1 when every cell was looked at.
 */
export function placesOf(
  topology: Topology,
  layer: InstanceLayer,
  library: AssemblyLibrary,
  tileId: string,
  cells: ArrayLike<number>,
  options: FitQuery & { readonly limit?: number } = {},
): { places: TilePlaces[]; next: number } {
  const t = library.tileIndex.get(tileId);
  if (t === undefined) throw new RangeError(`the tile set has no tile "${tileId}"`);
  const closed = library.closedSignatures();
  const own = library.classes.map((k) => {
    const list: number[] = [];
    for (let a = 0; a < k.count; a++) if (k.tile[a] === t) list.push(a);
    return list;
  });
  const limit = options.limit ?? Infinity;
  const places: TilePlaces[] = [];
  for (let i = 0; i < cells.length; i++) {
    if (places.length >= limit) return { places, next: i };
    const cell = cells[i]!;
    const cls = topology.shapeClass[cell]!;
    const mine = own[cls]!;
    if (mine.length === 0) continue;
    const k = library.classes[cls]!;
    const need = edgeNeeds(topology, layer, library, cell, options.boundary ?? 'any');
    const codes: number[] = [];
    for (const a of mine) if (meets(k, a, need, closed) && (!options.allowed || options.allowed.allows(cell, a))) codes.push(k.code[a]!);
    if (codes.length) places.push({ cell, codes: codes.sort((x, y) => x - y) });
  }
  return { places, next: -1 };
}

/** An instance's geometry in its cell's frame (oriented, warped where the cell is not the tile's shape). */
function instanceGeometry(topology: Topology, layer: InstanceLayer, library: AssemblyLibrary, c: number): VectorTile {
  const p = layer.get(c);
  if (!p) throw new RangeError(`cell ${c} holds no instance`);
  const t = library.tileIndex.get(p.tile);
  if (t === undefined) throw new RangeError(`cell ${c} holds tile "${p.tile}", which the tile set does not have`);
  return placedTile(library.tiles[t]!, decodePlacement(p.code), topology.cellShape(c));
}

/** The cell's instance in its own frame with every end that meets a placed neighbour snapped to it. */
export function snappedTile(topology: Topology, layer: InstanceLayer, library: AssemblyLibrary, cell: number): VectorTile {
  let mine = instanceGeometry(topology, layer, library, cell);
  for (const { neighbour: m, dir: d, back: e } of placedNeighbours(topology, layer, cell)) {
    const other = instanceGeometry(topology, layer, library, m);
    const r = matchTiles(mine, d, other, e, library.match);
    if (!r.ok) throw new Error(`cell ${cell} does not match cell ${m}: ${r.message}`);
    mine = snapAcross(mine, d, other, e, r.pairs).a;
  }
  return mine;
}

/**
 * Why tile `tile` in placement `code` does not fit `cell`: the first placed neighbour whose
 * facing edge does not match (core/vector matchTiles' message, naming the edge and the
 * indicator), or null when every neighbour matches. For telling the designer; `fitsAt` decides.
 */
export function mismatchAt(topology: Topology, layer: InstanceLayer, library: AssemblyLibrary, cell: number, tile: string, code: number): { neighbour: number; message: string } | null {
  const probe = layer.clone();
  probe.set(cell, tile, code);
  const mine = instanceGeometry(topology, probe, library, cell);
  for (const { neighbour: m, dir, back } of placedNeighbours(topology, probe, cell)) {
    const r = matchTiles(mine, dir, instanceGeometry(topology, probe, library, m), back, library.match);
    if (!r.ok) return { neighbour: m, message: r.message };
  }
  return null;
}

/** Places an instance that fits (throws otherwise) and returns its snapped geometry. */
export function placeFitting(topology: Topology, layer: InstanceLayer, library: AssemblyLibrary, cell: number, tile: string, code: number, query: FitQuery = {}): VectorTile {
  if (!fitsAt(topology, layer, library, cell, query).some((o) => o.tile === tile && o.code === code)) {
    throw new RangeError(`tile "${tile}" (placement ${code}) does not fit cell ${cell} beside its placed neighbours${query.allowed ? ' and its painting' : ''}`);
  }
  layer.set(cell, tile, code);
  return snappedTile(topology, layer, library, cell);
}
