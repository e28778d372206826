/**
 * Deriving a smaller-scale (tactical) map from a strategic one (SPEC §7; patent: "The
 * AL-VECTOR-ENGINE allows TERRAIN representations to define multiple substitute
 * AL-FORM-MAPS" to the end of the detailed description). The patent's steps, made complete:
 *
 *   1. the strategic map as a flat lattice of large AL-FORM tiles (./strategic-view.ts;
 *      the globe unfolds around a hexagonal reference tile);
 *   2. every large tile's substitute placed at r × its position (./placement.ts), turned
 *      with its instance; area substitutes for area tiles, the neighbours' textures across
 *      the bands of linear tiles;
 *   3. the linear features routed from port to port through the large linear tiles, so a
 *      strategic river or road is one chain on the derived map (./linear-route.ts);
 *   4. the area blend over the overlaps (organic borders, transition bands), the linear
 *      blend among the linear features (priority, composites), and the final function
 *      laying the linear result over the area result (./blend).
 *
 * Everything is a pure function of (map, library, seed, global coordinates): deriving
 * twice gives the same map, and two windows that overlap agree on the overlap. Large
 * windows are blended in chunks (which therefore stitch exactly) to report progress and
 * bound memory.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { requireIndexXY } from '../grid/capabilities.js';
import { columnStart } from '../grid/hex/column-grid.js';
import { TerrainMap } from '../map/terrain-map.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { checkRatio } from './geometry/ratios.js';
import type { SubstituteLattice } from '../map/meta.js';
import { blendWindow } from './blend/linear-blend.js';
import { strategicView } from './strategic-view.js';
import type { StrategicView } from './strategic-view.js';
import { latticeSteps, Placement } from './placement.js';
import { LinearRouter } from './linear-route.js';
import { PlacedSources } from './sources.js';
import { addSpan, coverWindow, largeBox } from './window-cover.js';
import { carryNetworks } from './networks/carry.js';
import { markOffMap, SelectionCoverage } from './coverage.js';
import { blendOnCharts } from './globe-blend.js';
import type { ColumnSpans, WindowCover } from './window-cover.js';
import { defaultSubstituteSource } from './substitutes/generate.js';
import type { DerivedMeta, SubstituteSource } from './types.js';
import { checkSelection, tileLabelOf } from '../map/ground-selection.js';
import type { TileLabel } from '../map/ground-selection.js';
import { checkSeed, defaultRatio, derivedMapName } from './options.js';
import { TileClass } from '../alform/classify.js';

export { defaultRatio } from './options.js';

export interface DeriveOptions {
  readonly catalogue: TerrainCatalogue;
  /** Substitutes from a library; terrains it has none for (at this ratio) use the default generators. */
  readonly substitutes?: SubstituteSource;
  /**
   * The selection: tile indices of `map`, the reference tile first, as core/alform/selection.ts
   * checks it (ground tiles, none twice, no pentagon reference, connected).
   */
  readonly tiles: readonly number[];
  /** How messages name tiles (default "tile x,y" in the map's preferred coordinates). */
  readonly label?: TileLabel;
  /** Scale ratio; default: the admissible ratio nearest 10 for the map's kind. */
  readonly ratio?: number;
  /** Seed of every noise field; default 0. */
  readonly seed?: number;
  /** Called as work proceeds: the stage, and how far it is (done ≤ total, counted per stage). */
  readonly onProgress?: (done: number, total: number, stage: DeriveStage) => void;
  /** Largest side, in small tiles, blended in one piece (default 192); smaller pieces stitch exactly. */
  readonly chunk?: number;
}

/** The stages of a derivation, in order, as progress reports them (the app shows them). */
export const DERIVE_STAGES = ['placing substitutes', 'routing linear features', 'blending'] as const;
export type DeriveStage = (typeof DERIVE_STAGES)[number];

/** The most small tiles a derived map may have (a 4096 × 4096 map). */
export const MAX_DERIVED_TILES = 4096 * 4096;

/**
 * The derived AL-FORM map (square → square, offset-square → offset-square, hex kinds and
 * the globe → hex-rectangle) covering the selection's substitutes, with `meta.derived`
 * (a DerivedMeta) describing where it came from.
 */
