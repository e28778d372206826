/**
 * The terrain of cells that hold instances, derived from the instances (issue "Maps made of
 * tile instances"), so movement, sight and derivation keep reading a TerrainMap: the
 * DOMINANT area terrain (the one covering most of the tile; uncovered ground counts as the
 * background terrain, or where none is given leaves the cell's own ground) goes to the
 * terrain layer, and the linear features — line terrains
 * crossing a shared edge — go to the classic edge layer on that edge.
 *
 * Coverage is sampled on a lattice inside the cell's shape; a sample lies in an area
 * element's region when it is on the element's inside side of the nearest point of the
 * region's curves. Where regions nest (contours), the highest wins. An edge of a placed cell
 * that no linear feature crosses is cleared: the instance says there is nothing there.
 *
 * AL-FORM maps: area instances give their tile the dominant area terrain (there are no edge
 * layers: what crosses between area tiles is the linear tile's business), and
 * `deriveLinearTerrain` gives each linear tile its terrain from the linear layer — a
 * BLOCKING or WITH-TERRAIN tile its feature's terrain (a river tile: river), a PASS-THRU or
 * empty blocking tile keeps what it has, as an area tile keeps its ground where its
 * instance draws no area: the adjoining area terrain passes through it.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import { sampleCurve } from '../vector/bezier.js';
import type { EdgeIndicators } from '../vector/indicators.js';
import { edgeIndicators } from '../vector/indicators.js';
import type { TileShape } from '../vector/shape.js';
import { insideDistance, shapeBounds } from '../vector/shape.js';
import type { AreaElement, VectorTile } from '../vector/types.js';
import type { Vec2 } from '../vector/vec2.js';
import { cross, segmentDistance, sub } from '../vector/vec2.js';
import type { InstanceLayer } from '../map/instance-layer.js';
import type { AssemblyLibrary } from './library.js';
import { decodePlacement } from '../map/orientation-code.js';
import { placedTile } from './placed-tile.js';
import type { Topology } from './topology.js';
import type { LinearLayer } from '../map/linear-layer.js';
import { LinearClass } from '../map/linear-layer.js';

export interface DeriveTerrainOptions {
  /**
   * Terrain of ground no area covers. Default: the cell keeps the terrain it has (the map's
   * ground — what it was filled or painted with — shows where the tile draws no area).
   */
  readonly background?: string;
  /** Which line terrains become edge terrain (default: every line terrain). */
  readonly linear?: (terrain: string) => boolean;
  /** Samples per side of the lattice (default 12). */
  readonly samples?: number;
  /** Only these cells (an edit's cells); default every cell. */
  readonly cells?: ArrayLike<number>;
}

interface Region {
  readonly terrain: string;
  readonly height: number;
  readonly parts: { readonly points: Vec2[]; readonly side: AreaElement['side'] }[];
}

