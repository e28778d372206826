/**
 * Automatic assembly of an AL-FORM map of vector tiles (patent AL-FORM-MAP ASSEMBLY; SPEC §6):
 * the one seeded solver (solver.ts) over the area-across-linear topology (alform-topology.ts)
 * fills the area tiles, every edge matching the area instance across one linear tile; the
 * linear tiles are the caller's (PASS-THRU where nothing is set, the patent's default for a
 * new AL-FORM map; WITH-TERRAIN and BLOCKING features placed by hand or with
 * `placeLinearFeature`), checked to match among themselves first; then, when any linear tile
 * blocks, the area terrain meeting it is rerouted (reroute.ts).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { TileClass } from '../alform/classify.js';
import type { Grid } from '../grid/types.js';
import type { VectorTile } from '../vector/types.js';
import type { AlFormTopology } from './alform-topology.js';
import { buildAlFormTopology } from './alform-topology.js';
import type { Violation } from './violation.js';
import { checkAlFormLinear } from './check-alform.js';
import { InstanceLayer } from '../map/instance-layer.js';
import type { AssemblyLibrary } from './library.js';
import { LinearLayer } from '../map/linear-layer.js';
import type { RerouteOptions, RerouteResult } from './reroute.js';
import { reroute } from './reroute.js';
import type { AssembleOptions, AssembleResult } from './solver-types.js';
import { assemble } from './solver.js';

export interface AlFormAssembleOptions extends Omit<AssembleOptions, 'topology'> {
  /** Area cells to fill (default every area tile). Linear cells are refused. */
  readonly region?: ArrayLike<number>;
  /** The linear tiles (default: all PASS-THRU). Not changed; the result holds a copy. */
  readonly linear?: LinearLayer;
  /** The tiles the linear layer holds (rivers, walls). */
  readonly linearTiles?: readonly VectorTile[];
  /** Rerouting options (the seed is the assembly's), or false to leave area terrain uncut. */
  readonly reroute?: Omit<RerouteOptions, 'seed'> | false;
  /** A prebuilt topology (buildAlFormTopology) to reuse between calls. */
  readonly topology?: AlFormTopology;
}

export type AlFormAssembleResult =
  | (Extract<AssembleResult, { ok: true }> & {
      /** The linear tiles, with the empty blocking tiles of rerouting step 4 added. */
      readonly linear: LinearLayer;
      /** Null when no linear tile blocks or rerouting is off. */
      readonly rerouted: RerouteResult | null;
    })
  | Extract<AssembleResult, { ok: false }>;

/**
 * Fills the area tiles of an AL-FORM map (`map`: the grid, or an area instance layer on it
 * whose instances are kept as fixed tiles) and reroutes around blocking linear tiles.
 * Throws RangeError on input that cannot be an AL-FORM assembly (a linear cell in the
 * region or holding an area instance, linear tiles that do not match each other).
 */
export function assembleAlForm(map: Grid | InstanceLayer, library: AssemblyLibrary, options: AlFormAssembleOptions): AlFormAssembleResult {
  const layer = map instanceof InstanceLayer ? map : new InstanceLayer(map);
  const grid = layer.grid;
  const topology = options.topology ?? buildAlFormTopology(grid);
  if (topology.grid !== grid) throw new RangeError('the AL-FORM topology was built for another grid');
  if (topology.linearCells.length === 0 && grid.tileCount > 1) throw new RangeError(`the ${grid.kind} map has no linear tiles; AL-FORM assembly needs an AL-FORM map`);
  for (const c of topology.linearCells) if (layer.has(c)) throw new RangeError(`cell ${c} is a linear tile but holds area instance "${layer.get(c)!.tile}"`);
  const region = options.region ?? topology.areaCells;
  for (let i = 0; i < region.length; i++) {
    const c = region[i]!;
    if (c >= 0 && c < grid.tileCount && topology.tileClass[c] !== TileClass.AREA) throw new RangeError(`region cell ${c} is a linear tile; AL-FORM assembly fills area tiles`);
  }
  const linear = options.linear ?? new LinearLayer(grid);
  if (linear.grid !== grid) throw new RangeError('the linear layer belongs to another grid');
  const problems: Violation[] = [];
  checkAlFormLinear(grid, { linear, linearTiles: options.linearTiles ?? [] }, library.match, problems);
  if (problems.length) throw new RangeError(`the linear tiles do not fit together: ${problems[0]!.where}: ${problems[0]!.why}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`);

  const r = assemble(layer, library, { ...options, region, topology });
  if (!r.ok) return r;
  const rerouted = options.reroute === false ? null : rerouteAlForm(topology, r.layer, library.tiles, linear, { ...(options.reroute || {}), seed: options.seed, linearTiles: options.linearTiles ?? [] });
  return { ...r, linear: rerouted ? rerouted.linear : linear.clone(), rerouted };
}

/**
 * The rerouted geometry of an AL-FORM map's area instances, or null when no linear tile
 * blocks. Rerouting is a function of the stored layers (instances, linear layer) and a seed,
 * so a map file need not hold the geometry: whoever draws or checks it reroutes afresh.
 */
export function rerouteAlForm(topology: AlFormTopology, areas: InstanceLayer, areaTiles: readonly VectorTile[], linear: LinearLayer, options: RerouteOptions): RerouteResult | null {
  let blocks = false;
  for (const c of topology.linearCells) if (linear.isBlocking(c)) blocks = true;
  return blocks ? reroute(topology, areas, areaTiles, linear, options) : null;
}
