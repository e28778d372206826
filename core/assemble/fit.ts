/**
 * Assembly by hand (SPEC §6 "the library offers only tiles and orientations that match the
 * already placed neighbours"; patent MAP ASSEMBLY): what fits a cell on any map kind (globe
 * pentagons too, through the warp), ranked by weight, and placing with the curves snapped to
 * the neighbours' (step 4).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { matchTiles } from '../vector/match.js';
import { snapAcross } from '../vector/snap.js';
import type { VectorTile } from '../vector/types.js';
import type { InstanceLayer } from './instance-layer.js';
import type { AssemblyLibrary } from './library.js';
import type { Placement } from './orientation-code.js';
import { decodePlacement } from './orientation-code.js';
import { placedTile } from './placed-tile.js';
import type { BoundaryRule } from './solver.js';
import type { Topology } from './topology.js';

export interface FitOption {
  readonly tile: string;
  readonly code: number;
  readonly placement: Placement;
  readonly weight: number;
}

export interface FitQuery {
  readonly boundary?: BoundaryRule;
}

/** Candidates of the cell that match every placed neighbour, heaviest first (then tile id, code). */
export function fitsAt(topology: Topology, layer: InstanceLayer, library: AssemblyLibrary, cell: number, query: FitQuery = {}): FitOption[] {
  const k = library.classes[topology.shapeClass[cell]!]!;
  const E = topology.maxSlots;
  const closed = library.closedSignatures();
  const boundary = query.boundary ?? 'any';
  const need: number[] = [];
  for (let s = 0; s < k.slots; s++) {
    const m = topology.neighbour[cell * E + s]!;
    if (m < 0) need.push(boundary === 'any' ? -1 : boundary === 'closed' ? -2 : -3);
    else if (!layer.has(m)) need.push(-1);
    else {
      const p = layer.get(m)!;
      const km = library.classes[topology.shapeClass[m]!]!;
      const a = library.candidateOf(topology.shapeClass[m]!, p.tile, p.code);
      need.push(a < 0 ? -4 : km.want[a * km.slots + topology.backSlot[cell * E + s]!]!);
    }
  }
  const out: FitOption[] = [];
  for (let a = 0; a < k.count; a++) {
    let ok = true;
    for (let s = 0; s < k.slots && ok; s++) {
      const v = k.sig[a * k.slots + s]!;
      const n = need[s]!;
      ok = n === -1 || (n === -2 ? closed[v] === 1 : n === -3 ? closed[v] === 0 : n === v);
    }
    if (ok) out.push({ tile: library.tiles[k.tile[a]!]!.id, code: k.code[a]!, placement: decodePlacement(k.code[a]!), weight: k.weight[a]! });
  }
  return out.sort((x, y) => y.weight - x.weight || (x.tile < y.tile ? -1 : x.tile > y.tile ? 1 : x.code - y.code));
}

/** The cell's instance in its own frame with every end that meets a placed neighbour snapped to it. */
export function snappedTile(topology: Topology, layer: InstanceLayer, library: AssemblyLibrary, cell: number): VectorTile {
  const geometry = (c: number): VectorTile => {
    const p = layer.get(c);
    if (!p) throw new RangeError(`cell ${c} holds no instance`);
    const t = library.tileIndex.get(p.tile);
    if (t === undefined) throw new RangeError(`cell ${c} holds tile "${p.tile}", which the tile set does not have`);
    return placedTile(library.tiles[t]!, decodePlacement(p.code), topology.cellShape(c));
  };
  let mine = geometry(cell);
  const E = topology.maxSlots;
  for (let s = 0; s < topology.slotCount[cell]!; s++) {
    const m = topology.neighbour[cell * E + s]!;
    if (m < 0 || !layer.has(m)) continue;
    const d = topology.slotDirection(cell, s);
    const e = topology.slotDirection(m, topology.backSlot[cell * E + s]!);
    const other = geometry(m);
    const r = matchTiles(mine, d, other, e, library.match);
    if (!r.ok) throw new Error(`cell ${cell} does not match cell ${m}: ${r.message}`);
    mine = snapAcross(mine, d, other, e, r.pairs).a;
  }
  return mine;
}

/** Places an instance that fits (throws otherwise) and returns its snapped geometry. */
export function placeFitting(topology: Topology, layer: InstanceLayer, library: AssemblyLibrary, cell: number, tile: string, code: number, query: FitQuery = {}): VectorTile {
  if (!fitsAt(topology, layer, library, cell, query).some((o) => o.tile === tile && o.code === code)) {
    throw new RangeError(`tile "${tile}" (placement ${code}) does not fit cell ${cell} beside its placed neighbours`);
  }
  layer.set(cell, tile, code);
  return snappedTile(topology, layer, library, cell);
}
