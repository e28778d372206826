/**
 * Old project maps' roads into through-tile networks when opened (issue 26). A map stored
 * before networks existed (project migration 8 lists them) keeps roads, railroads and trails
 * as linear terrain on its linear tiles or tile edges (a road zigzagging along hexsides). Map
 * JSON files are converted as they are read; a project map is converted here when it is
 * opened: core's conversion (core/map/network-convert.ts) on a copy, journalled as ONE
 * undoable edit ("Convert roads to through-tile networks") that also marks the map
 * converted, so undo brings the old roads back for good; the open copy is read again. A
 * read-only project is not written: the designer is told why in one line (once a session),
 * and the map opens as it is.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { convertLinearNetworks, splitPalette } from '../../core/map/network-convert.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import type { CurrentCatalogue, CurrentProject } from './collaborators.js';
import type { OpenMaps } from './open-maps.js';

export const CONVERT_NETWORKS_LABEL = 'Convert roads to through-tile networks';

export interface NetworkOpenDeps {
  readonly maps: Pick<OpenMaps, 'get' | 'drop'>;
  readonly session: CurrentProject;
  readonly catalogue: CurrentCatalogue;
}

/** Remembers, per open project, the maps already offered the conversion. */
export class NetworkOpenOffers {
  private readonly offered = new WeakMap<object, Set<string>>();

  /**
   * Converts map `id`'s linear-tile roads when it has them and no networks, the first time it
   * is opened this session; answers the line the designer is shown, or null when there was
   * nothing to do.
   */
  onOpen(deps: NetworkOpenDeps, id: string): string | null {
    const project = deps.session.current();
    let seen = this.offered.get(project);
    if (!seen) this.offered.set(project, (seen = new Set()));
    if (seen.has(id) || !project.storedBeforeNetworks(id)) return null;
    seen.add(id);
    const map = deps.maps.get(id).map;
    // Tiled and Wesnoth imports carry their own roads (as their import does not convert them).
    if (map.networks !== null || map.meta.import !== undefined || !holdsLinearNetworks(map, deps)) return null;
    const next = map.clone();
    const done = convertLinearNetworks(next, deps.catalogue());
    if (done.linearTiles === 0) return null;
    const what = done.kinds.join(', ');
    if (project.readOnly) {
      return `This map has ${what} drawn along tile edges, as before through-tile networks; the project is read-only, so it was not converted (open it writable to convert).`;
    }
    if (!project.convertBeforeNetworks(id, next, CONVERT_NETWORKS_LABEL)) return null;
    deps.maps.drop(id); // the open copy is read again from the store, converted
    const tiles = `${done.linearTiles.toLocaleString('en')} ${map.spec.alform ? 'linear tile' : 'tile edge'}${done.linearTiles === 1 ? '' : 's'}`;
    return `Converted ${what} to through-tile networks (centre to centre): ${tiles} became ${done.links.toLocaleString('en')} link${done.links === 1 ? '' : 's'}. Undo takes it back.`;
  }
}

/** True when some terrain the map's layers could hold is a network painted as linear terrain (cheap: the palette first). */
function holdsLinearNetworks(map: TerrainMap, deps: NetworkOpenDeps): boolean {
  const split = splitPalette(map, deps.catalogue());
  if (split.every((s) => s === null)) return false;
  for (const layer of [map.layers.edges, map.layers.vertices, map.spec.alform ? map.layers.terrain : null]) {
    if (layer && layer.some((v) => split[v] !== null && split[v] !== undefined)) return true;
  }
  return false;
}
