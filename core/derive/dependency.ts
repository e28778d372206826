/**
 * Which ground of the strategic map a derivation reads (issue "tactical maps that look like
 * ground": "a child goes stale only when the parent's ground under its selection, plus the
 * blend margin, or a substitute it used changes"). The services keep, per derived map, a hash
 * over only these values; an edit elsewhere on the parent leaves the child fresh.
 *
 * The rule, from what each step of ./derive.ts reads (in large-lattice steps, per axis of the
 * lattice's own coordinates, which is how every step bounds its reach):
 *
 * - the small tiles that end up ON the map lie in the selected tiles' cells: within 2r small
 *   tiles of a selected centre (./coverage.ts), plus the linear tiles on the cell's rim (1);
 * - the area blend of a small tile reads its candidates up to blendPad lattice cells away
 *   (2 small tiles a cell, and one more where an edge tile rounds to a cell);
 * - a small tile's candidates come from the large tiles whose substitutes cover it (a
 *   substitute reaches r small tiles from its centre), rounded outwards to whole large steps;
 * - a large linear tile's route reads the features of its neighbours and, through a square
 *   vertex's joins and the port pruning, of theirs: 3 large steps; the band texture of a
 *   linear tile reads its area neighbours (1 step, inside those 3).
 * So the TERRAIN a derivation reads lies within R = ⌈(3r + 2·pad + 5) / r⌉ + 3 large steps of
 * a selected tile. The ELEVATION it reads is that, plus the large tiles covering any small
 * tile of the derived map's rectangle (off-map tiles keep the parent's ground height).
 *
 * Off-map tiles of the rectangle are blended and then cleared (./coverage.ts markOffMap), so
 * the terrain around them beyond R never shows. Everything here is geometry — the grid, the
 * selection, the ratio — never the map's values: the same request always has the same
 * dependency, and the services may store it with the derived map.
 *
 * On the globe each small tile is derived on its home chart; the charts agree with the grid's
 * adjacency, so the rule there is the grid distance 2R (the hex distance an axial box of
 * R a side reaches) plus 2 for the charts' jogs around pentagons.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import { correspondence } from '../alform/correspondence.js';
import { checkSelection, tileLabelOf } from '../map/ground-selection.js';
import { columnStart } from '../grid/hex/column-grid.js';
import { checkRatio } from './geometry/ratios.js';
import type { SubstituteLattice } from '../map/meta.js';
import { blendPad } from './blend/area-blend.js';
import type { LatticeKind } from './blend/lattice.js';
import { strategicView } from './strategic-view.js';
import type { StrategicView } from './strategic-view.js';
import { SubstituteFrame } from './placement.js';
import { SelectionCoverage } from './coverage.js';
import { coverWindow } from './window-cover.js';
import { flatPositions } from './derive.js';

/**
 * Values of the parent a derivation reads, by layer of the map as stored: tile indices on
 * `terrain` and `elevation`, edge slots on `edges`, vertex slots on `vertices` (a classic
 * map's linear terrain); each ascending, without repeats. An AL-FORM map has no edges or
 * vertices layers, so those lists are empty.
 */
export interface GroundDependency {
  readonly terrain: readonly number[];
  readonly edges: readonly number[];
  readonly vertices: readonly number[];
  readonly elevation: readonly number[];
}

/** The blend's lattice for a substitute lattice (offset-square blends on the brick lattice). */
function blendLattice(lattice: SubstituteLattice): LatticeKind {
  return lattice === 'offset-square' ? 'brick' : lattice;
}

/** Large steps (per lattice axis) from a selected tile within which the derivation reads terrain. */
export function dependencyReach(lattice: SubstituteLattice, ratio: number): number {
  const pad = blendPad(blendLattice(lattice));
  return Math.ceil((3 * ratio + 2 * pad + 5) / ratio) + 3;
}

/**
 * The ground `deriveTactical(map, { tiles: selection, ratio })` reads (any seed, catalogue or
 * substitutes): changing a value outside it never changes the derived map. Checks the
 * selection and ratio as deriving does, so it throws where deriving would.
 */
export function groundDependency(map: TerrainMap, selection: readonly number[], ratio: number): GroundDependency {
  checkRatio(map.spec.kind, ratio);
  const label = tileLabelOf(map.grid);
  checkSelection(map, selection, label);
  const { view, tiles } = strategicView(map, selection, 0);
  const positions = flatPositions(view, tiles, selection, label);
  const reach = dependencyReach(view.lattice, ratio);
  const al = view.map;
  const terrain = new Uint8Array(al.grid.tileCount);
  if (view.globe !== undefined) withinGridDistance(al, tiles, 2 * reach + 2, terrain);
  else {
    for (const [x, y] of positions) {
      for (let px = x - reach; px <= x + reach; px++) {
        for (let py = y - reach; py <= y + reach; py++) {
          const t = view.tileAt(px, py);
          if (t >= 0) terrain[t] = 1;
        }
      }
    }
  }
  const elevation = terrain.slice();
  if (al.layers.elevation !== null) coverRectangle(view, ratio, positions, elevation);
  return map.spec.alform ? { terrain: listOf(terrain), edges: [], vertices: [], elevation: al.layers.elevation === null ? [] : listOf(elevation) } : onClassic(map, al, terrain, elevation);
}

