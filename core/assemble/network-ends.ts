/**
 * Where a line network may end (issue 25 "assembled maps read as maps"): THE rule that the
 * shape analysis (network-shape.ts) counts and the solver's end constraint
 * (network-filter.ts) enforces.
 *
 * Roles, from the terrain catalogue (`networkRolesOf`):
 *   watercourses  linear terrains below the ground (elevation offset < 0): river, stream, canal…
 *   routes        linear terrains on the ground that the catalogue's composites join (road,
 *                 railroad, trail: road + river → river-bridge); a composite that joins
 *                 nothing further (a bridge, a ford) is where two networks meet, no network
 *                 of its own; walls, hedgerows, ridges and
 *                 banks are lines too, but no network: they may end anywhere
 *   water         area terrains below the ground (lake, sea, swamp): a river's mouth
 *   high ground   area terrains ≥ 20 m above it, and every contour: a river's source
 *   settlements   area terrains with streets (village, town): where a route may end
 *
 * A TERMINUS is an end of a line that lies inside its tile — not on an edge, and not on
 * another line of the tile (a fork's branch ends on the main line, a road ends at a bridge).
 * A terminus is explained by what its tile holds, whatever the placement (rotations, mirrors
 * and the globe's warps keep an end inside the tile): a watercourse's by water (a mouth) or
 * high ground (a source), a route's by a settlement. An unexplained terminus is a DEAD END,
 * allowed only at the border of what is assembled (the line runs off the region there).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue } from '../terrain/types.js';
import { sampleCurve } from '../vector/bezier.js';
import { endCrossing } from '../vector/classify.js';
import type { LineElement, VectorTile } from '../vector/types.js';
import { distance } from '../vector/vec2.js';

export interface NetworkRoles {
  readonly watercourses: ReadonlySet<string>;
  readonly routes: ReadonlySet<string>;
  readonly water: ReadonlySet<string>;
  readonly highGround: ReadonlySet<string>;
  readonly settlements: ReadonlySet<string>;
}

/** Metres above the ground from which an area terrain is high ground (hills, foothills, mountains). */
export const HIGH_GROUND_METRES = 20;
/** How near (tile units) an end must lie to another line of its tile to join it rather than end. */
export const JOIN_DISTANCE = 0.05;

export function networkRolesOf(catalogue: TerrainCatalogue): NetworkRoles {
  // A composite (river-bridge, level-crossing) is where two networks meet, not a network of its own.
  const paired = new Set(catalogue.composites.flatMap((k) => k.pair));
  const composite = new Set(catalogue.composites.map((k) => k.result).filter((t) => !paired.has(t)));
  const of = (keep: (t: TerrainCatalogue['terrains'][number]) => boolean): Set<string> => new Set(catalogue.terrains.filter((t) => keep(t) && !composite.has(t.id)).map((t) => t.id));
  return {
    watercourses: of((t) => t.class === 'linear' && t.elevationOffset < 0),
    routes: of((t) => t.class === 'linear' && t.elevationOffset >= 0 && paired.has(t.id)),
    water: of((t) => t.class === 'area' && t.elevationOffset < 0),
    highGround: of((t) => t.class === 'area' && t.elevationOffset >= HIGH_GROUND_METRES),
    settlements: of((t) => t.class === 'area' && t.streets !== undefined),
  };
}

export type EndKind = 'mouth' | 'source' | 'settlement' | 'dead-end';

export interface Terminus {
  readonly terrain: string;
  readonly kind: EndKind;
}

/** Whether a terrain is one of the networks whose ends matter. */
export const isNetworkTerrain = (roles: NetworkRoles, terrain: string): boolean => roles.watercourses.has(terrain) || roles.routes.has(terrain);

/** The termini of a tile's network lines, each with what explains it (`dead-end`: nothing). */
export function terminiOf(tile: VectorTile, roles: NetworkRoles): Terminus[] {
  const lines = tile.elements.filter((e): e is LineElement => e.kind === 'line' && !e.curve.closed);
  const nets = lines.filter((e) => isNetworkTerrain(roles, e.terrain));
  if (nets.length === 0) return [];
  const has = (set: ReadonlySet<string>, contours: boolean): boolean => tile.elements.some((e) => set.has(e.terrain) || (contours && e.kind === 'area' && e.height !== undefined));
  const water = has(roles.water, false);
  const high = has(roles.highGround, true);
  const settlement = has(roles.settlements, false);
  const samples = new Map(lines.map((l) => [l, sampleCurve(l.curve, 16).map((s) => s.p)]));
  const out: Terminus[] = [];
  for (const el of nets) {
    for (const end of ['start', 'end'] as const) {
      if (endCrossing(tile.shape, el, end)) continue;
      const p = end === 'start' ? el.curve.points[0]! : el.curve.points[el.curve.points.length - 1]!;
      const joins = lines.some((other) => other !== el && samples.get(other)!.some((q) => distance(p, q) <= JOIN_DISTANCE));
      if (joins) continue;
      out.push({ terrain: el.terrain, kind: roles.watercourses.has(el.terrain) ? (water ? 'mouth' : high ? 'source' : 'dead-end') : settlement ? 'settlement' : 'dead-end' });
    }
  }
  return out;
}

/** Whether the tile has a terminus nothing in it explains (a spur, a river rising mid-field). */
export const hasDeadEnd = (tile: VectorTile, roles: NetworkRoles): boolean => terminiOf(tile, roles).some((t) => t.kind === 'dead-end');
