/**
 * Placing tiles by hand (issue 13; SPEC §6 "the library offers only tiles and orientations
 * that match the already placed neighbours"): `maps.fitting` answers what fits where and
 * `maps.placeTile` places one instance, both by core/assemble's one fit rule (fit.ts `fitsAt`
 * / `placesOf`, over the library compiled once per map shape by fit-libraries.ts). A misfit is
 * refused with the edge that does not match (fit.ts `mismatchAt`); a fitting tile is journalled
 * as one undo step like `maps.placeInstances` (instance-service.ts `recordInstancePlan`); its
 * curves meet the neighbours' snapped wherever the map is drawn (fit.ts `snappedTile`).
 * Both honour the painting (core/assemble painted.ts `paintedConstraint`, tags from the
 * library's vector records): an empty painted tile takes only tiles that depict its painting,
 * and a placement refused for it says what the painting asks.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { basename, extname } from 'node:path';
import type { FitChoice, FittingAnswer } from '../../contract/contract.js';
import type { AssemblyLibrary, PaintedConstraint, Topology } from '../../core/assemble/index.js';
import { InstanceLayer, buildAlFormTopology, buildTopology, decodePlacement, fitsAt, mismatchAt, paintedConstraint, placesOf, planInstances, shapeClassesOf, tileShapesFor } from '../../core/assemble/index.js';
import { TileClass } from '../../core/alform/classify.js';
import type { Grid } from '../../core/grid/types.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { tileLabel } from '../../core/map/paint.js';
import { vectorTileToJson } from '../../core/vector/json.js';
import { orientationName } from '../../core/vector/orientation.js';
import { InputError } from '../../core/util/input-error.js';
import type { Library, VectorShape } from '../store/index.js';
import type { AppLibrary } from './collaborators.js';
import type { TileThumbnails } from './tile-thumbnails.js';
import type { HandlersFor } from './router.js';
import { FitLibraries } from './fit-libraries.js';
import type { InstancePlacing } from './instance-service.js';
import { recordInstancePlan } from './instance-service.js';

export type PlacingOperation = 'maps.fitting' | 'maps.placeTile';

/** Library tiles per page of a position's answer, and map tiles per page of a chosen tile's. */
const DEFAULT_TILE_PAGE = 100;
const DEFAULT_PLACE_PAGE = 100_000;
/** Pixels a side of a fitting tile's picture: the library panel's size, so one cached drawing serves both panels. */
const CHOICE_THUMB_SIZE = 96;

interface Fitting {
  map: TerrainMap;
  topology: Topology;
  compiled: AssemblyLibrary;
  library: Library;
  layer: InstanceLayer;
  /** The painting as the constraint (core/assemble painted.ts): the cells still to fill take only tiles that honour it. */
  painted: PaintedConstraint;
}

export interface PlacingDeps extends InstancePlacing {
  readonly thumbnails: Pick<TileThumbnails, 'svg'>;
}