/** Marks the large tiles covering any small tile of the derived map's rectangle (the elevation it copies). */
function coverRectangle(view: StrategicView, ratio: number, positions: readonly (readonly [number, number])[], out: Uint8Array): void {
  const frame = new SubstituteFrame(view, ratio);
  const cover = coverWindow(view.lattice, new SelectionCoverage(frame, positions).spans());
  const { width, height } = cover.size as { width: number; height: number };
  let minY = cover.originY;
  let maxY = cover.originY + height - 1;
  if (view.lattice !== 'square') {
    for (let x = 0; x < width; x++) {
      const y0 = cover.originY + columnStart('alform', x);
      minY = Math.min(minY, y0);
      maxY = Math.max(maxY, y0 + height - 1);
    }
  }
  // A substitute reaches r small tiles from its centre; the box of centres within r of the
  // rectangle's box holds every covering tile (a superset on the staggered kinds).
  const [ax, ay] = frame.anchor;
  const px0 = Math.floor((cover.originX - ratio - ax) / ratio);
  const px1 = Math.ceil((cover.originX + width - 1 + ratio - ax) / ratio);
  const py0 = Math.floor((minY - ratio - ay) / ratio);
  const py1 = Math.ceil((maxY + ratio - ay) / ratio);
  for (let px = px0; px <= px1; px++) {
    for (let py = py0; py <= py1; py++) {
      const t = view.tileAt(px, py);
      if (t >= 0) out[t] = 1;
    }
  }
}

/** Marks every tile within `radius` grid steps of `from`. */
function withinGridDistance(map: TerrainMap, from: readonly number[], radius: number, out: Uint8Array): void {
  const grid = map.grid;
  const depth = new Int32Array(grid.tileCount).fill(-1);
  const queue: number[] = [];
  for (const t of from) {
    if (depth[t] !== -1) continue;
    depth[t] = 0;
    queue.push(t);
  }
  const nb = new Int32Array(12);
  for (let h = 0; h < queue.length; h++) {
    const t = queue[h]!;
    out[t] = 1;
    if (depth[t]! >= radius) continue;
    const n = grid.neighbors(t, nb);
    for (let k = 0; k < n; k++) {
      const u = nb[k]!;
      if (u < 0 || depth[u] !== -1) continue;
      depth[u] = depth[t]! + 1;
      queue.push(u);
    }
  }
}

/**
 * A classic parent's values behind the AL-FORM tiles marked: its tiles, edge and vertex
 * slots. A linear AL-FORM tile's elevation is the mean of the area tiles beside it
 * (core/alform/transfer.ts), so the elevation marks first grow by one ring.
 */
function onClassic(classic: TerrainMap, al: TerrainMap, terrain: Uint8Array, elevation: Uint8Array): GroundDependency {
  const c = correspondence(classic.grid, al.grid);
  const pick = (slots: Int32Array | null, marks: Uint8Array): number[] => {
    const out: number[] = [];
    if (slots === null) return out;
    for (let s = 0; s < slots.length; s++) if (slots[s]! >= 0 && marks[slots[s]!] === 1) out.push(s);
    return out;
  };
  let heights: number[] = [];
  if (classic.layers.elevation !== null) {
    const grown = elevation.slice();
    const nb = new Int32Array(12);
    for (let t = 0; t < elevation.length; t++) {
      if (elevation[t] !== 1) continue;
      const n = al.grid.neighbors(t, nb);
      for (let k = 0; k < n; k++) if (nb[k]! >= 0) grown[nb[k]!] = 1;
    }
    heights = pick(c.tile, grown);
  }
  return {
    terrain: pick(c.tile, terrain),
    edges: classic.layers.edges === null ? [] : pick(c.edge, terrain),
    vertices: classic.layers.vertices === null ? [] : pick(c.vertex, terrain),
    elevation: heights,
  };
}

function listOf(marks: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < marks.length; i++) if (marks[i] === 1) out.push(i);
  return out;
}

/** The terrain ids a dependency holds (what its substitutes are looked up by), sorted. */
export function dependencyTerrains(map: TerrainMap, dependency: GroundDependency): string[] {
  const seen = new Set<string>();
  const add = (values: Uint8Array | null, indices: readonly number[]) => {
    if (values === null) return;
    for (const i of indices) {
      const v = values[i];
      if (v !== undefined && v !== 0) seen.add(map.palette[v - 1]!);
    }
  };
  add(map.layers.terrain, dependency.terrain);
  add(map.layers.edges, dependency.edges);
  add(map.layers.vertices, dependency.vertices);
  return [...seen].sort();
}
