/**
 * The analysis operations (SPEC §4) on a map the app holds open: shortest path, reach,
 * line of sight, field of vision, answered by core/movement and core/sight — or, asked for
 * `rayCast`, by core/raster on the map's raster (built on first use, kept until an edit). Movement
 * graphs and sight tables are built once per map version and mode and reused until the
 * map is edited — on a 4 M-tile map the graph takes far longer than a query.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { TerrainMap } from '../../core/map/terrain-map.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { findMovementMode } from '../../core/terrain/lookup.js';
import { movementTablesFor } from '../../core/movement/tables.js';
import { buildMovementGraph } from '../../core/movement/graph.js';
import { PathFinder } from '../../core/movement/path-finder.js';
import { sightTablesFor } from '../../core/sight/tables.js';
import { SightCaster } from '../../core/sight/line-of-sight.js';
import { tileLabel } from '../../core/map/paint.js';
import type { Results } from '../../contract/contract.js';
import type { Raster } from '../../core/raster/raster.js';
import { gridUnitBounds, rasterizeTerrainMap } from '../../core/raster/terrain-raster.js';
import { rayCastFieldOfVision, rayCastLineOfSight } from '../../core/raster/map-sight.js';
import { REFRACTED_CURVATURE } from '../../core/raster/raster-sight.js';

/** Raster cells per tile spacing for ray-cast sight, and the largest raster side. */
const RASTER_CELLS_PER_TILE = 8;
const RASTER_MAX_SIDE = 4096;

interface RayCast {
  readonly curvature: boolean;
}

const curved = (r: RayCast) => (r.curvature ? { curvature: REFRACTED_CURVATURE } : {});

/**
 * One open map with the analysis state derived from it; `invalidate()` after every edit.
 * That state is built from the catalogue in use too, so it is kept only while the catalogue
 * is the one it was built from (`builtFrom`): an edited catalogue rebuilds it on next use.
 */
export class OpenMap {
  private finders = new Map<string, PathFinder>();
  private builtFrom: TerrainCatalogue | null = null;
  private caster: SightCaster | null = null;
  private rasterCache: Raster | null = null;
  /** The horizontal scale ray-cast sight assumes (curvature needs metres). */
  readonly metresPerTile = 100;

  constructor(
    readonly map: TerrainMap,
    private readonly catalogueInUse: () => TerrainCatalogue,
  ) {}

  /** The catalogue in use; analysis state built from another one is dropped first. */
  private get catalogue(): TerrainCatalogue {
    const c = this.catalogueInUse();
    if (c !== this.builtFrom) {
      this.invalidate();
      this.builtFrom = c;
    }
    return c;
  }

  invalidate(): void {
    this.finders.clear();
    this.caster = null;
    this.rasterCache = null;
  }

  path(mode: string, from: number, to: number): Results['analysis.path'] {
    this.checkTile(from, 'from');
    this.checkTile(to, 'to');
    const finder = this.finder(mode);
    const found = finder.findPath(from, to);
    if (found) return { cost: found.cost, tiles: Array.from(found.tiles) };
    const { nodeOfTile } = finder.graph;
    const reason =
      nodeOfTile[from]! < 0
        ? `a ${mode} unit cannot stand on the start, ${this.describe(from)}`
        : nodeOfTile[to]! < 0
          ? `a ${mode} unit cannot stand on the goal, ${this.describe(to)}`
          : `no ${mode} path from ${tileLabel(this.map, from)} to ${tileLabel(this.map, to)}: the goal is cut off`;
    return { cost: null, tiles: [], reason };
  }

  reach(mode: string, from: number, budget: number): Results['analysis.reach'] {
    this.checkTile(from, 'from');
    const finder = this.finder(mode);
    const tiles = finder.reach(from, budget);
    const costs = Array.from(tiles, (t) => finder.costOf(t));
    return { tiles: Array.from(tiles), costs };
  }

  /** Tile line of sight, or with `rayCast` the ray cast on the map's raster. */
  los(from: number, to: number, observerHeight?: number, targetHeight?: number, rayCast?: RayCast): Results['analysis.los'] {
    this.checkTile(from, 'from');
    this.checkTile(to, 'to');
    if (rayCast) return rayCastLineOfSight(this.raster(), this.map.grid, from, to, { ...heights(observerHeight, targetHeight), ...curved(rayCast) });
    const r = this.sight().lineOfSight(from, to, heights(observerHeight, targetHeight));
    return { visible: r.visible, blockedAt: r.blockedAt };
  }

  fov(from: number, radius: number, observerHeight?: number, rayCast?: RayCast): Results['analysis.fov'] {
    this.checkTile(from, 'from');
    if (rayCast) return { tiles: Array.from(rayCastFieldOfVision(this.raster(), this.map.grid, from, radius, { ...heights(observerHeight, undefined), ...curved(rayCast) })) };
    return { tiles: Array.from(this.sight().fieldOfVision(from, radius, heights(observerHeight, undefined))) };
  }

  /** The map's raster for ray-cast sight: RASTER_CELLS_PER_TILE cells per tile, at most RASTER_MAX_SIDE a side. */
  private raster(): Raster {
    if (this.map.grid.kind === 'icosahedron') throw new Error('ray-cast sight needs a flat map; on the globe use the tile line of sight');
    const catalogue = this.catalogue;
    if (!this.rasterCache) {
      const { x0, x1 } = gridUnitBounds(this.map.grid);
      const width = Math.max(16, Math.min(RASTER_MAX_SIDE, Math.ceil((x1 - x0) * RASTER_CELLS_PER_TILE)));
      this.rasterCache = rasterizeTerrainMap(this.map, sightTablesFor(catalogue, this.map), { width, metresPerTile: this.metresPerTile });
    }
    return this.rasterCache;
  }

  private finder(mode: string): PathFinder {
    const catalogue = this.catalogue;
    if (!findMovementMode(catalogue, mode)) {
      throw new Error(`unknown movement mode "${mode}"; expected one of ${catalogue.modes.map((m) => m.id).join(', ')}`);
    }
    let f = this.finders.get(mode);
    if (!f) {
      f = new PathFinder(buildMovementGraph(this.map, movementTablesFor(catalogue, this.map, mode)));
      this.finders.set(mode, f);
    }
    return f;
  }

  private sight(): SightCaster {
    const catalogue = this.catalogue;
    this.caster ??= new SightCaster(this.map, sightTablesFor(catalogue, this.map));
    return this.caster;
  }

  private checkTile(t: number, what: string): void {
    if (t >= this.map.tileCount) throw new Error(`${what}: tile index ${t} is outside the map (0…${this.map.tileCount - 1})`);
  }

  private describe(t: number): string {
    const id = this.map.terrainAt(t);
    return `${tileLabel(this.map, t)} (${id || 'no terrain'})`;
  }
}

function heights(observerHeight: number | undefined, targetHeight: number | undefined): { observerHeight?: number; targetHeight?: number } {
  return { ...(observerHeight !== undefined ? { observerHeight } : {}), ...(targetHeight !== undefined ? { targetHeight } : {}) };
}