export function placingService(deps: PlacingDeps): HandlersFor<PlacingOperation> {
  const libraries = new FitLibraries();
  const topologies = new WeakMap<Grid, Topology>();

  const fitting = (op: string, id: string, ref: string | undefined): Fitting => {
    const map = deps.maps.get(id).map;
    let topology = topologies.get(map.grid);
    if (!topology) topologies.set(map.grid, (topology = map.spec.alform ? buildAlFormTopology(map.grid) : buildTopology(map.grid)));
    const library = placingLibrary(deps.library, op, ref);
    const catalogue = deps.catalogue();
    const compiled = libraries.get(library, catalogue, tileShapesFor(topology) as VectorShape[], shapeClassesOf(topology));
    const layer = map.instances ?? new InstanceLayer(map.grid);
    const painted = paintedConstraint(map, topology, compiled, catalogue, { tags: libraries.tags(library, compiled), instances: layer });
    return { map, topology, compiled, library, layer, painted };
  };

  return {
    'maps.fitting': ({ id, library, at, vectorTile, offset, limit }) =>
      deps.queue.exclusive((): FittingAnswer => {
        if (at !== undefined && vectorTile !== undefined) throw new InputError('maps.fitting', '$', 'ask with `at` (what fits this tile) or `vectorTile` (where this tile fits), not both');
        const f = fitting('maps.fitting', id, library);
        const layer = f.layer;
        if (vectorTile !== undefined) {
          knownTile(f, 'maps.fitting', '$.vectorTile', vectorTile);
          const cells = emptyCells(f, layer, offset ?? 0);
          const r = placesOf(f.topology, layer, f.compiled, vectorTile, cells, { limit: limit ?? DEFAULT_PLACE_PAGE, allowed: f.painted });
          return {
            kind: 'tile',
            vectorTile,
            geometry: vectorTileToJson(f.compiled.tiles[f.compiled.tileIndex.get(vectorTile)!]!),
            places: r.places.map((p) => ({ tile: p.cell, placements: [...p.codes] })),
            next: r.next < 0 ? null : cells[r.next]!,
          };
        }
        const grouped = new Map<string, number[]>();
        if (at !== undefined) {
          areaTile(f, 'maps.fitting', '$.at', at);
          for (const o of fitsAt(f.topology, layer, f.compiled, at, { allowed: f.painted })) grouped.set(o.tile, [...(grouped.get(o.tile) ?? []), o.code]);
        } else {
          for (const k of f.compiled.classes) for (let a = 0; a < k.count; a++) {
            const tileId = f.compiled.tiles[k.tile[a]!]!.id;
            const codes = grouped.get(tileId) ?? [];
            if (!codes.includes(k.code[a]!)) codes.push(k.code[a]!);
            grouped.set(tileId, codes);
          }
        }
        const from = offset ?? 0;
        const page = [...grouped].slice(from, from + (limit ?? DEFAULT_TILE_PAGE));
        const picture = (tileId: string) => deps.thumbnails.svg(f.compiled.tiles[f.compiled.tileIndex.get(tileId)!]!, deps.catalogue(), CHOICE_THUMB_SIZE);
        const fits = page.map(([tileId, codes]) => choice(f.library, tileId, codes, picture(tileId)));
        return at !== undefined ? { kind: 'position', at, total: grouped.size, fits } : { kind: 'library', total: grouped.size, fits };
      }),

    'maps.placeTile': ({ id, tile, library, vectorTile, placement }) =>
      deps.queue.exclusive(() => {
        const f = fitting('maps.placeTile', id, library);
        areaTile(f, 'maps.placeTile', '$.tile', tile);
        knownTile(f, 'maps.placeTile', '$.vectorTile', vectorTile);
        const layer = f.layer;
        const offered = fitsAt(f.topology, layer, f.compiled, tile, { allowed: f.painted }).filter((o) => o.tile === vectorTile);
        if (!offered.some((o) => o.code === placement)) misfit(f, tile, vectorTile, placement, offered.map((o) => o.code));
        const plan = planInstances(f.map, f.compiled, [{ cell: tile, tile: vectorTile, code: placement }], {
          library: basename(f.library.path, extname(f.library.path)),
          ...(f.map.spec.alform ? {} : { topology: f.topology }),
        });
        return recordInstancePlan(deps, id, plan, 'Place tile');
      }),
  };
}