export function deriveTactical(map: TerrainMap, options: DeriveOptions): TerrainMap {
  const { catalogue } = options;
  const kind = map.spec.kind;
  const ratio = options.ratio ?? defaultRatio(kind);
  checkRatio(kind, ratio);
  const seed = options.seed ?? 0;
  checkSeed(seed);
  const tiles = options.tiles;
  const label = options.label ?? tileLabelOf(map.grid);
  checkSelection(map, tiles, label);
  const progress = options.onProgress ?? (() => {});
  progress(0, 1, 'placing substitutes');

  // The globe unfolds as far as the window and the blend's margin reach (in large steps).
  const { view, tiles: selection } = strategicView(map, tiles, 64 + Math.ceil(600 / ratio));
  const positions = flatPositions(view, selection, tiles, label);
  const palette = derivationPalette(catalogue, view.map);
  const substitutes = withDefaults(options.substitutes, catalogue);
  const placementOptions = { view, catalogue, substitutes, ratio, seed, palette };
  const placement = new Placement(placementOptions);
  const router = new LinearRouter(placement, catalogue);
  const sources = new PlacedSources(placement, router);

  // The map covers the selected ground, in its shape; the rest of its rectangle is off-map.
  const coverage = new SelectionCoverage(placement, positions);
  const cover = coverWindow(view.lattice, coverage.spans());
  const meta: DerivedMeta = {
    selection: [...tiles],
    ratio,
    seed,
    lattice: view.lattice,
    origin: [cover.originX, cover.originY],
    ...(view.globe === undefined ? {} : { chart: view.globe.chart }),
  };
  const out = TerrainMap.create({
    size: cover.size,
    alform: true,
    // A pointy-top parent's small hexes stand as its large ones do (the lattices share one frame).
    orientation: cover.size.kind === 'hex-rectangle' ? map.spec.orientation : undefined,
    elevation: view.map.layers.elevation !== null,
    meta: { name: derivedMapName(map.meta.name, ratio, map.grid.coord(tiles[0]!).join(',')), derived: meta },
  });
  if (out.grid.tileCount > MAX_DERIVED_TILES) {
    throw new Error(`the derived map would have ${out.grid.tileCount} tiles (more than ${MAX_DERIVED_TILES}); select less ground or a smaller ratio`);
  }

  progress(1, 1, 'placing substitutes');

  // The globe: each small tile is blended on the chart it belongs to (./globe-blend.ts).
  const chunks = view.globe !== undefined ? [] : chunkCovers(view.lattice, cover, options.chunk ?? 192);
  // Routing the window's linear tiles up front is work blending would do on demand (routes
  // are memoized), done here as its own stage so progress says what takes the time. On the
  // globe each chart routes its own tiles while blending.
  if (view.globe === undefined) routeWindow(placement, router, cover, (done, total) => progress(done, total, 'routing linear features'));
  progress(0, chunks.length + 1, 'blending');
  if (view.globe !== undefined) blendOnCharts(out, cover.originX, cover.originY, view, { catalogue, seed, placement: placementOptions, sources });
  chunks.forEach((chunk, k) => {
    const piece = chunks.length === 1 ? out : TerrainMap.create({ size: chunk.size, alform: true });
    blendWindow({ map: piece, originX: chunk.originX, originY: chunk.originY }, { catalogue, seed, candidates: sources.area, linear: sources.linear });
    if (piece !== out) copyInto(piece, chunk, out, cover);
    progress(k + 1, chunks.length + 1, 'blending');
  });
  const elevation = out.layers.elevation;
  const parentElevation = view.map.layers.elevation;
  if (elevation !== null && parentElevation !== null) {
    for (let i = 0; i < out.grid.tileCount; i++) {
      const [x, y] = out.grid.coord(i) as [number, number];
      elevation[i] = sources.elevationAt(cover.originX + x, cover.originY + y, parentElevation);
    }
  }
  markOffMap(out, cover.originX, cover.originY, coverage);
  // Roads, railroads and streets run through the area tiles, along the parent's links (issue 26).
  carryNetworks(out, { view, ratio, anchor: placement.anchor, lattice: view.lattice }, cover, catalogue);
  progress(chunks.length + 1, chunks.length + 1, 'blending');
  return out;
}

/** Routes the linear features of every large linear tile whose substitute reaches the window (reporting every column of large tiles). */
function routeWindow(placement: Placement, router: LinearRouter, cover: WindowCover, report: (done: number, total: number) => void): void {
  const { px0, px1, py0, py1 } = largeBox(placement, cover);
  const total = px1 - px0 + 1;
  report(0, total);
  for (let px = px0; px <= px1; px++) {
    for (let py = py0; py <= py1; py++) {
      if (placement.largeClass(px, py) !== TileClass.AREA && placement.view.tileAt(px, py) >= 0) router.routes(px, py);
    }
    report(px - px0 + 1, total);
  }
}

/** Every terrain a derivation may place: the catalogue's, then the strategic map's own. */
function derivationPalette(catalogue: TerrainCatalogue, map: TerrainMap): string[] {
  const ids = catalogue.terrains.map((t) => t.id);
  const seen = new Set(ids);
  for (const id of map.palette) if (!seen.has(id)) ids.push(id);
  if (ids.length > 255) throw new Error(`a derivation handles at most 255 terrains; the catalogue and the map name ${ids.length}`);
  return ids;
}

