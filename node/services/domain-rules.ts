/**
 * Rules of the domain that the services still hold copies of, each behind one function,
 * until core/ owns them (issue "One home for every rule"): when core has the rule, the
 * function here becomes a one-line call to it (or goes, its callers calling core). Nothing
 * else in node/services may restate these rules.
 *
 * - `checkSelection`: the selection `maps.derive` takes (core/derive checks connectivity and reach).
 * - `derivationRatio`, `derivationSeed`: the defaults of `maps.derive` (contract: ratio
 *   nearest 10, seed 0).
 * - `derivedMapName`: the name of a derived map.
 * - `checkFill`, `fillNewMap`: the fill of a new map (jobs fill large maps in job-tasks.ts).
 *
 * Plain TypeScript over core/: must not depend on Electron, DOM or the store.
 */
import { InputError } from '../../core/util/input-error.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import type { GridKind } from '../../core/grid/types.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { findTerrain } from '../../core/terrain/lookup.js';
import { fillArea } from '../../core/map/paint.js';
import { classifyTile, TileClass } from '../../core/alform/classify.js';
import { checkRatio } from '../../core/derive/geometry/ratios.js';
import { defaultRatio } from '../../core/derive/derive.js';

/**
 * The selection as the service takes it: tiles on the map, none twice, and on an AL-FORM
 * map area tiles with a hexagonal reference (core/derive checks connectivity and reach).
 */
export function checkSelection(map: TerrainMap, name: string, tiles: readonly number[]): number[] {
  const seen = new Set<number>();
  const grid = map.grid;
  tiles.forEach((t, k) => {
    const where = `tiles[${k}]`;
    if (t >= grid.tileCount) throw new InputError('maps.derive', where, `tile ${t} is not on map "${name}" (it has tiles 0…${grid.tileCount - 1})`);
    if (seen.has(t)) throw new InputError('maps.derive', where, `tile ${t} is selected twice`);
    seen.add(t);
    const at = grid.coord(t).join(',');
    if (map.spec.alform && classifyTile(grid, t) !== TileClass.AREA) throw new InputError('maps.derive', where, `tile ${at} is a linear tile; select area tiles (the reference first)`);
  });
  if (grid.degree(tiles[0]!) === 5) {
    throw new InputError('maps.derive', 'tiles[0]', `the reference tile ${grid.coord(tiles[0]!).join(',')} is a pentagon; a pentagon is never the reference tile (SPEC §7) — select an adjoining hexagon first`);
  }
  return [...tiles];
}

/** The SCALE-RATIO of a derivation: the one asked for, else the kind's default; refused when not admissible for the kind. */
export function derivationRatio(kind: GridKind, asked: number | undefined): number {
  const ratio = asked ?? defaultRatio(kind);
  checkRatio(kind, ratio);
  return ratio;
}

/** The seed of a derivation: 0 unless one is asked for (the contract bounds it). */
export function derivationSeed(asked: number | undefined): number {
  return asked ?? 0;
}

/** `Ardennes · tactical 1:10 at 4,4`: the parent, the ratio and the reference tile's coordinate. */
export function derivedMapName(parent: TerrainMap, parentName: string, ratio: number, tiles: readonly number[]): string {
  const reference = parent.grid.coord(tiles[0]!).join(',');
  return `${parentName} · tactical 1:${ratio} at ${reference}`.slice(0, 200);
}

/** The fill of a new map: null for none; otherwise an area terrain of the catalogue, or an error. */
export function checkFill(catalogue: TerrainCatalogue, fill: string | undefined): string | null {
  if (fill === undefined || fill === '') return null;
  const t = findTerrain(catalogue, fill);
  if (!t) throw new Error(`fill: "${fill}" is not a terrain of catalogue "${catalogue.name}"`);
  if (t.class !== 'area') throw new Error(`fill: needs area terrain; "${fill}" is linear`);
  return fill;
}

/** Fills a new map's area tiles with `fill` (checked by `checkFill`). */
export function fillNewMap(map: TerrainMap, catalogue: TerrainCatalogue, fill: string): void {
  fillArea(map, catalogue, fill);
}