/** Why a placement is refused, in one line: the shape, the neighbour's edge that does not match, or the painting it does not honour. */
function misfit(f: Fitting, tile: number, vectorTile: string, placement: number, offered: readonly number[]): never {
  const name = f.library.vector.get(vectorTile)?.name ?? vectorTile;
  const where = tileLabel(f.map, tile);
  if (!shapeTakes(f, tile, vectorTile, placement)) throw new InputError('maps.placeTile', '$.placement', `placement ${placement} is not one "${name}" takes on ${where}`);
  const why = mismatchAt(f.topology, f.layer, f.compiled, tile, vectorTile, placement);
  const turned = describePlacement(placement);
  const others = offered.length ? `; it fits there ${offered.map(describePlacement).join(', ')}` : '; it fits there in no orientation';
  const asks = f.painted.describe(tile);
  const painting = !why && asks ? ` — the painting asks for a ${asks}${refusedThere(f, tile)}` : '';
  throw new InputError(
    'maps.placeTile',
    '$.placement',
    why ? `"${name}" ${turned} does not fit on ${where} beside ${tileLabel(f.map, why.neighbour)} (${why.message})${others}` : `"${name}" ${turned} does not fit on ${where}${painting}${others}`,
  );
}

/** " (no tile of the library does: …)" when no library tile honours the cell's painting. */
function refusedThere(f: Fitting, tile: number): string {
  const r = f.painted.refused.find((x) => x.cell === tile);
  return r ? ` (no library tile does: ${r.reason})` : '';
}

/**
 * The library a placing call names: 'user' (or none) is the app's library. Other libraries
 * are opened by the library panel (issue 13, library.* operations); they join here.
 */
function placingLibrary(library: AppLibrary, op: string, ref: string | undefined): Library {
  if (ref === undefined || ref === 'user') return library().library;
  throw new InputError(op, '$.library', `library "${ref.slice(0, 80)}" is not open; tiles are placed from the app library ("user")`);
}

/** A tile the compiled set has; otherwise one line saying whether the library lacks it or the map's shape does not take it. */
function knownTile(f: Fitting, op: string, path: string, id: string): void {
  if (f.compiled.tileIndex.has(id)) return;
  const summary = f.library.vector.get(id);
  if (!summary) throw new InputError(op, path, `the library has no vector tile "${id.slice(0, 80)}"`);
  throw new InputError(op, path, `"${summary.name}" is a ${summary.shape} tile; this map's tiles take ${tileShapesFor(f.topology).join(' or ')} tiles`);
}

/** A tile of the map that takes instances: on the map, and on AL-FORM maps an area tile. */
function areaTile(f: Fitting, op: string, path: string, tile: number): void {
  if (tile >= f.map.tileCount) throw new InputError(op, path, `tile index ${tile} is outside the map (0…${f.map.tileCount - 1})`);
  const cls = (f.topology as Partial<{ tileClass: Uint8Array }>).tileClass;
  if (cls && cls[tile] !== TileClass.AREA) throw new InputError(op, path, `${tileLabel(f.map, tile)} is a linear tile of this AL-FORM map; tiles are placed on area tiles`);
}

/** The tiles without an instance (on AL-FORM maps the area tiles), in index order from `from`. */
function emptyCells(f: Fitting, layer: InstanceLayer, from: number): number[] {
  const cls = (f.topology as Partial<{ tileClass: Uint8Array }>).tileClass;
  const out: number[] = [];
  for (let c = from; c < f.map.tileCount; c++) if (!layer.has(c) && (!cls || cls[c] === TileClass.AREA)) out.push(c);
  return out;
}

/** Whether the cell's shape class offers this placement of the tile at all. */
function shapeTakes(f: Fitting, cell: number, tileId: string, code: number): boolean {
  return f.compiled.candidateOf(f.topology.shapeClass[cell]!, tileId, code) >= 0;
}

function choice(library: Library, tileId: string, codes: number[], thumbnail: string): FitChoice {
  const summary = library.vector.get(tileId);
  return { vectorTile: tileId, name: summary?.name ?? tileId, shape: summary?.shape ?? '', placements: codes, thumbnail };
}

/** "r60", "mx r120", with the pentagon turn where the tile is warped onto a pentagon. */
function describePlacement(code: number): string {
  const p = decodePlacement(code);
  return `${orientationName(p.orientation)}${p.pentagonRotation === undefined ? '' : ` on the pentagon turned ${72 * p.pentagonRotation}°`}`;
}