/** Default sources per catalogue, kept so repeated derivations do not regenerate substitutes. */
const DEFAULTS = new WeakMap<TerrainCatalogue, SubstituteSource>();

/**
 * The library's substitutes, the default generators where it has none. The defaults use
 * generator seed 0, as a freshly seeded library does, so deriving with or without a
 * library gives the same map until a designer edits a substitute.
 */
function withDefaults(source: SubstituteSource | undefined, catalogue: TerrainCatalogue): SubstituteSource {
  let defaults = DEFAULTS.get(catalogue);
  if (defaults === undefined) {
    defaults = defaultSubstituteSource(catalogue);
    DEFAULTS.set(catalogue, defaults);
  }
  if (source === undefined) return defaults;
  return { get: (terrain, lattice, ratio, variant) => source.get(terrain, lattice, ratio, variant) ?? defaults.get(terrain, lattice, ratio, variant) };
}

/**
 * Positions of a selection that core/alform/selection.ts accepted, in the flat view; throws
 * where the view cannot hold it as one piece. Ground that adjoins on the map may lie apart
 * in the view — across a wrapping map's seam, or across the cut where the globe's unfolding
 * meets itself — and one flat derived map cannot put it together.
 */
export function flatPositions(view: StrategicView, selection: readonly number[], given: readonly number[], label: TileLabel): [number, number][] {
  const positions: [number, number][] = [];
  const byKey = new Map<string, number>();
  selection.forEach((t, i) => {
    const p = view.positionOf(t);
    if (p === undefined) throw new Error(`selected ${label(given[i]!)} is too far from the reference tile to derive in one flat map; select ground closer to it`);
    byKey.set(`${p[0]},${p[1]}`, i);
    positions.push([p[0], p[1]]);
  });
  // Neighbouring area tiles lie two lattice steps apart in the view.
  const seen = new Set<number>([0]);
  const queue = [0];
  const steps = latticeSteps(view.lattice);
  for (let h = 0; h < queue.length; h++) {
    const [x, y] = positions[queue[h]!]!;
    for (const [dx, dy] of steps) {
      const j = byKey.get(`${x + 2 * dx},${y + 2 * dy}`);
      if (j !== undefined && !seen.has(j)) {
        seen.add(j);
        queue.push(j);
      }
    }
  }
  const lost = selection.findIndex((_, i) => !seen.has(i));
  if (lost >= 0) {
    throw new Error(`selected ${label(given[lost]!)} adjoins the others only across the map's seam (a wrapping edge or the globe's unfolding), which one flat map cannot hold; select ground on one side of it`);
  }
  return positions;
}

/**
 * Splits a window into pieces of about `chunk` tiles a side that together cover it; each
 * piece is itself a valid window (coverWindow aligns it), and pieces may overlap, which is
 * harmless because windows agree on overlaps.
 */
function chunkCovers(lattice: SubstituteLattice, cover: WindowCover, chunk: number): WindowCover[] {
  const { width, height } = cover.size as { width: number; height: number };
  if (!Number.isInteger(chunk) || chunk < 8) throw new Error(`chunk must be an integer ≥ 8, got ${chunk}`);
  if (width <= chunk && height <= chunk) return [cover];
  const stepX = Math.floor(chunk / 4) * 4;
  const stepY = Math.floor(chunk / 2) * 2;
  const square = lattice === 'square';
  const out: WindowCover[] = [];
  for (let x0 = 0; x0 < width; x0 += stepX) {
    for (let k0 = 0; k0 < height; k0 += stepY) {
      const spans: ColumnSpans = new Map();
      for (let x = x0; x < Math.min(width, x0 + stepX + 1); x++) {
        const start = square ? 0 : columnStart('alform', x);
        addSpan(spans, cover.originX + x, cover.originY + start + k0);
        addSpan(spans, cover.originX + x, cover.originY + start + Math.min(height - 1, k0 + stepY));
      }
      out.push(coverWindow(lattice, spans));
    }
  }
  return out;
}

/** Copies a blended piece into the whole map by global coordinates (tiles outside `out` are skipped). */
function copyInto(piece: TerrainMap, at: WindowCover, out: TerrainMap, cover: WindowCover): void {
  const grid = requireIndexXY(out.grid, 'copying a derived piece');
  const remap = piece.palette.map((id) => out.terrainIndex(id));
  const src = piece.layers.terrain;
  const dst = out.layers.terrain;
  for (let i = 0; i < piece.grid.tileCount; i++) {
    const [x, y] = piece.grid.coord(i) as [number, number];
    const j = grid.indexXY(at.originX + x - cover.originX, at.originY + y - cover.originY);
    if (j < 0) continue;
    const v = src[i]!;
    dst[j] = v === 0 ? 0 : remap[v - 1]!;
  }
}