/** The area terrain covering most of the tile ('' or `background` where none covers more). */
export function dominantAreaTerrain(tile: VectorTile, background = '', samples = 12): string {
  const regions = new Map<string, Region>();
  for (const el of tile.elements) {
    if (el.kind !== 'area') continue;
    const key = `${el.terrain}@${el.height ?? ''}`;
    let r = regions.get(key);
    if (!r) regions.set(key, (r = { terrain: el.terrain, height: el.height ?? -Infinity, parts: [] }));
    r.parts.push({ points: sampleCurve(el.curve, 12).map((s) => s.p), side: el.side });
  }
  const tally = new Map<string, number>();
  const [x0, y0, x1, y1] = shapeBounds(tile.shape);
  for (let i = 0; i < samples; i++) {
    for (let j = 0; j < samples; j++) {
      const p: Vec2 = [x0 + ((i + 0.5) * (x1 - x0)) / samples, y0 + ((j + 0.5) * (y1 - y0)) / samples];
      if (insideDistance(tile.shape, p) <= 0) continue;
      let best: Region | null = null;
      for (const r of regions.values()) if (inside(r, p) && (!best || r.height >= best.height)) best = r;
      const t = best ? best.terrain : background;
      tally.set(t, (tally.get(t) ?? 0) + 1);
    }
  }
  let out = background;
  let most = -1;
  for (const [t, n] of [...tally.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (n > most) {
      most = n;
      out = t;
    }
  }
  return out;
}

function inside(r: Region, p: Vec2): boolean {
  let best = Infinity;
  let left = false;
  let side: AreaElement['side'] = 'left';
  for (const part of r.parts) {
    for (let k = 0; k + 1 < part.points.length; k++) {
      const a = part.points[k]!, b = part.points[k + 1]!;
      const d = segmentDistance(p, a, b).distance;
      if (d < best) {
        best = d;
        left = cross(sub(b, a), sub(p, a)) > 0;
        side = part.side;
      }
    }
  }
  return left === (side === 'left');
}

/**
 * Writes the derived terrain of every cell holding an instance into `map`. `topology` (the
 * classic one, topology.ts) places the linear features on edges; AL-FORM maps have no edge
 * layers and take null.
 */
export function deriveTerrain(map: TerrainMap, topology: Topology | null, layer: InstanceLayer, library: AssemblyLibrary, options: DeriveTerrainOptions = {}): void {
  if (!map.spec.alform && !topology) throw new Error('deriving terrain on a classic map needs its topology (buildTopology)');
  const topo = map.spec.alform ? null : topology!;
  const dominant = new Map<string, string>();
  // A placed tile's edges depend on the tile, its placement and the cell's shape only: flat
  // maps share one shape object per class, so a 100×100 map computes each (tile, placement)
  // once instead of once per cell (globe cells have their own shapes and miss, as before).
  const edgesOf = new Map<TileShape, Map<string, readonly EdgeIndicators[]>>();
  const linear = options.linear ?? (() => true);
  const E = topo ? topo.maxSlots : 0;
  const count = options.cells ? options.cells.length : layer.cellCount;
  for (let k = 0; k < count; k++) {
    const c = options.cells ? options.cells[k]! : k;
    const p = layer.get(c);
    if (!p) continue;
    const t = library.tileIndex.get(p.tile);
    if (t === undefined) throw new RangeError(`cell ${c} holds tile "${p.tile}", which the tile set does not have`);
    const tile = library.tiles[t]!;
    let d = dominant.get(tile.id);
    if (d === undefined) dominant.set(tile.id, (d = dominantAreaTerrain(tile, options.background ?? '', options.samples)));
    if (d !== '' || options.background !== undefined) map.setTerrain(c, d);
    if (!topo) continue;
    const shape = topo.cellShape(c);
    let byPlacement = edgesOf.get(shape);
    if (!byPlacement) edgesOf.set(shape, (byPlacement = new Map()));
    const key = `${t} ${p.code}`;
    let indicators = byPlacement.get(key);
    if (!indicators) byPlacement.set(key, (indicators = edgeIndicators(placedTile(tile, decodePlacement(p.code), shape))));
    for (let s = 0; s < topo.slotCount[c]!; s++) {
      if (topo.neighbour[c * E + s]! < 0) continue;
      const dir = topo.slotDirection(c, s);
      const line = indicators.find((e) => e.dir === dir)!.positions.find((q) => q.kind === 'line' && linear(q.terrain));
      map.setEdgeTerrain(c, dir, line ? line.terrain : '');
    }
  }
}

/**
 * The terrain of a linear tile's own vector tile: the terrain its edge crossings carry (the
 * feature: a river source's river, not the hills of its spring); a tile whose curves cross no
 * edge gives its dominant area terrain.
 */
export function linearTileTerrain(tile: VectorTile, samples = 12): string {
  const crossing = new Map<string, number>();
  for (const e of edgeIndicators(tile)) for (const p of e.positions) crossing.set(p.terrain, (crossing.get(p.terrain) ?? 0) + 1);
  let out = '';
  for (const [t, n] of [...crossing.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) if (n > (crossing.get(out) ?? 0)) out = t;
  return out !== '' ? out : dominantAreaTerrain(tile, '', samples);
}

/**
 * Writes the terrain of the linear tiles that hold a tile (WITH-TERRAIN, BLOCKING) into an
 * AL-FORM map; PASS-THRU and empty blocking tiles keep theirs. Returns the cells written.
 */
export function deriveLinearTerrain(map: TerrainMap, linear: LinearLayer, linearTiles: readonly VectorTile[]): number[] {
  if (!map.spec.alform) throw new Error('linear tiles belong to AL-FORM maps; this map is classic');
  const byId = new Map(linearTiles.map((t) => [t.id, t]));
  const terrain = new Map<string, string>();
  const written: number[] = [];
  for (let c = 0; c < linear.linearClass.length; c++) {
    if (linear.classOf(c) === LinearClass.PASS_THRU) continue;
    const p = linear.get(c);
    if (!p) continue;
    let t = terrain.get(p.tile);
    if (t === undefined) {
      const tile = byId.get(p.tile);
      if (!tile) throw new RangeError(`linear cell ${c} holds tile "${p.tile.slice(0, 80)}", which the tile set does not have`);
      terrain.set(p.tile, (t = linearTileTerrain(tile)));
    }
    if (t === '') continue;
    map.setTerrain(c, t);
    written.push(c);
  }
  return written;
}
